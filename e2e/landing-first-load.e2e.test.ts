import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard } from './support/accounts';
import { baseURL, expectAccessible, useBrowser } from './support/browser';

const { newPage } = useBrowser();

/** DESIGN.md section 11: at most 100 KB of JavaScript, compressed as sent, on the landing page's first load. */
const JS_BUDGET_BYTES = 100 * 1024;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const headline = 'Solid ground for your next development';
const listingPrice = /^\$[\d,]+ per project listing$/;

/** What every script the page fetched weighed on the wire (bodies as sent, compressed), as bench/landing counts it. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
  );

/**
 * Every element of the landing page as laid out and styled: box, colours, type and spacing. The static
 * page loads a subset of Mantine's CSS (src/landing-main.ts); the app loads all of it.
 */
const looks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-landing-page] *'), (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        element.tagName,
        element.getAttribute('aria-label') ?? element.firstChild?.textContent?.trim().slice(0, 24) ?? '',
        ...[box.x, box.y, box.width, box.height].map(Math.round),
        ...['color', 'background-color', 'background-image', 'font-family', 'font-size', 'font-weight']
          .concat(['line-height', 'padding', 'margin', 'border', 'border-radius', 'box-shadow', 'display'])
          .map((property) => style.getPropertyValue(property)),
      ].join(' | ');
    }),
  );

/** The app's entry script, as the app's own page (served for every other route) names it. */
async function appEntryScript() {
  const html = await (await fetch(`${baseURL()}/login`)).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(src, "the app's page names its entry script").toBeTruthy();
  return src!;
}

