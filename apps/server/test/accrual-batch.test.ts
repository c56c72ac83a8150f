import { addDays } from '@plinth/domain/facility/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueDay, accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { accrueBatch, accrueFacilities } from '../src/modules/facilities/accrual-batch';
import { withDefaults } from '../src/modules/facilities/default-tables';
import { buildTestApp, type TestApp } from './helpers';
import { fundDraw } from './support/accrual';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Decisions 078 and 079: the accrual posts in batches (accrual-batch.ts) — one facility's days at
// once (`accrueThrough`, the catch-up) and many facilities' days at once (`accrueFacilities`, the
// daily run). Twin facilities go through the same year — draws funded ahead of the accrual, a draw
// back-dated into accrued days, a default and a back-dated cure, month ends with a line fee,
// interest capitalised and interest payable in cash — one accrued a day at a time by `accrueDay`
// (the rule, one transaction a facility-day), the others by the batches; every journal, posting,
// accrual day, capitalisation and restatement must match.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Accrues the facilities through the day; answers the facility-days accrued. */
type Accrue = (facilityIds: string[], through: string) => Promise<number>;
const dayByDay: Accrue = async (ids, through) => {
  let n = 0;
  for (const id of ids)
    for (let day = '2026-01-01'; day <= through; day = addDays(day, 1))
      if (await accrueDay(t.database.db, id, day)) n += 1;
  return n;
};
const batched: Accrue = async (ids, through) => {
  let n = 0;
  for (const id of ids)
    for (;;) {
      const done = await accrueBatch(t.database.db, id, through);
      if (done === 0) break;
      n += done;
    }
  return n;
};
/** Every facility at once, one run a day as the daily job runs (from the day after the last run). */
const dailyRuns = (): Accrue => {
  let from = '2026-01-01';
  return async (ids, through) => {
    let n = 0;
    for (; from <= through; from = addDays(from, 1)) {
      const step = await accrueFacilities(t.database.db, from, ids);
      expect(step.more).toBe(false);
      n += step.days;
    }
    return n;
  };
};
/** Every facility at once, through the day in as few runs as the batch allows (a server that was down). */
const catchUp: Accrue = async (ids, through) => {
  let n = 0;
  for (let more = true; more; ) {
    const step = await accrueFacilities(t.database.db, through, ids);
    n += step.days;
    more = step.more;
  }
  return n;
};

