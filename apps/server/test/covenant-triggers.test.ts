import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { covenantTestsOf, setCovenants as setCovenantsOf } from './support/covenant-tests';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { presaleBody } from './support/presale-world';

// Issue 34 item 5, "tested on every event that can move them" (decision 067): the covenants are
// re-tested inside the transaction of each write that moves their figures — a draw funded, a
// variation incorporated, a presale removed — and a breach found there is notified (or, with no
// cure days, is an event of default, audited). Each event's test is kept with its trigger.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setCovenants = (w: FacilityWorld, covenants: Record<string, unknown>[]) =>
  setCovenantsOf(t, w, covenants);
const testsOf = (w: FacilityWorld, kind: string) => covenantTestsOf(t, w, kind);

const removePresale = async (w: FacilityWorld, presaleId: string) => {
  const res = await as(t.app, w.developer, { method: 'DELETE', url: `/api/presales/${presaleId}` });
  expect(res.statusCode, res.body).toBe(204);
};

const latestNote = (w: FacilityWorld, userId: string) =>
  t.database.db
    .selectFrom('notification')
    .select('message')
    .where('user_id', '=', userId)
    .where('related_id', '=', w.facilityId)
    .where('message', 'like', '%Interest cover%')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

const notesAbout = async (w: FacilityWorld, userId: string, words: string) =>
  (
    await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', userId)
      .where('related_id', '=', w.facilityId)
      .execute()
  ).filter((n) => n.message.includes(words));

describe('covenants re-tested by the events that move them', () => {
  it('a draw funded: interest cover is tested in the funding and its breach is notified', async () => {
    const w = await createFacilityWorld(t);
    // $1,000 a year of income: nothing bears interest yet, so it passes; a funded draw makes it fail.
    await setCovenants(w, [
      {
        kind: 'interest_cover',
        threshold: 15_000,
        frequency: 'monthly',
        cure_days: 30,
        annual_income_cents: 100_000,
      },
    ]);
    const draw = await certifiedDraw(t, w, [{ line: 'L1', claimed: 100_000_000 }]);
    // Certifying is a 'draw' event too (delay and cost to complete): still no interest, a pass.
    expect((await testsOf(w, 'interest_cover'))[0]).toMatchObject({ trigger: 'draw', status: 'pass' });
    await call(t, w.funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
    expect(await latestNote(w, w.developer.id)).toBeUndefined();
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${draw.id}/fund`,
      payload: { funded_on: '2026-01-10' },
    });
    const tests = await testsOf(w, 'interest_cover');
    expect(tests.map((r) => r.trigger)).toEqual(['draw', 'draw', 'covenants_set']);
    // $1,000,000 at 10 % is $100,000 a year of interest: cover 0.01x.
    expect(tests[0]).toMatchObject({ status: 'breach', value: 100 });
    const read = await call(t, w.developer, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/covenants`,
    });
    expect(read.covenants[0].open_breach).toMatchObject({ status: 'open' });
    expect(read.facility_status).toBe('active');
    for (const user of [w.funder, w.developer]) {
      const note = await latestNote(w, user.id);
      expect(note?.message).toContain('Covenant breach: Interest cover');
      expect(note?.message).toContain('It must be cured by');
    }
  });

  it('a variation incorporated: its days move the forecast completion past the covenant date, a breach', async () => {
    const w = await createFacilityWorld(t);
    await setCovenants(w, [
      { kind: 'practical_completion', threshold: 0, frequency: 'monthly', cure_days: 60 },
    ]);
    expect((await testsOf(w, 'practical_completion'))[0]).toMatchObject({ status: 'pass', value: 0 });
    const v = await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/variations`,
        payload: {
          budget_line_id: w.lines.C1,
          description: 'Wet season',
          cost_cents: 0,
          days: 120,
          funding: 'contingency',
        },
      },
      201,
    );
    await call(t, w.surveyor, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'assess' },
    });
    const done = await call(t, w.developer, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'approve' },
    });
    expect(done.status).toBe('incorporated');
    const [latest] = await testsOf(w, 'practical_completion');
    expect(latest).toMatchObject({ trigger: 'variation', status: 'breach', value: 120 });
    for (const user of [w.funder, w.developer])
      expect(await notesAbout(w, user.id, 'Covenant breach: Latest practical completion date')).toHaveLength(
        1,
      );
  });

  it('a presale removed: presale cover falls below its threshold; with no cure days it is a default, audited', async () => {
    const w = await createFacilityWorld(t);
    // Presale cover of at least 5 % of the $12,000,000 limit, no cure days. A presale is on the
    // register before the covenant is set, so setting it does not breach it.
    const presale = await call(
      t,
      w.developer,
      { method: 'POST', url: `/api/facilities/${w.facilityId}/presales`, payload: presaleBody({ lot: '7' }) },
      201,
    );
    await setCovenants(w, [{ kind: 'presale_cover', threshold: 500, frequency: 'monthly', cure_days: 0 }]);
    // $900,000 ÷ $12,000,000 = 7.50 %.
    expect((await testsOf(w, 'presale_cover'))[0]).toMatchObject({ status: 'pass', value: 750 });
    const second = await call(
      t,
      w.developer,
      { method: 'POST', url: `/api/facilities/${w.facilityId}/presales`, payload: presaleBody({ lot: '8' }) },
      201,
    );
    expect((await testsOf(w, 'presale_cover'))[0]).toMatchObject({
      trigger: 'presale',
      status: 'pass',
      value: 1500,
    });
    await removePresale(w, second.id);
    expect((await testsOf(w, 'presale_cover'))[0]).toMatchObject({ trigger: 'presale', value: 750 });
    await removePresale(w, presale.id);
    const [latest] = await testsOf(w, 'presale_cover');
    expect(latest).toMatchObject({ trigger: 'presale', status: 'breach', value: 0 });
    const facility = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(facility.status).toBe('in_default');
    for (const user of [w.funder, w.developer])
      expect(await notesAbout(w, user.id, 'Event of default: Presale cover')).toHaveLength(1);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_name'])
      .where('target_id', '=', w.facilityId)
      .where('action', 'in', ['facility.covenants_set', 'facility.default_declared'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'facility.covenants_set', actor_id: w.funder.id, actor_name: expect.any(String) },
      { action: 'facility.default_declared', actor_id: null, actor_name: 'Covenant test' },
    ]);
  });
});
