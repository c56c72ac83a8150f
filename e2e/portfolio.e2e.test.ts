import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndOnboard, type TestAccount } from './support/accounts';
import { call } from './support/api';
import { expectAccessible, useBrowser } from './support/browser';
import {
  approveProjectViaApi,
  pathOf,
  settleAnimations,
  signInAdminViaApi,
  signInViaApi,
} from './support/funders';
import { createProjectUnderReview, uniqueTitle } from './support/projects';

const { newPage } = useBrowser();

/** Today + n days in Sydney, as YYYY-MM-DD (quotes are dated as the parties read them). */
const sydneyDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );

const ROOM_PATH = /^\/project\/[0-9a-f-]{36}\/deal\/[0-9a-f-]{36}$/;
const roomPath = (projectId: string, dealId: string) => `/project/${projectId}/deal/${dealId}`;

/** No sideways scrolling at a phone's width. */
const expectFitsWidth = async (page: Page, width = 375) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

interface Funder {
  account: TestAccount;
  context: BrowserContext;
}

const journey: {
  developer?: TestAccount;
  /** Two funders engage on `main`; Fiona also holds the portfolio's other stages. */
  fiona?: TestAccount;
  gus?: TestAccount;
  main?: { id: string; title: string };
  approvedOnly?: { id: string; title: string };
  termSheet?: { id: string; title: string };
  dueDiligence?: { id: string; title: string };
  fionaDealId?: string;
  gusDealId?: string;
} = {};

/** A listed project (documents, paid, published by the admin). */
async function listProject(developer: BrowserContext, admin: BrowserContext, name: string) {
  const title = uniqueTitle(name);
  const id = await createProjectUnderReview(developer, title);
  await approveProjectViaApi(admin, id);
  return { id, title };
}

/** A funder's access request, approved by the developer; its id. */
async function grantAccess(funder: BrowserContext, developer: BrowserContext, projectId: string) {
  const access = await call<{ id: string }>(
    funder,
    'POST',
    '/api/access-requests',
    {
      project_id: projectId,
      initial_message: 'We lend against residential projects in Sydney.',
      undertaking: { accepted: true, full_name: 'Portfolio Funder' },
    },
    [201],
  );
  await call(developer, 'PUT', `/api/access-requests/${access.id}/approve`);
  return access.id;
}

const engageViaApi = async (funder: BrowserContext, projectId: string, accessRequestId: string) =>
  (
    await call<{ deal_id: string }>(
      funder,
      'POST',
      '/api/deals',
      { project_id: projectId, access_request_id: accessRequestId },
      [200, 201],
    )
  ).deal_id;

async function quoteViaApi(
  funder: BrowserContext,
  dealId: string,
  quote: { loan_amount: number; interest_rate: number; loan_term: number; establishment_fee: number },
) {
  return call<{ id: string }>(
    funder,
    'POST',
    `/api/deals/${dealId}/proposals`,
    { ...quote, other_fees: 'Line fee 0.5% p.a.', conditions: 'First mortgage', valid_until: sydneyDay(14) },
    [200, 201],
  );
}

const acceptViaApi = (developer: BrowserContext, proposalId: string) =>
  call(developer, 'PUT', `/api/proposals/${proposalId}/respond`, { response: 'accept' });

