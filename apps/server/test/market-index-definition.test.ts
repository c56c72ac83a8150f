import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  marketFilterOf,
  marketWatchedColumns,
  onMarketplace,
} from '../src/modules/projects/market-definition';
import { marketIndexOf } from '../src/modules/projects/market-index';
import { setMarketIndex, usesMarketIndex } from '../src/modules/projects/marketplace.service';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  createFunder,
  financials,
  listedProject,
  market,
  writeBehindTheBack as writeBehindTheBackOf,
} from './support/marketplace';

// Issue 20 item 4 (decision 031): one definition of "on the market" and of a listing's columns
// (modules/projects/market-definition.ts) builds the SQL statements' filter, the index's reads and
// the `market_change` trigger's watched columns; read back from the database, the triggers say
// the same. And MARKET_INDEX=off answers the marketplace from the SQL statements alone.

let t: TestApp;
let funder: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  funder = await createFunder(t, 'active');
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
});
afterAll(() => t.close());

/** A function's definition as the database holds it. */
async function functionDefinition(name: string) {
  const { rows } = await sql<{ body: string }>`
    select pg_get_functiondef(p.oid) as body from pg_proc p
    where p.proname = ${name} and p.pronamespace = current_schema()::regnamespace`.execute(t.database.db);
  expect(rows, name).toHaveLength(1);
  return rows[0]!.body;
}

