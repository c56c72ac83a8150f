import { randomUUID } from 'node:crypto';
import { accessMessages } from '@plinth/domain/access';
import { adminPeopleMessages } from '@plinth/domain/admin';
import { paymentMessages } from '@plinth/domain/payments';
import { proposalMessages } from '@plinth/domain/proposals';
import { subscriptionMessages } from '@plinth/domain/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo, notificationsOf } from './support/admin';
import { createDealRoom, quoteBody } from './support/deal-room';
import { multipartBody, samples, uploadedFiles } from './support/documents';
import { whileAnswersAreRefused } from './support/idempotency';
import { createFunder, listedProject, signedUndertaking } from './support/marketplace';
import { createConversation } from './support/messages';
import { createPayableProject, startIntent } from './support/payments';
import { funderIn, NEEDS_AUTH, subscribe, subscriptionPayments, userRow } from './support/subscriptions';

// One test per kind of write (issue 20 item 1; decision 037): the same request sent twice under one
// Idempotency-Key acts once and the retry gets the first answer replayed; the same request under a
// new key is a new request, which acts again or is refused by the domain's own duplicate rule.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(() => t.close());

const db = () => t.database.db;
type Answer = Awaited<ReturnType<typeof as>>;

/** A JSON POST as `user` under `key`. */
const post = (user: TestUser, url: string, key: string, payload: Record<string, unknown>) =>
  as(t.app, user, { method: 'POST', url, headers: { 'idempotency-key': key }, payload });

/**
 * Sends a request twice under one new key: the second answer must be the first one replayed, the
 * same status, content type and bytes, marked Idempotent-Replayed. Answers the first.
 */
async function sendTwice(send: (key: string) => Promise<Answer>): Promise<Answer> {
  const key = randomUUID();
  const first = await send(key);
  const retry = await send(key);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.statusCode).toBe(first.statusCode);
  expect(retry.headers['content-type']).toBe(first.headers['content-type']);
  expect(retry.body).toBe(first.body);
  return first;
}

/** The same request under a key never used: a new request, not a replay. */
async function sendAnew(send: (key: string) => Promise<Answer>): Promise<Answer> {
  const res = await send(randomUUID());
  expect(res.headers['idempotent-replayed']).toBeUndefined();
  return res;
}

const actionsOn = async (targetId: string) => (await auditFor(db(), targetId)).map((a) => a.action);
const typesOf = async (userId: string) => (await notificationsOf(db(), userId)).map((n) => n.type);

