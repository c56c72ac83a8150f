import type { FastifyInstance } from 'fastify';
import { as, createProject, type TestApp, type TestUser } from '../helpers';

/**
 * A draft whose documents are complete. Uploads are the documents module's work, so the flag is set
 * directly in the database, as the server would once every required type is uploaded.
 */
export async function createPayableProject(
  t: TestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const project = await createProject(t.app, owner, overrides);
  await t.database.db
    .updateTable('project')
    .set({ documents_complete: true })
    .where('id', '=', project.id)
    .execute();
  return project;
}

export interface StartedPayment {
  status: 'requires_confirmation';
  provider: 'sandbox' | 'stripe';
  payment_intent_id: string;
  client_secret: string;
  amount_cents: number;
  currency: 'AUD';
  publishable_key: string | null;
}

export const startPayment = (app: FastifyInstance, user: TestUser | null, projectId: string) =>
  as(app, user, {
    method: 'POST',
    url: '/api/payments/create-project-payment',
    payload: { project_id: projectId },
  });

/** Starts a payment and expects an intent to confirm. */
export async function startIntent(app: FastifyInstance, owner: TestUser, projectId: string) {
  const res = await startPayment(app, owner, projectId);
  if (res.statusCode !== 200) throw new Error(`create-project-payment: ${res.statusCode} ${res.body}`);
  return res.json() as StartedPayment;
}

export const confirmWith = (
  app: FastifyInstance,
  user: TestUser,
  intent: Pick<StartedPayment, 'payment_intent_id' | 'client_secret'>,
  card: { card_number?: string; payment_method?: string },
) =>
  as(app, user, {
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret, ...card },
  });

export const authenticate = (
  app: FastifyInstance,
  user: TestUser,
  intent: Pick<StartedPayment, 'payment_intent_id' | 'client_secret'>,
  approve: boolean,
) =>
  as(app, user, {
    method: 'POST',
    url: '/api/payments/sandbox/authenticate',
    payload: { payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret, approve },
  });

/** The project row as stored, for state assertions. */
export const projectRow = (t: TestApp, id: string) =>
  t.database.db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const paymentRows = (t: TestApp, projectId: string) =>
  t.database.db
    .selectFrom('payment')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .execute();

export const auditActions = async (t: TestApp, projectId: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', projectId)
      .orderBy('id')
      .execute()
  ).map((a) => a.action);

export const notificationsOf = (t: TestApp, userId: string) =>
  t.database.db.selectFrom('notification').selectAll().where('user_id', '=', userId).execute();

/** E-mails queued in the outbox to `email`. */
export async function outboxTo(t: TestApp, email: string) {
  const rows = await t.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'email')
    .execute();
  return rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, string>)
    .filter((m) => m.to === email);
}
