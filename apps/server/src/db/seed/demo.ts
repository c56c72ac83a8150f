import type { Profile } from '@plinth/domain/onboarding';
import type { FastifyInstance } from 'fastify';
import { createAccount, type NewAccount } from '../../modules/users/accounts';
import { seedDemoMarket } from './demo-market';

/** Fixed demo credentials: the embedded demo prints them at every start. Never used in production. */
const DEMO_PASSWORD = 'plinth-demo-2026';
const ADMIN_PASSWORD = 'plinth-admin-2026';

const developerProfile = (company: string): Profile => ({
  company_name: company,
  company_type: 'Developer',
  phone: '0298765432',
  abn: '51824753556',
  linkedin: null,
  bio: 'Medium-density residential projects across Sydney and the Central Coast.',
  investment_focus: null,
  typical_deal_size_min: null,
  typical_deal_size_max: null,
  years_experience: null,
  aum: null,
});

const funderProfile = (company: string, type: string): Profile => ({
  company_name: company,
  company_type: type,
  phone: '0387654321',
  abn: '33051775556',
  linkedin: null,
  bio: 'First-mortgage construction and land loans on the eastern seaboard.',
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 20_000_000,
  years_experience: 12,
  aum: 250_000_000,
});

interface DemoAccount extends NewAccount {
  state: string;
}

const demoAccounts: DemoAccount[] = [
  {
    email: 'admin@plinth.local',
    name: 'Avery Admin',
    password: ADMIN_PASSWORD,
    role: 'admin',
    state: 'admin',
  },
  {
    email: 'developer@plinth.local',
    name: 'Dana Developer',
    password: DEMO_PASSWORD,
    role: 'borrower',
    profile: developerProfile('Harbourline Developments Pty Ltd'),
    state: 'onboarded developer',
  },
  {
    email: 'developer.new@plinth.local',
    name: 'Noah Newcomer',
    password: DEMO_PASSWORD,
    state: 'signed up, not onboarded',
  },
  {
    email: 'funder.active@plinth.local',
    name: 'Farah Funder',
    password: DEMO_PASSWORD,
    role: 'funder',
    approved: true,
    // Subscribed with the sandbox's success card and approved by the admin in seedDemoMarket.
    profile: funderProfile('Southern Cross Private Credit', 'Private Credit Fund'),
    state: 'funder, approved, subscription active',
  },
  {
    email: 'funder.approved@plinth.local',
    name: 'Oscar Approved',
    password: DEMO_PASSWORD,
    role: 'funder',
    approved: true,
    profile: funderProfile('Banksia Family Office', 'Family Office'),
    state: 'funder, approved, no subscription',
  },
  {
    email: 'funder.pending@plinth.local',
    name: 'Priya Pending',
    password: DEMO_PASSWORD,
    role: 'funder',
    profile: funderProfile('Wattle Real Estate Fund', 'Real Estate Fund'),
    state: 'funder, awaiting approval',
  },
];

/**
 * Seeds the demo accounts into an empty database. Returns the demo accounts when they exist
 * (made now or at an earlier start) so the start-up banner can print them, else null.
 */
export async function seedDemoData(app: FastifyInstance) {
  const deps = app.deps;
  const users = await deps.db.selectFrom('user').select(['email']).execute();
  if (users.length === 0) {
    for (const account of demoAccounts) await createAccount(deps, account);
    // Three published listings of the demo developer, and the active funder's paid subscription.
    const person = (email: string) => {
      const account = demoAccounts.find((a) => a.email === email)!;
      return { email: account.email, password: account.password };
    };
    await seedDemoMarket(app, {
      admin: person('admin@plinth.local'),
      developer: person('developer@plinth.local'),
      funder: person('funder.active@plinth.local'),
    });
  } else if (!users.some((u) => u.email === demoAccounts[0]!.email)) {
    return null;
  }
  return demoAccounts.map(({ role, email, password, state }) => ({
    role: role ?? '(none)',
    email,
    password,
    state,
  }));
}
