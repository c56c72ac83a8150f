import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { expectAccessible, useBrowser } from './support/browser';
import { pathOf, signInViaApi } from './support/funders';
import { createProjectViaApi, uniqueTitle } from './support/projects';

const DEMO_FUNDER = { email: 'funder.active@plinth.local', password: 'plinth-demo-2026' };

const { newPage } = useBrowser();

const lastReply = (page: Page) => page.locator('[data-sender="ai"]').last();

/** Asks in the chat box in view and waits for the reply to be stored (the stream's end). */
async function ask(page: Page, question: string, how: 'enter' | 'send' = 'enter') {
  const box = page.getByRole('textbox', { name: 'Ask BrokerAI' });
  await box.fill(question);
  if (how === 'enter') await box.press('Enter');
  else await page.getByRole('button', { name: 'Send' }).click();
}

/** No sideways scrolling at a phone's width. */
const expectFitsWidth = async (page: Page, width = 375) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('[BROKERAI] the assistant', () => {
  it('[BROKERAI] the floating chat on the dashboard welcomes, answers with figures and links to the full page', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Bea Borrower');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'BrokerAI chat' }).click();
    const panel = page.getByRole('region', { name: 'BrokerAI chat' });
    await expect.poll(() => panel.getByText(/I’m BrokerAI/).isVisible()).toBe(true);
    await ask(page, 'What is the LVR of a $2.6m loan on $4.0m land?');
    await expect.poll(() => lastReply(page).textContent(), { timeout: 10_000 }).toContain('65%');
    expect(await lastReply(page).textContent()).toContain('General information only, not financial advice.');
    await panel.getByRole('link', { name: 'Open full page' }).click();
    await expect.poll(() => pathOf(page)).toBe('/broker-ai');
    // The full page opens the same chat.
    await expect
      .poll(() => page.locator('[data-sender="user"]').first().textContent())
      .toBe('What is the LVR of a $2.6m loan on $4.0m land?');
  });

  it('[BROKERAI] /broker-ai keeps two chats in the sidebar, newest first, and switches between them', async () => {
    const { context, page } = await newPage();
    // The demo's approved, subscribed funder (a new funder awaits approval behind its notice).
    await signInViaApi(context, DEMO_FUNDER);
    await page.goto('/broker-ai');
    const suggestions = page.getByRole('button', { name: /Stress test|Max loan|All-in cost|mezzanine/ });
    await expect.poll(() => suggestions.count()).toBe(4);
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Max loan with 65% of GRV/ }).click();
    await expect.poll(() => lastReply(page).textContent(), { timeout: 10_000 }).toContain('$12,000,000');

    await page.getByRole('button', { name: 'New Chat' }).click();
    await expect.poll(() => page.locator('[data-sender]').count()).toBe(0);
    await ask(page, 'Margin scheme GST on a site bought for $1.5m and sold for $2.4m?', 'send');
    await expect.poll(() => lastReply(page).textContent(), { timeout: 10_000 }).toContain('$81,818');

    const history = page.getByRole('complementary', { name: 'Chat history' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toContain('Margin scheme GST');
    await history.last().getByRole('button').click();
    await expect.poll(() => lastReply(page).textContent()).toContain('$12,000,000');
    expect(await page.getByText('$81,818').count()).toBe(0);
  });

  it('[BROKERAI] the project page opens BrokerAI on the deal and its memo comes back', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Mia Memo');
    const projectId = await createProjectViaApi(context, uniqueTitle('Memo Terraces'));
    await page.goto(`/project/${projectId}`);
    // Among the page header's actions (issue 23 item 2): beside the owner's Edit, below the
    // breadcrumb, not floating on a row of its own between the header and the content.
    const analyse = page.getByRole('link', { name: 'Analyse with BrokerAI' });
    await analyse.waitFor();
    const [button, edit, crumbs] = await Promise.all([
      analyse.boundingBox(),
      page.getByRole('link', { name: 'Edit', exact: true }).boundingBox(),
      page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox(),
    ]);
    expect(button!.y).toBeGreaterThanOrEqual(crumbs!.y + crumbs!.height);
    expect(Math.abs(button!.y + button!.height / 2 - (edit!.y + edit!.height / 2))).toBeLessThan(8);
    await analyse.click();
    await expect.poll(() => pathOf(page)).toBe('/broker-ai');
    await expect.poll(() => lastReply(page).textContent(), { timeout: 15_000 }).toContain('Deal memo');
    const memo = (await lastReply(page).textContent()) ?? '';
    await expectAccessible(page);
    expect(memo).toContain('Loan / TDC');
    expect(memo).toContain('Stress tests');
    expect(memo).toContain('Next questions a lender will ask');
    // The chat is kept, bound to the project.
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Chat history' }).getByRole('listitem').count())
      .toBe(1);
  });

  it("[BROKERAI] a failed reply shows the chat's error line", async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower');
    await page.route('**/messages/stream', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/broker-ai');
    await ask(page, 'What is mezzanine finance?');
    await expect
      .poll(() => page.getByText('I apologize, but I encountered an error. Please try again.').isVisible())
      .toBe(true);
  });

  it('[BROKERAI] at 375 px: the slide menu opens BrokerAI, the chat answers, the history is one tap away', async () => {
    const { context, page } = await newPage(375);
    await signUpAndOnboard(context, 'borrower');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'BrokerAI Assistant' }).click();
    await expect.poll(() => pathOf(page)).toBe('/broker-ai');
    await page.getByRole('button', { name: /^What is 18% margin on cost/ }).click();
    await expect.poll(() => lastReply(page).textContent(), { timeout: 10_000 }).toContain('15.3%');
    await expectFitsWidth(page);
    await page.getByRole('button', { name: 'Chats' }).click();
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Chat history' }).getByRole('listitem').count())
      .toBe(1);
    await expectFitsWidth(page);
  });

  it('[BROKERAI] the floating chat covers no link or button: at 1280 px on every page, top and bottom; at 375 px it is in the More menu', async () => {
    // Every visible link, button or field whose box meets the floating button's (issue 23 item 1).
    const underFab = (page: Page) =>
      page.evaluate(() => {
        const fab = document.querySelector('[aria-label="BrokerAI chat"]')!.getBoundingClientRect();
        const hits: string[] = [];
        for (const el of Array.from(
          document.querySelectorAll('a, button, [role="button"], input, select, textarea'),
        )) {
          if (el.getAttribute('aria-label') === 'BrokerAI chat') continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
          if (fab.left < r.right && r.left < fab.right && fab.top < r.bottom && r.top < fab.bottom)
            hits.push((el.textContent || el.getAttribute('aria-label') || el.tagName).trim());
        }
        return hits;
      });
    const { context, page } = await newPage(1280);
    await signUpAndOnboard(context, 'borrower', 'Fay Floating');
    const projectId = await createProjectViaApi(context, uniqueTitle('Floating Terraces'));
    for (const path of [
      '/dashboard',
      '/my-projects',
      `/project/${projectId}`,
      '/messages?conversation=support',
      '/settings',
      '/profile',
    ]) {
      await page.goto(path);
      await page.getByRole('button', { name: 'BrokerAI chat' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await underFab(page), `${path}, top`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await underFab(page), `${path}, bottom`).toEqual([]);
    }
    // The footer's links in particular (Cookie Notice sits bottom-right; issue 37 item 14: named as on the landing page).
    await page.goto('/dashboard');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('link', { name: 'Cookie Notice' }).click({ trial: true });

    const phone = await newPage(375);
    await signUpAndOnboard(phone.context, 'borrower', 'Pip Phone');
    await phone.page.goto('/dashboard');
    await phone.page.getByRole('button', { name: 'More' }).waitFor();
    expect(await phone.page.getByRole('button', { name: 'BrokerAI chat' }).isVisible()).toBe(false);
    await phone.page.getByRole('button', { name: 'More' }).click();
    await phone.page.getByRole('link', { name: 'BrokerAI Assistant' }).waitFor();
  });
});
