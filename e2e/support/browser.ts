import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export const DEMO_ADMIN = { email: 'admin@plinth.local', password: 'plinth-admin-2026' };

/**
 * One Chromium per worker process, launched with the flags this closed network needs by the first
 * file that asks and used by every file after it (e2e/vitest.config.ts runs the files one after
 * another in one process); Playwright ends it when that process exits. A browser that crashed or was
 * closed is launched again by the next file. Each test still gets fresh contexts (no shared cookies).
 */
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    shared = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (shared === launching) shared = undefined;
        }),
      () => {
        if (shared === launching) shared = undefined;
      },
    );
  }
  return shared;
}

/** The worker's Chromium for this test file; each test's contexts close with it. */
export function useBrowser() {
  const state: { browser?: Browser; contexts: BrowserContext[]; pageErrors: string[] } = {
    contexts: [],
    pageErrors: [],
  };
  beforeAll(async () => {
    state.browser = await sharedBrowser();
  });
  // Each test's contexts close with it; an uncaught error in any of its pages fails the test.
  afterEach(async () => {
    await Promise.all(state.contexts.splice(0).map((context) => context.close()));
    const errors = state.pageErrors.splice(0);
    expect(errors, 'uncaught page errors').toEqual([]);
  });
  // A context a failed hook left open is closed with the file, so the next file starts clean.
  afterAll(async () => {
    await Promise.all(state.contexts.splice(0).map((context) => context.close()));
  });
  return {
    /** A fresh context (no cookies) at the given width; desktop 1280 by default. */
    async newPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({
        baseURL: baseURL(),
        viewport: { width, height: width < 768 ? 812 : 900 },
        locale: 'en-AU',
        timezoneId: 'Australia/Sydney',
      });
      state.contexts.push(context);
      const page = await context.newPage();
      context.on('weberror', (e) => state.pageErrors.push(e.error().message));
      return { context, page };
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}@example.com`;

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // While axe reads the page (a second or more), a notification may reach its auto-close and start
  // fading out; half-transparent text fails the contrast rule though nobody reads it. With
  // transitions and animations off for the scan, an element is either fully shown or gone.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .analyze()
    .finally(() => still.evaluate((tag) => (tag as Element).remove()));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    // Each offending node with axe's own reason (for contrast: the two colours and the ratio).
    bad.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    ),
  ).toEqual([]);
}
