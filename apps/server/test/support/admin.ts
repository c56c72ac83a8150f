import type { ListingState } from '@plinth/domain/listing';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database';
import { as, createProject, type TestUser } from '../helpers';

/** Listing states by the names the admin table and the tests use. */
export const listingStates = {
  draft: { payment_status: 'unpaid', visible: false, submission_status: null, payment_not_received: false },
  pending: {
    payment_status: 'payment_pending',
    visible: false,
    submission_status: 'submitted',
    payment_not_received: false,
  },
  published: {
    payment_status: 'paid',
    visible: true,
    submission_status: 'submitted',
    payment_not_received: false,
  },
  rejected: {
    payment_status: 'paid',
    visible: false,
    submission_status: 'rejected',
    payment_not_received: false,
  },
  paid_unpublished: {
    payment_status: 'paid',
    visible: false,
    submission_status: 'submitted',
    payment_not_received: false,
  },
} satisfies Record<string, ListingState>;
export type ListingStateName = keyof typeof listingStates;

/**
 * Factory: a project made through the API by `owner`, then put straight into a listing state
 * (the paths that lead there are other tests' business).
 */
export async function projectIn(
  app: FastifyInstance,
  owner: TestUser,
  state: ListingStateName,
  overrides: Record<string, unknown> = {},
) {
  const project = await createProject(app, owner, overrides);
  await app.deps.db
    .updateTable('project')
    .set({ ...listingStates[state], stripe_payment_intent_id: state === 'draft' ? null : `pi_${project.id}` })
    .where('id', '=', project.id)
    .execute();
  return project;
}

export async function insertPayment(
  db: Db,
  values: {
    userId: string | null;
    projectId?: string | null;
    status: 'pending' | 'completed' | 'failed' | 'refunded';
    amountCents?: number;
    type?: 'project_listing' | 'subscription';
    createdAt?: Date;
  },
) {
  const row = await db
    .insertInto('payment')
    .values({
      user_id: values.userId,
      project_id: values.projectId ?? null,
      type: values.type ?? 'project_listing',
      amount_cents: values.amountCents ?? 49_900,
      status: values.status,
      provider: 'sandbox',
      provider_reference: `pi_test_${Math.random().toString(36).slice(2)}`,
      ...(values.createdAt ? { created_at: values.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const projectRow = (db: Db, id: string) =>
  db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();

export const auditFor = (db: Db, targetId: string) =>
  db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute();

export const notificationsOf = (db: Db, userId: string) =>
  db.selectFrom('notification').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** The e-mails queued in the outbox for one address. */
export const emailsTo = async (db: Db, email: string) => {
  const rows = await db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute();
  return rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as QueuedEmail)
    .filter((p) => p.to === email);
};

/** An admin call through the real HTTP stack. */
export const adminCall = (
  app: FastifyInstance,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => as(app, user, { method, url: `/api/admin${url}`, ...(payload ? { payload } : {}) });