/** The year for one facility of each terms, accrued by `accrue`; what the ledger and accrual tables hold for each. */
async function year(accrue: Accrue, termsOfEach: Record<string, unknown>[]) {
  const worlds: FacilityWorld[] = [];
  for (const terms of termsOfEach)
    worlds.push(
      await createFacilityWorld(t, {
        terms: { line_fee_bps: 150, default_margin_bps: 400, close_date: '2026-01-01', ...terms },
      }),
    );
  const ids = worlds.map((w) => w.facilityId);
  const each = async (move: (w: FacilityWorld) => Promise<unknown>) => {
    for (const w of worlds) await move(w);
  };
  const counts: number[] = [];
  await each((w) => fundDraw(t, w, 400_000_000, '2026-01-05'));
  counts.push(await accrue(ids, '2026-02-10'));
  // Back-dated into accrued days (restated), then one booked ahead of the accrual.
  await each((w) => fundDraw(t, w, 100_000_000, '2026-02-03'));
  await each((w) => fundDraw(t, w, 80_000_000, '2026-03-20'));
  counts.push(await accrue(ids, '2026-05-15'));
  await each((w) =>
    call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: '2026-04-10' },
    }),
  );
  counts.push(await accrue(ids, '2026-06-20'));
  await each((w) =>
    call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/cure`,
      payload: { reason: 'Arrears paid', cured_on: '2026-06-01' },
    }),
  );
  counts.push(await accrue(ids, '2026-10-31'));
  counts.push(await accrue(ids, '2026-10-31'));
  const ledgers = [];
  for (const w of worlds) ledgers.push(await ledgerOf(w.facilityId));
  return { counts, ledgers };
}

/** Everything the accrual wrote for a facility, journals named by their place in its ledger. */
async function ledgerOf(facilityId: string) {
  const db = withDefaults(t.database.db);
  const journals = await db
    .selectFrom('ledger_journal')
    .select(['id', 'kind', 'effective_on', 'memo', 'draw_id'])
    .where('facility_id', '=', facilityId)
    .orderBy('seq')
    .execute();
  const postings = await db
    .selectFrom('ledger_posting')
    .select(['journal_id', 'account', 'amount_cents'])
    .where('facility_id', '=', facilityId)
    .orderBy('account')
    .orderBy('amount_cents')
    .execute();
  const accruals = await db
    .selectFrom('facility_accrual')
    .select(['accrued_on', 'balance_cents', 'rate_bps', 'amount_cents', 'journal_id'])
    .where('facility_id', '=', facilityId)
    .orderBy('accrued_on')
    .execute();
  const capitalisations = await db
    .selectFrom('facility_capitalisation')
    .select(['month', 'amount_cents', 'journal_id'])
    .where('facility_id', '=', facilityId)
    .orderBy('month')
    .execute();
  const adjustments = await db
    .selectFrom('facility_accrual_adjustment')
    .select(['accrued_on', 'balance_cents', 'rate_bps', 'numerator_delta', 'amount_cents', 'cause'])
    .where('facility_id', '=', facilityId)
    .orderBy('accrued_on')
    .orderBy('created_at')
    .execute();
  // Ids differ between the twins: journals by their place in the ledger.
  const place = new Map(journals.map((j, i) => [j.id, i]));
  return {
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

/** The rule's answer for each terms (accrueDay, a day at a time), worked out once for the file. */
const byTheRule = new Map<string, ReturnType<typeof year>>();
const reference = (terms: Record<string, unknown>) => {
  const key = JSON.stringify(terms);
  if (!byTheRule.has(key)) byTheRule.set(key, year(dayByDay, [terms]));
  return byTheRule.get(key)!;
};
const bothWays = [{ capitalise_interest: true }, { capitalise_interest: false }];

// A year a day at a time through accrueDay is slow on a loaded machine (two cores shared).
const YEAR_MS = 900_000;

describe('accrueThrough in batches', { timeout: YEAR_MS }, () => {
  for (const terms of bothWays)
    it(`posts exactly what accruing one day at a time posts (capitalise_interest ${terms.capitalise_interest})`, async () => {
      const before = await reference(terms);
      const after = await year(batched, [terms]);
      const [rule] = before.ledgers;
      expect(rule!.accruals).toHaveLength(304);
      expect(rule!.journals.filter((j) => j.memo.startsWith('Interest capitalised for'))).toHaveLength(10);
      // The cure gives back default interest of a month already capitalised: capitalised back too.
      expect(rule!.journals.some((j) => j.memo.startsWith('Restated interest capitalised'))).toBe(true);
      expect(rule!.journals.filter((j) => j.kind === 'line_fee')).toHaveLength(10);
      expect(rule!.adjustments.length).toBeGreaterThan(0);
      expect(after.counts).toEqual(before.counts);
      expect(after.counts.at(-1)).toBe(0);
      expect(after.ledgers).toEqual(before.ledgers);
    });

  it('a catch-up of more than a year goes a year at a time and leaves nothing', async () => {
    const w = await createFacilityWorld(t, { terms: { close_date: '2024-01-01' } });
    await fundDraw(t, w, 400_000_000, '2024-01-10');
    expect(await accrueThrough(t.database.db, w.facilityId, '2025-12-31')).toBe(731);
    expect(await accrueThrough(t.database.db, w.facilityId, '2025-12-31')).toBe(0);
  });
});

describe('many facilities in one transaction (the daily run, decision 079)', { timeout: YEAR_MS }, () => {
  const rule = async () => {
    const each = await Promise.all(bothWays.map(reference));
    return {
      counts: each[0]!.counts.map((_, i) => each.reduce((sum, e) => sum + e.counts[i]!, 0)),
      ledgers: each.map((e) => e.ledgers[0]),
    };
  };

  it('one run a day across facilities posts for each exactly what accrueDay posts', async () => {
    const before = await rule();
    const after = await year(dailyRuns(), bothWays);
    expect(after.counts).toEqual(before.counts);
    expect(after.counts.at(-1)).toBe(0);
    // The facility in default (10 April to the cure on 1 June) bore the default margin on its days.
    expect(after.ledgers[0]!.accruals.find((a) => a.accrued_on === '2026-05-20')!.rate_bps).toBeGreaterThan(
      after.ledgers[0]!.accruals.find((a) => a.accrued_on === '2026-04-01')!.rate_bps,
    );
    expect(after.ledgers).toEqual(before.ledgers);
  });

  it('a catch-up of many days across facilities posts the same', async () => {
    const before = await rule();
    const after = await year(catchUp, bothWays);
    expect(after.counts).toEqual(before.counts);
    expect(after.ledgers).toEqual(before.ledgers);
  });
});
