import { type FieldIssue, type ProfileBody, profileBody, profileIssues } from '../../src/onboarding';
import type { SelfServiceRole } from '../../src/roles';

// Each test builds its own body from these factories and changes only what it is about.
export const borrowerBody = (overrides: Partial<ProfileBody> = {}): ProfileBody => ({
  company_name: 'Harbour Developments',
  company_type: 'Developer',
  phone: '0412 345 678',
  abn: '51 824 753 556',
  ...overrides,
});

export const funderBody = (overrides: Partial<ProfileBody> = {}): ProfileBody => ({
  company_name: 'Southern Cross Capital',
  company_type: 'Private Credit Fund',
  phone: '+61 2 9876 5432',
  abn: '51824753556',
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 5_000_000,
  years_experience: 12,
  ...overrides,
});

export const bodyFor = (role: SelfServiceRole, overrides: Partial<ProfileBody> = {}) =>
  role === 'funder' ? funderBody(overrides) : borrowerBody(overrides);

export const issuesFor = (role: SelfServiceRole, body: ProfileBody): FieldIssue[] =>
  profileIssues(role, profileBody.parse(body));

export const messagesFor = (role: SelfServiceRole, body: ProfileBody) =>
  issuesFor(role, body).map((i) => i.message);

export const bothRoles: SelfServiceRole[] = ['borrower', 'funder'];
