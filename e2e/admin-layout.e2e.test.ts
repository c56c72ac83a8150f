import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpAndOnboard } from './support/accounts';
import { baseURL, useBrowser } from './support/browser';
import { openAdminTab, signInAdminViaApi } from './support/funders';
import { createProjectUnderReview, uniqueTitle } from './support/projects';

// Issue 8 item 11: the admin's tables and cards keep long identifiers readable.

const { newPage } = useBrowser();

/** Where the text of `locator` wraps: the character that starts each line after the first. */
const wrapPoints = (locator: Locator) =>
  locator.evaluate((element) => {
    const text = element.textContent ?? '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const breaks: { before: string; after: string }[] = [];
    for (let i = 1; i < tops.length; i++) {
      if (tops[i]! > tops[i - 1]!) breaks.push({ before: text[i - 1]!, after: text[i]! });
    }
    return breaks;
  });

const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });

async function openAdmin(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Projects/ }).waitFor();
}

describe('[ADMIN] long identifiers', () => {
  it('the Projects table shows a payment intent id on one line at 1280 px, whole in its title', async () => {
    const developer = await newPage();
    await signUpAndOnboard(developer.context, 'borrower', 'Ivy Intent');
    const title = uniqueTitle('Intent Id Row');
    await createProjectUnderReview(developer.context, title);

    const { context, page } = await newPage(1280);
    await signInAdminViaApi(context);
    await openAdmin(page);
    await page.getByRole('tab', { name: /^Projects/ }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    const reference = row.locator('[title^="pi_"]');
    await reference.waitFor();
    expect((await reference.getAttribute('title'))!.length).toBeGreaterThan(20);
    expect(await lineCount(reference)).toBe(1);
  });

  it('a funder card breaks a long e-mail address only after the @ or a hyphen, or before a dot, at 375 px', async () => {
    const funder = await newPage();
    const email = `alexandra.montgomery-fitzwilliam-${Date.now().toString(36)}@southerncrosscapital.com.au`;
    const post = async (path: string, data: object) => {
      const res = await funder.context.request.post(path, { data, headers: { origin: baseURL() } });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    };
    await post('/api/auth/sign-up/email', { name: 'Alexandra Montgomery', email, password: PASSWORD });
    await post('/api/auth/set-role', { role: 'funder' });

    const { context, page } = await newPage(375);
    await signInAdminViaApi(context);
    await openAdminTab(page, 'Funders');
    const card = page.getByRole('article', { name: 'Alexandra Montgomery' }).first();
    const address = card.getByText(email);
    await address.waitFor();
    const breaks = await wrapPoints(address);
    expect(breaks.length).toBeGreaterThan(0);
    // Lines end after the '@' or a hyphen, or start at a dot: never inside a name.
    const midWord = breaks.filter(({ before, after }) => before !== '@' && before !== '-' && after !== '.');
    expect(midWord, JSON.stringify(breaks)).toEqual([]);
  });
});
