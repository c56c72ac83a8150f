import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { marketIndexOf } from '../../src/modules/projects/market-index';
import { buildTestApp, createUser } from '../helpers';
import { createFunder, financials, listedProject, market } from '../support/marketplace';

// Issue 20 item 4 (decision 031): a bulk change of 10,000 listings at 100,000 rebuilds the index a
// slice at a time, never holding the event loop for 100 ms. A delay measured on a machine busy with
// other test files measures them (327–415 ms beside ten others, under 100 alone), so this runs in
// `npm test`'s solo step, one file at a time with nothing else running (test/solo/vitest.config.ts).
// PostgreSQL only: an embedded PGlite runs its own statements on this process's event loop.

describe('a bulk change at 100,000 listings (PostgreSQL)', () => {
  it('never holds the event loop for 100 ms: 10,000 listings changed rebuild the index a slice at a time', async () => {
    const t = await buildTestApp();
    try {
      const funder = await createFunder(t, 'active');
      const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
      const seed = await listedProject(t, owner, financials(1_000_000, 150_000));
      const pool = t.database.pool!;
      // 99,999 copies of the listing, loaded the way the benchmark's seed loads (triggers off,
      // the summary rebuilt after). The bulk changes below run with every trigger on.
      const { rows: columns } = await pool.query<{ name: string }>(
        `select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = 'project' and column_name <> 'id'`,
      );
      const list = columns.map((c) => `"${c.name}"`).join(', ');
      await pool.query('alter table project disable trigger user');
      await pool.query(
        `insert into project (${list}) select ${columns
          .map((c) =>
            c.name === 'loan_amount'
              ? '100000 + (n % 400) * 50000'
              : c.name === 'created_at'
                ? `now() - make_interval(secs => n)`
                : `p."${c.name}"`,
          )
          .join(', ')} from project p, generate_series(1, 99999) n where p.id = $1`,
        [seed.id],
      );
      await pool.query('alter table project enable trigger user');
      await pool.query('select marketplace_summary_rebuild()');
      const read = async (query: Record<string, number>) => {
        const res = await market(t.app, funder, { limit: 20, ...query });
        expect(res.statusCode).toBe(200);
        return res.json() as { total: number; items: { id: string; loan_amount: number }[] };
      };
      expect((await read({ page: 1 })).total).toBe(100_000);
      const index = marketIndexOf(t.database.db);
      const builds = index.builds;

      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      await pool.query(
        `update project set loan_amount = loan_amount + 1 where id in (select id from project order by id limit 10000)`,
      );
      const after = await read({ page: 4_000 });
      // 1,500 more (under 2 % of the market): applied in place, in one go.
      await pool.query(
        `update project set loan_amount = loan_amount + 2 where id in (select id from project order by id desc limit 1500)`,
      );
      const deep = await read({ page: 4_999, min_loan: 100_001 });
      delay.disable();
      expect(index.builds).toBe(builds + 1);
      expect(after.total).toBe(100_000);
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from project where loan_amount >= 100001`,
      );
      expect(deep.total).toBe(rows[0]!.n);
      process.stdout.write(
        `[solo] bulk change at 100,000 listings: longest event-loop delay ${(delay.max / 1e6).toFixed(0)} ms\n`,
      );
      expect(delay.max / 1e6, `longest delay ${delay.max / 1e6} ms`).toBeLessThan(100);
    } finally {
      await t.close();
    }
  }, 120_000);
});
