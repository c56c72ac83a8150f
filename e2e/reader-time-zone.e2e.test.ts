import { formatAud, formatDateTime } from '@plinth/domain/format';
import type { Pricing } from '@plinth/domain/system-settings';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { call } from './support/api';
import { baseURL, useBrowser } from './support/browser';
import { signInAdminViaApi } from './support/funders';
import { createProjectViaApi, uniqueTitle } from './support/projects';

// Issue 37 items 7 and 13 (decision 074), in Chromium: the landing page's prices and the app
// shell's message without JavaScript; dates in the profile's zone in a browser that runs in UTC.

const { newPage } = useBrowser();

/** A context with options of its own (no script, another zone), from the file's Chromium; closed by `use`. */
async function withContext(options: BrowserContextOptions, use: (context: BrowserContext) => Promise<void>) {
  const { page: probe } = await newPage();
  const browser = probe.context().browser() as Browser;
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'en-AU',
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

const pricingNow = async () => (await (await fetch(`${baseURL()}/api/pricing`)).json()) as Pricing;

describe('[ISSUE 37] without JavaScript; in the reader time zone', () => {
  it('item 7: without JavaScript the landing page shows the prices the admin set, a new price at once, and /login says what to do', async () => {
    const admin = await newPage();
    await signInAdminViaApi(admin.context);
    const before = await pricingNow();
    await withContext({ javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await page.goto('/');
      const listing = page.locator('[data-price-note="listing"]');
      const subscription = page.locator('[data-price-note="subscription"]');
      expect(await listing.textContent()).toBe(`${formatAud(before.listing_fee_aud)} per project listing`);
      expect(await subscription.textContent()).toBe(
        `${formatAud(before.subscription_price_aud)}/month professional access`,
      );
      expect(await listing.isVisible()).toBe(true);

      const changed = before.listing_fee_aud + 1;
      await call(admin.context, 'PUT', '/api/admin/system-settings/listing_fee_aud', {
        value: String(changed),
      });
      try {
        await page.reload();
        expect(await listing.textContent()).toBe(`${formatAud(changed)} per project listing`);
      } finally {
        await call(admin.context, 'PUT', '/api/admin/system-settings/listing_fee_aud', {
          value: String(before.listing_fee_aud),
        });
      }

      for (const path of ['/login', '/register']) {
        await page.goto(path);
        // Playwright's text selectors skip <noscript>; the paragraph inside it is rendered as
        // markup when script is off, so it is found by its place and must be laid out and visible.
        const message = page.locator('noscript p');
        expect(await message.isVisible(), path).toBe(true);
        expect((await message.textContent())?.replace(/\s+/g, ' ').trim(), path).toBe(
          'Plinth needs JavaScript to sign in and to run the app. Turn JavaScript on in your browser, then reload this page. The home page, plinth, works without it.',
        );
        expect(await message.locator('a').getAttribute('href')).toBe('/');
      }
    });
  });

  it('item 13: in a UTC browser a Sydney profile reads Sydney times; after choosing Honolulu on My Profile, Honolulu times', async () => {
    await withContext({ timezoneId: 'UTC' }, async (context) => {
      await signUpAndOnboard(context, 'borrower', 'Uma Utc');
      const projectId = await createProjectViaApi(context, uniqueTitle('Zones'));
      const project = await call<{ updated_at: string }>(context, 'GET', `/api/projects/${projectId}`);
      const page = await context.newPage();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');

      const timeline = async () => {
        await page.goto(`/projects/${projectId}`);
        await page.getByRole('tab', { name: 'Timeline & Milestones' }).click();
      };
      await timeline();
      // '29 Nov 2026, 8:05 pm AEDT': the Sydney day and time, not the browser's UTC.
      const sydney = formatDateTime(project.updated_at, 'Australia/Sydney');
      await page.getByText(sydney, { exact: true }).first().waitFor();
      expect(await page.getByText(/ UTC$/).count()).toBe(0);

      await page.goto('/profile');
      const zone = page.getByRole('textbox', { name: 'Time zone' });
      expect(await zone.inputValue()).toBe('Australia/Sydney');
      await zone.click();
      await zone.fill('Honolulu');
      await page.getByRole('option', { name: 'Pacific/Honolulu' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your profile has been saved').waitFor();
      expect((await call<{ time_zone: string }>(context, 'GET', '/api/auth/me')).time_zone).toBe(
        'Pacific/Honolulu',
      );

      await timeline();
      const honolulu = formatDateTime(project.updated_at, 'Pacific/Honolulu');
      expect(honolulu).toMatch(/ GMT-10$/);
      await page.getByText(honolulu, { exact: true }).first().waitFor();
      expect(await page.getByText(sydney, { exact: true }).count()).toBe(0);
    });
  });
});
