import type { Profile } from '@plinth/domain/onboarding';
import type { FastifyInstance } from 'fastify';
import { createAccount, type NewAccount } from '../../modules/users/accounts';
import { seedDemoFacility } from './demo-facility';
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

/** The surveyor's short profile (company, ABN, phone), as their onboarding saves it. */
const surveyorProfile: Profile = {
  ...developerProfile('Yarra Cost Consultants Pty Ltd'),
  company_type: 'Quantity surveyor',
  phone: '0390001234',
  bio: null,
};

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
  {
    // The active funder adds them to Brunswick Makers Yard's facility (seedDemoFacility).
    email: 'surveyor@plinth.local',
    name: 'Sam Surveyor',
    password: DEMO_PASSWORD,
    role: 'surveyor',
    approved: true,
    profile: surveyorProfile,
    state: "quantity surveyor, Brunswick Makers Yard's facility",
  },
];

export interface DemoSeed {
  /** Whether the accounts were made at this start (on an empty database) or at an earlier one. */
  isCreatedNow: boolean;
  accounts: { role: string; email: string; password: string; state: string }[];
}

/**
 * Seeds the demo accounts into an empty database. Returns the demo accounts when they exist
 * (made now or at an earlier start) so the start-up banner can print them, else null.
 */
export async function seedDemoData(app: FastifyInstance): Promise<DemoSeed | null> {
  const deps = app.deps;
  const users = await deps.db.selectFrom('user').select(['email']).execute();
  const isCreatedNow = users.length === 0;
  if (isCreatedNow) {
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
    // Brunswick's deal completed, its facility set up, three draws funded and a fourth with the surveyor.
    await seedDemoFacility(app, {
      developer: person('developer@plinth.local'),
      funder: person('funder.active@plinth.local'),
      surveyor: person('surveyor@plinth.local'),
    });
  } else if (!users.some((u) => u.email === demoAccounts[0]!.email)) {
    return null;
  }
  const accounts = demoAccounts.map(({ role, email, password, state }) => ({
    role: role ?? '(none)',
    email,
    password,
    state,
  }));
  return { isCreatedNow, accounts };
}

/** The start-up banner's table of demo accounts, saying truly whether they were made at this start. */
export function demoBanner({ isCreatedNow, accounts }: DemoSeed): string {
  const title = isCreatedNow
    ? 'Demo accounts (created now, on an empty database):'
    : 'Demo accounts (created at an earlier start and kept in the database; the passwords are as seeded unless someone changed them):';
  const line = (a: DemoSeed['accounts'][number]) =>
    `  ${a.role.padEnd(9)} ${a.email.padEnd(32)} ${a.password.padEnd(18)} ${a.state}`;
  const header = line({ role: 'role', email: 'email', password: 'password', state: 'state' });
  return `\n${title}\n${header}\n${accounts.map(line).join('\n')}\n`;
}
