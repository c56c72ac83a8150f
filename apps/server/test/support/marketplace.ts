import type { Profile } from '@plinth/domain/onboarding';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { as, createUser, funderProfile, type TestApp, type TestUser } from '../helpers';
import { type ListingStateName, projectIn } from './admin';

/** A funder's standing for the marketplace gate, by the name the tests use. */
export type FunderStanding =
  | 'active'
  | 'pending_approval'
  | 'unsubscribed'
  | 'payment_pending'
  | 'inactive'
  | 'cancelled_in_period'
  | 'cancelled_expired';

const standings: Record<
  FunderStanding,
  { approved: boolean; subscription_status: string; periodEnd: 'future' | 'past' | null }
> = {
  active: { approved: true, subscription_status: 'active', periodEnd: 'future' },
  pending_approval: { approved: false, subscription_status: 'active', periodEnd: 'future' },
  unsubscribed: { approved: true, subscription_status: 'none', periodEnd: null },
  payment_pending: { approved: true, subscription_status: 'payment_pending', periodEnd: null },
  inactive: { approved: true, subscription_status: 'inactive', periodEnd: 'past' },
  cancelled_in_period: { approved: true, subscription_status: 'cancelled', periodEnd: 'future' },
  cancelled_expired: { approved: true, subscription_status: 'cancelled', periodEnd: 'past' },
};

/**
 * Factory: a funder in a given standing. The paths that lead there (subscribing, admin approval)
 * are the subscriptions module's tests; here the columns are set directly.
 */
export async function createFunder(
  t: TestApp,
  standing: FunderStanding = 'active',
  options: { profile?: Partial<Profile>; name?: string } = {},
): Promise<TestUser> {
  const s = standings[standing];
  const funder = await createUser(t.app, {
    role: 'funder',
    approved: s.approved,
    profile: { ...funderProfile, ...options.profile },
    name: options.name ?? 'Fiona Funder',
  });
  await t.database.db
    .updateTable('user')
    .set({
      subscription_status: s.subscription_status as 'active',
      subscription_period_end:
        s.periodEnd === 'future'
          ? sql`now() + interval '20 days'`
          : s.periodEnd === 'past'
            ? sql`now() - interval '1 day'`
            : null,
      cancel_at_period_end: s.subscription_status === 'cancelled',
    })
    .where('id', '=', funder.id)
    .execute();
  return funder;
}

/**
 * Factory: a project made through the API by `owner`, put straight into a listing state (published
 * by default) and dated `daysAgo` days back, so the newest-first order is known.
 */
export async function listedProject(
  t: TestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
  options: { daysAgo?: number; state?: ListingStateName } = {},
) {
  const project = await projectIn(t.app, owner, options.state ?? 'published', overrides);
  if (options.daysAgo !== undefined) {
    await t.database.db
      .updateTable('project')
      .set({ created_at: sql`now() - make_interval(days => ${options.daysAgo})` })
      .where('id', '=', project.id)
      .execute();
  }
  return project as typeof project & { id: string; title: string };
}

/** The financial fields of a listing with a given loan, cost and profit that pass the wizard's rules. */
export const financials = (loan: number, profit: number | null, cost = loan * 1.5) => ({
  loan_amount: loan,
  total_project_cost: cost,
  equity_contribution: Math.round(cost * 0.3),
  expected_profit: profit,
});

/** The name a test funder types to sign the confidentiality undertaking (decision 033). */
export const SIGNATORY = 'Terry Signatory';
/** The signed undertaking every request carries. */
export const signedUndertaking = { accepted: true, full_name: SIGNATORY } as const;

export const requestAccess = (
  app: FastifyInstance,
  funder: TestUser | null,
  projectId: string,
  initialMessage?: string | null,
) =>
  as(app, funder, {
    method: 'POST',
    url: '/api/access-requests',
    payload: {
      project_id: projectId,
      ...(initialMessage === undefined ? {} : { initial_message: initialMessage }),
      undertaking: signedUndertaking,
    },
  });

/** Requests access and expects it to be created; answers the new request. */
export async function requestAccessOk(app: FastifyInstance, funder: TestUser, projectId: string) {
  const res = await requestAccess(app, funder, projectId);
  if (res.statusCode !== 201) throw new Error(`access request failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string } & Record<string, unknown>;
}

export const decide = (
  app: FastifyInstance,
  user: TestUser | null,
  accessRequestId: string,
  decision: 'approve' | 'decline',
) => as(app, user, { method: 'PUT', url: `/api/access-requests/${accessRequestId}/${decision}` });

/** GET /api/projects with a query string built from `query`. */
export const market = (
  app: FastifyInstance,
  user: TestUser | null,
  query: Record<string, string | number | undefined> = {},
) =>
  as(app, user, {
    method: 'GET',
    url: `/api/projects?${new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): [string, string][] =>
        v === undefined ? [] : [[k, String(v)]],
      ),
    )}`,
  });

/** The keys a funder without access may see of a listing: the preview fields and their own access. */
export const previewKeys = [
  'access_request_id',
  'access_status',
  'created_at',
  'deal_id',
  'development_stage',
  'id',
  'loan_amount',
  'project_size_sqm',
  'property_type',
  'state',
  'suburb',
];

/**
 * A write that bypasses this process's change tracker, as another server or psql would make it
 * (`$1`… placeholders; on PGlite the values are inlined as quoted literals).
 */
export async function writeBehindTheBack(t: TestApp, text: string, values: unknown[] = []) {
  if (t.database.pool) await t.database.pool.query(text, values);
  else await sql.raw(text.replace(/\$(\d+)/g, (_, n) => `'${values[Number(n) - 1]}'`)).execute(t.database.db);
}
