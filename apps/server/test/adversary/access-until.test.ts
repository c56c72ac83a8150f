import { sydneyDate } from '@plinth/domain/proposals';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { auditFor, emailsTo, notificationsOf } from '../support/admin';
import { createGranted } from '../support/deals';

// Issue 29 finding 6, as an outsider would try it: a developer approving access with an 'Access
// until' day that is not a real day, is in the past, or is so far ahead it means 'for ever'.
// Each is 400 naming the field, and nothing is written: the request stays pending, no end is
// stored, nobody is told. Today (Australia/Sydney, the app's day) and three years ahead are fine.

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

/** Today in Sydney moved by a number of days or years, as YYYY-MM-DD (luxon keeps 29 Feb + 1 year on 28 Feb). */
const fromToday = (shift: { days?: number; years?: number }) =>
  DateTime.fromISO(sydneyDate(), { zone: 'UTC' }).plus(shift).toISODate()!;

const row = (id: string) =>
  t.database.db
    .selectFrom('access_request')
    .select(['status', 'access_until', 'approved_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function pendingRequest() {
  const granted = await createGranted(t, { developer, status: 'pending' });
  const email = (
    await t.database.db
      .selectFrom('user')
      .select('email')
      .where('id', '=', granted.funder.id)
      .executeTakeFirstOrThrow()
  ).email;
  return { ...granted, email };
}

const approve = (id: string, access_until: unknown) =>
  as(t.app, developer, {
    method: 'PUT',
    url: `/api/access-requests/${id}/approve`,
    payload: { access_until },
  });

describe("approve with an 'Access until' that cannot be right: 400 naming the field, nothing written", () => {
  const cases: [string, () => unknown, string][] = [
    ['30 February (would roll to 2 March)', () => '2027-02-30', 'Access until must be a real date'],
    ['month 13', () => '2026-13-01', 'Access until must be a real date'],
    ['31 April', () => '2027-04-31', 'Access until must be a real date'],
    ['29 February in a year without one', () => '2027-02-29', 'Access until must be a real date'],
    ['a date with a time', () => `${fromToday({ days: 5 })}T10:00:00Z`, 'Access until must be a real date'],
    ['words', () => 'next week', 'Access until must be a real date'],
    ['a number', () => 20270301, 'Access until must be a real date'],
    ['yesterday in Sydney', () => fromToday({ days: -1 }), 'Access until cannot be in the past'],
    ['1 January 2000', () => '2000-01-01', 'Access until cannot be in the past'],
    ['9999-12-31', () => '9999-12-31', 'Access until can be at most 3 years ahead'],
    [
      'three years and a day ahead',
      () => fromToday({ years: 3, days: 1 }),
      'Access until can be at most 3 years ahead',
    ],
  ];

  for (const [what, value, message] of cases) {
    it(`${what}: 400 '${message}'`, async () => {
      const request = await pendingRequest();
      const res = await approve(request.accessRequestId, value());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'access_until', message }],
      });
      expect(await row(request.accessRequestId)).toEqual({
        status: 'pending',
        access_until: null,
        approved_at: null,
      });
      expect(
        (await auditFor(t.database.db, request.accessRequestId)).filter(
          (a) => a.action === 'access_request.approved',
        ),
      ).toEqual([]);
      expect(await notificationsOf(t.database.db, request.funder.id)).toEqual([]);
      expect(await emailsTo(t.database.db, request.email)).toEqual([]);
    });
  }
});

describe("approve with an 'Access until' that is right", () => {
  for (const [what, day] of [
    ['today in Sydney', () => fromToday({ days: 0 })],
    ['exactly three years ahead', () => fromToday({ years: 3 })],
  ] as const) {
    it(`${what}: 200, access lasts to the end of that day in Sydney`, async () => {
      const request = await pendingRequest();
      const until = day();
      const res = await approve(request.accessRequestId, until);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await row(request.accessRequestId);
      expect(stored.status).toBe('approved');
      // Stored as the instant the next Sydney day starts: the day before it is the one asked for.
      const endsAt = new Date(stored.access_until!);
      expect(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
          new Date(endsAt.getTime() - 1),
        ),
      ).toBe(until);
      expect(res.json().access_until).toBe(endsAt.toISOString());
    });
  }
});
