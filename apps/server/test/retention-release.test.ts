import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { worldWithRetention as worldWithRetentionOf } from './support/retention-world';

// Issue 34 item 3 through the API (decision 061): practical completion releases half the retention
// held (a retention_released journal, paid from the limit) and starts the defects liability period;
// the rest is released on demand once it has ended; notices to the parties; and the refusals.

let t: TestApp;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
});
afterAll(() => t.close());

const worldWithRetention = (options: Parameters<typeof createFacilityWorld>[1] = {}) =>
  worldWithRetentionOf(t, options);

const complete = (w: FacilityWorld, user: TestUser | null, payload: Record<string, unknown>, headers = {}) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/facilities/${w.facilityId}/practical-completion`,
    payload,
    headers,
  });
const releaseRest = (w: FacilityWorld, user: TestUser | null, payload?: Record<string, unknown>) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/facilities/${w.facilityId}/retention-release`,
    ...(payload ? { payload } : {}),
  });

describe('practical completion and the release of retention', () => {
  it('practical completion releases half the retention from the limit, with its journal and notices', async () => {
    const w = await worldWithRetention();
    const before = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    const res = await complete(w, w.funder, { date: '2026-06-30', certificate_document_id: w.certificateId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'NSW',
      practical_completion_date: '2026-06-30',
      certificate_document_id: w.certificateId,
      defects_liability_months: 12,
      defects_liability_ends_on: '2027-06-30',
      retention_held_cents: 5_000_000,
      releases: [
        {
          stage: 'practical_completion',
          released_on: '2026-06-30',
          amount_cents: 5_000_000,
          lines: [{ budget_line_id: w.lines.C1, amount_cents: 5_000_000 }],
        },
      ],
    });
    const after = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(after.drawn_cents).toBe(before.drawn_cents + 5_000_000);
    const ledger = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/ledger`,
    });
    const journal = ledger.items.find((j: { kind: string }) => j.kind === 'retention_released');
    expect(journal).toMatchObject({
      effective_on: '2026-06-30',
      memo: 'Retention released at practical completion',
    });
    expect(journal.postings).toEqual(
      expect.arrayContaining([
        { account: 'retention_held', amount_cents: 5_000_000 },
        { account: 'principal', amount_cents: -5_000_000 },
      ]),
    );
    const inBalance = await call(t, w.developer, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/in-balance`,
    });
    expect(inBalance.lines.find((l: { key: string }) => l.key === 'retention').required_cents).toBe(
      5_000_000,
    );
    const told = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'message'])
      .where('related_id', '=', w.facilityId)
      .where('message', 'like', '%Practical completion was recorded%')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([w.developer.id, w.surveyor.id].sort());
    expect(told[0]!.message).toContain(
      'Practical completion was recorded on 30 June 2026. $50,000 of retention is released to the builder; the rest is released when the defects liability period ends on 30 June 2027.',
    );
    // Once only; the rest waits for the end of the defects liability period, which can no longer change.
    const again = await complete(w, w.funder, {
      date: '2026-07-01',
      certificate_document_id: w.certificateId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Practical completion was already recorded on 30 June 2026');
    const early = await releaseRest(w, w.funder, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      'The defects liability period ends on 30 June 2027; the rest of the retention is released from then',
    );
    const dlp = await as(t.app, w.funder, {
      method: 'PATCH',
      url: `/api/facilities/${w.facilityId}/variation-settings`,
      payload: { defects_liability_months: 1 },
    });
    expect(dlp.statusCode).toBe(409);
  });

  it('the rest is released once the defects liability period has ended (a shorter one set by the funder), once', async () => {
    const w = await worldWithRetention({ state: 'QLD' });
    await call(t, w.funder, {
      method: 'PATCH',
      url: `/api/facilities/${w.facilityId}/variation-settings`,
      payload: { defects_liability_months: 3 },
    });
    const key = { 'idempotency-key': `pc-${w.facilityId}` };
    const body = { date: '2026-06-30', certificate_document_id: w.certificateId };
    const [first, second] = [await complete(w, w.funder, body, key), await complete(w, w.funder, body, key)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // Queensland: 2.5 % of the line after practical completion; half of $100,000 leaves $50,000, under it.
    expect(first.json()).toMatchObject({
      state: 'QLD',
      defects_liability_ends_on: '2026-09-30',
      retention_held_cents: 5_000_000,
    });
    const rest = await releaseRest(w, w.funder, { released_on: '2026-10-01' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().retention_held_cents).toBe(0);
    expect(
      rest.json().releases.map((r: { stage: string; amount_cents: number }) => [r.stage, r.amount_cents]),
    ).toEqual([
      ['practical_completion', 5_000_000],
      ['defects_liability', 5_000_000],
    ]);
    const twice = await releaseRest(w, w.funder);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error).toBe('The rest of the retention was already released on 1 October 2026');
    const journals = await t.database.db
      .selectFrom('ledger_journal')
      .select('kind')
      .where('facility_id', '=', w.facilityId)
      .where('kind', '=', 'retention_released')
      .execute();
    expect(journals).toHaveLength(2);
    const told = await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', w.developer.id)
      .where('message', 'like', '%defects liability period has ended%')
      .execute();
    expect(told).toHaveLength(1);
  });
});

