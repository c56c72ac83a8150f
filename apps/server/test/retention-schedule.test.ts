import { lineFeeJournal } from '@plinth/domain/facility/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covenantFacilityJob, queueCovenantJobs } from '../src/modules/covenants/covenant.jobs';
import { facilityBalances, nat, postJournal } from '../src/modules/facilities/facility-figures';
import { releaseRetentionOnSchedule } from '../src/modules/variations/retention.service';
import { as, buildTestApp, type TestApp } from './helpers';
import { call } from './support/facilities';
import { completeWithPeriod, type RetentionWorld, worldWithRetention } from './support/retention-world';

// Issue 34 item 3, the second half (decision 071): the facilities' daily schedule releases the rest
// of the retention on its first run on or after the end of the defects liability period — its
// journal, audit entry and notices — once per facility, whether or not the funder released it on
// demand first; the on-demand route then answers 409.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** 2 pm in Sydney on `day` (AEST or AEDT, both after midnight UTC). */
const sydneyAfternoon = (day: string) => new Date(`${day}T03:00:00Z`);

/** The retention jobs queued for this facility. */
const queuedFor = async (w: RetentionWorld) =>
  (await t.app.jobs.queued(covenantFacilityJob)).filter(
    (j) => j.data.facilityId === w.facilityId && j.data.work === 'retention',
  );

const journals = (w: RetentionWorld) =>
  t.database.db
    .selectFrom('ledger_journal')
    .select(['effective_on', 'memo', 'created_by'])
    .where('facility_id', '=', w.facilityId)
    .where('kind', '=', 'retention_released')
    .orderBy('effective_on')
    .execute();

const notes = async (w: RetentionWorld, words: string) =>
  (
    await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'message'])
      .where('related_id', '=', w.facilityId)
      .execute()
  ).filter((n) => n.message.includes(words));

