import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD, type TestAccount } from './accounts';
import { baseURL, DEMO_ADMIN, uniqueEmail } from './browser';
import { TEST_CARDS } from './projects';

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A Mantine select: open its input (named by its label) and pick the option. */
export async function choose(page: Page, label: string, option: string) {
  // Its open listbox is labelled by the same label: the input is the textbox.
  await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Registers a funder through the UI (/register?role=funder, the investor role preselected) and
 * onboards them with their investment criteria, ending on the dashboard.
 */
export async function registerFunderThroughUi(page: Page, name: string): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('funder-access'), password: PASSWORD };
  await page.goto('/register?role=funder');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding');

  const investor = page.getByRole('button', { name: "I'm an Investor" });
  await investor.waitFor();
  expect(await investor.getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Investment criteria' }).waitFor();
  await page.getByLabel('Company name').fill(`${name} Capital`);
  await choose(page, 'Company type', 'Private Credit Fund');
  await page.getByLabel('Phone').fill('0298765432');
  await page.getByLabel('ABN').fill('51 824 753 556');
  await choose(page, 'Investment focus', 'Residential Development');
  await page.getByLabel('Minimum deal size').fill('1000000');
  await page.getByLabel('Maximum deal size').fill('10000000');
  await page.getByLabel('Years of experience').fill('12');
  await page.getByRole('button', { name: 'Submit Profile' }).click();
  await page.getByRole('heading', { name: 'Profile Submitted' }).waitFor();
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  return account;
}

/** Signs in through /login, as a person would; lands on /dashboard. */
export async function signInThroughUi(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
}

/** Fixture: a session for the account in the context's cookie jar, through the API. */
export async function signInViaApi(
  context: BrowserContext,
  account: Pick<TestAccount, 'email' | 'password'>,
) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL() },
  });
  expect(res.status(), `sign-in: ${await res.text()}`).toBe(200);
}

export const signInAdminViaApi = (context: BrowserContext) => signInViaApi(context, DEMO_ADMIN);

/** Fixture: the admin's Approve & Publish of a project under review, through the admin API. */
export async function approveProjectViaApi(adminContext: BrowserContext, projectId: string) {
  const res = await adminContext.request.post(`/api/admin/approve-project/${projectId}`, {
    data: {},
    headers: { origin: baseURL() },
  });
  expect(res.status(), `approve-project: ${await res.text()}`).toBe(200);
}

/** Opens one tab of /admin (Users, Subscriptions, ...); their labels carry counts. */
export async function openAdminTab(page: Page, tab: string) {
  if (pathOf(page) !== '/admin') await page.goto('/admin');
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await page.getByRole('heading', { level: 2, name: tab, exact: true }).waitFor();
}

/** Fills the Funder Subscription modal's sandbox card form and starts the subscription. */
export async function subscribeWithCard(page: Page, card: string = TEST_CARDS.success) {
  await page.getByRole('button', { name: 'Subscribe Now - $299/month' }).click();
  const dialog = page.getByRole('dialog', { name: 'Funder Subscription' });
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Start Subscription - $299/month' }).click();
  return dialog;
}

/** The bell's unread count as announced: '3 unread' or 'No unread notifications'. */
export async function bellCount(page: Page) {
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  const describedBy = await bell.getAttribute('aria-describedby');
  if (!describedBy) throw new Error('the bell has no description');
  return (await page.locator(`[id="${describedBy}"]`).textContent())?.trim();
}

/** Waits until no finite animation (a modal or toast fading in) is running: axe then reads final colours. */
export async function settleAnimations(page: Page) {
  // A transition can begin a frame or two after its element appears (Mantine's notifications fade in
  // that way): wait two frames, then until nothing moves and every notification is fully opaque.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    const opacity = (element: Element | null): number =>
      element ? Number(getComputedStyle(element).opacity) * opacity(element.parentElement) : 1;
    const fading = Array.from(document.querySelectorAll('.mantine-Notification-root')).some(
      (n) => opacity(n) < 1,
    );
    return !moving && !fading;
  });
}
