import { randomUUID } from 'node:crypto';
import { LIVE_EVENTS_RETRY_MS } from '@plinth/domain/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { publishLiveEvent } from '../src/modules/events/events.service';
import { notify } from '../src/modules/notifications/notifications.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { buildAppsSharingOneSchema, listenOnFreePort, openEventStream } from './support/events';
import { createConversation, postMessage } from './support/messages';

let t: TestApp;
let baseUrl: string;
let outsider: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listenOnFreePort(t.app);
  outsider = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  it('without a session answers 401 JSON, not a stream', async () => {
    const res = await as(t.app, null, { method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('opens an event stream with a retry hint and the security headers', async () => {
    const stream = await openEventStream(baseUrl, outsider);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toContain('no-cache');
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => stream.raw).toContain(`retry: ${LIVE_EVENTS_RETRY_MS}\n`);
    } finally {
      stream.close();
    }
  });

  it('a posted message reaches the other party live: a message event, then its notification', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    const developerStream = await openEventStream(baseUrl, developer);
    const outsiderStream = await openEventStream(baseUrl, outsider);
    try {
      const res = await postMessage(t.app, funder, accessRequestId, 'Is the DA for all twelve units?');
      expect(res.statusCode).toBe(201);
      const messageId = res.json().id;
      expect(await developerStream.next((e) => e.type === 'message')).toEqual({
        type: 'message',
        access_request_id: accessRequestId,
        message_id: messageId,
      });
      const notification = await developerStream.next((e) => e.type === 'notification');
      const stored = await t.database.db
        .selectFrom('notification')
        .select(['id', 'type'])
        .where('user_id', '=', developer.id)
        .execute();
      expect(stored).toEqual([
        { id: (notification as { notification_id: string }).notification_id, type: 'message' },
      ]);

      // Someone who is not a party hears nothing of it: the first event they get is their own.
      await t.app.deps.db
        .transaction()
        .execute((trx) =>
          notify(trx, { userId: outsider.id, type: 'system', relatedId: null, message: 'Just for you' }),
        );
      expect(await outsiderStream.next()).toMatchObject({ type: 'notification' });
    } finally {
      developerStream.close();
      outsiderStream.close();
    }
  });

  it('every open stream of a user gets the event (two tabs)', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const [tabA, tabB] = await Promise.all([openEventStream(baseUrl, user), openEventStream(baseUrl, user)]);
    try {
      await publishLiveEvent(t.app.deps.db, [user.id], { type: 'notification', notification_id: 'n-1' });
      expect(await tabA.next()).toEqual({ type: 'notification', notification_id: 'n-1' });
      expect(await tabB.next()).toEqual({ type: 'notification', notification_id: 'n-1' });
    } finally {
      tabA.close();
      tabB.close();
    }
  });

  it('an event published in a transaction that rolls back is never delivered', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const stream = await openEventStream(baseUrl, user);
    try {
      await expect(
        t.app.deps.db.transaction().execute(async (trx) => {
          await publishLiveEvent(trx, [user.id], { type: 'notification', notification_id: 'rolled-back' });
          throw new Error('change refused');
        }),
      ).rejects.toThrow('change refused');
      await t.app.deps.db
        .transaction()
        .execute((trx) =>
          publishLiveEvent(trx, [user.id], { type: 'notification', notification_id: 'committed' }),
        );
      expect(await stream.next()).toEqual({ type: 'notification', notification_id: 'committed' });
    } finally {
      stream.close();
    }
  });

  it('a client that disconnects is dropped; events for them afterwards are harmless and a new stream works', async () => {
    const user = await createUser(t.app, { role: 'funder', approved: true });
    const first = await openEventStream(baseUrl, user);
    first.close();
    await first.ended;
    await publishLiveEvent(t.app.deps.db, [user.id], {
      type: 'notification',
      notification_id: 'nobody-listening',
    });
    const second = await openEventStream(baseUrl, user);
    try {
      await publishLiveEvent(t.app.deps.db, [user.id], { type: 'notification', notification_id: 'back' });
      expect(await second.next()).toEqual({ type: 'notification', notification_id: 'back' });
    } finally {
      second.close();
    }
  });

  it('server shutdown ends open streams instead of waiting for them', async () => {
    const own = await buildTestApp();
    try {
      const url = await listenOnFreePort(own.app);
      const user = await createUser(own.app, { role: 'borrower' });
      const stream = await openEventStream(url, user);
      await expect.poll(() => stream.raw).toContain('retry:');
      const started = Date.now();
      await own.app.close();
      // Ended either cleanly or by the socket closing under it: both free the client; the
      // point is that shutdown does not wait for the stream.
      await stream.ended.catch(() => undefined);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await own.close();
    }
  });
});

// Two server processes on one PostgreSQL: a message posted through one reaches an event stream
// held by the other, through LISTEN/NOTIFY. It needs a real PostgreSQL server, so it is defined
// only in the PostgreSQL run (PLINTH_TEST_DB=postgres) — the PGlite run does not report it at all
// rather than skipping it: one embedded database cannot be shared by two processes.
const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('live events across server processes (PostgreSQL)', () => {
    it('a message posted through app A arrives on the stream held by app B within 2 s', async () => {
      const { apps, close } = await buildAppsSharingOneSchema(postgresUrl, 2);
      try {
        const [appA, appB] = apps as [typeof t.app, typeof t.app];
        const urlB = await listenOnFreePort(appB);
        await listenOnFreePort(appA);
        // Users and sessions live in the shared schema: a cookie from A is good on B.
        const { developer, funder, accessRequestId } = await createConversation(appA);
        const stream = await openEventStream(urlB, developer);
        try {
          const started = Date.now();
          const res = await postMessage(appA, funder, accessRequestId, 'Sent through A, read through B');
          expect(res.statusCode).toBe(201);
          expect(await stream.next((e) => e.type === 'message', 2000)).toEqual({
            type: 'message',
            access_request_id: accessRequestId,
            message_id: res.json().id,
          });
          expect(Date.now() - started).toBeLessThan(2000);
          const thread = await as(appB, developer, {
            method: 'GET',
            url: `/api/access-requests/${accessRequestId}/messages`,
          });
          expect(thread.json().items.map((m: { message: string }) => m.message)).toEqual([
            'Sent through A, read through B',
          ]);
        } finally {
          stream.close();
        }
      } finally {
        await close();
      }
    });

    it('the LISTEN connection comes back after PostgreSQL drops it, and hears what is sent afterwards', async () => {
      const database = await openDatabase({ kind: 'postgres', url: postgresUrl });
      const channel = `test_reconnect_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const received: string[] = [];
      const errors: unknown[] = [];
      let reconnects = 0;
      const unlisten = await database.listen(channel, (payload) => received.push(payload), {
        onError: (error) => errors.push(error),
        onReconnect: () => reconnects++,
      });
      try {
        const listener = await sql<{ pid: number }>`
          select pid from pg_stat_activity where query = ${`listen ${channel}`}
        `.execute(database.db);
        expect(listener.rows).toHaveLength(1);
        await sql`select pg_terminate_backend(${listener.rows[0]!.pid})`.execute(database.db);
        await expect.poll(() => reconnects, { timeout: 5000 }).toBe(1);
        expect(errors.length).toBeGreaterThanOrEqual(1);
        await sql`select pg_notify(${channel}, 'after the reconnect')`.execute(database.db);
        await expect.poll(() => received).toEqual(['after the reconnect']);
      } finally {
        await unlisten();
        await database.close();
      }
    });
  });
}