describe('Idempotency-Key on each kind of write', () => {
  it('a quote: the retry is the first 201 and one proposal exists; a new key meets the one-pending-quote rule (409)', async () => {
    const room = await createDealRoom(t);
    const url = `/api/deals/${room.dealId}/proposals`;
    const send = (key: string) => post(room.funder, url, key, quoteBody());
    const proposals = () =>
      db().selectFrom('proposal').select(['id', 'status']).where('deal_id', '=', room.dealId).execute();

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({ deal_id: room.dealId, status: 'pending', loan_amount: 2_400_000 });
    expect(await proposals()).toEqual([{ id: created.id, status: 'pending' }]);
    expect(await actionsOn(created.id)).toEqual(['proposal.submitted']);
    expect((await typesOf(room.developer.id)).filter((type) => type === 'proposal_received')).toHaveLength(1);
    const quoteMails = async () =>
      (await emailsTo(db(), room.developer.email)).filter((m) => m.subject.includes('quote'));
    expect(await quoteMails()).toHaveLength(1);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(409);
    expect(anew.json()).toMatchObject({ code: 'CONFLICT', error: proposalMessages.pendingExists });
    expect(await proposals()).toEqual([{ id: created.id, status: 'pending' }]);
    expect(await quoteMails()).toHaveLength(1);
  });

  it('an access request: the retry is the first 201 with one request, one signed undertaking and one audit entry; a new key is 409', async () => {
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Dana Developer',
    });
    const project = await listedProject(t, developer, { title: 'Keyed Terraces' });
    const funder = await createFunder(t, 'active', { name: 'Kim Keyed' });
    const body = { project_id: project.id, initial_message: 'We lend here.', undertaking: signedUndertaking };
    const send = (key: string) => post(funder, '/api/access-requests', key, body);
    const requests = () =>
      db()
        .selectFrom('access_request')
        .select(['id', 'status'])
        .where('project_id', '=', project.id)
        .where('funder_id', '=', funder.id)
        .execute();
    const undertakings = () =>
      db().selectFrom('undertaking_acceptance').select('id').where('funder_id', '=', funder.id).execute();

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({ status: 'pending', initial_message: 'We lend here.' });
    expect(await requests()).toEqual([{ id: created.id, status: 'pending' }]);
    expect(await undertakings()).toHaveLength(1);
    expect(await actionsOn(created.id)).toEqual(['access_request.created']);
    expect(await typesOf(developer.id)).toEqual(['access_request']);
    expect(await emailsTo(db(), developer.email)).toHaveLength(1);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(409);
    expect(anew.json()).toMatchObject({ code: 'CONFLICT', error: accessMessages.alreadyRequested });
    expect(await requests()).toHaveLength(1);
    expect(await undertakings()).toHaveLength(1);
  });

  it('a message: the retry is the first 201 and one message row exists; a new key posts the same text again', async () => {
    const { funder, developer, accessRequestId } = await createConversation(t.app);
    const url = `/api/access-requests/${accessRequestId}/messages`;
    const send = (key: string) => post(funder, url, key, { message: 'Can we see the QS report?' });
    const messages = () =>
      db()
        .selectFrom('message')
        .select(['id', 'message'])
        .where('access_request_id', '=', accessRequestId)
        .orderBy('sent_at')
        .orderBy('id')
        .execute();

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({ message: 'Can we see the QS report?' });
    expect(await messages()).toEqual([{ id: created.id, message: 'Can we see the QS report?' }]);
    expect((await typesOf(developer.id)).filter((type) => type === 'message')).toHaveLength(1);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(201);
    expect(anew.json().id).not.toBe(created.id);
    expect((await messages()).map((m) => m.message)).toEqual([
      'Can we see the QS report?',
      'Can we see the QS report?',
    ]);
  });

  it('a document upload: the retried multipart body is the first 200, one row, one stored file, one audit entry; a new key replaces it; a re-encoded retry is replayed', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olivia Owner' });
    const project = await createProject(t.app, owner);
    const pdf = samples.pdf();
    /** The upload encoded as a multipart body, with a boundary of its own, read whole. */
    const encode = async () => {
      const multipart = multipartBody([{ name: 'Feasibility.pdf', content: pdf }], {
        documentTypes: JSON.stringify(['feasibility_study']),
      });
      return { headers: multipart.headers, bytes: Buffer.concat(await multipart.payload.toArray()) };
    };
    const upload = (body: Awaited<ReturnType<typeof encode>>, key: string) =>
      as(t.app, owner, {
        method: 'POST',
        url: `/api/projects/${project.id}/documents`,
        headers: { ...body.headers, 'idempotency-key': key },
        payload: body.bytes,
      });
    // One body, its bytes kept, so the retry re-sends exactly what the first request sent.
    const body = await encode();
    const send = (key: string) => upload(body, key);
    const documents = () =>
      db()
        .selectFrom('project_document')
        .select(['id', 'storage_key'])
        .where('project_id', '=', project.id)
        .execute();
    const dataDir = t.app.deps.config.DATA_DIR;
    const filesBefore = uploadedFiles(dataDir);
    /** The stored files: those from before this test and `keys`, and nothing else. */
    const expectStoredFiles = (...keys: string[]) =>
      expect(uploadedFiles(dataDir).sort()).toEqual([...filesBefore, ...keys].sort());
    const uploadAudits = async () =>
      (await actionsOn(project.id)).filter((action) => action === 'document.uploaded');

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(200);
    const [uploaded] = first.json().uploaded;
    expect(uploaded).toMatchObject({ document_type: 'feasibility_study', file_name: 'Feasibility.pdf' });
    const rows = await documents();
    expect(rows.map((r) => r.id)).toEqual([uploaded.id]);
    expectStoredFiles(rows[0]!.storage_key);
    expect(await uploadAudits()).toHaveLength(1);

    // Uploading a type that has a document replaces it: a new row and file, the old ones gone.
    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(200);
    const replaced = await documents();
    expect(replaced.map((r) => r.id)).toEqual([anew.json().uploaded[0].id]);
    expect(replaced[0]!.id).not.toBe(uploaded.id);
    expectStoredFiles(replaced[0]!.storage_key);
    expect(await uploadAudits()).toHaveLength(2);

    // A browser's retry encodes the same files under a new boundary: the same content, so the same
    // request (decision 046), and it is replayed too.
    const key = randomUUID();
    const browserFirst = await upload(await encode(), key);
    const browserRetry = await upload(await encode(), key);
    expect(browserRetry.headers['idempotent-replayed']).toBe('true');
    expect(browserRetry.statusCode).toBe(200);
    expect(browserRetry.body).toBe(browserFirst.body);
    const kept = await documents();
    expect(kept.map((r) => r.id)).toEqual([browserFirst.json().uploaded[0].id]);
    expectStoredFiles(kept[0]!.storage_key);
    expect(await uploadAudits()).toHaveLength(3);
  });

  it('a keyed upload that replaces a document but cannot store its answer leaves the old row and file, and no new file', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Rory Rollback' });
    const project = await createProject(t.app, owner);
    const upload = (key?: string) => {
      const multipart = multipartBody([{ name: 'Feasibility.pdf', content: samples.pdf() }], {
        documentTypes: JSON.stringify(['feasibility_study']),
      });
      return as(t.app, owner, {
        method: 'POST',
        url: `/api/projects/${project.id}/documents`,
        headers: { ...multipart.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: multipart.payload,
      });
    };
    const documents = () =>
      db()
        .selectFrom('project_document')
        .select(['id', 'storage_key'])
        .where('project_id', '=', project.id)
        .execute();
    const dataDir = t.app.deps.config.DATA_DIR;
    expect((await upload()).statusCode).toBe(200);
    const before = await documents();
    const filesBefore = uploadedFiles(dataDir).sort();
    expect(filesBefore).toContain(before[0]!.storage_key);
    // The answer cannot be stored: the request's transaction rolls back with its rows.
    await whileAnswersAreRefused(db(), async () => {
      expect((await upload(randomUUID())).statusCode).toBe(500);
    });
    // The replaced file is deleted only after a commit, and the new file goes with the rollback.
    expect(await documents()).toEqual(before);
    expect(uploadedFiles(dataDir).sort()).toEqual(filesBefore);
  });

  it('a listing payment confirmation: the retry is the first 200, one completed payment, one audit entry; a new key is 409', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    const body = {
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
      card_number: '4242 4242 4242 4242',
    };
    const send = (key: string) => post(owner, '/api/payments/sandbox/confirm', key, body);
    const payments = () =>
      db().selectFrom('payment').select('status').where('project_id', '=', project.id).execute();

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'succeeded', message: null });
    expect(await payments()).toEqual([{ status: 'completed' }]);
    expect(await actionsOn(project.id)).toEqual(['project.created', 'payment.succeeded']);
    expect((await notificationsOf(db(), owner.id)).filter((n) => n.related_id === project.id)).toHaveLength(
      1,
    );
    const receipts = async () =>
      (await emailsTo(db(), owner.email)).filter((m) => m.text.includes(intent.payment_intent_id));
    expect(await receipts()).toHaveLength(1);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(409);
    expect(anew.json().error).toBe(paymentMessages.alreadyProcessed);
    expect(await payments()).toEqual([{ status: 'completed' }]);
    expect(await actionsOn(project.id)).toEqual(['project.created', 'payment.succeeded']);
    expect(await receipts()).toHaveLength(1);
  });

  it('a subscription payment confirmation: the retry is the first 200, one completed payment, the state moved once; a new key is 409', async () => {
    const funder = await funderIn(t.app, 'none');
    const started = (await subscribe(t.app, funder, NEEDS_AUTH)).json();
    expect(started).toMatchObject({ status: 'requires_action' });
    const body = {
      subscription_id: started.subscription_id,
      client_secret: started.client_secret,
      approve: true,
    };
    const send = (key: string) => post(funder, '/api/payments/sandbox/confirm-subscription', key, body);
    const paymentStates = async () => (await subscriptionPayments(db(), funder.id)).map((p) => p.status);

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', subscription_status: 'payment_pending' });
    expect((await userRow(db(), funder.id)).subscription_status).toBe('payment_pending');
    expect(await paymentStates()).toEqual(['completed']);
    expect(await actionsOn(funder.id)).toEqual(['subscription.payment_succeeded']);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(409);
    expect(anew.json().error).toBe(subscriptionMessages.notAwaitingAuthentication);
    expect(await paymentStates()).toEqual(['completed']);
    expect(await actionsOn(funder.id)).toEqual(['subscription.payment_succeeded']);
  });

  it('an admin override (force-approve a funder): the retry is the first 200 and the override is audited once; a new key is 409', async () => {
    const funder = await funderIn(t.app, 'none', { approved: false });
    const reason = 'Known institutional lender; paid by invoice';
    const send = (key: string) =>
      post(admin, `/api/admin/force-approve-funder/${funder.id}`, key, { reason });

    const first = await sendTwice(send);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: adminPeopleMessages.funderForceApproved,
      user: { id: funder.id, approved: true, subscription_status: 'active' },
    });
    expect(await userRow(db(), funder.id)).toMatchObject({ approved: true, subscription_status: 'active' });
    const audit = await auditFor(db(), funder.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'funder.force_approved', reason, actor_id: admin.id });
    expect(await typesOf(funder.id)).toEqual(['account_approved']);
    expect(await emailsTo(db(), funder.email)).toHaveLength(1);

    const anew = await sendAnew(send);
    expect(anew.statusCode).toBe(409);
    expect(anew.json().code).toBe('CONFLICT');
    expect(await actionsOn(funder.id)).toEqual(['funder.force_approved']);
    expect(await emailsTo(db(), funder.email)).toHaveLength(1);
    // Entries written inside request transactions keep the hash chain whole.
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });
});
