import type { BrowserContext, Page } from 'playwright-core';
import { signUpAndOnboard, type TestAccount } from './accounts';
import { call } from './api';
import type { useBrowser } from './browser';
import { approveProjectViaApi, signInAdminViaApi } from './funders';
import { createProjectUnderReview, uniqueTitle } from './projects';

/** Today + n days in Sydney, as YYYY-MM-DD. */
export const sydneyDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A calendar date moved by calendar months, the day clamped to the month's end (decision 062). */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/**
 * The time limit of a facility journey: its world alone is some 25 API calls, and with the load
 * average at 28 (two cores shared by eight engineers) the variation journey ran past the suite's
 * 60 s. Each step still waits for what a person would see, so a broken page fails as before.
 */
export const JOURNEY_TIMEOUT_MS = 120_000;

type Party = { context: BrowserContext; page: Page; account: TestAccount };
type NewPage = ReturnType<typeof useBrowser>['newPage'];

/**
 * Fixture, through the API: a deal between a new developer (`Dev {name}`) and a new approved funder
 * (`Fay {name}`), its quote of $1,000,000 at 9 % for 18 months accepted and the deal completed. The
 * one world every facility journey starts from (set-up, draws, the life after the close, settings).
 */
export async function completedDeal(newPage: NewPage, name: string) {
  const admin = await newPage();
  await signInAdminViaApi(admin.context);
  const developer = await newPage();
  const developerAccount = await signUpAndOnboard(developer.context, 'borrower', `Dev ${name}`);
  const funder = await newPage();
  const funderAccount = await signUpAndOnboard(funder.context, 'funder', `Fay ${name}`);
  const funderMe = await call<{ id: string }>(funder.context, 'GET', '/api/auth/me');
  await call(admin.context, 'POST', `/api/admin/force-approve-funder/${funderMe.id}`, {
    reason: 'Verified for a facility journey',
  });
  const title = uniqueTitle(`${name} Terraces`);
  const projectId = await createProjectUnderReview(developer.context, title);
  await approveProjectViaApi(admin.context, projectId);
  const access = await call<{ id: string }>(
    funder.context,
    'POST',
    '/api/access-requests',
    {
      project_id: projectId,
      initial_message: 'We fund terraces near rail.',
      undertaking: { accepted: true, full_name: `Fay ${name}` },
    },
    [201],
  );
  await call(developer.context, 'PUT', `/api/access-requests/${access.id}/approve`);
  const { deal_id: dealId } = await call<{ deal_id: string }>(
    funder.context,
    'POST',
    '/api/deals',
    { project_id: projectId, access_request_id: access.id },
    [200, 201],
  );
  const quote = await call<{ id: string }>(
    funder.context,
    'POST',
    `/api/deals/${dealId}/proposals`,
    {
      loan_amount: 1_000_000,
      interest_rate: 9,
      loan_term: 18,
      establishment_fee: 0,
      other_fees: 'None',
      conditions: 'First mortgage; QS certification of each draw',
      valid_until: sydneyDay(14),
    },
    [200, 201],
  );
  await call(developer.context, 'PUT', `/api/proposals/${quote.id}/respond`, { response: 'accept' });
  await call(developer.context, 'PUT', `/api/deals/${dealId}/complete`);
  const party = (p: { context: BrowserContext; page: Page }, account: TestAccount): Party => ({
    ...p,
    account,
  });
  return {
    title,
    projectId,
    dealId,
    developer: party(developer, developerAccount),
    funder: party(funder, funderAccount),
  };
}

/**
 * Fixture, through the API: the completed deal above, its facility set up (closed a month ago), its
 * quantity surveyor (`Quinn {name}`) invited and onboarded, a budget of construction $800,000 and
 * professional fees $50,000 approved (room under the limit for the forecast interest on money still
 * to be drawn), and the facility opened. An establishment fee, when given, is capitalised when the
 * facility opens (so something is owed), and a default margin, when given, applies while the
 * facility is in default.
 */
export async function openFacilityWorld(
  newPage: NewPage,
  name: string,
  options: { establishmentFeeCents?: number; defaultMarginBps?: number } = {},
) {
  const { title, dealId, developer, funder } = await completedDeal(newPage, name);
  const facility = await call<{ id: string }>(
    funder.context,
    'POST',
    `/api/deals/${dealId}/facility`,
    {
      close_date: sydneyDay(-30),
      ...(options.establishmentFeeCents === undefined
        ? {}
        : { establishment_fee_cents: options.establishmentFeeCents }),
      ...(options.defaultMarginBps === undefined ? {} : { default_margin_bps: options.defaultMarginBps }),
    },
    [201],
  );
  // The lender's quantity surveyor: invited by e-mail before signing up, then onboarded as one.
  const surveyor = await newPage();
  const surveyorAccount = await signUpAndOnboard(surveyor.context, 'none', `Quinn ${name}`);
  await call(
    funder.context,
    'POST',
    `/api/facilities/${facility.id}/parties`,
    { role: 'surveyor', email: surveyorAccount.email },
    [201],
  );
  await call(surveyor.context, 'POST', '/api/surveyor/onboarding', {
    company_name: 'Rail Corridor QS',
    abn: '51 824 753 556',
    phone: '0298765432',
  });
  await call(developer.context, 'PUT', `/api/facilities/${facility.id}/budget`, {
    lines: [
      {
        code: 'C01',
        name: 'Construction',
        category: 'construction',
        amount_cents: 80_000_000,
        funded_by: 'debt',
      },
      {
        code: 'P01',
        name: 'Professional fees',
        category: 'professional_fees',
        amount_cents: 5_000_000,
        funded_by: 'debt',
      },
    ],
  });
  await call(funder.context, 'POST', `/api/facilities/${facility.id}/budget/approve`);
  await call(funder.context, 'POST', `/api/facilities/${facility.id}/activate`);
  const opened = await call<{ latest_practical_completion_date: string }>(
    funder.context,
    'GET',
    `/api/facilities/${facility.id}`,
  );
  return {
    facilityId: facility.id,
    dealId,
    title,
    completionDate: opened.latest_practical_completion_date,
    developer,
    funder,
    surveyor: { ...surveyor, account: surveyorAccount } as Party,
  };
}
