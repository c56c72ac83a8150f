import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { useBrowser } from './support/browser';

const { newPage } = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens a path and waits for the guard to settle on where it belongs. */
async function visit(page: Page, path: string, expected: string) {
  await page.goto(path);
  await expect.poll(() => pathOf(page)).toBe(expected);
  // The guard's spinner is gone: the page it settled on has rendered.
  await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
}

describe('[GUARD] route guard redirects', () => {
  it('signed out: /dashboard and an unknown path redirect to /login', async () => {
    const { page } = await newPage();
    await visit(page, '/dashboard', '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await visit(page, '/some/unknown', '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it('signed out: /onboarding redirects to /login', async () => {
    const { page } = await newPage();
    await visit(page, '/onboarding', '/login');
  });

  it('signed in without a role: /dashboard redirects to /onboarding', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'none');
    await visit(page, '/dashboard', '/onboarding');
    await page.getByRole('heading', { name: 'How will you use Plinth?' }).waitFor();
  });

  it('borrower: /projects and /admin redirect to /dashboard, /my-projects opens', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Bella Borrower');
    await visit(page, '/projects', '/dashboard');
    await page.getByRole('heading', { name: /Bella Borrower/ }).waitFor();
    await visit(page, '/admin', '/dashboard');
    await visit(page, '/my-projects', '/my-projects');
    await page.getByRole('heading', { name: 'My Projects' }).waitFor();
  });

  it('funder: /my-projects redirects to /dashboard, /projects opens', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'funder', 'Fiona Funder');
    await visit(page, '/my-projects', '/dashboard');
    await page.getByRole('heading', { name: /Fiona Funder/ }).waitFor();
    await visit(page, '/projects', '/projects');
    await page.getByRole('heading', { name: 'Marketplace' }).waitFor();
  });

  it('signed in: an unknown path redirects to /dashboard', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Nora Nowhere');
    await visit(page, '/nope', '/dashboard');
    await page.getByRole('heading', { name: /Nora Nowhere/ }).waitFor();
  });

  it("notification targets: /projects/{id} opens /project/{id}; /deals/{id} of no deal of theirs says 'Deal room not found'", async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Tara Target');
    const id = '5f0c6a52-3a4e-4d7c-9c38-0b8f4c1f2a11';
    await visit(page, `/projects/${id}`, `/project/${id}`);
    await visit(page, `/deals/${id}`, `/deals/${id}`);
    await page.getByText('Deal room not found').waitFor();
    await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
  });

  it('onboarded user: /onboarding redirects to /dashboard', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower', 'Otto Onboarded');
    await visit(page, '/onboarding', '/dashboard');
  });

  it("signed in: /register shows 'Signing out...', ends the session and then shows the sign-up form", async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'borrower');
    // Hold the sign-out call until the page has been seen saying so.
    let releaseSignOut = () => {};
    const isReleased = new Promise<void>((resolve) => {
      releaseSignOut = resolve;
    });
    let isSignOutHeld = false;
    await page.route('**/api/auth/sign-out', async (route) => {
      isSignOutHeld = true;
      await isReleased;
      await route.continue();
    });

    await page.goto('/register');
    await page.getByText('Signing out...').waitFor();
    expect(isSignOutHeld).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    releaseSignOut();

    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.getByText('Signing out...').count()).toBe(0);
    expect(pathOf(page)).toBe('/register');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
  });
});
