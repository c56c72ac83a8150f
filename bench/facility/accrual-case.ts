// Issue 33's accrual budget: a year of daily accrual for 1,000 facilities in under 30 s. 1,000
// active facilities with drawn principal are written straight into the tables (one developer and
// one funder; a project, deal and facility each; the ledger opened and one draw funded, through the
// domain's journals), then the real job path runs for every day of 2025: each day,
// `accrueOpenFacilities(db, day)` — what the `facility-daily` job runs (accrual.jobs.ts, decision
// 079): every open facility's day in one transaction. Timed end to end; month ends charge the line
// fee and capitalise the interest.
//
// BENCH_ACCRUAL_MODE=catch-up runs instead one run through the year's last day (a server that was
// down all year): the same days, journals and rows.
// BENCH_FACILITIES (default 1000) and BENCH_DAYS (default 365) make a smaller run; the figure is then
// also projected to 1,000 × 365 (linear in facilities: each facility's year is the same work).
import { performance } from 'node:perf_hooks';
import { addDays } from '@plinth/domain/facility/dates';
import { drawFundedJournal, facilityOpenedJournal } from '@plinth/domain/facility/ledger';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { accrueOpenFacilities } from '../../apps/server/src/modules/facilities/accrual.jobs';
import { postJournal } from '../../apps/server/src/modules/facilities/facility-figures';
import { openBenchDatabase, progress } from './common';

const BUDGET_MS = 30_000;
const FULL = { facilities: 1_000, days: 365 };
const FIRST_DAY = '2025-01-01';

