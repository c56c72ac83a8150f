import {
  defaultNotificationPreferences,
  NOTIFICATIONS_FETCHES_PER_MINUTE,
  notificationMessages,
} from '@plinth/domain/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/notifications.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { emailsTo } from './support/admin';
import { setPreferences } from './support/messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

/** Factory: notifications written straight to the table, oldest first, a minute apart. */
async function insertNotifications(
  user: TestUser,
  rows: { type: string; relatedId?: string | null; message?: string; read?: boolean }[],
) {
  const start = Date.now() - rows.length * 60_000;
  const inserted = await t.database.db
    .insertInto('notification')
    .values(
      rows.map((row, i) => ({
        user_id: user.id,
        type: row.type,
        related_id: row.relatedId ?? null,
        message: row.message ?? `Notification ${i + 1}`,
        read: row.read ?? false,
        created_at: new Date(start + i * 60_000),
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

const list = (user: TestUser | null, query = '') =>
  as(t.app, user, { method: 'GET', url: `/api/notifications${query}` });

describe('GET /api/notifications', () => {
  it('answers the latest 10, newest first, with titles, targets, read as 1/0 and the unread count of all', async () => {
    const user = await createUser(t.app, { role: 'funder', approved: true });
    const filler = Array.from({ length: 8 }, () => ({ type: 'system' }));
    await insertNotifications(user, [
      { type: 'message', message: 'Oldest, beyond the 10' },
      { type: 'system', message: 'Also beyond the 10', read: true },
      ...filler,
      { type: 'project_approved', relatedId: 'p-1', read: true },
      { type: 'access_granted', relatedId: 'p-2', message: 'Newest' },
    ]);
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(10);
    expect(body.unread_count).toBe(10);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      type: 'access_granted',
      title: 'Access Granted',
      related_id: 'p-2',
      message: 'Newest',
      created_at: expect.any(String),
      read: false,
      target: '/projects/p-2',
    });
    expect(body.items[1]).toMatchObject({ type: 'project_approved', title: 'Project Approved', read: true });
    expect(body.items[2]).toMatchObject({ type: 'system', title: 'Message from Plinth', target: null });
    expect(body.items.map((n: { message: string }) => n.message)).not.toContain('Oldest, beyond the 10');
  });

  it("takes a limit of 1 to 100 and shows only the caller's own", async () => {
    const [user, other] = await Promise.all([
      createUser(t.app, { role: 'borrower' }),
      createUser(t.app, { role: 'borrower' }),
    ]);
    await insertNotifications(user, [
      { type: 'access_request' },
      { type: 'deal_engagement', relatedId: 'd-1' },
    ]);
    await insertNotifications(other, [{ type: 'system' }]);
    const one = await list(user, '?limit=1');
    expect(one.json().items).toEqual([
      expect.objectContaining({
        type: 'deal_engagement',
        title: 'New Deal Engagement',
        target: '/deals/d-1',
      }),
    ]);
    expect(one.json().unread_count).toBe(2);
    expect((await list(user, '?limit=0')).statusCode).toBe(400);
    expect((await list(user, '?limit=101')).statusCode).toBe(400);
    expect((await list(null)).statusCode).toBe(401);
  });

  it(`answers 429 'Too many requests' after ${NOTIFICATIONS_FETCHES_PER_MINUTE} fetches a minute, per person`, async () => {
    const [busy, calm] = await Promise.all([
      createUser(t.app, { role: 'borrower' }),
      createUser(t.app, { role: 'borrower' }),
    ]);
    for (let i = 0; i < NOTIFICATIONS_FETCHES_PER_MINUTE; i++) {
      const res = await list(busy, '?limit=1');
      if (res.statusCode !== 200) throw new Error(`fetch ${i + 1}: ${res.statusCode}`);
    }
    const limited = await list(busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: notificationMessages.tooManyRequests,
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await list(calm)).statusCode).toBe(200);
  });
});

describe('marking notifications read', () => {
  it("PUT /api/notifications/{id}/read marks the caller's own and answers the new unread count", async () => {
    const [user, other] = await Promise.all([
      createUser(t.app, { role: 'funder', approved: true }),
      createUser(t.app, { role: 'funder', approved: true }),
    ]);
    const [first] = await insertNotifications(user, [{ type: 'system' }, { type: 'system' }]);
    const [othersId] = await insertNotifications(other, [{ type: 'system' }]);
    const read = (who: TestUser | null, id: string) =>
      as(t.app, who, { method: 'PUT', url: `/api/notifications/${id}/read` });

    const res = await read(user, first!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread_count: 1 });
    // Reading it again is harmless.
    expect((await read(user, first!)).json()).toEqual({ updated: 1, unread_count: 1 });

    const foreign = await read(user, othersId!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(notificationMessages.notFound);
    expect((await read(user, unknownId)).statusCode).toBe(404);
    expect((await read(user, 'not-a-uuid')).statusCode).toBe(400);
    expect((await read(null, first!)).statusCode).toBe(401);
    expect((await list(other)).json().unread_count).toBe(1);
  });

  it("PUT /api/notifications/read-all marks every one of the caller's, and nobody else's", async () => {
    const [user, other] = await Promise.all([
      createUser(t.app, { role: 'borrower' }),
      createUser(t.app, { role: 'borrower' }),
    ]);
    await insertNotifications(user, [
      { type: 'system' },
      { type: 'system', read: true },
      { type: 'message' },
    ]);
    await insertNotifications(other, [{ type: 'system' }]);
    const res = await as(t.app, user, { method: 'PUT', url: '/api/notifications/read-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unread_count: 0 });
    const after = (await list(user)).json();
    expect(after.unread_count).toBe(0);
    expect(after.items.every((n: { read: boolean }) => n.read === true)).toBe(true);
    expect((await list(other)).json().unread_count).toBe(1);
    expect((await as(t.app, null, { method: 'PUT', url: '/api/notifications/read-all' })).statusCode).toBe(
      401,
    );
  });
});

describe('notification preferences', () => {
  const get = (user: TestUser | null) =>
    as(t.app, user, { method: 'GET', url: '/api/notifications/preferences' });

  it('are the defaults (all on but the newsletter) until saved', async () => {
    const user = await createUser(t.app, { role: 'funder', approved: true });
    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultNotificationPreferences);
    expect(res.json().email_newsletter).toBe(false);
    expect((await get(null)).statusCode).toBe(401);
  });

  it('PUT changes only the flags given, answers all of them, and keeps them per person', async () => {
    const [user, other] = await Promise.all([
      createUser(t.app, { role: 'borrower' }),
      createUser(t.app, { role: 'borrower' }),
    ]);
    const first = await setPreferences(t.app, user, { email_messages: false, email_newsletter: true });
    expect(first.statusCode).toBe(200);
    const expected = { ...defaultNotificationPreferences, email_messages: false, email_newsletter: true };
    expect(first.json()).toEqual(expected);
    const second = await setPreferences(t.app, user, { email_proposals: false });
    expect(second.json()).toEqual({ ...expected, email_proposals: false });
    expect((await setPreferences(t.app, user, {})).json()).toEqual({ ...expected, email_proposals: false });
    expect((await get(user)).json()).toEqual({ ...expected, email_proposals: false });
    expect((await get(other)).json()).toEqual(defaultNotificationPreferences);
  });

  it('PUT refuses unknown flags and values that are not booleans (400)', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const unknown = await as(t.app, user, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { email_everything: true },
    });
    expect(unknown.statusCode).toBe(400);
    const notBoolean = await as(t.app, user, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { email_messages: 'no' },
    });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().details[0].field).toBe('email_messages');
    expect((await get(user)).json()).toEqual(defaultNotificationPreferences);
  });
});

