import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginRequestTransaction } from '../src/db/database';
import { runInRequestTransaction } from '../src/db/request-transaction';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { whileAnswersAreRefused } from './support/idempotency';
import { createConversation } from './support/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const messagesIn = async (accessRequestId: string) =>
  (
    await t.database.db
      .selectFrom('message')
      .select('message')
      .where('access_request_id', '=', accessRequestId)
      .orderBy('sent_at')
      .execute()
  ).map((row) => row.message);

const send = (user: TestUser, accessRequestId: string, message: unknown, key?: string) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/access-requests/${accessRequestId}/messages`,
    payload: { message },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key: a retry gets the first answer', () => {
  it('replays status and body with Idempotent-Replayed: true, and acts once', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    const first = await send(funder, accessRequestId, 'Once only', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await send(funder, accessRequestId, 'Once only', key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await messagesIn(accessRequestId)).toEqual(['Once only']);
  });
});

describe('Idempotency-Key: what counts as the same request', () => {
  it('the same key with another body or path is 422 and acts not at all', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const other = await createConversation(t.app, { funder });
    const key = randomUUID();
    expect((await send(funder, accessRequestId, 'First', key)).statusCode).toBe(201);
    const otherBody = await send(funder, accessRequestId, 'Second', key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPath = await send(funder, other.accessRequestId, 'First', key);
    expect(otherPath.statusCode).toBe(422);
    expect(await messagesIn(accessRequestId)).toEqual(['First']);
    expect(await messagesIn(other.accessRequestId)).toEqual([]);
  });

  it('keys are per caller: another user with the same key acts on their own', async () => {
    const { funder, developer, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    expect((await send(funder, accessRequestId, 'From the funder', key)).statusCode).toBe(201);
    const theirs = await send(developer, accessRequestId, 'From the developer', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await messagesIn(accessRequestId)).sort()).toEqual(['From the developer', 'From the funder']);
  });

  it('an error answer from the handler is stored and replayed too', async () => {
    const { funder } = await createConversation(t.app);
    const key = randomUUID();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const first = await send(funder, unknown, 'Hello', key);
    expect(first.statusCode).toBe(404);
    const again = await send(funder, unknown, 'Hello', key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('a request refused by validation stores nothing: the same key then acts', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    const invalid = await send(funder, accessRequestId, 42, key);
    expect(invalid.statusCode).toBe(400);
    const valid = await send(funder, accessRequestId, 'Now valid', key);
    expect(valid.statusCode).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
    const refusedByGuard = await as(t.app, null, {
      method: 'POST',
      url: `/api/access-requests/${accessRequestId}/messages`,
      payload: { message: 'Anonymous' },
      headers: { 'idempotency-key': key },
    });
    expect(refusedByGuard.statusCode).toBe(401);
    expect(
      await t.database.db.selectFrom('idempotency_key').select('key').where('key', '=', key).execute(),
    ).toHaveLength(1);
  });

  it('a key must be 1 to 255 characters', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const long = await send(funder, accessRequestId, 'Too long a key', 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('Idempotency-Key must be 1 to 255 characters');
    expect((await send(funder, accessRequestId, 'Longest key', 'k'.repeat(255))).statusCode).toBe(201);
    expect(await messagesIn(accessRequestId)).toEqual(['Longest key']);
  });

  it('GET requests and requests without a key are untouched', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    expect((await send(funder, accessRequestId, 'No key')).statusCode).toBe(201);
    expect((await send(funder, accessRequestId, 'No key')).statusCode).toBe(201);
    const read = await as(t.app, funder, {
      method: 'GET',
      url: `/api/access-requests/${accessRequestId}/messages`,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesIn(accessRequestId)).toEqual(['No key', 'No key']);
  });
});

describe('Idempotency-Key: concurrency, atomicity and expiry', () => {
  it('two requests with the same key at once act once; the other waits its turn or is told the first still runs', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(funder, accessRequestId, 'Racing', key)),
    );
    expect(await messagesIn(accessRequestId)).toEqual(['Racing']);
    const acted = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(acted).toHaveLength(1);
    for (const answer of answers) {
      if (answer === acted[0]) continue;
      if (answer.statusCode === 409) expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else {
        expect(answer.statusCode).toBe(201);
        expect(answer.headers['idempotent-replayed']).toBe('true');
        expect(answer.json()).toEqual(acted[0]!.json());
      }
    }
  });

  it('while the first request with a key still runs, a second is 409 (PostgreSQL) or waits and replays (PGlite, one connection)', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    // Hold the key as a running request would: its lock, in an open request transaction.
    const running = beginRequestTransaction(t.database.db);
    await runInRequestTransaction(running, () =>
      sql`select pg_try_advisory_xact_lock(hashtext(${`user:${funder.id}`}), hashtext(${key}))`.execute(
        t.database.db,
      ),
    );
    const second = send(funder, accessRequestId, 'Second', key);
    if (t.database.driver === 'postgres') {
      const answer = await second;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      await running.rollback();
      expect(await messagesIn(accessRequestId)).toEqual([]);
    } else {
      let settled = false;
      void second.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await running.rollback();
      expect((await second).statusCode).toBe(201);
      expect(await messagesIn(accessRequestId)).toEqual(['Second']);
    }
  });

  it('the effect and the stored answer commit together: if the answer cannot be stored, the effect is gone too (500), and the retry acts once', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    await whileAnswersAreRefused(t.database.db, async () => {
      const failed = await send(funder, accessRequestId, 'All or nothing', key);
      expect(failed.statusCode).toBe(500);
      expect(await messagesIn(accessRequestId)).toEqual([]);
      // Without a key nothing changes: the request commits on its own.
      expect((await send(funder, accessRequestId, 'Unkeyed')).statusCode).toBe(201);
    });
    const retried = await send(funder, accessRequestId, 'All or nothing', key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesIn(accessRequestId)).toEqual(['Unkeyed', 'All or nothing']);
  });

  it('keys expire after 24 hours: an expired key acts again, and the cleanup deletes it', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    const key = randomUUID();
    expect((await send(funder, accessRequestId, 'Day one', key)).statusCode).toBe(201);
    const stored = await t.database.db
      .selectFrom('idempotency_key')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('lifetime'))
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored.lifetime).toBe(24 * 60 * 60);
    await t.database.db
      .updateTable('idempotency_key')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('key', '=', key)
      .execute();
    const nextDay = await send(funder, accessRequestId, 'Day one', key);
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesIn(accessRequestId)).toEqual(['Day one', 'Day one']);
    const other = randomUUID();
    expect((await send(funder, accessRequestId, 'Later', other)).statusCode).toBe(201);
    const deleted = await t.app.idempotencyCleanup.runOnce(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await t.database.db
      .selectFrom('idempotency_key')
      .select('key')
      .where('key', 'in', [key, other])
      .execute();
    expect(left).toEqual([]);
  });
});

describe('Idempotency-Key in the OpenAPI document', () => {
  it('is an optional header of every operation that takes it, and of no other', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const headerOf = (path: string, method: string) =>
      (document.paths[path][method].parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    expect(headerOf('/api/access-requests/{id}/messages', 'post')).toMatchObject({
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
    expect(headerOf('/api/access-requests/{id}/messages', 'get')).toBeUndefined();
    expect(headerOf('/api/payments/webhook', 'post')).toBeUndefined();
    expect(headerOf('/api/ai-chat/sessions/{id}/messages/stream', 'post')).toBeUndefined();
    const unsafe = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ path, method })),
    );
    const withoutHeader = unsafe.filter(({ path, method }) => !headerOf(path, method)).map((o) => o.path);
    // Better Auth's endpoints take no key: signing up twice is refused by the address, the rest
    // are safe to repeat.
    expect(withoutHeader.sort()).toEqual([
      '/api/ai-chat/sessions/{id}/messages/stream',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/sign-up/email',
      '/api/payments/webhook',
    ]);
  });
});