describe('[PORTFOLIO] Engage, the developer’s deal rooms and quote comparison, the funder’s portfolio', () => {
  it('a developer lists four projects; two active funders are granted access to the first; Fiona also to the other three', async () => {
    const developer = await newPage();
    journey.developer = await signUpAndOnboard(developer.context, 'borrower', 'Priya Developer');
    const admin = await newPage();
    await signInAdminViaApi(admin.context);

    const funders: Funder[] = [];
    for (const name of ['Fiona Funder', 'Gus Lender']) {
      const side = await newPage();
      const account = await signUpAndOnboard(side.context, 'funder', name);
      const me = await call<{ id: string }>(side.context, 'GET', '/api/auth/me');
      await call(admin.context, 'POST', `/api/admin/force-approve-funder/${me.id}`, {
        reason: 'Verified for the portfolio journey',
      });
      funders.push({ account, context: side.context });
    }
    const [fiona, gus] = funders as [Funder, Funder];
    Object.assign(journey, { fiona: fiona.account, gus: gus.account });

    journey.main = await listProject(developer.context, admin.context, 'Harbour Quote Terraces');
    journey.approvedOnly = await listProject(developer.context, admin.context, 'Approved Only Lofts');
    journey.termSheet = await listProject(developer.context, admin.context, 'Term Sheet Towers');
    journey.dueDiligence = await listProject(developer.context, admin.context, 'Diligence Duplexes');

    // Gus engages on the main project through the API; Fiona will press Engage herself.
    const gusAccess = await grantAccess(gus.context, developer.context, journey.main.id);
    journey.gusDealId = await engageViaApi(gus.context, journey.main.id, gusAccess);
    await grantAccess(fiona.context, developer.context, journey.main.id);

    // Fiona's other stages: approved only; a deal in due diligence; an accepted quote (term sheet).
    await grantAccess(fiona.context, developer.context, journey.approvedOnly.id);
    const ddAccess = await grantAccess(fiona.context, developer.context, journey.dueDiligence.id);
    await engageViaApi(fiona.context, journey.dueDiligence.id, ddAccess);
    const tsAccess = await grantAccess(fiona.context, developer.context, journey.termSheet.id);
    const tsDeal = await engageViaApi(fiona.context, journey.termSheet.id, tsAccess);
    const tsQuote = await quoteViaApi(fiona.context, tsDeal, {
      loan_amount: 2_000_000,
      interest_rate: 9,
      loan_term: 12,
      establishment_fee: 20_000,
    });
    await acceptViaApi(developer.context, tsQuote.id);
  }, 180_000);

  it('Fiona finds the approved project in the marketplace, presses Engage and lands in its new deal room; the card then reads Deal Room', async () => {
    const { main } = journey as Required<typeof journey>;
    const { context, page } = await newPage();
    await signInViaApi(context, journey.fiona!);

    await page.goto(`/projects?q=${encodeURIComponent(main.title.split(' ').at(-1)!)}`);
    const card = page.getByRole('article', { name: 'Opportunity: Residential in Parramatta, NSW' });
    await card.getByRole('link', { name: 'View Details' }).waitFor();
    expect(await card.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      `/project/${main.id}`,
    );
    await card.getByRole('button', { name: 'Engage' }).click();
    await expect.poll(() => pathOf(page)).toMatch(ROOM_PATH);
    expect(pathOf(page).startsWith(`/project/${main.id}/deal/`)).toBe(true);
    await page.getByRole('heading', { level: 1, name: main.title }).waitFor();
    journey.fionaDealId = pathOf(page).split('/').at(-1)!;
    expect(journey.fionaDealId).not.toBe(journey.gusDealId);

    // Back in the marketplace the card goes straight into the room.
    await page.goto(`/projects?q=${encodeURIComponent(main.title.split(' ').at(-1)!)}`);
    const dealRoom = card.getByRole('link', { name: 'Deal Room', exact: true });
    await dealRoom.waitFor();
    expect(await dealRoom.getAttribute('href')).toBe(roomPath(main.id, journey.fionaDealId));
    expect(await card.getByRole('button', { name: 'Engage' }).count()).toBe(0);

    // The project page offers the room too, and the dashboard lists the open deals.
    await page.goto(`/project/${main.id}`);
    await page.getByRole('link', { name: 'Deal Room', exact: true }).waitFor();
    await page.goto('/dashboard');
    const activeDeals = page.getByRole('region', { name: 'Your Active Deals' });
    const row = activeDeals.getByRole('article', { name: main.title });
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'Open Deal Room' }).getAttribute('href')).toBe(
      roomPath(main.id, journey.fionaDealId),
    );
    // Only open deals: the approved-only project has none.
    expect(await activeDeals.getByRole('article', { name: journey.approvedOnly!.title }).count()).toBe(0);
  });

  it('the developer’s card counts two deals; Deal Room opens the selector (funder, e-mail, time, deal id, Quote Accepted) and enters the chosen room; a project with one deal goes straight in', async () => {
    const { main, termSheet, fiona, gus } = journey as Required<typeof journey>;
    const fionaApi = await signedIn(fiona);
    const gusApi = await signedIn(gus);
    const dev = await newPage();
    await signInViaApi(dev.context, journey.developer!);

    // Fiona quotes and the developer accepts; Gus quotes cheaper over the term and waits.
    const fionaQuote = await quoteViaApi(fionaApi, journey.fionaDealId!, {
      loan_amount: 2_400_000,
      interest_rate: 9.5,
      loan_term: 18,
      establishment_fee: 24_000,
    });
    await acceptViaApi(dev.context, fionaQuote.id);
    await quoteViaApi(gusApi, journey.gusDealId!, {
      loan_amount: 2_500_000,
      interest_rate: 8.75,
      loan_term: 18,
      establishment_fee: 30_000,
    });

    const { page } = dev;
    await page.goto('/dashboard');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: main.title }) });
    await card.getByText('2 deals', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Deal Room', exact: true }).click();
    const selector = page.getByRole('dialog', { name: 'Select a Deal Room' });
    await selector.waitFor();
    const items = selector.getByRole('listitem');
    expect(await items.count()).toBe(2);
    const fionaItem = items.filter({ hasText: fiona.name });
    const gusItem = items.filter({ hasText: gus.name });
    for (const [item, account, dealId] of [
      [fionaItem, fiona, journey.fionaDealId!],
      [gusItem, gus, journey.gusDealId!],
    ] as const) {
      await item.getByText(account.email, { exact: true }).waitFor();
      await item.getByText(`Deal ID: ${dealId}`, { exact: true }).waitFor();
      // Opened 'd Mon yyyy, h:mm am AEDT' (en-AU, in Sydney, the zone named: issue 37 item 13).
      await item.getByText(/^Opened \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2}\s?[ap]m AE[DS]T$/i).waitFor();
    }
    await fionaItem.getByText('Quote Accepted', { exact: true }).waitFor();
    expect(await gusItem.getByText('Quote Accepted', { exact: true }).count()).toBe(0);
    await settleAnimations(page);
    await expectAccessible(page);
    await selector.getByRole('link', { name: `Open Deal Room with ${gus.name}` }).click();
    await expect.poll(() => pathOf(page)).toBe(roomPath(main.id, journey.gusDealId!));
    await page.getByRole('heading', { level: 1, name: main.title }).waitFor();

    // /my-projects: the row counts the deals and opens the same selector.
    await page.goto('/my-projects');
    const row = page.getByRole('row').filter({ hasText: main.title });
    await row.getByRole('button', { name: 'Deal Room', exact: true }).click();
    await selector.waitFor();
    expect(await selector.getByRole('listitem').count()).toBe(2);
    await selector.getByRole('link', { name: `Open Deal Room with ${fiona.name}` }).click();
    await expect.poll(() => pathOf(page)).toBe(roomPath(main.id, journey.fionaDealId!));

    // One deal: straight into its room.
    await page.goto('/my-projects');
    const single = page.getByRole('row').filter({ hasText: termSheet.title });
    await single.getByRole('button', { name: 'Deal Room', exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(ROOM_PATH);
    expect(pathOf(page).startsWith(`/project/${termSheet.id}/deal/`)).toBe(true);

    // On a phone: the card, the selector, and nothing wider than the screen.
    const phone = await newPage(375);
    await signInViaApi(phone.context, journey.developer!);
    await phone.page.goto('/my-projects');
    const phoneCard = phone.page.getByRole('article').filter({ hasText: main.title });
    await phoneCard.getByText('2 deals', { exact: true }).waitFor();
    await phoneCard.getByRole('button', { name: 'Deal Room', exact: true }).click();
    const phoneSelector = phone.page.getByRole('dialog', { name: 'Select a Deal Room' });
    await phoneSelector.getByText(`Deal ID: ${journey.fionaDealId}`, { exact: true }).waitFor();
    await expectFitsWidth(phone.page);
  }, 120_000);

  it('the developer’s project page lists both deal rooms and compares the two quotes, cheapest all-in cost first (a table; cards at 375 px)', async () => {
    const { main, fiona, gus } = journey as Required<typeof journey>;
    const { context, page } = await newPage();
    await signInViaApi(context, journey.developer!);
    await page.goto(`/project/${main.id}`);

    const deals = page.getByRole('region', { name: 'Deal Rooms (2)' });
    await deals.waitFor();
    expect(
      await deals.getByRole('link', { name: `Open Deal Room with ${fiona.name}` }).getAttribute('href'),
    ).toBe(roomPath(main.id, journey.fionaDealId!));
    expect(
      await deals.getByRole('link', { name: `Open Deal Room with ${gus.name}` }).getAttribute('href'),
    ).toBe(roomPath(main.id, journey.gusDealId!));
    await deals.getByText('Quote Accepted', { exact: true }).waitFor();

    // Gus: 2.5 M x 8.75 % x 18 / 12 = $328,125 interest + $30,000 = $358,125.
    // Fiona: 2.4 M x 9.5 % x 18 / 12 = $342,000 interest + $24,000 = $366,000.
    // Per dollar lent a year (issue 37 item 3): Gus 358,125 / 2.5 M / 1.5 = 9.55 %; Fiona 10.17 %.
    const table = page.getByRole('table', { name: 'Quote comparison' });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3);
    const cells = async (index: number) =>
      (await rows.nth(index).getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(await rows.nth(1).getByRole('rowheader').textContent()).toBe(gus.name);
    expect(await cells(1)).toEqual([
      '$2,500,000',
      '8.75%',
      '18 months',
      '$30,000',
      'Line fee 0.5% p.a.',
      expect.stringMatching(/^\d{1,2} \w{3,4} \d{4}$/),
      '$358,1259.55% a year per dollar lentinterest $328,125',
      expect.stringMatching(/^Pending/),
    ]);
    expect(await rows.nth(2).getByRole('rowheader').textContent()).toBe(fiona.name);
    expect((await cells(2)).slice(0, 4)).toEqual(['$2,400,000', '9.5%', '18 months', '$24,000']);
    expect((await cells(2))[6]).toBe('$366,00010.17% a year per dollar lentinterest $342,000');
    // Issue 37 item 3: the amounts differ, so the comparison says it ranks per dollar lent.
    await page
      .getByRole('note')
      .filter({
        hasText: 'These quotes offer different loan amounts, so they are ranked by cost per dollar lent',
      })
      .waitFor();
    expect((await cells(2))[7]).toMatch(/^Accepted/);
    await expectAccessible(page);

    const phone = await newPage(375);
    await signInViaApi(phone.context, journey.developer!);
    await phone.page.goto(`/project/${main.id}`);
    const list = phone.page.getByRole('list', { name: 'Quote comparison' });
    await list.waitFor();
    const quotes = list.getByRole('listitem');
    expect(await quotes.count()).toBe(2);
    await quotes.nth(0).getByText(gus.name, { exact: true }).waitFor();
    await quotes.nth(0).getByText('$358,125', { exact: true }).waitFor();
    await quotes.nth(0).getByText('9.55% a year per dollar lent', { exact: true }).waitFor();
    await quotes.nth(1).getByText('$366,000', { exact: true }).waitFor();
    await expectFitsWidth(phone.page);
    await expectAccessible(phone.page);
  });

  it('after the developer completes Fiona’s deal, her /portfolio groups every project by stage with the totals, links into each room, and fits a phone', async () => {
    const { main, approvedOnly, termSheet, dueDiligence, fiona } = journey as Required<typeof journey>;
    const dev = await signedIn(journey.developer!);
    await call(dev, 'PUT', `/api/deals/${journey.fionaDealId}/complete`, {});

    const { context, page } = await newPage();
    await signInViaApi(context, fiona);
    await page.goto('/portfolio');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
    const main_ = page.getByRole('main');
    expect(await main_.getByRole('link', { name: 'Browse Projects' }).getAttribute('href')).toBe('/projects');
    expect(await main_.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');

    const group = (label: string) => page.getByRole('region', { name: label, exact: true });
    const expected = [
      ['Approved', approvedOnly],
      ['Due Diligence', dueDiligence],
      ['Term Sheet', termSheet],
      ['Funded', main],
    ] as const;
    for (const [label, project] of expected) {
      const card = group(label).getByRole('article', { name: project.title });
      await card.waitFor();
      expect(await group(label).getByRole('article').count(), label).toBe(1);
      expect(await card.getByRole('link', { name: project.title }).getAttribute('href')).toBe(
        `/project/${project.id}`,
      );
    }
    // Each room is one click away; before Engage, the project page (where Engage is).
    expect(await group('Funded').getByRole('link', { name: 'Open Deal Room' }).getAttribute('href')).toBe(
      roomPath(main.id, journey.fionaDealId!),
    );
    expect(
      await group('Approved').getByRole('link', { name: 'View Project to Engage' }).getAttribute('href'),
    ).toBe(`/project/${approvedOnly.id}`);
    for (const label of ['Due Diligence', 'Term Sheet'])
      expect(await group(label).getByRole('link', { name: 'Open Deal Room' }).getAttribute('href')).toMatch(
        ROOM_PATH,
      );

    // Totals: funded at the accepted $2,400,000; returns 12.5 % of it.
    await page.getByText('$2,400,000', { exact: true }).first().waitFor();
    await page.getByText('$300,000', { exact: true }).waitFor();
    await page.getByText('Average return 12.5%', { exact: true }).waitFor();
    await expectAccessible(page);

    // The funded deal is no longer active on the dashboard; the other two are.
    await page.goto('/dashboard');
    const activeDeals = page.getByRole('region', { name: 'Your Active Deals' });
    await activeDeals.getByRole('article', { name: termSheet.title }).waitFor();
    await activeDeals.getByRole('article', { name: dueDiligence.title }).waitFor();
    expect(await activeDeals.getByRole('article', { name: main.title }).count()).toBe(0);

    const phone = await newPage(375);
    await signInViaApi(phone.context, fiona);
    await phone.page.goto('/portfolio');
    await phone.page.getByRole('region', { name: 'Funded', exact: true }).getByRole('article').waitFor();
    await expectFitsWidth(phone.page);
    await expectAccessible(phone.page);
  });
});

/** A fresh context signed in as the account, for its API calls. */
async function signedIn(account: TestAccount) {
  const { context } = await newPage();
  await signInViaApi(context, account);
  return context;
}
