import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Profile } from '@plinth/domain/onboarding';
import type { Role } from '@plinth/domain/roles';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { dropSchemaExclusively, migrateToLatest } from '../src/db/migrate';
import { createAccount } from '../src/modules/users/accounts';
import { holdToDocument } from './support/openapi-conformance';

export const BASE_URL = 'http://localhost:3000';

/** The API suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The migrated database the run's global setup made (vitest.config.ts), if this run has one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Every app buildTestApp made that is not closed yet. The API suite runs many files in one process
 * (vitest.config.ts, isolate: false), so an app a file leaves open would outlive it: setup.ts
 * closes any left at the end of each file (`closeLeftoverApps`).
 */
const openApps = new Set<TestApp>();

/** Closes every app a test file left open (setup.ts, after the file's own hooks). */
export async function closeLeftoverApps(): Promise<void> {
  const left = [...openApps];
  openApps.clear();
  await Promise.all(left.map((t) => t.close()));
}

/** A fresh app on a fresh database: PGlite in memory, or a schema of its own on PostgreSQL. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const schema = postgresUrl ? `test_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const database = await openDatabase(
    postgresUrl
      ? { kind: 'postgres', url: postgresUrl, schema }
      : { kind: 'memory', template: pgliteTemplate() },
    { readCache: env.READ_CACHE !== 'off' },
  );
  await migrateToLatest(database);
  // Uploads and anything else on disk go to a folder of this test file's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    BASE_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    authSecret: 'test-secret-0123456789-abcdefghijklmnop',
    logger: false,
  });
  await app.ready();
  // Every answer a test receives is held to the OpenAPI document (issue 36, decision 073).
  if (process.env.PLINTH_OPENAPI_CONFORMANCE !== 'off') holdToDocument(app);
  let closing: Promise<void> | undefined;
  const testApp: TestApp = {
    app,
    database,
    close() {
      openApps.delete(testApp);
      closing ??= closeApp();
      return closing;
    },
  };
  async function closeApp() {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (postgresUrl && schema) {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await dropSchemaExclusively(client, schema);
      await client.end();
    }
  }
  openApps.add(testApp);
  return testApp;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export const borrowerProfile: Profile = {
  company_name: 'Test Developments Pty Ltd',
  company_type: 'Developer',
  phone: '0298765432',
  abn: '51824753556',
  linkedin: null,
  bio: null,
  investment_focus: null,
  typical_deal_size_min: null,
  typical_deal_size_max: null,
  years_experience: null,
  aum: null,
};

export const funderProfile: Profile = {
  ...borrowerProfile,
  company_name: 'Test Capital',
  company_type: 'Private Credit Fund',
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 10_000_000,
  years_experience: 10,
};

/** The session cookie Better Auth sets on sign-in, ready for a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Factory: a user made directly (not through sign-up), then signed in through Better Auth's
 * server API so tests do not spend the sign-in rate limit.
 */
export async function createUser(
  app: FastifyInstance,
  options: { role?: Role; approved?: boolean; profile?: Profile | 'default'; name?: string } = {},
): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const profile =
    options.profile === 'default'
      ? options.role === 'funder'
        ? funderProfile
        : borrowerProfile
      : options.profile;
  const id = await createAccount(app.deps, {
    email,
    password,
    name: options.name ?? 'Test User',
    role: options.role,
    approved: options.approved,
    profile,
  });
  const { headers } = await app.deps.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return { id, email, password, cookie: cookieFrom(headers.getSetCookie()) };
}

/** app.inject with a signed-in user's cookie and our own origin. */
export function as(app: FastifyInstance, user: TestUser | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { origin: BASE_URL, ...(user ? { cookie: user.cookie } : {}), ...options.headers },
  });
}

/** A project body that passes every wizard rule; override what a test is about. */
export const validProjectBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Twelve Townhouses, Marrickville',
  description: 'Twelve three-bedroom townhouses on a consolidated site near the station.',
  location: '12 Example Street, Marrickville NSW 2204',
  suburb: 'Marrickville',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2204',
  property_type: 'Residential',
  development_stage: 'Pre-Construction',
  loan_amount: 4_000_000,
  interest_rate: 9.5,
  loan_term: 18,
  total_project_cost: 6_000_000,
  equity_contribution: 1_500_000,
  land_value: 2_500_000,
  construction_cost: 3_200_000,
  expected_gdc: 8_400_000,
  expected_profit: 1_800_000,
  project_size_sqm: 1850,
  number_of_units: 12,
  number_of_levels: 3,
  car_spaces: 14,
  zoning: 'R3 Medium Density',
  planning_permit_status: 'Approved',
  expected_start_date: '2027-02-01',
  expected_completion_date: '2028-06-30',
  market_risk_rating: 'low',
  construction_risk_rating: 'medium',
  location_risk_rating: 'low',
  ...overrides,
});

/** Factory: a draft project owned by `owner`, made through the API. */
export async function createProject(
  app: FastifyInstance,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const res = await as(app, owner, {
    method: 'POST',
    url: '/api/projects',
    payload: validProjectBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`createProject failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string } & Record<string, unknown>;
}
