import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { baseURL, expectAccessible, useBrowser } from './support/browser';
import { pathOf } from './support/funders';

const { newPage } = useBrowser();

/** No sideways scrolling at a phone's width. */
const expectFitsWidth = async (page: Page, width = 375) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('[PROFILE] a person edits their profile, takes their data, switches an e-mail off and leaves', () => {
  it('developer: edit name and company, refused bad ABN, CSV, e-mail switch, delete with DELETE', async () => {
    const { context, page } = await newPage();
    const account = await signUpAndOnboard(context, 'borrower', 'Dana Developer');

    await page.goto('/profile');
    // The first page of the run waits for the server's cold start.
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'My Profile' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'Dana Developer',
    );
    // E-mail and role are read-only.
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Role').getAttribute('readonly')).not.toBeNull();
    await expectAccessible(page);

    // The onboarding rule and its message from the domain.
    await page.getByLabel('ABN').fill('123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Invalid ABN format');

    await page.getByLabel('ABN').fill('51 824 753 556');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dana Builder');
    await page.getByLabel('Company name').fill('Dana Builds Pty Ltd');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Your profile has been saved').isVisible()).toBe(true);
    const saved = await (await context.request.get('/api/auth/me')).json();
    expect(saved.name).toBe('Dana Builder');
    await page.reload();
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Dana Builds Pty Ltd');

    // Download my data: a CSV with the person's own rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plinth-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('section,record,field,value');
    expect(csv).toContain('Dana Builder');
    expect(csv).toContain('Dana Builds Pty Ltd');

    // Settings: the developer's e-mails; one switched off is saved at once.
    await page.goto('/settings');
    const switchOff = page.getByRole('switch', { name: /Access requests/ });
    await expect.poll(() => switchOff.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: /Quote responses/ }).count()).toBe(0);
    await expectAccessible(page);
    await switchOff.click();
    await expect.poll(() => page.getByText('Access requests e-mails off').isVisible()).toBe(true);
    const prefs = await (await context.request.get('/api/notifications/preferences')).json();
    expect(prefs.email_access_requests).toBe(false);
    await page.getByRole('link', { name: 'your profile' }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile');

    // Delete account: only after typing DELETE; then signed out, and signing in again fails.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await expect.poll(() => pathOf(page)).toBe('/');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: baseURL() },
    });
    expect(signIn.status()).toBe(401);
  });

  it('funder at 375 px: investor fields, investor e-mails, no sideways scroll', async () => {
    const { context, page } = await newPage(375);
    await signUpAndOnboard(context, 'funder', 'Fern Funder');
    await page.goto('/profile');
    await expect.poll(() => page.getByLabel('Investment focus').inputValue()).toBe('Residential Development');
    await page.getByLabel('Maximum deal size').fill('500000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Maximum deal size must be greater than minimum');
    await expectFitsWidth(page);
    await expectAccessible(page);

    await page.goto('/settings');
    await expect
      .poll(() => page.getByRole('switch', { name: /Messages from developers/ }).isVisible())
      .toBe(true);
    expect(await page.getByRole('switch', { name: /Access requests/ }).count()).toBe(0);
    await expectFitsWidth(page);
  });
});
