import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { expectAccessible, useBrowser } from './support/browser';

const { newPage } = useBrowser();

/** A Mantine multi-select: open it (named by its label), pick the option, close it with Escape. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** What a multi-select holds, as its form value (its pills, comma-joined). */
const chosen = (page: Page, name: string) =>
  page.locator(`input[type="hidden"][name="${name}"]`).inputValue();

const todayInSydney = () =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date());

describe('[SETTINGS] a funder keeps their lending criteria on /settings', () => {
  it('funder: prefilled from onboarding, sets NSW + Residential + $2m–$10m + max LVR, saves, sees them after reload', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'funder', 'Carla Criteria');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Lending criteria' }).waitFor({ timeout: 20_000 });
    // Never saved: the onboarding profile's focus and deal sizes, said to be unsaved.
    await expect
      .poll(() => page.getByText(/prefilled from your onboarding profile and are not yet saved/).isVisible())
      .toBe(true);
    expect(await chosen(page, 'property_types')).toBe('Residential');
    expect(await page.getByLabel('Minimum loan', { exact: true }).inputValue()).toBe('$1,000,000');
    expect(await page.getByLabel('Maximum LVR on land', { exact: true }).getAttribute('placeholder')).toBe(
      'Any',
    );
    await expectAccessible(page);

    // The domain's rule before any request: a minimum above the maximum.
    await page.getByLabel('Minimum loan', { exact: true }).fill('20000000');
    await page.getByRole('button', { name: 'Save criteria' }).click();
    await expect
      .poll(() => page.getByText('The minimum loan cannot be above the maximum loan').isVisible())
      .toBe(true);
    expect(await page.getByLabel('Minimum loan', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // Keyboard: Backspace in the empty search removes the last choice (the prefilled one).
    await page.getByRole('textbox', { name: 'Property types', exact: true }).press('Backspace');
    expect(await chosen(page, 'property_types')).toBe('');
    await pick(page, 'Property types', 'Residential');
    // Keyboard only: type to filter, arrow to the option, Enter to choose it.
    const states = page.getByRole('textbox', { name: 'States', exact: true });
    await states.focus();
    await states.pressSequentially('NSW');
    await page.getByRole('option', { name: 'NSW', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await chosen(page, 'states')).toBe('NSW');
    await page.getByLabel('Minimum loan', { exact: true }).fill('2000000');
    await page.getByLabel('Maximum loan', { exact: true }).fill('10000000');
    await page.getByLabel('Maximum LVR on land', { exact: true }).fill('65');
    await page.getByRole('button', { name: 'Save criteria' }).click();
    await expect
      .poll(() => page.getByText('Your lending criteria are saved and confirmed as current').isVisible())
      .toBe(true);
    const saved = await (await context.request.get('/api/funder-criteria')).json();
    expect(saved).toMatchObject({
      property_types: ['Residential'],
      states: ['NSW'],
      development_stages: null,
      min_loan: 2_000_000,
      max_loan: 10_000_000,
      max_lvr: 65,
      is_saved: true,
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Lending criteria' }).waitFor();
    await expect.poll(() => page.getByText(`Last confirmed ${todayInSydney()}`).isVisible()).toBe(true);
    expect(await page.getByText(/not yet saved/).count()).toBe(0);
    expect(await chosen(page, 'states')).toBe('NSW');
    expect(await chosen(page, 'property_types')).toBe('Residential');
    expect(await page.getByLabel('Minimum loan', { exact: true }).inputValue()).toBe('$2,000,000');
    expect(await page.getByLabel('Maximum loan', { exact: true }).inputValue()).toBe('$10,000,000');
    expect(await page.getByLabel('Maximum LVR on land', { exact: true }).inputValue()).toBe('65%');
    await expectAccessible(page);
  });

  it('developer: /settings shows their e-mails and no lending criteria', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Dev Nocriteria');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Email notifications' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Lending criteria' }).count()).toBe(0);
    expect(await page.getByLabel('Minimum loan', { exact: true }).count()).toBe(0);
    expect((await context.request.get('/api/funder-criteria')).status()).toBe(403);
  });
});
