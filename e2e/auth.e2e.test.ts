import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { DEMO_ADMIN, useBrowser } from './support/browser';

const { newPage } = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('[AUTH] sign out and in', () => {
  it('profile menu Logout: lands on /login, the session is gone, and signing in again returns to /dashboard', async () => {
    const { context, page } = await newPage();
    const account = await signUpAndOnboard(context, 'borrower', 'Olivia Out');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Olivia Out/ }).waitFor();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['My Profile', 'Settings', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect.poll(() => pathOf(page)).toBe('/login');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    // Signed-in pages are closed again once signed out.
    await page.goto('/dashboard');
    await expect.poll(() => pathOf(page)).toBe('/login');

    await signIn(page, account.email, account.password);
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await page.getByRole('heading', { name: /Olivia Out/ }).waitFor();
  });

  it('sign in with a wrong password: shows an error and stays on /login', async () => {
    const { context, page } = await newPage();
    const account = await signUpAndOnboard(context, 'borrower');
    await context.clearCookies();

    await signIn(page, account.email, 'not-the-password');
    const error = page.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/invalid email or password/i);
    expect(pathOf(page)).toBe('/login');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
  });

  it('sign in as the demo admin: lands on /dashboard with the Admin link in the navigation', async () => {
    const { page } = await newPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Messages', 'Admin']);
  });
});
