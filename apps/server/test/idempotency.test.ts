import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginRequestTransaction } from '../src/db/database';
import { runInRequestTransaction } from '../src/db/request-transaction';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createConversation, postMessage } from './support/messages';

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
