import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/accounts';
import { uniqueEmail, useBrowser } from './support/browser';

const { newPage } = useBrowser();

const greeting = (name: string) => new RegExp(`^Good (morning|afternoon|evening), ${name}$`);

async function createAccount(page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail('onboarding'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/onboarding');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(new RegExp(`^${label}`)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('[ONBOARDING] sign-up and onboarding', () => {
  it('register as a developer: the invalid phone is reported, the fixed profile is submitted and the dashboard greets by name', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Project' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/register');
    await createAccount(page, 'Dana Builder');

    const developer = page.getByRole('button', { name: "I'm a Developer" });
    await developer.click();
    expect(await developer.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    // The funder-only criteria are not asked of a developer.
    expect(await page.getByLabel('Investment focus').count()).toBe(0);
    await page.getByLabel('Company name').fill('Dana Builder Developments');
    await choose(page, 'Company type', 'Construction Company');
    await page.getByLabel('Phone').fill('12345');
    await page.getByLabel('ABN').fill('51 824 753 556');
    await page.getByRole('button', { name: 'Submit Profile' }).click();

    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Invalid phone number format');
    expect(new URL(page.url()).pathname).toBe('/onboarding');

    await page.getByLabel('Phone').fill('0412 345 678');
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    await page.getByRole('heading', { name: 'Profile Submitted' }).waitFor();
    expect(await page.getByText('under review, usually within 24 hours').count()).toBe(1);

    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    // The address changes before the dashboard's lazy chunk has replaced the onboarding page: wait
    // for the greeting itself rather than whichever heading is on screen.
    await page.getByRole('heading', { level: 1, name: greeting('Dana Builder') }).waitFor();
    expect(await page.getByRole('link', { name: 'My Projects' }).first().isVisible()).toBe(true);
  });

  it('register through /register?role=funder: the investor role is preselected and the onboarded funder awaits approval', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Funder' }).click();
    await expect.poll(() => page.url()).toContain('/register?role=funder');
    await createAccount(page, 'Frank Lender');

    const investor = page.getByRole('button', { name: "I'm an Investor" });
    await investor.waitFor();
    expect(await investor.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: "I'm a Developer" }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Investment criteria' }).waitFor();
    await page.getByLabel('Company name').fill('Lender Capital Partners');
    await choose(page, 'Company type', 'Family Office');
    await page.getByLabel('Phone').fill('+61 2 9876 5432');
    await page.getByLabel('ABN').fill('51824753556');
    await choose(page, 'Investment focus', 'Mixed-Use Development');
    await page.getByLabel('Minimum deal size').fill('2000000');
    await page.getByLabel('Maximum deal size').fill('500000');
    await page.getByLabel('Years of experience').fill('15');
    await page.getByRole('button', { name: 'Submit Profile' }).click();

    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Maximum deal size must be greater than minimum');

    await page.getByLabel('Maximum deal size').fill('20000000');
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    await page.getByRole('heading', { name: 'Profile Submitted' }).waitFor();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText('Account Pending Approval').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(greeting('Frank Lender'));
    expect(await page.getByRole('link', { name: 'Portfolio' }).first().isVisible()).toBe(true);
  });
});
