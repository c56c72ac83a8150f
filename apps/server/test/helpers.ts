import { randomUUID } from 'node:crypto';
import type { Profile } from '@plinth/domain/onboarding';
import type { Role } from '@plinth/domain/roles';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createAccount } from '../src/modules/users/accounts';

export const BASE_URL = 'http://localhost:3000';

/** The API suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A fresh app on a fresh database: PGlite in memory, or a schema of its own on PostgreSQL. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const schema = postgresUrl ? `test_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const database = await openDatabase(
    postgresUrl ? { kind: 'postgres', url: postgresUrl, schema } : { kind: 'memory' },
  );
  await migrateToLatest(database);
  const config = loadConfig({
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
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      if (postgresUrl && schema) {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    },
  };
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
