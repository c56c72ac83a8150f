import { addDays } from '@plinth/domain/facility/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueDay, accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { accrueBatch } from '../src/modules/facilities/accrual-batch';
import { withDefaults } from '../src/modules/facilities/default-tables';
import { buildTestApp, type TestApp } from './helpers';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Decision 078: `accrueThrough` accrues its days in batches (accrual-batch.ts). Twin facilities go
// through the same year — draws funded ahead of the accrual, a draw back-dated into accrued days, a
// default and a back-dated cure, month ends with a line fee, interest capitalised and interest
// payable in cash — one accrued a day at a time by `accrueDay` (the path before), the other by
// `accrueThrough`; every journal, posting, accrual day, capitalisation and restatement must match.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Accrue = (facilityId: string, through: string) => Promise<number>;
const dayByDay: Accrue = async (facilityId, through) => {
  let n = 0;
  for (let day = '2026-01-01'; day <= through; day = addDays(day, 1))
    if (await accrueDay(t.database.db, facilityId, day)) n += 1;
  return n;
};
const batched: Accrue = async (facilityId, through) => {
  let n = 0;
  for (;;) {
    const done = await accrueBatch(t.database.db, facilityId, through);
    if (done === 0) return n;
    n += done;
  }
};

async function fundDraw(w: FacilityWorld, claimed: number, fundedOn: string) {
  const draw = await certifiedDraw(t, w, [{ line: 'C1', claimed, ctc: 100_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${draw.id}/fund`,
    payload: { funded_on: fundedOn },
  });
}

/** The year, accrued by `accrue`; answers everything the ledger and the accrual tables hold. */
async function year(accrue: Accrue, terms: Record<string, unknown>) {
  const w = await createFacilityWorld(t, {
    terms: { line_fee_bps: 150, close_date: '2026-01-01', ...terms },
  });
  const counts: number[] = [];
  await fundDraw(w, 400_000_000, '2026-01-05');
  counts.push(await accrue(w.facilityId, '2026-02-10'));
  // Back-dated into accrued days (restated), then one booked ahead of the accrual.
  await fundDraw(w, 100_000_000, '2026-02-03');
  await fundDraw(w, 80_000_000, '2026-03-20');
  counts.push(await accrue(w.facilityId, '2026-05-15'));
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/facilities/${w.facilityId}/default`,
    payload: { reason: 'Interest not paid', declared_on: '2026-04-10' },
  });
  counts.push(await accrue(w.facilityId, '2026-06-20'));
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/facilities/${w.facilityId}/cure`,
    payload: { reason: 'Arrears paid', cured_on: '2026-06-01' },
  });
  counts.push(await accrue(w.facilityId, '2026-10-31'));
  counts.push(await accrue(w.facilityId, '2026-10-31'));
  const db = withDefaults(t.database.db);
  const journals = await db
    .selectFrom('ledger_journal')
    .select(['id', 'kind', 'effective_on', 'memo', 'draw_id'])
    .where('facility_id', '=', w.facilityId)
    .orderBy('seq')
    .execute();
  const postings = await db
    .selectFrom('ledger_posting')
    .select(['journal_id', 'account', 'amount_cents'])
    .where('facility_id', '=', w.facilityId)
    .orderBy('account')
    .orderBy('amount_cents')
    .execute();
  const accruals = await db
    .selectFrom('facility_accrual')
    .select(['accrued_on', 'balance_cents', 'rate_bps', 'amount_cents', 'journal_id'])
    .where('facility_id', '=', w.facilityId)
    .orderBy('accrued_on')
    .execute();
  const capitalisations = await db
    .selectFrom('facility_capitalisation')
    .select(['month', 'amount_cents', 'journal_id'])
    .where('facility_id', '=', w.facilityId)
    .orderBy('month')
    .execute();
  const adjustments = await db
    .selectFrom('facility_accrual_adjustment')
    .select(['accrued_on', 'balance_cents', 'rate_bps', 'numerator_delta', 'amount_cents', 'cause'])
    .where('facility_id', '=', w.facilityId)
    .orderBy('accrued_on')
    .orderBy('created_at')
    .execute();
  // Ids differ between the twins: journals by their place in the ledger.
  const place = new Map(journals.map((j, i) => [j.id, i]));
  return {
    counts,
    journals: journals.map((j, i) => ({
      i,
      kind: j.kind,
      effective_on: j.effective_on,
      memo: j.memo,
      draw: j.draw_id !== null,
      postings: postings.filter((p) => p.journal_id === j.id).map((p) => `${p.account} ${p.amount_cents}`),
    })),
    accruals: accruals.map((a) => ({ ...a, journal_id: a.journal_id ? place.get(a.journal_id) : null })),
    capitalisations: capitalisations.map((c) => ({
      ...c,
      journal_id: c.journal_id ? place.get(c.journal_id) : null,
    })),
    adjustments,
  };
}

describe('accrueThrough in batches', () => {
  for (const capitalise of [true, false])
    it(`posts exactly what accruing one day at a time posts (capitalise_interest ${capitalise})`, async () => {
      const terms = { capitalise_interest: capitalise };
      const before = await year(dayByDay, terms);
      const after = await year(batched, terms);
      expect(before.accruals).toHaveLength(304);
      expect(before.journals.filter((j) => j.kind === 'interest_capitalised')).toHaveLength(10);
      expect(before.journals.filter((j) => j.kind === 'line_fee')).toHaveLength(10);
      expect(before.adjustments.length).toBeGreaterThan(0);
      expect(after.counts).toEqual(before.counts);
      expect(after.counts.at(-1)).toBe(0);
      expect(after.journals).toEqual(before.journals);
      expect(after.accruals).toEqual(before.accruals);
      expect(after.capitalisations).toEqual(before.capitalisations);
      expect(after.adjustments).toEqual(before.adjustments);
    });

  it('a catch-up of more than a year goes a year at a time and leaves nothing', async () => {
    const w = await createFacilityWorld(t, { terms: { close_date: '2024-01-01' } });
    await fundDraw(w, 400_000_000, '2024-01-10');
    expect(await accrueThrough(t.database.db, w.facilityId, '2025-12-31')).toBe(731);
    expect(await accrueThrough(t.database.db, w.facilityId, '2025-12-31')).toBe(0);
  });
});
