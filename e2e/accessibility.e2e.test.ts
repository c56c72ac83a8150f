import { describe, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { expectAccessible, useBrowser } from './support/browser';

const { newPage } = useBrowser();

describe('[A11Y] no serious or critical axe violations', () => {
  it.each([1280, 375])('landing page at %i px', async (width) => {
    const { page } = await newPage(width);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
  });

  it('login page', async () => {
    const { page } = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expectAccessible(page);
  });

  it('register page', async () => {
    const { page } = await newPage();
    await page.goto('/register?role=funder');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await expectAccessible(page);
  });

  it('onboarding role step and profile step, signed in without a role', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'none');
    await page.goto('/onboarding');
    await page.getByRole('button', { name: "I'm an Investor" }).click();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Investment criteria' }).waitFor();
    await page.getByRole('button', { name: 'Submit Profile' }).click();
    // The form with its error banner and every field's error shown.
    await page.getByRole('alert').waitFor();
    await expectAccessible(page);
  });

  it.each([1280, 375])('borrower dashboard at %i px', async (width) => {
    const { context, page } = await newPage(width);
    await signUpAndOnboard(context, 'borrower', 'Ada Access');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Ada Access/ }).waitFor();
    await expectAccessible(page);
  });

  it('funder dashboard pending approval', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'funder', 'Fay Access');
    await page.goto('/dashboard');
    await page.getByText('Account Pending Approval').waitFor();
    await expectAccessible(page);
  });
});
