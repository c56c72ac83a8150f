import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { DEMO_ADMIN, expectAccessible, useBrowser } from './support/browser';
import {
  chooseFile,
  createProjectUnderReview,
  createProjectViaApi,
  type DocumentFiles,
  documentLabel,
  REQUIRED_DOCUMENT_TYPES,
  TEST_CARDS,
  uniqueTitle,
  uploadDocumentsViaApi,
  writeDocumentFiles,
} from './support/projects';

const { newPage } = useBrowser();

let files: DocumentFiles;
beforeAll(() => {
  files = writeDocumentFiles();
});
afterAll(() => files?.remove());

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The developer's 'Your Portfolio' card of one project on /dashboard. */
const portfolioCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The row of one project in a table (/my-projects, the admin's Projects tab). */
const tableRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

async function waitForText(locator: Locator, text: string) {
  await locator.getByText(text, { exact: true }).waitFor();
}

/**
 * The axe scan, once finite animations (a modal or a toast fading in) have ended: mid-fade, text is
 * measured against a half-transparent layer and its contrast reads lower than it is.
 */
async function scan(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await expectAccessible(page);
}

async function readProject(context: BrowserContext, id: string) {
  const res = await context.request.get(`/api/projects/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    title: string;
    payment_status: string;
    visible: boolean;
    status_label: string;
  };
}

async function payInModal(page: Page, card: string) {
  const dialog = page.getByRole('dialog', { name: 'Publish Your Project' });
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $499' }).click();
  return dialog;
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
}

/** The Projects tab's filter: a segmented control, whose visible part is each radio's label. */
async function filterProjects(page: Page, filter: string) {
  const filters = page.getByRole('radiogroup', { name: 'Filter projects' });
  await filters.getByText(filter, { exact: true }).click();
  await expect.poll(() => filters.getByRole('radio', { name: filter }).isChecked()).toBe(true);
}

/** The admin's Review modal for one project, opened from the Projects tab's Pending Review list. */
async function openReview(page: Page, title: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Projects/ }).click();
  await filterProjects(page, 'Pending Review');
  await tableRow(page, title).getByRole('button', { name: 'Review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review Project' });
  await dialog.getByText(title, { exact: true }).waitFor();
  return dialog;
}

describe('[LISTING] a developer drafts, documents and pays for a listing', () => {
  it('creates a project through the wizard with six documents (seeing upload progress), pays $499 with 4242 4242 4242 4242 and sees it under review', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Dana Builder');
    const title = uniqueTitle('Church Street Townhouses');

    await page.goto('/create-project');
    await page.getByRole('heading', { name: 'Basic Info', exact: true }).waitFor();
    await scan(page);

    // Step 1: the address search offers the locality, which fills suburb, state and postcode.
    await page.getByLabel('Project title').fill(title);
    await page.getByRole('textbox', { name: 'Address' }).fill('10 Church Street, Parramatta');
    await page.getByRole('option', { name: /^Parramatta NSW 2150/ }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Suburb' }).inputValue()).toBe('Parramatta');
    expect(await page.getByRole('textbox', { name: 'Postcode' }).inputValue()).toBe('2150');
    expect(await page.getByRole('textbox', { name: 'Address' }).inputValue()).toContain('10 Church Street');
    await page.getByLabel('Loan amount').fill('2500000');
    await page.getByLabel('Interest rate (%)').fill('9.5');
    await page.getByLabel('Loan term (months)').fill('18');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: costs within the equity rules; the LVR follows the land value.
    await page.getByRole('heading', { name: 'Financials', exact: true }).waitFor();
    await page.getByLabel('Total project cost').fill('4000000');
    await page.getByLabel('Equity contribution').fill('1000000');
    await page.getByLabel('Land value').fill('3000000');
    await expect.poll(() => page.getByTestId('computed-lvr').textContent()).toBe('83.33%');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: details are optional.
    await page.getByRole('heading', { name: 'Details', exact: true }).waitFor();
    await page.getByLabel('Number of units').fill('12');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: one file per required type; the feasibility study is the large one.
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
    for (const type of REQUIRED_DOCUMENT_TYPES)
      await chooseFile(
        page,
        documentLabel(type),
        type === 'feasibility_study' ? files.largePath : files.paths[type],
      );
    await page.getByText('6 of 6 required documents chosen').waitFor();
    await page.getByRole('button', { name: 'Create Project' }).click();

    await page.getByRole('progressbar', { name: 'Feasibility Study upload progress' }).waitFor();
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toMatch(/^\/project\/[0-9a-f-]{36}$/);
    const projectId = pathOf(page).split('/')[2]!;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const documentsTab = page.getByRole('tab', { name: 'Documents (6)' });
    await documentsTab.click();
    await page.getByText('feasibility_study_full.pdf').waitFor();
    await scan(page);

    // Publish from the dashboard's portfolio card.
    await page.goto('/dashboard');
    const card = portfolioCard(page, title);
    await waitForText(card, 'DRAFT');
    await card.getByRole('button', { name: 'Publish ($499)' }).click();
    const dialog = await payInModal(page, TEST_CARDS.success);
    await page.getByText('Payment Successful', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await waitForText(card, 'UNDER REVIEW');
    expect(await card.getByRole('button', { name: 'Under Admin Review' }).isDisabled()).toBe(true);

    await page.goto('/my-projects');
    await waitForText(tableRow(page, title), 'Under Review');
    await scan(page);
    expect((await readProject(context, projectId)).payment_status).toBe('payment_pending');
  });

  it('the declined card 4000 0000 0000 0002 shows the error in the modal and the project stays a draft (mobile, 375 px)', async () => {
    const { context, page } = await newPage(375);
    await signUpAndOnboard(context, 'borrower', 'Dora Declined');
    const title = uniqueTitle('Declined Card Duplexes');
    const projectId = await createProjectViaApi(context, title);
    await uploadDocumentsViaApi(context, projectId);

    await page.goto('/my-projects');
    const card = page.getByRole('article').filter({ hasText: title });
    await waitForText(card, 'Draft');
    await scan(page);

    await card.getByRole('button', { name: 'Pay to Publish ($499)' }).click();
    const dialog = await payInModal(page, TEST_CARDS.declined);
    const error = dialog.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toContain('Your card was declined.');
    // The modal stays open for another try.
    expect(await dialog.getByRole('button', { name: 'Pay $499' }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await waitForText(card, 'Draft');
    expect(await card.getByRole('button', { name: 'Pay to Publish ($499)' }).isEnabled()).toBe(true);
    expect((await readProject(context, projectId)).payment_status).toBe('unpaid');
  });
});

describe('[ADMIN] the admin reviews listings in the Review modal', () => {
  it('approves a project under review with Approve & Publish and the developer sees it LIVE', async () => {
    const developer = await newPage();
    await signUpAndOnboard(developer.context, 'borrower', 'Avi Approved');
    const title = uniqueTitle('Harbour View Apartments');
    await createProjectUnderReview(developer.context, title);

    const { page } = await newPage();
    await signInAsAdmin(page);
    const dialog = await openReview(page, title);
    await scan(page);
    await dialog.getByRole('button', { name: 'Approve & Publish' }).click();
    await page.getByText('Project Approved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await filterProjects(page, 'All Projects');
    await waitForText(tableRow(page, title), 'Published');
    await scan(page);

    await developer.page.goto('/dashboard');
    const card = portfolioCard(developer.page, title);
    await waitForText(card, 'LIVE');
    expect(await card.getByRole('button', { name: /Publish|Under Admin Review/ }).count()).toBe(0);
  });

  it('denies a project under review with a reason; the developer sees Rejected and the reason, edits and resubmits it', async () => {
    const developer = await newPage();
    await signUpAndOnboard(developer.context, 'borrower', 'Rosa Rejected');
    const title = uniqueTitle('Laneway Terraces');
    const projectId = await createProjectUnderReview(developer.context, title);
    const reason = 'The valuation report is more than six months old; please attach a current one.';

    const { page } = await newPage();
    await signInAsAdmin(page);
    const dialog = await openReview(page, title);
    await dialog.getByLabel('Reason for denial').fill(reason);
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await page.getByText('Project Denied', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const dev = developer.page;
    await dev.goto(`/project/${projectId}`);
    await dev.getByRole('heading', { level: 1, name: title }).waitFor();
    await dev.getByText('Rejected', { exact: true }).waitFor();
    await dev.getByText(`Reason: ${reason}`).waitFor();

    await dev.getByRole('link', { name: 'Submit for Re-review' }).click();
    await expect.poll(() => dev.url()).toContain(`/project/${projectId}/edit?resubmit=true`);
    await dev.getByText(reason).waitFor();
    const titleField = dev.getByLabel('Project title');
    await expect.poll(() => titleField.inputValue()).toBe(title);
    const newTitle = `${title} (revised)`;
    await titleField.fill(newTitle);
    for (const step of ['Financials', 'Details', 'Documents']) {
      await dev.getByRole('button', { name: 'Next' }).click();
      await dev.getByRole('heading', { name: step, exact: true }).waitFor();
    }
    await dev.getByRole('button', { name: 'Save and Resubmit' }).click();

    await expect.poll(() => pathOf(dev)).toBe(`/project/${projectId}`);
    await dev.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await dev.getByText('Under Review', { exact: true }).first().waitFor();
    const project = await readProject(developer.context, projectId);
    expect([project.title, project.status_label]).toEqual([newTitle, 'Under Review']);
  });

  it('Change Status with a blank reason says Reason Required and stays open; with a reason it changes the status', async () => {
    const developer = await newPage();
    await signUpAndOnboard(developer.context, 'borrower', 'Stella Status');
    const title = uniqueTitle('Quarry Street Lofts');
    const projectId = await createProjectUnderReview(developer.context, title);

    const { page } = await newPage();
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Projects/ }).click();
    await filterProjects(page, 'Pending Review');
    await tableRow(page, title)
      .getByRole('button', { name: `Change Status of ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Rejected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Status' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Change Status' }).click();
    await page.getByText('Reason Required', { exact: true }).waitFor();
    await page.getByText('You must provide a reason for this override').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect((await readProject(developer.context, projectId)).status_label).toBe('Under Review');

    await dialog.getByLabel('Reason for the status change').fill('Duplicate of an earlier listing');
    await dialog.getByRole('button', { name: 'Change Status' }).click();
    await page.getByText('Status Updated', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await readProject(developer.context, projectId)).status_label).toBe('Rejected');
  });
});
