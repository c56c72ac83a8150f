import { covenantMessages } from '@plinth/domain/covenants';
import { facilityMessages } from '@plinth/domain/facilities';
import { addDays } from '@plinth/domain/facility/dates';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCovenants } from '../src/modules/covenants/covenant-engine';
import { withCovenants } from '../src/modules/covenants/covenant-tables';
import { accrueThrough, rateOnDay } from '../src/modules/facilities/accrual.jobs';
import { findFacilityRow } from '../src/modules/facilities/facility-access';
import { as, BASE_URL, buildTestApp, createUser, type TestApp } from './helpers';
import { createCovenantWorld } from './support/covenant-world';
import { createStrangers } from './support/deals';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Issue 34 item 5 through the API (decision 067): covenants set by the funder, read by every party,
// tested on each write, kept in a paginated history; valuations; a breach notified with its
// figures, its cure period running to an event of default (in_default, the default margin from
// that day); the notices as stamped PDFs; and every refusal.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const deps = () => ({ db: t.database.db, config: { BASE_URL } }) as Parameters<typeof testCovenants>[0];
const url = (id = w.facilityId) => `/api/facilities/${id}/covenants`;
const put = (user: Parameters<typeof as>[1], payload: unknown, id = w.facilityId) =>
  as(t.app, user, { method: 'PUT', url: url(id), payload: payload as object });
const get = (user: Parameters<typeof as>[1], path: string) => as(t.app, user, { method: 'GET', url: path });

/** LVR at most 65 % (30 days to cure) and in balance (no shortfall, 10 days). */
const standard = {
  covenants: [
    { kind: 'lvr', threshold: 6_500, frequency: 'monthly', cure_days: 30 },
    { kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 10 },
    { kind: 'practical_completion', threshold: 0, frequency: 'quarterly', cure_days: 0 },
  ],
};