describe('[LANDING] first load', () => {
  it('GET / answers HTML that already holds the page: headline, every section, the links and the contacts', async () => {
    const response = await fetch(`${baseURL()}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    for (const text of [
      `<h1`,
      headline,
      'Development finance marketplace · Australia',
      'Built for how development finance really works',
      'The problem',
      'Banks have stepped back',
      'How Plinth solves it',
      'One listing, many funders',
      'How it works',
      'Close in the deal room',
      'Two paths, clear pricing',
      'Raise finance for a project',
      'See vetted deal flow',
      'Why teams use Plinth',
      'Seen within 24 hours',
      'Funding several projects, or running a fund?',
      'Contact Sales',
      'support@plinth.com.au',
      '1300 754 684',
      'Monday to Friday, 9 am to 5 pm AEST',
    ])
      expect(html, text).toContain(text);
    for (const link of [
      'href="/login"',
      'href="/register"',
      'href="/register?role=funder"',
      'href="#features"',
      'href="#how-it-works"',
      'href="#pricing"',
      'href="/privacy"',
      'href="/terms"',
      'href="/cookies"',
      'href="mailto:sales@plinth.com.au',
    ])
      expect(html, link).toContain(link);
    // The content security policy allows no inline script: every script the page has is a file.
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(response.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/assets\//);
  });

  it('with every script blocked, the page shows its content and its look (before any script runs)', async () => {
    const { page } = await newPage(375);
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/');
    const title = page.getByRole('heading', { level: 1, name: headline });
    expect(await title.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Start Your Project' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(await page.getByRole('navigation', { name: 'Mobile navigation' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isHidden()).toBe(true);
    // The page's own styles and the theme's: white headline on the navy (navy.9) hero.
    const look = await title.evaluate((element) => ({
      color: getComputedStyle(element).color,
      hero: getComputedStyle(element.closest('section')!).backgroundImage,
    }));
    expect(look.color).toBe('rgb(255, 255, 255)');
    expect(look.hero).toContain('rgb(28, 61, 90)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('issue 37 item 7: without JavaScript, Sign In and Get Started open a page that says why it cannot run', async () => {
    for (const path of ['/login', '/register']) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
      expect(noscript.replace(/\s+/g, ' '), path).toContain(
        'Plinth needs JavaScript to sign in and to run the app. Turn JavaScript on in your browser, then reload this page.',
      );
    }
  });

  it('fetches at most 100 KB of compressed JavaScript and none of the app, yet fills in the prices', async () => {
    const { page } = await newPage(375);
    await page.goto('/', { waitUntil: 'networkidle' });
    // Anything loaded late counts too, as in bench/landing.
    await page.waitForTimeout(500);
    const notes = page.locator('[data-price-note]');
    await expect.poll(() => notes.first().textContent()).toMatch(listingPrice);
    expect(await notes.nth(1).textContent()).toMatch(/^\$[\d,]+\/month professional access$/);

    const scripts = await scriptsFetched(page);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(scripts.map((script) => script.path)).not.toContain(await appEntryScript());
  });

  it("Sign In: pointing at it fetches the app's files, it opens a working sign-in page, and signing in lands on /dashboard", async () => {
    const { context, page } = await newPage();
    const account = await signUpAndOnboard(context, 'borrower', 'Lana Landing');
    await context.clearCookies();

    await page.goto('/');
    const signIn = page.getByRole('link', { name: 'Sign In' });
    // Heading for the app is when its files start coming: the pointer on a link to it fetches them.
    const appEntry = await appEntryScript();
    expect((await scriptsFetched(page)).map((script) => script.path)).not.toContain(appEntry);
    await signIn.hover();
    await expect
      .poll(async () => (await scriptsFetched(page)).map((script) => script.path))
      .toContain(appEntry);
    await signIn.click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await page.getByRole('heading', { name: /Lana Landing/ }).waitFor();
  });

  it('a signed-in person opening / gets the landing page, as before, on the same small first load', async () => {
    const { context, page } = await newPage();
    await signUpAndOnboard(context, 'funder', 'Sid Signedin');
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    expect(pathOf(page)).toBe('/');
    const total = (await scriptsFetched(page)).reduce((sum, script) => sum + script.bytes, 0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // Their session is untouched: the app's pages open signed in.
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Sid Signedin/ }).waitFor();
  });
});

describe('[LANDING] behaviour', () => {
  it('at 1280 px: Pricing scrolls the two journeys to 80 px below the top, moves focus there and pulses the prices', async () => {
    const { page } = await newPage(1280);
    await page.goto('/');
    const notes = page.locator('[data-price-note]');
    await expect.poll(() => notes.first().textContent()).toMatch(listingPrice);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect
      .poll(() => page.evaluate(() => document.getElementById('user-journeys')!.getBoundingClientRect().top))
      .toBeCloseTo(80, 0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('user-journeys');
    expect(await notes.first().getAttribute('class')).toMatch(/pulse/);
    // The pulse is a moment, not a state.
    await expect.poll(() => notes.first().getAttribute('class'), { timeout: 5_000 }).not.toMatch(/pulse/);
  });

  it('at 375 px: each carousel has a dot per card; a dot shows its card and becomes the current one', async () => {
    const { page } = await newPage(375);
    await page.goto('/');
    const dots = page.getByRole('button', { name: /^Problems developers face: show slide/ });
    await expect.poll(() => dots.count()).toBe(4);
    expect(await page.getByRole('button', { name: /^How Plinth solves them: show slide/ }).count()).toBe(4);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');

    await page.getByRole('button', { name: 'Problems developers face: show slide 2 of 4' }).click();
    const track = page.getByRole('list', { name: 'Problems developers face' });
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await dots.first().getAttribute('aria-current')).toBeNull();
  });

  it('inside the app, a link to / shows the same page, working, and its links stay inside the app', async () => {
    const { page } = await newPage(1280);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: 'Plinth' }).first().click();
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    expect(pathOf(page)).toBe('/');
    await expect.poll(() => page.locator('[data-price-note]').first().textContent()).toMatch(listingPrice);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Features' })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('features');

    await expectAccessible(page);

    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect.poll(() => pathOf(page)).toBe('/register');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    // The app was not loaded again: the same document went from /login to / to /register.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });

  it.each([375, 1280])(
    'at %i px: the static page looks exactly as the app renders it, element by element',
    async (width) => {
      const { page } = await newPage(width);
      await page.goto('/');
      const notes = page.locator('[data-price-note]');
      await expect.poll(() => notes.first().textContent()).toMatch(listingPrice);
      const staticLooks = await looks(page);

      await page.goto('/login');
      await page.getByRole('link', { name: 'Plinth' }).first().click();
      await expect.poll(() => notes.first().textContent()).toMatch(listingPrice);
      // Off the header: the link just clicked left the pointer over a button there (hover colours).
      await page.mouse.move(5, 300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => looks(page)).toEqual(staticLooks);
      expect(staticLooks.length).toBeGreaterThan(200);
    },
  );
});