describe('practical completion and retention: refusals', () => {
  let w: Awaited<ReturnType<typeof worldWithRetention>>;
  beforeAll(async () => {
    w = await worldWithRetention();
  });

  it('anonymous 401; developers, surveyors and admins 403; another funder 404', async () => {
    const body = { date: '2026-06-30', certificate_document_id: w.certificateId };
    for (const [method, url] of [
      ['GET', `/api/facilities/${w.facilityId}/retention`],
      ['POST', `/api/facilities/${w.facilityId}/practical-completion`],
      ['POST', `/api/facilities/${w.facilityId}/retention-release`],
      ['PATCH', `/api/facilities/${w.facilityId}/variation-settings`],
    ] as const)
      expect((await as(t.app, null, { method, url })).statusCode, url).toBe(401);
    for (const user of [w.developer, w.surveyor, strangers.admin])
      expect((await complete(w, user, body)).statusCode).toBe(403);
    const other = await complete(w, strangers.funder, body);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Facility not found');
    expect((await releaseRest(w, strangers.funder)).statusCode).toBe(404);
    const read = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/retention`,
    });
    expect(read).toMatchObject({
      practical_completion_date: null,
      retention_held_cents: 10_000_000,
      releases: [],
    });
    expect(
      (
        await as(t.app, strangers.developer, {
          method: 'GET',
          url: `/api/facilities/${w.facilityId}/retention`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('bad bodies are 400; nothing to release before practical completion, nor on a facility setting up (409)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '2026-02-30', certificate_document_id: w.certificateId }, 'date must be a real date'],
      [{ date: '30/06/2026', certificate_document_id: w.certificateId }, 'date must be a date (YYYY-MM-DD)'],
      [
        { date: '2026-06-30', certificate_document_id: 'x' },
        'certificate_document_id must be a document of the deal room',
      ],
      [
        { date: '2026-06-30', certificate_document_id: '00000000-0000-4000-8000-000000000000' },
        'certificate_document_id must be a document of the deal room',
      ],
      [
        { date: '2099-01-01', certificate_document_id: w.certificateId },
        'Practical completion cannot be in the future',
      ],
      [
        { date: '2025-12-31', certificate_document_id: w.certificateId },
        'Practical completion cannot be before the facility closed',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await complete(w, w.funder, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    const before = await releaseRest(w, w.funder);
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toBe('Practical completion has not been recorded for this facility');
    const settingUp = await createFacilityWorld(t, { activate: false });
    const res = await complete(settingUp, settingUp.funder, {
      date: '2026-06-30',
      certificate_document_id: w.certificateId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Practical completion is recorded on an active facility; this facility is setting up',
    );
  });
});

describe('a release dated on days already accrued', () => {
  /** Interest charged to date: every interest_accrued posting's accrued_interest leg, restatements too. */
  const interestCharged = async (w: FacilityWorld) => {
    const row = await t.database.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_journal as j', 'j.id', 'p.journal_id')
      .select((eb) => eb.fn.sum<string>('p.amount_cents').as('total'))
      .where('j.facility_id', '=', w.facilityId)
      .where('j.kind', '=', 'interest_accrued')
      .where('p.account', '=', 'accrued_interest')
      .executeTakeFirstOrThrow();
    return Math.abs(Number(row.total ?? 0));
  };

  it('practical completion recorded after the days since were accrued charges them the same interest as on time', async () => {
    const onTime = await worldWithRetention();
    const late = await worldWithRetention();
    const body = (w: Awaited<ReturnType<typeof worldWithRetention>>) => ({
      date: '2026-02-15',
      certificate_document_id: w.certificateId,
    });
    // On time: recorded, then the days accrued. Late: the days accrued, then recorded back-dated.
    expect((await complete(onTime, onTime.funder, body(onTime))).statusCode).toBe(200);
    await accrueThrough(t.database.db, onTime.facilityId, '2026-03-10');
    await accrueThrough(t.database.db, late.facilityId, '2026-03-10');
    const before = await interestCharged(late);
    expect((await complete(late, late.funder, body(late))).statusCode).toBe(200);
    const charged = await interestCharged(late);
    // $50,000 released on 15 February bears interest from then: 24 days at 10 % is about $328.77.
    expect(charged - before).toBeGreaterThan(30_000);
    expect(charged).toBe(await interestCharged(onTime));
    const restated = await t.database.db
      .selectFrom('ledger_journal')
      .select('memo')
      .where('facility_id', '=', late.facilityId)
      .where('memo', 'like', 'Interest restated%')
      .execute();
    expect(restated.length).toBeGreaterThan(0);
    expect(restated[0]!.memo).toContain('retention released on 2026-02-15');
  });
});