describe('setting and reading covenants', () => {
  it('the funder sets them; they are tested at once; every party and admins read them', async () => {
    const res = await put(w.funder, standard);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.covenants.map((c: { kind: string }) => c.kind)).toEqual([
      'lvr',
      'in_balance',
      'practical_completion',
    ]);
    const lvr = body.covenants[0];
    expect(lvr).toMatchObject({ threshold: 6_500, threshold_text: 'at most 65.00%', cure_days: 30 });
    // No valuation yet: LVR cannot be measured, and says why.
    expect(lvr.latest).toMatchObject({ status: 'not_tested', trigger: 'covenants_set' });
    expect(lvr.latest.message).toContain('no valuation');
    expect(body.covenants[1].latest).toMatchObject({ status: 'pass', value: 0 });
    expect(body.light).toBe('green');
    for (const user of [w.developer, w.surveyor, strangers.admin, w.funder]) {
      const read = await get(user, url());
      expect(read.statusCode).toBe(200);
      expect(read.json().covenants).toHaveLength(3);
    }
  });

  it('strangers are told the facility does not exist; other roles are refused; anonymous 401', async () => {
    expect((await get(strangers.funder, url())).statusCode).toBe(404);
    expect((await get(strangers.developer, url())).json().error).toBe(facilityMessages.notFound);
    expect((await get(null, url())).statusCode).toBe(401);
    expect((await put(null, standard)).statusCode).toBe(401);
    const dev = await put(w.developer, standard);
    expect(dev.statusCode).toBe(403);
    expect((await put(w.surveyor, standard)).statusCode).toBe(403);
    expect((await put(strangers.admin, standard)).statusCode).toBe(403);
    const stranger = await put(strangers.funder, standard);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(facilityMessages.notFound);
    expect((await get(w.funder, url('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await get(w.funder, '/api/facilities/not-a-uuid/covenants')).statusCode).toBe(400);
  });

  it('refuses covenants that do not make sense (400, with the field)', async () => {
    const cases: [unknown, string][] = [
      [{ covenants: [{ kind: 'dscr', threshold: 1, cure_days: 1 }] }, 'kind must be one of'],
      [
        { covenants: [{ kind: 'lvr', threshold: 0, cure_days: 1 }] },
        'threshold of lvr must be between 1 and 20000',
      ],
      [{ covenants: [{ kind: 'lvr', threshold: 6_000, cure_days: -1 }] }, 'cure_days cannot be negative'],
      [
        { covenants: [{ kind: 'lvr', threshold: 6_000, cure_days: 1.5 }] },
        'cure_days must be a whole number',
      ],
      [
        { covenants: [{ kind: 'lvr', threshold: 6_000, cure_days: 1, annual_income_cents: 100 }] },
        covenantMessages.incomeOnlyInterestCover,
      ],
      [
        {
          covenants: [
            { kind: 'lvr', threshold: 6_000, cure_days: 1 },
            { kind: 'lvr', threshold: 6_500, cure_days: 1 },
          ],
        },
        covenantMessages.duplicateKind,
      ],
      [
        { covenants: [{ kind: 'lvr', threshold: 6_000, cure_days: 1, frequency: 'weekly' }] },
        "'monthly' or 'quarterly'",
      ],
      [{}, 'covenants'],
    ];
    for (const [payload, words] of cases) {
      const res = await put(w.funder, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(words);
    }
  });
});

describe('valuations', () => {
  const post = (user: Parameters<typeof as>[1], payload: object, id = w.facilityId) =>
    as(t.app, user, { method: 'POST', url: `/api/facilities/${id}/valuations`, payload });
  const body = { valued_on: '2026-01-02', value_cents: 2_000_000_000, valuer: 'Preston Rowe Paterson' };

  it('the funder records one; LVR is measured from it at once', async () => {
    const res = await post(w.funder, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ value_cents: 2_000_000_000, valuer: 'Preston Rowe Paterson' });
    const read = (await get(w.developer, url())).json();
    expect(read.latest_valuation).toMatchObject({ value_cents: 2_000_000_000, valued_on: '2026-01-02' });
    // $12,000,000 limit ÷ $20,000,000 = 60.00 %.
    expect(read.covenants[0].latest).toMatchObject({
      status: 'pass',
      value: 6_000,
      headroom: 500,
      trigger: 'valuation',
    });
    expect(read.covenants[0].latest.workings).toContainEqual({ label: 'LVR', value: '60.00%' });
  });

  it('refuses others and nonsense', async () => {
    expect((await post(null, body)).statusCode).toBe(401);
    expect((await post(w.developer, body)).statusCode).toBe(403);
    expect((await post(w.surveyor, body)).statusCode).toBe(403);
    expect((await post(strangers.funder, body)).statusCode).toBe(404);
    const future = await post(w.funder, { ...body, valued_on: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(covenantMessages.valuationFuture);
    expect((await post(w.funder, { ...body, value_cents: 0 })).body).toContain('value_cents must be above 0');
    expect((await post(w.funder, { ...body, valued_on: '2026-02-30' })).body).toContain(
      'valued_on must be a real date',
    );
    expect((await post(w.funder, { ...body, valuer: '' })).body).toContain('valuer must name the valuer');
  });
});

describe('a breach, its cure period and the event of default', () => {
  let d: FacilityWorld;
  const today = sydneyDate();

  beforeAll(async () => {
    d = await createFacilityWorld(t);
  });

  it('a breach is notified to the funder and the developer with the figures, and a notice PDF kept', async () => {
    await call(t, d.funder, {
      method: 'PUT',
      url: url(d.facilityId),
      payload: { covenants: [{ kind: 'lvr', threshold: 6_500, cure_days: 5 }] },
    });
    // $12,000,000 on $15,000,000: 80.00 % against at most 65.00 %.
    await call(
      t,
      d.funder,
      {
        method: 'POST',
        url: `/api/facilities/${d.facilityId}/valuations`,
        payload: { valued_on: '2026-01-02', value_cents: 1_500_000_000, valuer: 'Herron Todd White' },
      },
      201,
    );
    const read = (await get(d.developer, url(d.facilityId))).json();
    expect(read.light).toBe('amber');
    const lvr = read.covenants[0];
    expect(lvr.latest).toMatchObject({ status: 'breach', value: 8_000, headroom: -1_500 });
    expect(lvr.open_breach).toMatchObject({ status: 'open', breached_on: today });
    expect(read.notices).toHaveLength(1);
    expect(read.facility_status).toBe('active');
    for (const user of [d.funder, d.developer]) {
      const note = await t.database.db
        .selectFrom('notification')
        .select('message')
        .where('user_id', '=', user.id)
        .where('related_id', '=', d.facilityId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(note.message).toContain('Loan to value (LVR) breached: 80.00% against at most 65.00%');
      expect(note.message).toContain('It must be cured by');
    }
    // The surveyor is not told (the notice is between lender and borrower).
    const surveyorNotes = await t.database.db
      .selectFrom('notification')
      .select('id')
      .where('user_id', '=', d.surveyor.id)
      .where('related_id', '=', d.facilityId)
      .execute();
    expect(surveyorNotes).toHaveLength(0);
    const notice = read.notices[0];
    const funderCopy = await get(d.funder, notice.download_url);
    expect(funderCopy.statusCode).toBe(200);
    expect(funderCopy.headers['content-type']).toContain('application/pdf');
    expect(funderCopy.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const developerCopy = await get(d.developer, notice.download_url);
    expect(developerCopy.statusCode).toBe(200);
    // The developer's copy is stamped for them: not the funder's bytes.
    expect(Buffer.compare(developerCopy.rawPayload, funderCopy.rawPayload)).not.toBe(0);
    expect((await get(strangers.funder, notice.download_url)).statusCode).toBe(404);
    expect((await get(null, notice.download_url)).statusCode).toBe(401);
    const missing = await get(
      d.funder,
      `${url(d.facilityId)}/notices/00000000-0000-4000-8000-000000000000/download`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(covenantMessages.noticeNotFound);
    // Another facility's notice is not reachable through this one.
    expect((await get(w.funder, notice.download_url.replace(d.facilityId, w.facilityId))).statusCode).toBe(
      404,
    );
  });

  it('within the cure period nothing more happens; once it has run, an event of default: in_default, default margin from that day', async () => {
    const breach = await withCovenants(t.database.db)
      .selectFrom('covenant_breach')
      .selectAll()
      .where('facility_id', '=', d.facilityId)
      .executeTakeFirstOrThrow();
    expect(breach.cure_ends_on > today).toBe(true);
    // The last day to cure: still a breach, no default.
    const lastDay = await testCovenants(deps(), d.facilityId, 'manual', { today: breach.cure_ends_on });
    expect(lastDay.map((o) => o.step)).toEqual(['none']);
    expect((await findFacilityRow(t.database.db, d.facilityId))!.status).toBe('active');
    // The day after: default.
    const due = await testCovenants(deps(), d.facilityId, 'cure_deadline', { today: breach.default_on });
    expect(due.map((o) => o.step)).toEqual(['default']);
    const facility = (await findFacilityRow(t.database.db, d.facilityId))!;
    expect(facility.status).toBe('in_default');
    const declared = await withCovenants(t.database.db)
      .selectFrom('facility_default')
      .selectAll()
      .where('facility_id', '=', d.facilityId)
      .executeTakeFirstOrThrow();
    expect(declared.declared_on).toBe(breach.default_on);
    // Interest: the default margin from the day of default, not the day before.
    expect(await rateOnDay(t.database.db, facility, breach.default_on)).toBe(
      facility.interest_rate_bps + facility.default_margin_bps,
    );
    expect(await rateOnDay(t.database.db, facility, breach.cure_ends_on)).toBe(facility.interest_rate_bps);
    const read = (await get(d.funder, url(d.facilityId))).json();
    expect(read.light).toBe('red');
    expect(read.facility_status).toBe('in_default');
    expect(read.notices.map((n: { kind: string }) => n.kind)).toEqual(['default', 'breach']);
    const note = await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', d.developer.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.message).toContain('Event of default');
    expect(note.message).toContain('default margin');
    // While in default the covenants are not reset (409).
    const refused = await put(d.funder, standard, d.facilityId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('in default');
  });

  it('the daily accrual charges the default margin from the day of default, not before', async () => {
    const start = addDays(today, -2);
    const a = await createFacilityWorld(t, {
      terms: {
        close_date: start,
        maturity_date: addDays(today, 500),
        latest_practical_completion_date: addDays(today, 400),
        default_margin_bps: 400,
      },
    });
    await call(t, a.funder, {
      method: 'PUT',
      url: url(a.facilityId),
      payload: { covenants: [{ kind: 'loan_to_cost', threshold: 8_000, cure_days: 2 }] },
    });
    const defaultDay = addDays(today, 3);
    expect(
      (await testCovenants(deps(), a.facilityId, 'cure_deadline', { today: defaultDay })).map((o) => o.step),
    ).toEqual(['default']);
    await accrueThrough(t.database.db, a.facilityId, addDays(today, 4));
    const days = await t.database.db
      .selectFrom('facility_accrual')
      .select(['accrued_on', 'rate_bps'])
      .where('facility_id', '=', a.facilityId)
      .orderBy('accrued_on')
      .execute();
    const facility = (await findFacilityRow(t.database.db, a.facilityId))!;
    const base = facility.interest_rate_bps;
    const withMargin = base + facility.default_margin_bps;
    expect(facility.default_margin_bps).toBeGreaterThan(0);
    expect(days.map((d) => [d.accrued_on, d.rate_bps])).toEqual([
      [start, base],
      [addDays(today, -1), base],
      [today, base],
      [addDays(today, 1), base],
      [addDays(today, 2), base],
      [defaultDay, withMargin],
      [addDays(today, 4), withMargin],
    ]);
  });

  it('a breach cured before its cure period ends stays a breach that was cured', async () => {
    const c = await createFacilityWorld(t);
    await call(t, c.funder, {
      method: 'PUT',
      url: url(c.facilityId),
      payload: { covenants: [{ kind: 'lvr', threshold: 6_500, cure_days: 20 }] },
    });
    const value = (v: number) => ({
      method: 'POST' as const,
      url: `/api/facilities/${c.facilityId}/valuations`,
      payload: { valued_on: today, value_cents: v, valuer: 'Charter Keck Cramer' },
    });
    await call(t, c.funder, value(1_500_000_000), 201);
    await call(t, c.funder, value(2_000_000_000), 201);
    const read = (await get(c.funder, url(c.facilityId))).json();
    expect(read.covenants[0].open_breach).toBeNull();
    expect(read.notices.map((n: { kind: string }) => n.kind)).toEqual(['cured', 'breach']);
    expect(read.light).toBe('green');
    const after = await testCovenants(deps(), c.facilityId, 'manual', { today: '2099-01-01' });
    expect(after.map((o) => o.step)).toEqual(['none']);
    expect((await findFacilityRow(t.database.db, c.facilityId))!.status).toBe('active');
  });

  it('no cure days: the breach is an event of default at once', async () => {
    const z = await createFacilityWorld(t);
    await call(t, z.funder, {
      method: 'PUT',
      url: url(z.facilityId),
      payload: { covenants: [{ kind: 'loan_to_cost', threshold: 8_000, cure_days: 0 }] },
    });
    // $12,000,000 on a $9,300,000 budget: 129.03 %.
    expect((await findFacilityRow(t.database.db, z.facilityId))!.status).toBe('in_default');
    const read = (await get(z.developer, url(z.facilityId))).json();
    expect(read.covenants[0].latest).toMatchObject({ status: 'breach', value: 12_903 });
    expect(read.notices.map((n: { kind: string }) => n.kind)).toEqual(['default']);
  });
});

describe('the history', () => {
  it('every test kept, newest first, a page at a time', async () => {
    const first = (await get(w.surveyor, `${url()}/history?limit=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = (await get(w.surveyor, `${url()}/history?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items[0].id).not.toBe(first.items[1].id);
    const all = (await get(w.funder, `${url()}/history?limit=100`)).json();
    expect(all.items.length).toBeGreaterThanOrEqual(6);
    expect(all.items[0].tested_at >= all.items[all.items.length - 1].tested_at).toBe(true);
    const bad = await get(w.funder, `${url()}/history?cursor=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('cursor');
    expect((await get(strangers.funder, `${url()}/history`)).statusCode).toBe(404);
    expect((await get(null, `${url()}/history`)).statusCode).toBe(401);
    expect((await get(w.funder, `${url()}/history?limit=500`)).statusCode).toBe(400);
  });

  it('a facility set up but not active is tested for information only (no breach)', async () => {
    const s = await createFacilityWorld(t, { activate: false });
    const res = await put(
      s.funder,
      { covenants: [{ kind: 'loan_to_cost', threshold: 8_000, cure_days: 0 }] },
      s.facilityId,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().covenants[0].latest.status).toBe('breach');
    expect(res.json().covenants[0].open_breach).toBeNull();
    expect((await findFacilityRow(t.database.db, s.facilityId))!.status).toBe('setting_up');
  });

  it('an unrelated surveyor user is 404', async () => {
    const other = await createUser(t.app, { role: 'surveyor', name: 'Stray Surveyor' });
    expect((await get(other, url())).statusCode).toBe(404);
  });
});

describe('the permission matrix recipe (support/covenant-world.ts)', () => {
  it('makes the covenants, a valuation, a breach notice and last month’s report, each reachable by its id', async () => {
    const m = await createFacilityWorld(t);
    const ids = await createCovenantWorld(t, { facilityId: m.facilityId, funder: m.funder });
    const read = (await get(m.developer, url(m.facilityId))).json();
    expect(read.latest_valuation.id).toBe(ids.valuationId);
    expect(read.notices.map((n: { id: string }) => n.id)).toContain(ids.noticeId);
    expect((await get(m.surveyor, `${url(m.facilityId)}/notices/${ids.noticeId}/download`)).statusCode).toBe(
      200,
    );
    const report = await get(m.developer, `/api/facilities/${m.facilityId}/reports/${ids.reportId}/download`);
    expect(report.statusCode).toBe(200);
    expect((await findFacilityRow(t.database.db, m.facilityId))!.status).toBe('active');
  });
});
