import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndOnboard, type TestAccount } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import {
  approveProjectViaApi,
  pathOf,
  settleAnimations,
  signInAdminViaApi,
  signInViaApi,
} from './support/funders';
import { createProjectUnderReview, uniqueTitle } from './support/projects';

const { newPage } = useBrowser();

/** A PDF the server accepts (it checks the extension and the leading bytes), padded to `size`. */
function writePdf(dir: string, name: string, size = 0) {
  // A real one-page PDF (the other party's copy is stamped, decision 034).
  const head = Buffer.from(
    `%PDF-1.7\n% Plinth deal room fixture: ${name}\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n`,
  );
  const tail = Buffer.from('\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([head, padding, tail]));
  return path;
}

/** A mark in the page's window: still there later means the page was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { journeyMark: string }).journeyMark = 'no-reload';
  });
const isStillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark === 'no-reload');

/** Chooses a file through the picker a button opens, as a person would. */
async function chooseFileWith(page: Page, button: Locator, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(path);
}

/**
 * Holds the answer to a matching API call until the room's live refresh has shown its effect: the
 * click's own feedback (toast, navigation) must not depend on the answer arriving first. `meanwhile`
 * runs once the server has answered and before the page gets the answer (e.g. a comment by the other
 * party, whose live event makes the page refetch the room).
 */
async function answerAfterLiveRefresh(
  page: Page,
  url: string,
  meanwhile: () => Promise<unknown> = async () => {},
  ms = 1500,
) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await meanwhile();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ response });
  });
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
};

const journey: {
  developer?: TestAccount;
  funder?: TestAccount;
  funderId?: string;
  projectId?: string;
  dealId?: string;
  title?: string;
  files?: { dir: string; small: string; large: string; tooLarge: string };
} = {};

const roomPath = () => `/project/${journey.projectId}/deal/${journey.dealId}`;

/** Both parties in their own browser contexts, each with the room open. */
async function openRoomAsBoth(width = 1280) {
  const dev = await newPage(width);
  await signInViaApi(dev.context, journey.developer!);
  const fun = await newPage(width);
  await signInViaApi(fun.context, journey.funder!);
  for (const side of [dev, fun]) {
    await side.page.goto(roomPath());
    await side.page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
  }
  return { dev, fun };
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-e2e-deal-'));
  journey.files = {
    dir,
    small: writePdf(dir, 'construction-contract.pdf'),
    // Big enough for the progress bar to be seen, under the 10 MB deal limit.
    large: writePdf(dir, 'qs-cost-report.pdf', 8 * 1024 * 1024),
    tooLarge: writePdf(dir, 'too-large.pdf', 11 * 1024 * 1024),
  };
});
afterAll(() => {
  if (journey.files) rmSync(journey.files.dir, { recursive: true, force: true });
});