describe('the second half of retention released by the schedule', () => {
  it('is queued from the day the defects liability period ends and released once, with its journal, audit and notices', async () => {
    const w = await worldWithRetention(t);
    // Practical completion 30 June 2026, a 3-month period: it ends on 30 September 2026.
    const pc = await completeWithPeriod(t, w, '2026-06-30', 3);
    expect(pc).toMatchObject({ defects_liability_ends_on: '2026-09-30', retention_held_cents: 5_000_000 });
    await queueCovenantJobs(t.app.deps, sydneyAfternoon('2026-09-29'));
    expect(await queuedFor(w)).toEqual([]);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-09-29')).toEqual({
      outcome: 'not_due',
    });

    await queueCovenantJobs(t.app.deps, sydneyAfternoon('2026-09-30'));
    expect((await queuedFor(w)).map((j) => j.data)).toEqual([
      { facilityId: w.facilityId, today: '2026-09-30', work: 'retention' },
    ]);
    await t.app.jobs.drain(covenantFacilityJob);

    const retention = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/retention`,
    });
    expect(retention.retention_held_cents).toBe(0);
    expect(
      retention.releases.map((r: { stage: string; released_on: string; amount_cents: number }) => r),
    ).toEqual([
      expect.objectContaining({
        stage: 'practical_completion',
        released_on: '2026-06-30',
        amount_cents: 5_000_000,
      }),
      expect.objectContaining({
        stage: 'defects_liability',
        released_on: '2026-09-30',
        amount_cents: 5_000_000,
        lines: [{ budget_line_id: w.lines.C1, amount_cents: 5_000_000 }],
      }),
    ]);
    expect(await journals(w)).toEqual([
      {
        effective_on: '2026-06-30',
        memo: 'Retention released at practical completion',
        created_by: w.funder.id,
      },
      {
        effective_on: '2026-09-30',
        memo: 'Retention released at the end of the defects liability period',
        created_by: null,
      },
    ]);
    // Drawn from the limit: principal up by the whole $100,000 released in two halves.
    const facility = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(facility.drawn_cents).toBe(200_000_000);
    // The funder and the developer (and the surveyor) are told.
    const told = await notes(w, 'the remaining $50,000 of retention is released to the builder');
    expect(told.map((n) => n.user_id).sort()).toEqual([w.funder.id, w.developer.id, w.surveyor.id].sort());
    expect(told[0]!.message).toContain('The defects liability period ended on 30 September 2026');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_name', 'after'])
      .where('target_id', '=', w.facilityId)
      .where('action', '=', 'facility.retention_released')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_id, a.actor_name])).toEqual([
      [w.funder.id, expect.any(String)],
      [null, 'Retention schedule'],
    ]);

    // Once: the on-demand route is refused, a later day queues nothing, a repeated run writes nothing.
    const onDemand = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/retention-release`,
      payload: { released_on: '2026-10-01' },
    });
    expect(onDemand.statusCode).toBe(409);
    expect(onDemand.json().error).toBe('The rest of the retention was already released on 30 September 2026');
    await queueCovenantJobs(t.app.deps, sydneyAfternoon('2026-10-01'));
    expect(await queuedFor(w)).toEqual([]);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-10-02')).toEqual({
      outcome: 'already_released',
    });
    expect(await journals(w)).toHaveLength(2);
    expect(await notes(w, 'the remaining $50,000')).toHaveLength(3);
  });

  it('after the funder released it on demand, the schedule writes nothing', async () => {
    const w = await worldWithRetention(t, { state: 'QLD' });
    await completeWithPeriod(t, w, '2026-06-30', 3);
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/retention-release`,
      payload: { released_on: '2026-09-30' },
    });
    await queueCovenantJobs(t.app.deps, sydneyAfternoon('2026-10-01'));
    expect(await queuedFor(w)).toEqual([]);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-10-01')).toEqual({
      outcome: 'already_released',
    });
    expect((await journals(w)).map((j) => j.created_by)).toEqual([w.funder.id, w.funder.id]);
  });

  it('runs that overlap release it once', async () => {
    const w = await worldWithRetention(t);
    await completeWithPeriod(t, w, '2026-06-30', 3);
    const outcomes = await Promise.all(
      ['2026-09-30', '2026-09-30', '2026-10-01'].map((day) =>
        releaseRetentionOnSchedule(t.app.deps, w.facilityId, day),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === 'released')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'already_released')).toHaveLength(2);
    expect(await journals(w)).toHaveLength(2);
  });

  it('a facility not open (repaid) or without practical completion is not released', async () => {
    const w = await worldWithRetention(t);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2027-12-01')).toEqual({
      outcome: 'not_due',
    });
    await completeWithPeriod(t, w, '2026-06-30', 3);
    await t.database.db
      .updateTable('facility')
      .set({ status: 'repaid' })
      .where('id', '=', w.facilityId)
      .execute();
    await queueCovenantJobs(t.app.deps, sydneyAfternoon('2026-10-05'));
    expect(await queuedFor(w)).toEqual([]);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-10-05')).toEqual({
      outcome: 'closed',
    });
    expect(await journals(w)).toHaveLength(1);
  });

  it('when the limit and equity in hand no longer cover it, nothing is written and the parties are told once', async () => {
    const w = await worldWithRetention(t);
    await completeWithPeriod(t, w, '2026-06-30', 3);
    // Line fees charged from the limit (as the month-end accrual posts them) leave $100 undrawn.
    const b = await facilityBalances(t.database.db, w.facilityId);
    const undrawn = nat(b, 'undrawn');
    await t.database.db.transaction().execute((trx) =>
      postJournal(trx, {
        facilityId: w.facilityId,
        journal: lineFeeJournal({ amount_cents: undrawn - 10_000n, undrawn_cents: undrawn }),
        effectiveOn: '2026-09-29',
        memo: 'Line fee to 2026-09-29',
      }),
    );
    const first = await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-09-30');
    expect(first).toEqual({
      outcome: 'short',
      message:
        'Releasing $50,000 of retention needs more than the undrawn limit and the equity in hand ($100): equity of $49,900 is needed first',
    });
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-10-01')).toMatchObject({
      outcome: 'short',
    });
    const told = await notes(w, 'is due to be released but cannot be paid yet');
    expect(told.map((n) => n.user_id).sort()).toEqual([w.funder.id, w.developer.id, w.surveyor.id].sort());
    expect(told[0]!.message).toContain('equity of $49,900 is needed first');
    expect(await journals(w)).toHaveLength(1);
    const retention = await call(t, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/retention`,
    });
    expect(retention.retention_held_cents).toBe(5_000_000);
    expect(retention.releases).toHaveLength(1);
  });
});
