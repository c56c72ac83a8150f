import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketIndex, marketIndexOf } from '../src/modules/projects/market-index';
import { readFunderSides, snapshotParts } from '../src/modules/projects/market-index.repository';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  createFunder,
  financials,
  listedProject,
  market,
  writeBehindTheBack as writeBehindTheBackOf,
} from './support/marketplace';

// Issue 20 item 4 (decision 031): the search index builds a whole new state off to the side and
// swaps it in when it cannot place changes in the order of transaction ids (the ids went back, or
// a change carries ids this database has not reached: a restore, a failover), when the LISTEN
// connection came back, and when one catch-up would touch more than 2 % of the market; and a build
// that fails part-way leaves the state before it, never sums counted twice.

let t: TestApp;
let funder: TestUser;
let owner: TestUser;
const ids: string[] = [];

const writeBehindTheBack = (text: string, values: unknown[] = []) => writeBehindTheBackOf(t, text, values);

/** The market as the database counts it: listings and capital. */
async function marketInSql() {
  const { rows } = await sql<{ listings: number; capital: number }>`
    select count(*)::int as listings, coalesce(sum(loan_amount), 0)::float8 as capital from project
    where payment_status = 'paid' and visible and funded_at is null`.execute(t.database.db);
  return rows[0]!;
}

/** What the funder's marketplace lists, read through the API (a fresh query each time, past the page cache). */
let reads = 0;
async function listed(): Promise<string[]> {
  const res = await market(t.app, funder, { limit: 100, max_loan: 900_000_000 + reads++ });
  expect(res.statusCode).toBe(200);
  return res.json().items.map((item: { id: string }) => item.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  funder = await createFunder(t, 'active');
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  for (let i = 0; i < 60; i++) {
    const project = await listedProject(t, owner, { ...financials(1_000_000 + i * 10_000, 150_000) });
    ids.push(project.id);
  }
});
afterAll(() => t.close());

describe('the search index rebuilds where it cannot follow changes one by one', () => {
  it('a build that fails part-way leaves no index, or the one before it: never sums counted twice', async () => {
    // A listing the index cannot read (a state it has no code for), stored last, so a build meets
    // it after the others. The check that keeps such a state out of the table is dropped for it.
    await writeBehindTheBack('alter table project drop constraint project_state_check');
    await writeBehindTheBack(`update project set state = 'ZZ' where id = $1`, [ids[0]]);
    const index = new MarketIndex();
    await expect(index.catchUp(t.database.db)).rejects.toThrow(/no code for state ZZ/);
    expect(index.size).toBe(0);
    expect(index.snapshot).toBeNull();
    await writeBehindTheBack(`update project set state = 'NSW' where id = $1`, [ids[0]]);
    await index.catchUp(t.database.db);
    const whole = await marketInSql();
    expect(index.stats({}, new Set())).toMatchObject({ listings: whole.listings, capital: whole.capital });

    // A rebuild (a bulk change: every listing's loan) that fails leaves the index it was to replace.
    const before = index.stats({}, new Set());
    const builds = index.builds;
    await writeBehindTheBack('update project set loan_amount = loan_amount + 1');
    await writeBehindTheBack(`update project set state = 'ZZ' where id = $1`, [ids[1]]);
    await expect(index.catchUp(t.database.db)).rejects.toThrow(/no code for state ZZ/);
    expect(index.builds).toBe(builds);
    expect(index.stats({}, new Set())).toEqual(before);
    await writeBehindTheBack(`update project set state = 'VIC' where id = $1`, [ids[1]]);
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(builds + 1);
    const after = await marketInSql();
    expect(index.stats({}, new Set())).toMatchObject({ listings: after.listings, capital: after.capital });
    await writeBehindTheBack(
      `alter table project add constraint project_state_check check (state in ('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'))`,
    );
  });

  it('a catch-up that touches more than 2 % of the listings (and 50 at least) builds afresh; a smaller one does not', async () => {
    const index = new MarketIndex();
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(1);
    const stale = async () =>
      (await readFunderSides(t.database.db, [{ funderId: funder.id }], index.snapshot as string)).stale;
    await writeBehindTheBack('update project set loan_amount = loan_amount + 1 where id = $1', [ids[2]]);
    expect(await stale()).toBe(true);
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(1);
    await writeBehindTheBack('update project set loan_amount = loan_amount + 1');
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(2);
    expect(await stale()).toBe(false);
    const whole = await marketInSql();
    expect(index.stats({}, new Set())).toMatchObject({ listings: whole.listings, capital: whole.capital });
  });

  it('ids that went back (the index remembers a snapshot ahead of the database) rebuild it, and the change is served', async () => {
    const index = marketIndexOf(t.database.db);
    expect(await listed()).toContain(ids[3]);
    // As after a restore into a cluster whose transaction ids are behind the ones the index saw.
    const { xmax } = snapshotParts(index.snapshot as string);
    const ahead = `${xmax + 1_000_000n}:${xmax + 1_000_000n}:`;
    index.sawNothingNewUntil(ahead);
    expect(index.snapshot).toBe(ahead);
    const builds = index.builds;
    await writeBehindTheBack('update project set visible = false where id = $1', [ids[3]]);
    expect(await listed()).not.toContain(ids[3]);
    expect(index.builds).toBe(builds + 1);
    expect(snapshotParts(index.snapshot as string).xmax).toBeLessThan(xmax + 1_000_000n);
  });

  it('a change from ids this database has not reached is adopted, and the index rebuilt once, not on every read', async () => {
    const index = marketIndexOf(t.database.db);
    await listed();
    const builds = index.builds;
    // As after a restore: a listing's change row carries a transaction id from the other cluster.
    await writeBehindTheBack(
      `update market_change set xid = ((pg_current_xact_id()::text)::bigint + 1000000)::text::xid8 where project_id = $1`,
      [ids[4]],
    );
    await writeBehindTheBack('update project set visible = false where id = $1', [ids[5]]);
    expect(await listed()).not.toContain(ids[5]);
    expect(index.builds).toBe(builds + 1);
    const { rows } = await sql<{ foreign: number }>`
      select count(*)::int as foreign from market_change
      where xid >= pg_snapshot_xmax(pg_current_snapshot())`.execute(t.database.db);
    expect(rows[0]!.foreign).toBe(0);
    const side = await readFunderSides(t.database.db, [{ funderId: funder.id }], index.snapshot as string);
    expect(side.stale).toBe(false);
    await listed();
    expect(index.builds).toBe(builds + 1);
  });

  it('the LISTEN connection coming back rebuilds the index on the next read (a failover drops it)', async () => {
    const index = marketIndexOf(t.database.db);
    await listed();
    const builds = index.builds;
    // What the LISTEN connection reports when it is lost and connects again.
    t.database.changes.setDeaf(true);
    t.database.changes.setDeaf(false);
    await listed();
    expect(index.builds).toBe(builds + 1);
    await listed();
    expect(index.builds).toBe(builds + 1);
  });
});