describe('notify', () => {
  it("queues the e-mail only when the recipient left that type's flag on; the notification is written either way", async () => {
    const [keen, opted] = await Promise.all([
      createUser(t.app, { role: 'funder', approved: true }),
      createUser(t.app, { role: 'funder', approved: true }),
    ]);
    await setPreferences(t.app, opted, { email_access_approved: false });
    for (const user of [keen, opted]) {
      await t.database.db.transaction().execute((trx) =>
        notify(trx, {
          userId: user.id,
          type: 'access_granted',
          relatedId: 'p-9',
          message: 'Access granted to Harbour View',
          email: { subject: 'Access granted', text: 'You can now see the full file.' },
        }),
      );
      expect((await list(user)).json().items).toEqual([
        expect.objectContaining({ type: 'access_granted', message: 'Access granted to Harbour View' }),
      ]);
    }
    // notify opens every e-mail with the recipient's name (issue 8).
    expect(await emailsTo(t.database.db, keen.email)).toEqual([
      {
        to: keen.email,
        subject: 'Access granted',
        text: 'Hello Test User,\n\nYou can now see the full file.',
      },
    ]);
    expect(await emailsTo(t.database.db, opted.email)).toEqual([]);
  });

  it('writes nothing when its transaction rolls back', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notify(trx, {
          userId: user.id,
          type: 'system',
          relatedId: null,
          message: 'Never seen',
          email: { subject: 'Never sent', text: '...' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(user)).json()).toEqual({ items: [], unread_count: 0 });
    expect(await emailsTo(t.database.db, user.email)).toEqual([]);
  });
});
