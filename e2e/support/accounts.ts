import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, uniqueEmail } from './browser';

export const PASSWORD = 'correct-horse-battery-staple';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

type Onboarding = 'none' | 'borrower' | 'funder';

const borrowerProfile = {
  company_name: 'Harbour Developments Pty Ltd',
  company_type: 'Developer',
  phone: '0298765432',
  abn: '51 824 753 556',
};

const funderProfile = {
  ...borrowerProfile,
  company_name: 'Southern Cross Capital',
  company_type: 'Private Credit Fund',
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 10_000_000,
  years_experience: 12,
};

/**
 * Fixture: signs a new account up through the API, in the context's own cookie jar (the context's
 * request client shares it with its pages), and onboards it as far as asked. Journeys that are about
 * sign-up or onboarding drive the UI instead.
 */
export async function signUpAndOnboard(
  context: BrowserContext,
  onboarding: Onboarding,
  name = 'Test User',
): Promise<TestAccount> {
  const account = { name, email: uniqueEmail(onboarding), password: PASSWORD };
  // Better Auth refuses cookie-bearing POSTs from foreign origins; the browser would send ours.
  const headers = { origin: baseURL() };
  const post = async (path: string, data: object) => {
    const res = await context.request.post(path, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  };
  await post('/api/auth/sign-up/email', account);
  if (onboarding === 'none') return account;
  await post('/api/auth/set-role', { role: onboarding });
  await post('/api/auth/complete-profile', onboarding === 'funder' ? funderProfile : borrowerProfile);
  return account;
}