describe('[DEAL ROOM] a developer and a funder negotiate a facility from Engage to a funded project', () => {
  it('the developer lists a project, an active funder is granted access and engages (through the API); a stranger is turned back with Load Failed', async () => {
    const developer = await newPage();
    journey.developer = await signUpAndOnboard(developer.context, 'borrower', 'Dana Developer');
    const title = uniqueTitle('Harbour Deal Terraces');
    const projectId = await createProjectUnderReview(developer.context, title);
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    await approveProjectViaApi(admin.context, projectId);

    const funder = await newPage();
    journey.funder = await signUpAndOnboard(funder.context, 'funder', 'Frank Funder');
    const me = await call<{ id: string }>(funder.context, 'GET', '/api/auth/me');
    await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
      reason: 'Verified for the deal room journey',
    });
    const access = await call<{ id: string }>(
      funder.context,
      'POST',
      '/api/access-requests',
      {
        project_id: projectId,
        initial_message: 'We fund mid-rise residential in Sydney.',
        undertaking: { accepted: true, full_name: 'Deal Room Funder' },
      },
      [201],
    );
    await call(developer.context, 'PUT', `/api/access-requests/${access.id}/approve`);
    // Engage: a new room answers 201 or 200 (an existing one 200).
    const deal = await call<{ deal_id: string }>(
      funder.context,
      'POST',
      '/api/deals',
      { project_id: projectId, access_request_id: access.id },
      [200, 201],
    );
    Object.assign(journey, { title, projectId, dealId: deal.deal_id, funderId: me.id });

    // Someone else's room: the notice, then back to the project.
    const stranger = await newPage();
    await signUpAndOnboard(stranger.context, 'borrower', 'Sam Stranger');
    await stranger.page.goto(roomPath());
    await stranger.page.getByText('Failed to load deal room data', { exact: true }).waitFor();
    await expect.poll(() => pathOf(stranger.page)).toBe(`/project/${projectId}`);
  });

  it('the funder requests a document; the developer sees it without a reload and fulfils it with an upload; the developer uploads a file with a progress bar; 11 MB is refused', async () => {
    const { dev, fun } = await openRoomAsBoth();
    const files = journey.files!;
    await markPage(dev.page);

    // Overview: the header links and the project's figures through the domain.
    await fun.page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Marketplace' })
      .waitFor();
    expect(
      await fun.page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: journey.title })
        .getAttribute('href'),
    ).toBe(`/project/${journey.projectId}`);
    await dev.page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'My Projects' })
      .waitFor();
    const figures = fun.page.getByRole('region', { name: 'Project Figures' });
    await figures.getByText('83.33%', { exact: true }).waitFor(); // LVR: 2.5 M / 3 M land
    await figures.getByText('9.5%', { exact: true }).waitFor();
    await figures.getByText('$19,792', { exact: true }).waitFor(); // monthly interest: 2.5 M x 9.5 % / 12

    // The funder asks for a document (a name is required).
    await openTab(fun.page, 'Documents');
    await openTab(dev.page, 'Documents');
    await fun.page.getByRole('button', { name: 'Request Document' }).click();
    await fun.page.getByText('Document name is required', { exact: true }).waitFor();
    await fun.page.getByRole('textbox', { name: /^Document name/ }).fill('Signed construction contract');
    await fun.page.getByLabel('Description (optional)').fill('With the builder’s fixed-price schedule.');
    await fun.page.getByRole('button', { name: 'Request Document' }).click();
    await fun.page.getByText('Document Requested', { exact: true }).waitFor();

    // The developer sees it arrive, pending, and fulfils it.
    const request = dev.page.getByRole('listitem', { name: 'Request: Signed construction contract' });
    await request.getByText('Pending', { exact: true }).waitFor();
    await request.getByRole('button', { name: 'Fulfil Signed construction contract' }).click();
    const fulfil = dev.page.getByRole('dialog', { name: 'Fulfil request: Signed construction contract' });
    await chooseFileWith(dev.page, fulfil.getByRole('button', { name: 'Choose File' }), files.small);
    await dev.page.getByText('Request Fulfilled', { exact: true }).waitFor();
    await fulfil.waitFor({ state: 'hidden' });
    await request.getByText('Fulfilled', { exact: true }).waitFor();
    await dev.page.getByRole('heading', { name: 'construction-contract.pdf' }).waitFor();

    // A larger file of the developer's own, with its progress bar; one over 10 MB is refused here.
    const upload = dev.page.getByRole('button', { name: 'Upload Document' });
    await chooseFileWith(dev.page, upload, files.tooLarge);
    await dev.page.getByText('File Too Large', { exact: true }).waitFor();
    await dev.page.getByText('Maximum file size is 10MB', { exact: true }).waitFor();
    await chooseFileWith(dev.page, upload, files.large);
    await dev.page.getByRole('progressbar', { name: 'qs-cost-report.pdf upload progress' }).waitFor();
    await dev.page.getByText('Uploaded qs-cost-report.pdf', { exact: true }).waitFor();
    await dev.page.getByRole('heading', { name: 'qs-cost-report.pdf' }).waitFor();
    expect(await isStillMarked(dev.page)).toBe(true);

    // The funder's side: the request fulfilled, the files listed; a PDF opens inline.
    await fun.page.reload();
    await openTab(fun.page, 'Documents');
    await fun.page
      .getByRole('listitem', { name: 'Request: Signed construction contract' })
      .getByText('Fulfilled', { exact: true })
      .waitFor();
    await fun.page.getByRole('button', { name: 'View construction-contract.pdf' }).click();
    const preview = fun.page.getByRole('dialog', { name: 'Document preview' });
    await preview.locator('iframe[title="Preview of construction-contract.pdf"]').waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    // The developer (the uploader) sees who has read it.
    await dev.page.reload();
    await openTab(dev.page, 'Documents');
    // One view at least: a browser's PDF viewer may fetch a file more than once.
    await dev.page.getByText(/^Viewed by Southern Cross Capital, \d+ times?, last /).waitFor();
  });

  it('comments go both ways without a reload; an empty one is refused', async () => {
    const { dev, fun } = await openRoomAsBoth();
    await openTab(dev.page, 'Comments');
    await openTab(fun.page, 'Comments');
    await markPage(dev.page);
    await markPage(fun.page);

    await fun.page.getByRole('button', { name: 'Post', exact: true }).click();
    await fun.page.getByText('Comment cannot be empty', { exact: true }).waitFor();

    const question = 'What is the builder’s fixed price, and who holds the retention?';
    await fun.page.getByRole('textbox', { name: 'Comment' }).fill(question);
    await fun.page.getByRole('button', { name: 'Post', exact: true }).click();
    await dev.page.getByRole('list', { name: 'Comments' }).getByText(question, { exact: true }).waitFor();

    const answer = '$3.1 M fixed with Harbour Build; 5 % retention held by us until practical completion.';
    await dev.page.getByRole('textbox', { name: 'Comment' }).fill(answer);
    await dev.page.getByRole('button', { name: 'Post', exact: true }).click();
    await fun.page.getByRole('list', { name: 'Comments' }).getByText(answer, { exact: true }).waitFor();

    // Newest last on both sides.
    const thread = await fun.page
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem')
      .allTextContents();
    expect(thread.at(-2)).toContain(question);
    expect(thread.at(-1)).toContain(answer);
    expect(await isStillMarked(dev.page)).toBe(true);
    expect(await isStillMarked(fun.page)).toBe(true);
  });

  it('the open room passes an axe scan on each tab, and at 375 px it fits the screen with its tabs scrolling', async () => {
    const { fun } = await openRoomAsBoth();
    await settleAnimations(fun.page);
    await expectAccessible(fun.page);
    await openTab(fun.page, 'Documents');
    await fun.page
      .getByRole('region', { name: 'Document Requests' })
      .getByText('Fulfilled', { exact: true })
      .waitFor();
    await expectAccessible(fun.page);
    await openTab(fun.page, 'Comments');
    await fun.page.getByRole('list', { name: 'Comments' }).waitFor();
    await expectAccessible(fun.page);

    const phone = await newPage(375);
    await signInViaApi(phone.context, journey.developer!);
    await phone.page.goto(roomPath());
    await phone.page.getByRole('heading', { level: 1, name: journey.title }).waitFor();
    for (const tab of ['Overview', 'Documents', 'Comments', 'Proposal']) {
      await openTab(phone.page, tab);
      await phone.page.getByRole('tabpanel').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(
        375,
      );
    }
    await settleAnimations(phone.page);
    await expectAccessible(phone.page);
  });

  it('the funder quotes through the wizard; the developer declines with a reason (a blank one refused); a second quote is accepted; Complete Deal leads to /dashboard and the funder’s portfolio shows it funded', async () => {
    const { dev, fun } = await openRoomAsBoth();
    await openTab(dev.page, 'Proposal');
    await openTab(fun.page, 'Proposal');
    await dev.page.getByText('No quote yet', { exact: true }).waitFor();

    // The wizard: step 1 checked on Next.
    await fun.page.getByRole('button', { name: 'Submit Quote' }).click();
    const wizard = fun.page.getByRole('dialog', { name: 'Submit Indicative Quote' });
    await wizard.getByLabel(/^Loan amount/).fill('');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await fun.page.getByText('Validation Error', { exact: true }).first().waitFor();
    await fun.page.getByText('Please correct the errors before proceeding', { exact: true }).waitFor();
    await wizard.getByText('Loan amount is required and must be greater than 0', { exact: true }).waitFor();
    await wizard.getByLabel(/^Loan amount/).fill('2400000');
    await wizard.getByLabel(/^Interest rate/).fill('9.25');
    await wizard.getByLabel(/^Loan term/).fill('18');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 2 of 4: Fees', { exact: true }).waitFor();
    await wizard.getByLabel(/^Establishment fee/).fill('24000');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 3 of 4: Conditions', { exact: true }).waitFor();
    await wizard.getByLabel(/^Conditions/).fill('First mortgage; QS sign-off on each draw.');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 4 of 4: Review', { exact: true }).waitFor();
    // All-in: 2.4 M x 9.25 % x 18 / 12 = $333,000 interest + $24,000 establishment fee.
    await wizard.getByText('$357,000', { exact: true }).waitFor();
    await wizard.getByRole('button', { name: 'Submit Quote' }).click();
    await fun.page.getByText('Quote Submitted', { exact: true }).waitFor();
    await wizard.waitFor({ state: 'hidden' });
    // No second quote while one is pending.
    await expect.poll(() => fun.page.getByRole('button', { name: 'Submit Quote' }).count()).toBe(0);

    // The developer declines: a blank reason is refused and the modal stays.
    const current = dev.page.getByRole('region', { name: 'Current Quote' });
    await current.getByText('$2,400,000', { exact: true }).waitFor();
    await settleAnimations(dev.page);
    await expectAccessible(dev.page);

    // A counter offer is a comment; the quote stays pending.
    await current.getByRole('button', { name: 'Counter' }).click();
    const counter = dev.page.getByRole('dialog', { name: 'Counter Offer' });
    await counter.getByLabel(/^Interest rate/).fill('8.5');
    await counter.getByLabel(/^Message/).fill('We could sign this week at 8.5%.');
    await counter.getByRole('button', { name: 'Send Counter Offer' }).click();
    await dev.page.getByText('Counter Offer Sent', { exact: true }).waitFor();
    await counter.waitFor({ state: 'hidden' });
    await openTab(fun.page, 'Comments');
    await fun.page
      .getByRole('list', { name: 'Comments' })
      .getByText(/Interest rate: 8\.5%/)
      .waitFor();
    await openTab(fun.page, 'Proposal');
    await current.getByText('Pending', { exact: true }).waitFor();

    await current.getByRole('button', { name: 'Decline' }).click();
    const decline = dev.page.getByRole('dialog', { name: 'Decline this quote?' });
    await decline.getByRole('button', { name: 'Decline Quote' }).click();
    await dev.page.getByText('Reason Required', { exact: true }).waitFor();
    await dev.page.getByText('Please provide a reason for declining', { exact: true }).waitFor();
    expect(await decline.isVisible()).toBe(true);
    const reason = 'The rate is above what the feasibility carries; we need under 9%.';
    await decline.getByLabel(/^Reason for declining/).fill(reason);
    await decline.getByRole('button', { name: 'Decline Quote' }).click();
    await dev.page.getByText('Proposal Declined', { exact: true }).waitFor();
    await decline.waitFor({ state: 'hidden' });

    // The funder sees the reason and quotes again (the wizard starts from the developer's ask).
    await fun.page.getByText(reason, { exact: true }).waitFor();
    await fun.page.getByRole('button', { name: 'Submit Quote' }).click();
    await wizard.getByLabel(/^Interest rate/).fill('8.75');
    for (const step of ['Fees', 'Conditions', 'Review']) {
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText(new RegExp(`^Step \\d of 4: ${step}$`)).waitFor();
    }
    await wizard.getByRole('button', { name: 'Submit Quote' }).click();
    await fun.page.getByText('Quote Submitted', { exact: true }).first().waitFor();
    await wizard.waitFor({ state: 'hidden' });

    // The developer accepts the second quote; the first stays in the history with its reason.
    await current.getByText('8.75%', { exact: true }).waitFor();
    await dev.page
      .getByRole('region', { name: 'Earlier Quotes' })
      .getByText(reason, { exact: true })
      .waitFor();
    // The answers to Accept and Complete arrive after the room's live refresh has already shown the
    // quote accepted (unmounting the modal) and the deal completed (unmounting the banner).
    await answerAfterLiveRefresh(dev.page, '**/api/proposals/*/respond', () =>
      call(fun.context, 'POST', `/api/deals/${journey.dealId}/comments`, { comment: 'Thank you.' }, [201]),
    );
    await answerAfterLiveRefresh(dev.page, '**/api/deals/*/complete');
    await current.getByRole('button', { name: 'Accept' }).click();
    const accept = dev.page.getByRole('dialog', { name: 'Accept this quote?' });
    await accept.getByRole('button', { name: 'Accept Quote' }).click();
    await dev.page.getByText('Proposal Accepted', { exact: true }).waitFor();

    // Complete Deal: confirm, the dashboard, and the follow-up notification 2 s later.
    await dev.page.getByRole('button', { name: 'Complete Deal' }).click();
    const confirm = dev.page.getByRole('dialog', { name: 'Complete this deal?' });
    await confirm.getByRole('button', { name: 'Complete Deal' }).click();
    await expect.poll(() => pathOf(dev.page)).toBe('/dashboard');
    await dev.page.getByText('Deal Completed', { exact: true }).waitFor();

    // The funder's portfolio: the deal is funded.
    const portfolio = await call<{ items: { deal_id: string | null; status: string }[] }>(
      fun.context,
      'GET',
      '/api/portfolio',
    );
    expect(portfolio.items.find((item) => item.deal_id === journey.dealId)?.status).toBe('funded');

    // The room is read-only now.
    await fun.page.reload();
    await fun.page
      .getByText('This deal has been completed: the room is read-only', { exact: true })
      .waitFor();
  }, 150_000);
});
