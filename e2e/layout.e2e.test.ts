import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { baseURL, useBrowser } from './support/browser';
import { signInAdminViaApi } from './support/funders';

const { newPage } = useBrowser();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile navigation' });

async function openLanding(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function openDashboard(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
}

describe('[LAYOUT] landing page', () => {
  it('at 375 px: the mobile bottom bar is shown and the header section links are hidden', async () => {
    const { page } = await newPage(375);
    await openLanding(page);
    expect(await mobileNav(page).isVisible()).toBe(true);
    expect(await mainNav(page).isHidden()).toBe(true);
    expect(await mobileNav(page).getByRole('link').allTextContents()).toEqual([
      'Home',
      'Features',
      'Pricing',
      'Sign Up',
    ]);
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('at 375 px: the header hides when scrolling down past 80 px and returns when scrolling up', async () => {
    const { page } = await newPage(375);
    await openLanding(page);
    const headerTop = () =>
      page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().bottom ?? -1);
    expect(await headerTop()).toBeGreaterThan(0);
    await page.mouse.wheel(0, 600);
    await expect.poll(headerTop).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(headerTop).toBeGreaterThan(0);
  });

  it('at 1280 px: the header section links are shown and the mobile bottom bar is hidden', async () => {
    const { page } = await newPage(1280);
    await openLanding(page);
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await mobileNav(page).isHidden()).toBe(true);
    expect(await mainNav(page).getByRole('link').allTextContents()).toEqual([
      'Features',
      'How it works',
      'Pricing',
    ]);
  });
});

describe('[LAYOUT] signed-in shell', () => {
  it('at 375 px: the bottom bar is shown, the main navigation hidden, and More opens the slide menu with BrokerAI Assistant', async () => {
    const { context, page } = await newPage(375);
    await signUpAndOnboard(context, 'borrower', 'Mia Mobile');
    await openDashboard(page, 'Mia Mobile');

    expect(await mobileNav(page).isVisible()).toBe(true);
    expect(await mainNav(page).isHidden()).toBe(true);
    expect(await mobileNav(page).getByRole('link').allTextContents()).toEqual([
      'Home',
      'My Projects',
      'Messages',
    ]);

    await mobileNav(page).getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const brokerAi = menu.getByRole('link', { name: 'BrokerAI Assistant' });
    expect(await brokerAi.isVisible()).toBe(true);
    await brokerAi.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/broker-ai');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'BrokerAI Assistant' }).waitFor();
  });

  it('at 1280 px: the main navigation is shown, the bottom bar hidden, and the footer is on /dashboard', async () => {
    const { context, page } = await newPage(1280);
    await signUpAndOnboard(context, 'funder', 'Dev Desktop');
    await openDashboard(page, 'Dev Desktop');

    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await mobileNav(page).isHidden()).toBe(true);
    expect(await mainNav(page).getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Projects',
      'Messages',
      'Portfolio',
      'Facilities',
    ]);
    const footer = page.getByRole('contentinfo');
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
  });

  it('at 1280 px with unread messages: the badge sits on the Messages link and the header stays one line high', async () => {
    const { context, page } = await newPage(1280);
    await signUpAndOnboard(context, 'funder', 'Bianca Badge-Holder');
    const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };
    const admin = await newPage(1280);
    await signInAdminViaApi(admin.context);
    for (const message of ['Welcome to Plinth', 'Your subscription is next', 'Any questions, ask us']) {
      const res = await admin.context.request.post('/api/admin/messages/send', {
        data: { user_id: me.id, message },
        headers: { origin: baseURL() },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    await openDashboard(page, 'Bianca');
    const messages = mainNav(page).getByRole('link', { name: /^Messages/ });
    await messages.getByText('3').waitFor();

    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const link = await box(messages);
    const badge = await box(messages.locator('.mantine-Badge-root'));
    // The badge is inside the link's own box, beside the label, not on a second line.
    expect(badge.y).toBeGreaterThanOrEqual(link.y);
    expect(badge.y + badge.height).toBeLessThanOrEqual(link.y + link.height);
    for (const item of await mainNav(page).getByRole('link').all()) {
      expect((await box(item)).height).toBeLessThanOrEqual(40);
    }
    expect((await box(page.locator('header').first())).height).toBeLessThanOrEqual(61);
  });
});
