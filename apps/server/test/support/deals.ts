import type { FastifyInstance } from 'fastify';
import { as, createUser, type TestApp, type TestUser } from '../helpers';
import { createFunder } from './marketplace';
import { insertAccessRequest, insertPublishedProject } from './messages';

type AccessStatus = Parameters<typeof insertAccessRequest>[1]['status'];

export interface Granted {
  developer: TestUser;
  funder: TestUser;
  projectId: string;
  accessRequestId: string;
}

/**
 * Factory: a developer's published listing and an active funder (approved, subscribed) whose access
 * request on it is in `status` (approved by default: ready to Engage). Listing and access are other
 * tests' business, so the rows are written directly.
 */
export async function createGranted(
  t: TestApp,
  options: { developer?: TestUser; funder?: TestUser; status?: AccessStatus; title?: string } = {},
): Promise<Granted> {
  const developer =
    options.developer ??
    (await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }));
  const funder = options.funder ?? (await createFunder(t, 'active', { name: 'Frankie Funder' }));
  const projectId = await insertPublishedProject(t.database.db, developer.id, options.title);
  const accessRequestId = await insertAccessRequest(t.database.db, {
    funderId: funder.id,
    projectId,
    status: options.status ?? 'approved',
  });
  return { developer, funder, projectId, accessRequestId };
}

export const engage = (
  app: FastifyInstance,
  user: TestUser | null,
  body: { project_id: string; access_request_id: string } | Record<string, unknown>,
) => as(app, user, { method: 'POST', url: '/api/deals', payload: body });

export interface Engaged extends Granted {
  dealId: string;
}

/** Factory: `createGranted`, then Engage through the API; answers the new deal's id too. */
export async function createEngaged(
  t: TestApp,
  options: Parameters<typeof createGranted>[1] = {},
): Promise<Engaged> {
  const granted = await createGranted(t, options);
  const res = await engage(t.app, granted.funder, {
    project_id: granted.projectId,
    access_request_id: granted.accessRequestId,
  });
  if (res.statusCode !== 201) throw new Error(`engage failed: ${res.statusCode} ${res.body}`);
  return { ...granted, dealId: res.json().deal_id };
}

/**
 * An accepted quote, as the proposals module leaves it (the proposal accepted, the access request at
 * term sheet), written directly: quotes are that module's tests' business.
 */
export async function acceptQuoteDirectly(
  t: TestApp,
  deal: Engaged,
  loanAmount = 2_400_000,
): Promise<string> {
  const db = t.database.db;
  const row = await db
    .insertInto('proposal')
    .values({
      deal_id: deal.dealId,
      funder_id: deal.funder.id,
      loan_amount: loanAmount,
      interest_rate: 9.5,
      loan_term: 18,
      establishment_fee: 24_000,
      status: 'accepted',
      responded_at: new Date(),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('access_request')
    .set({ status: 'term_sheet' })
    .where('id', '=', deal.accessRequestId)
    .execute();
  return row.id;
}

export const completeDeal = (app: FastifyInstance, user: TestUser | null, dealId: string) =>
  as(app, user, { method: 'PUT', url: `/api/deals/${dealId}/complete` });

export const forceComplete = (app: FastifyInstance, user: TestUser | null, dealId: string, body: unknown) =>
  as(app, user, {
    method: 'POST',
    url: `/api/admin/force-complete-deal/${dealId}`,
    payload: body as Record<string, unknown>,
  });

export const getDeal = (app: FastifyInstance, user: TestUser | null, dealId: string) =>
  as(app, user, { method: 'GET', url: `/api/deals/${dealId}` });

/** Everyone who is not a party to a deal: a third funder (active), another developer, an admin. */
export async function createStrangers(t: TestApp) {
  const [funder, developer, admin] = await Promise.all([
    createFunder(t, 'active', { name: 'Third Funder' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Other Developer' }),
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
  ]);
  return { funder, developer, admin };
}
