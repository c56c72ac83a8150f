import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { baseURL, expectAccessible, useBrowser } from './support/browser';
import { openAdminTab, settleAnimations, signInAdminViaApi } from './support/funders';
import { createProjectViaApi, TEST_CARDS, uniqueTitle, uploadDocumentsViaApi } from './support/projects';

const { newPage } = useBrowser();

const headers = () => ({ origin: baseURL() });

async function post<T>(context: BrowserContext, path: string, data: object): Promise<T> {
  const res = await context.request.post(path, { data, headers: headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A listing payment the sandbox declined: a failed row in the payments table. */
async function declinedPayment(context: BrowserContext, projectId: string) {
  await uploadDocumentsViaApi(context, projectId);
  const intent = await post<{ payment_intent_id: string; client_secret: string }>(
    context,
    '/api/payments/create-project-payment',
    { project_id: projectId },
  );
  await context.request.post('/api/payments/sandbox/confirm', {
    data: {
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
      card_number: TEST_CARDS.declined.replace(/\s/g, ''),
    },
    headers: headers(),
  });
}

/** Runs the override dialog: Execute stays disabled until a reason is typed. */
async function executeOverride(page: Page, reason: string) {
  const dialog = page.getByRole('dialog', { name: 'Admin Override Confirmation' });
  await dialog.waitFor();
  const execute = dialog.getByRole('button', { name: 'Execute Override' });
  expect(await execute.isDisabled()).toBe(true);
  await dialog.getByLabel(/^Reason/).fill(reason);
  await execute.click();
  await dialog.waitFor({ state: 'hidden' });
}

const notice = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

describe('[ADMIN] God Mode', () => {
  it('banner; Force Publish, Sync Stripe, Send System Message and View As User, each through the override dialog', async () => {
    const developer = await newPage();
    const dev = await signUpAndOnboard(developer.context, 'borrower', 'Gina Godmode');
    const unpaidTitle = uniqueTitle('God Unpaid');
    const unpaidId = await createProjectViaApi(developer.context, unpaidTitle);
    const declinedTitle = uniqueTitle('God Declined');
    await declinedPayment(developer.context, await createProjectViaApi(developer.context, declinedTitle));
    const me = await (await developer.context.request.get('/api/auth/me')).json();

    const { context, page } = await newPage();
    await signInAdminViaApi(context);
    await page.goto('/admin?tab=god-mode');
    await page.getByRole('heading', { level: 2, name: 'God Mode' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('These actions bypass all system checks').isVisible()).toBe(true);

    // Force Publish from the unpaid list: the project leaves the list and is live.
    const unpaidRow = page.getByRole('region', { name: /Unpaid projects/ }).getByText(unpaidTitle);
    await unpaidRow.waitFor();
    await page
      .locator('.mantine-Paper-root', { hasText: unpaidTitle })
      .getByRole('button', { name: 'Force Publish' })
      .click();
    await executeOverride(page, 'Launch partner, paid by invoice');
    await notice(page, 'Project Force Published').waitFor();
    await expect.poll(() => unpaidRow.count()).toBe(0);
    const project = await (await developer.context.request.get(`/api/projects/${unpaidId}`)).json();
    expect(project).toMatchObject({ payment_status: 'paid', visible: true });

    // Recent payments: the declined listing payment is flagged and offers Sync Stripe.
    const paymentRow = page.getByRole('row', { name: new RegExp(declinedTitle) });
    await paymentRow.waitFor();
    expect(await paymentRow.getAttribute('data-flagged')).toBe('true');
    await paymentRow.getByRole('button', { name: 'Sync Stripe' }).click();
    await executeOverride(page, 'Developer says the card was charged');
    await notice(page, 'Payment Synced').waitFor();

    // Send System Message: user id, then message, then the reason; the developer sees it.
    await page.getByRole('button', { name: 'Send System Message' }).click();
    await page.getByLabel('User ID').fill(me.id);
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Your listing has been published by the Plinth team.');
    await page.getByRole('button', { name: 'Next' }).click();
    await executeOverride(page, 'Telling the developer about the force publish');
    await notice(page, 'Message Sent').waitFor();
    const bell = await (await developer.context.request.get('/api/notifications')).json();
    expect(bell.items.map((n: { message: string }) => n.message)).toContain(
      'Your listing has been published by the Plinth team.',
    );

    // View As User: only the name is shown.
    await page.getByRole('button', { name: 'View As User' }).click();
    await page.getByLabel('User ID').fill(me.id);
    await page.getByRole('button', { name: 'Next' }).click();
    await executeOverride(page, 'Support ticket 4411');
    await page.getByText(`Viewing as: ${dev.name}`).waitFor();
    expect(await page.getByText(dev.email).count()).toBe(0);

    // The override history shows the newest actions.
    const history = page.getByRole('region', { name: 'Recent override history' });
    await expect.poll(() => history.getByText('Viewed as user').count()).toBeGreaterThan(0);
    expect(await history.getByText('Project force published').count()).toBeGreaterThan(0);
    await settleAnimations(page);
    await expectAccessible(page);
  });

  it('God Mode at 375 px: no sideways scrolling of the page', async () => {
    const { context, page } = await newPage(375);
    await signInAdminViaApi(context);
    await openAdminTab(page, 'God Mode');
    await page.getByText('These actions bypass all system checks').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

// The Settings tab's journeys are in issue-37-admin.e2e.test.ts (settings as a form, decision 066).
describe('[ADMIN] Export All Data', () => {
  it('Export All Data downloads plinth-export-YYYY-MM-DD.json with progress, no secrets, and says Export Complete', async () => {
    const { context, page } = await newPage();
    await signInAdminViaApi(context);
    await page.goto('/admin');
    const button = page.getByRole('button', { name: 'Export All Data' });
    await button.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^plinth-export-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const data = JSON.parse(text);
    expect(Object.keys(data.tables)).toContain('project');
    expect(Object.keys(data.tables)).not.toContain('session');
    expect(text).not.toMatch(/"password"|"token"/);
    await notice(page, 'Export Complete').waitFor();
  });
});

describe('[ADMIN] Analytics', () => {
  it('the charts render with the demo data, figures from the server; 375 px and axe', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(width);
      await signInAdminViaApi(context);
      await openAdminTab(page, 'Analytics');
      await page.getByRole('heading', { level: 3, name: 'Listings by month' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
      const analytics = await (await context.request.get('/api/admin/analytics?months=12')).json();
      const listed = analytics.funnel.find((f: { step: string }) => f.step === 'listed').count;
      expect(listed).toBeGreaterThan(0);
      expect(await page.getByLabel('Funnel figures').textContent()).toContain(`Listed: ${listed}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await settleAnimations(page);
      await expectAccessible(page);
    }
  });
});