/** `count` active facilities opened on FIRST_DAY, each with $5–15 million drawn of a $20 million limit. */
export async function seedAccrualFacilities(db: Db, count: number): Promise<string[]> {
  const now = new Date();
  const person = async (role: 'borrower' | 'funder') => {
    const { id } = await db
      .insertInto('user')
      .values({
        id: crypto.randomUUID(),
        name: `Bench ${role}`,
        email: `bench-${role}-${crypto.randomUUID().slice(0, 8)}@bench.example`,
        email_verified: true,
        image: null,
        role,
        approved: true,
        subscription_status: 'active',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const developer = await person('borrower');
  const funder = await person('funder');
  const ids: string[] = [];
  const BATCH = 100;
  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    const range = Array.from({ length: n }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      const projects = await trx
        .insertInto('project')
        .values(
          range.map((i) => ({
            borrower_id: developer,
            title: `Bench accrual project ${i + 1}`,
            location: `${i + 1} Bench Street, Parramatta NSW 2150`,
            suburb: 'Parramatta',
            state: 'NSW',
            postcode: '2150',
            loan_amount: 20_000_000,
            payment_status: 'paid',
            visible: true,
            submission_status: 'submitted',
          })) as never,
        )
        .returning('id')
        .execute();
      const requests = await trx
        .insertInto('access_request')
        .values(
          projects.map((p) => ({
            funder_id: funder,
            project_id: p.id,
            status: 'funded',
            initial_message: 'Bench',
          })) as never,
        )
        .returning(['id', 'project_id'])
        .execute();
      const deals = await trx
        .insertInto('deal')
        .values(
          requests.map((r) => ({
            project_id: r.project_id,
            access_request_id: r.id,
            borrower_id: developer,
            funder_id: funder,
            status: 'completed',
            completed_at: now,
          })) as never,
        )
        .returning(['id', 'project_id'])
        .execute();
      const facilities = await trx
        .insertInto('facility')
        .values(
          deals.map((d, k) => ({
            deal_id: d.id,
            project_id: d.project_id,
            borrower_id: developer,
            funder_id: funder,
            status: 'active',
            state: 'NSW',
            limit_cents: 2_000_000_000,
            // 8.00 %–11.90 %, a line fee on every other facility: varied rounding.
            interest_rate_bps: 800 + ((from + k) % 40) * 10,
            default_margin_bps: 400,
            line_fee_bps: (from + k) % 2 === 0 ? 50 : 0,
            establishment_fee_cents: 0,
            close_date: '2024-12-20',
            maturity_date: '2027-12-31',
            latest_practical_completion_date: '2027-06-30',
            capitalise_interest: true,
            activated_on: FIRST_DAY,
          })) as never,
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('facility_party')
        .values(
          facilities.flatMap((f) => [
            { facility_id: f.id, user_id: developer, role: 'developer' },
            { facility_id: f.id, user_id: funder, role: 'funder' },
          ]) as never,
        )
        .execute();
      for (const [k, f] of facilities.entries()) {
        const limit = 2_000_000_000n;
        await postJournal(trx, {
          facilityId: f.id,
          journal: facilityOpenedJournal(limit),
          effectiveOn: FIRST_DAY,
        });
        const drawn = 500_000_000n + BigInt(((from + k) * 7_919_123) % 1_000_000_000);
        await postJournal(trx, {
          facilityId: f.id,
          journal: drawFundedJournal({
            certified_cents: drawn,
            retention_cents: 0n,
            equity_in_hand_cents: 0n,
            undrawn_cents: limit,
          }),
          effectiveOn: FIRST_DAY,
        });
        ids.push(f.id);
      }
    });
    progress(`accrual: seeded ${Math.min(from + BATCH, count)}/${count} facilities`);
  }
  return ids;
}

export async function accrualCase() {
  const facilities = Number(process.env.BENCH_FACILITIES ?? FULL.facilities);
  const days = Number(process.env.BENCH_DAYS ?? FULL.days);
  const mode = process.env.BENCH_ACCRUAL_MODE === 'catch-up' ? 'catch-up' : 'daily';
  const { database, drop } = await openBenchDatabase();
  try {
    const db = database.db;
    let t = performance.now();
    await seedAccrualFacilities(db, facilities);
    progress(`accrual: seeded ${facilities} facilities in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    let accrued = 0;
    // catch-up: one run through the year's last day (a server that was down all year).
    if (mode === 'catch-up') accrued = await accrueOpenFacilities(db, addDays(FIRST_DAY, days - 1));
    // daily: each day's run, as the `facility-daily` job runs it: every open facility's day.
    for (let d = 0; mode === 'daily' && d < days; d++) {
      const day = addDays(FIRST_DAY, d);
      accrued += await accrueOpenFacilities(db, day);
      if ((d + 1) % 30 === 0 || d + 1 === days) {
        const elapsed = performance.now() - t;
        progress(
          `accrual: ${day} done (${d + 1}/${days} days, ${accrued} facility-days) in ${(elapsed / 1000).toFixed(1)} s`,
        );
      }
    }
    const elapsedMs = performance.now() - t;
    if (accrued !== facilities * days)
      throw new Error(`accrued ${accrued} facility-days, expected ${facilities * days}`);
    const count = async (table: 'facility_accrual' | 'facility_capitalisation') =>
      Number(
        (await db.selectFrom(table).select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow()).n,
      );
    const journals = await db
      .selectFrom('ledger_journal')
      .select(['kind', sql<string>`count(*)::text`.as('n')])
      .where('kind', 'in', ['interest_accrued', 'line_fee', 'interest_capitalised'])
      .groupBy('kind')
      .execute();
    const { n: postings } = await db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_journal as j', 'j.id', 'p.journal_id')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('j.kind', 'in', ['interest_accrued', 'line_fee', 'interest_capitalised'])
      .executeTakeFirstOrThrow();
    const full = facilities === FULL.facilities && days === FULL.days;
    // Each facility's year is the same statements: the full run scales with facilities. Fewer days
    // under-state a year (each day's balance sums the facility's postings so far, which grow).
    const projected = Math.round((elapsedMs * FULL.facilities) / facilities);
    const result = {
      bench: 'facility-daily-accrual-year',
      driver: database.driver,
      mode,
      facilities,
      days,
      facility_days: accrued,
      elapsed_ms: Math.round(elapsedMs),
      per_facility_day_ms: Math.round((elapsedMs / accrued) * 1000) / 1000,
      ...(full ? {} : { projected_1000_facilities_ms: days === FULL.days ? projected : null }),
      accrual_rows: await count('facility_accrual'),
      capitalisation_rows: await count('facility_capitalisation'),
      journals: Object.fromEntries(journals.map((j) => [j.kind, Number(j.n)])),
      postings: Number(postings),
      budget_ms: BUDGET_MS,
      passed: full ? elapsedMs < BUDGET_MS : days === FULL.days ? projected < BUDGET_MS : false,
    };
    progress(
      `accrual: ${accrued} facility-days in ${(elapsedMs / 1000).toFixed(1)} s (${result.per_facility_day_ms} ms each)${full || days !== FULL.days ? '' : `, projected to 1,000 × 365: ${(projected / 1000).toFixed(0)} s`} (budget ${BUDGET_MS / 1000} s): ${result.passed ? 'PASS' : 'FAIL'}`,
    );
    return result;
  } finally {
    await drop();
  }
}