async function triggerDefinition(name: string) {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_triggerdef(tg.oid) as definition from pg_trigger tg
    where tg.tgname = ${name} and tg.tgrelid = 'project'::regclass`.execute(t.database.db);
  expect(rows, name).toHaveLength(1);
  return rows[0]!.definition;
}

describe("the market's one definition, as the database holds it", () => {
  it("the market_change trigger watches exactly the definition's columns, and records inserts and deletes", async () => {
    const edit = await triggerDefinition('project_market_change_edit');
    const watched = [...edit.matchAll(/old\.(\w+) is distinct from new\.(\w+)/gi)].map(
      ([, before, after]) => {
        expect(before).toBe(after);
        return before!;
      },
    );
    expect(watched.sort()).toEqual([...marketWatchedColumns].sort());
    // Nothing but those comparisons, or-ed, in the condition.
    const condition = /WHEN \((.*)\) EXECUTE/i.exec(edit)?.[1] ?? '';
    const rest = condition.replace(/old\.\w+ is distinct from new\.\w+/gi, '').replace(/\bor\b/gi, '');
    expect(rest.replace(/[()\s]/g, '')).toBe('');
    expect(edit).toMatch(/AFTER UPDATE ON \S*project FOR EACH ROW/i);
    expect(await triggerDefinition('project_market_change_write')).toMatch(
      /AFTER INSERT OR DELETE ON \S*project FOR EACH ROW EXECUTE FUNCTION \S*market_change_track\(\)/i,
    );
  });

  it("the kept summary's trigger and rebuild use the definition's filter, and so does the SQL path", async () => {
    const updated = await functionDefinition('marketplace_summary_updated');
    expect(updated).toContain(marketFilterOf('o'));
    expect(updated).toContain(marketFilterOf('n'));
    expect(await functionDefinition('marketplace_summary_inserted')).toContain(marketFilterOf('n'));
    expect(await functionDefinition('marketplace_summary_deleted')).toContain(marketFilterOf('o'));
    const rebuild = await functionDefinition('marketplace_summary_rebuild');
    expect(rebuild).toContain(marketFilterOf('project').replaceAll('project.', ''));
    expect(onMarketplace.compile(t.database.db).sql).toBe(marketFilterOf('project'));
  });
});

describe('MARKET_INDEX=off', () => {
  it('config: MARKET_INDEX accepts on and off only, and is on by default', () => {
    expect(loadConfig({}).MARKET_INDEX).toBe(true);
    expect(loadConfig({ MARKET_INDEX: 'off' }).MARKET_INDEX).toBe(false);
    expect(() => loadConfig({ MARKET_INDEX: 'no' })).toThrow(/MARKET_INDEX/);
  });

  it('an app built with MARKET_INDEX=off answers from the SQL statements; by default from the index', async () => {
    const off = await buildTestApp({ MARKET_INDEX: 'off' });
    try {
      expect(usesMarketIndex(off.database.db)).toBe(false);
      expect(usesMarketIndex(t.database.db)).toBe(true);
    } finally {
      await off.close();
    }
  });

  it('serves the same marketplace from the SQL statements, never building the index, and follows a change', async () => {
    const listings = [];
    for (let i = 0; i < 5; i++) {
      listings.push(
        await listedProject(t, owner, financials(1_000_000 * (i + 1), 100_000 * (i + 1)), { daysAgo: i }),
      );
    }
    const query = { sort: 'loan_amount_desc', min_loan: 1_500_000, limit: 2, page: 2 };
    const on = (await market(t.app, funder, query)).json();
    expect(on.items.map((item: { id: string }) => item.id)).toEqual([listings[2]!.id, listings[1]!.id]);
    const index = marketIndexOf(t.database.db);
    const builds = index.builds;

    // What app.ts does with the flag: the index is left alone from now on.
    setMarketIndex(t.database.db, loadConfig({ MARKET_INDEX: 'off' }).MARKET_INDEX);
    try {
      // A query the page cache has not seen, matching the same listings.
      const off = await market(t.app, funder, { ...query, max_loan: 98_000_000 });
      expect(off.statusCode).toBe(200);
      expect(off.headers['x-read-cache']).toBe('miss');
      expect(off.json()).toEqual(on);
      await writeBehindTheBackOf(t, 'update project set visible = false where id = $1', [listings[2]!.id]);
      const after = (await market(t.app, funder, { ...query, max_loan: 99_000_000 })).json();
      expect(after.items.map((item: { id: string }) => item.id)).toEqual([listings[1]!.id]);
      expect(after.total).toBe(3);
      // The index neither answered nor caught up: still the state before the change.
      expect(index.builds).toBe(builds);
      expect(
        index.page({ min_loan: 1_500_000 }, new Set(), 'loan_amount_desc', 0, 10).map((l) => l.id),
      ).toContain(listings[2]!.id);
    } finally {
      setMarketIndex(t.database.db, true);
    }
  });
});

describe('the kept summary, per statement', () => {
  const summary = async () =>
    (
      await sql<Record<string, unknown>>`select * from marketplace_summary where listings <> 0
        order by property_type, state, development_stage, loan_band`.execute(t.database.db)
    ).rows;

  it('inserts, one statement changing many listings (onto, off and across the market), and deletes leave it as a rebuild makes it', async () => {
    const listings = [];
    for (let i = 0; i < 6; i++) {
      listings.push(await listedProject(t, owner, financials(2_000_000 + 500_000 * i, 300_000 + 10_000 * i)));
    }
    const ids = listings.map((l) => l.id);
    // One statement: two leave the market, two change loan band and state, the others stay as they are.
    const [leaving, moving] = [ids.slice(0, 2), ids.slice(2, 4)];
    const db = t.database.db;
    await sql`update project set
        visible = case when id in (${sql.join(leaving)}) then false else visible end,
        loan_amount = case when id in (${sql.join(moving)}) then loan_amount + 7000000 else loan_amount end,
        state = case when id in (${sql.join(moving)}) then 'WA' else state end
      where id in (${sql.join(ids)})`.execute(db);
    // One statement brings one back, and one more is deleted.
    await sql`update project set visible = true where id = ${ids[0]}`.execute(db);
    await sql`delete from project where id = ${ids[5]}`.execute(db);
    const kept = await summary();
    await sql`select marketplace_summary_rebuild()`.execute(t.database.db);
    expect(kept).toEqual(await summary());
    expect(kept.length).toBeGreaterThan(0);
  });
});
