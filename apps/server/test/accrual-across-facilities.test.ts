import { addDays } from '@plinth/domain/facility/dates';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { accrueOpenFacilities, facilityDailyJob } from '../src/modules/facilities/accrual.jobs';
import { buildTestApp, type TestApp } from './helpers';
import { fundDraw } from './support/accrual';
import { createFacilityWorld, type FacilityWorld } from './support/facilities';

// Decision 079: the daily run accrues every open facility's day in one transaction. Exactly once
// whatever number of instances run: two runs at once (on PostgreSQL through two database handles,
// as two server processes have; on PGlite through its one connection) accrue each facility-day
// once. And the ledger's balance check, now once per statement, still refuses at commit any
// journal that does not sum to zero, on both databases.

let t: TestApp;
let worlds: FacilityWorld[];
beforeAll(async () => {
  t = await buildTestApp();
  worlds = [];
  for (const terms of [
    { line_fee_bps: 150 },
    { capitalise_interest: false, interest_rate_bps: 875 },
    { interest_rate_bps: 1190 },
  ]) {
    const w = await createFacilityWorld(t, { terms: { close_date: '2026-01-01', ...terms } });
    await fundDraw(t, w, 300_000_000, '2026-01-05');
    worlds.push(w);
  }
});
afterAll(() => t.close());

const ids = () => worlds.map((w) => w.facilityId);

async function accrualFigures() {
  const db = t.database.db;
  const rows = await db
    .selectFrom('facility_accrual')
    .select([
      'facility_id',
      sql<number>`count(*)::int`.as('days'),
      sql<number>`count(distinct accrued_on)::int`.as('distinct_days'),
      sql<string>`min(accrued_on)::text`.as('first'),
      sql<string>`max(accrued_on)::text`.as('last'),
      sql<number>`sum(amount_cents)::bigint`.as('cents'),
      sql<number>`count(journal_id)::int`.as('journals'),
    ])
    .where('facility_id', 'in', ids())
    .groupBy('facility_id')
    .execute();
  const journals = await db
    .selectFrom('ledger_journal as j')
    .innerJoin('ledger_posting as p', 'p.journal_id', 'j.id')
    .select([
      'j.facility_id',
      'j.kind',
      sql<number>`count(distinct j.id)::int`.as('n'),
      sql<number>`(-sum(p.amount_cents) filter (where p.account = 'accrued_interest'))::bigint`.as('accrued'),
    ])
    .where('j.facility_id', 'in', ids())
    .where('j.kind', 'in', ['interest_accrued', 'interest_capitalised'])
    .groupBy(['j.facility_id', 'j.kind'])
    .execute();
  const capitalisations = await db
    .selectFrom('facility_capitalisation')
    .select(['facility_id', sql<number>`count(*)::int`.as('months')])
    .where('facility_id', 'in', ids())
    .groupBy('facility_id')
    .execute();
  return ids().map((id) => ({
    ...rows.find((r) => r.facility_id === id),
    months: capitalisations.find((c) => c.facility_id === id)?.months ?? 0,
    accrued_journals: journals.find((j) => j.facility_id === id && j.kind === 'interest_accrued'),
    capitalised_journals: journals.find((j) => j.facility_id === id && j.kind === 'interest_capitalised')?.n,
  }));
}

describe('the daily run across facilities', () => {
  it('two runs at once accrue each facility-day once, and a third finds the days done', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // A second instance: connections of its own to the same schema (PostgreSQL); PGlite has one.
    const second: DatabaseHandle | null =
      t.database.driver === 'postgres' && url
        ? await openDatabase({ kind: 'postgres', url, schema: t.database.schema! })
        : null;
    try {
      const other = second?.db ?? t.database.db;
      // Different transaction sizes: the runs overlap on some facilities' locks and not others.
      const runs = await Promise.all([
        accrueOpenFacilities(t.database.db, '2026-03-31', { perTransaction: 2 }),
        accrueOpenFacilities(other, '2026-03-31', { perTransaction: 1 }),
        accrueOpenFacilities(other, '2026-03-31'),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(3 * 90);
      expect(await accrueOpenFacilities(t.database.db, '2026-03-31')).toBe(0);
    } finally {
      await second?.close();
    }
    for (const f of await accrualFigures()) {
      expect(f).toMatchObject({
        days: 90,
        distinct_days: 90,
        first: '2026-01-01',
        last: '2026-03-31',
        months: 3,
      });
      // One interest journal a day that accrued anything (none before the draw on 5 January), and
      // they add up to the accrual rows: nothing posted twice.
      expect(f.journals).toBe(86);
      expect(f.accrued_journals).toMatchObject({ n: 86, accrued: f.cents });
      expect(f.capitalised_journals).toBe(3);
    }
  });

  it('the facility-daily job accrues every open facility through yesterday (Sydney)', async () => {
    const yesterday = addDays(sydneyDate(new Date()), -1);
    await t.database.db.transaction().execute((trx) => t.app.jobs.send(trx, facilityDailyJob, {}));
    expect(await t.app.jobs.drain(facilityDailyJob)).toBe(1);
    for (const f of await accrualFigures()) expect(f).toMatchObject({ first: '2026-01-01', last: yesterday });
    expect(await accrueOpenFacilities(t.database.db, yesterday)).toBe(0);
  });
});

describe('every journal sums to zero, enforced by the database at commit', () => {
  const write = (journals: { postings: [string, number][]; facilityId?: string }[]) =>
    t.database.db.transaction().execute(async (trx) => {
      const facilityId = worlds[0]!.facilityId;
      const rows = journals.map(() => crypto.randomUUID());
      await trx
        .insertInto('ledger_journal')
        .values(
          rows.map((id) => ({
            id,
            facility_id: facilityId,
            kind: 'equity_received',
            effective_on: '2026-01-02',
          })),
        )
        .execute();
      const postings = journals.flatMap((j, i) =>
        j.postings.map(([account, amount_cents]) => ({
          journal_id: rows[i]!,
          facility_id: j.facilityId ?? facilityId,
          account,
          amount_cents,
        })),
      );
      if (postings.length > 0) await trx.insertInto('ledger_posting').values(postings).execute();
      return rows;
    });
  const balanced: [string, number][] = [
    ['equity', 100],
    ['equity_contributed', -100],
  ];
  const journalsNamed = async (rows: string[]) =>
    (await t.database.db.selectFrom('ledger_journal').select('id').where('id', 'in', rows).execute()).length;

  it('refuses a journal whose postings, written in one statement with others, do not sum to zero', async () => {
    await expect(
      write([
        { postings: balanced },
        {
          postings: [
            ['equity', 100],
            ['equity_contributed', -99],
          ],
        },
        { postings: balanced },
      ]),
    ).rejects.toThrow(/does not balance: its postings sum to 1 cents/);
    // The transaction failed whole: not even the balanced journals are kept.
    const { n } = await t.database.db
      .selectFrom('ledger_journal')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('effective_on', '=', '2026-01-02')
      .executeTakeFirstOrThrow();
    expect(n).toBe(0);
  });

  it('refuses a journal without postings, or with one', async () => {
    await expect(write([{ postings: balanced }, { postings: [] }])).rejects.toThrow(/has 0 posting\(s\)/);
    await expect(write([{ postings: [['equity', 100]] }])).rejects.toThrow(/has 1 posting\(s\)/);
  });

  it('refuses a journal posting to another facility', async () => {
    await expect(
      write([
        {
          postings: balanced,
          facilityId: worlds[1]!.facilityId,
        },
      ]),
    ).rejects.toThrow(/posts to another facility/);
  });

  it('judges at commit: postings written in two statements that balance together are kept', async () => {
    const rows = await t.database.db.transaction().execute(async (trx) => {
      const facilityId = worlds[0]!.facilityId;
      const id = crypto.randomUUID();
      await trx
        .insertInto('ledger_journal')
        .values({ id, facility_id: facilityId, kind: 'equity_received', effective_on: '2026-01-03' })
        .execute();
      for (const [account, amount_cents] of balanced)
        await trx
          .insertInto('ledger_posting')
          .values({ journal_id: id, facility_id: facilityId, account, amount_cents })
          .execute();
      return [id];
    });
    expect(await journalsNamed(rows)).toBe(1);
    // The queue of journals to check is empty once each transaction has committed.
    const { rows: left } = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_journal_check`.execute(t.database.db);
    expect(left[0]!.n).toBe(0);
  });
});
