import { type Kysely, sql } from 'kysely';
import { marketFilterOf } from '../../modules/projects/market-definition';

// Issue 20 item 4 (docs/decisions/031-marketplace-search-index.md): `marketplace_summary` (which the
// SQL path still reads: the market's size under a text search, and MARKET_INDEX=off) was kept by a
// per-row trigger that upserted the same few summary rows once per changed listing. One statement
// changing 10,000 of 100,000 listings then rewrote those rows 160,000 times in one transaction and
// ran for minutes on PostgreSQL. Per statement instead: the changed rows (transition tables) are
// added up per summary cell, and each cell is written once.

/** One signed row per listing on the market in `rows` (a transition table), named `alias`. */
const signed = (rows: string, alias: string, sign: 1 | -1) => `
  select ${sign} as sign, ${alias}.property_type, coalesce(${alias}.state, '') as state,
    ${alias}.development_stage, ${alias}.loan_amount as loan,
    ${alias}.expected_profit / ${alias}.total_project_cost as ret
  from ${rows} ${alias} where ${marketFilterOf(alias)}`;

/** Adds the signed rows to every cell they belong to (with the '*' roll-ups), each cell once. */
const addUp = (source: string) => `
  insert into marketplace_summary as s (property_type, state, development_stage, loan_band,
    listings, capital, return_sum, return_count)
  select t, st, g, marketplace_loan_band(d.loan) as band, sum(d.sign), sum(d.sign * d.loan),
    sum(d.sign * coalesce(d.ret, 0)), sum(case when d.ret is null then 0 else d.sign end)
  from (${source}) d, unnest(array[d.property_type, '*']) t, unnest(array[d.state, '*']) st,
    unnest(array[d.development_stage, '*']) g
  group by t, st, g, band
  having sum(d.sign) <> 0 or sum(d.sign * d.loan) <> 0 or sum(d.sign * coalesce(d.ret, 0)) <> 0
    or sum(case when d.ret is null then 0 else d.sign end) <> 0
  on conflict (property_type, state, development_stage, loan_band) do update set
    listings = s.listings + excluded.listings,
    capital = s.capital + excluded.capital,
    return_sum = s.return_sum + excluded.return_sum,
    return_count = s.return_count + excluded.return_count`;

const statementFunction = (name: string, body: string) =>
  sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $fn$
    begin
      ${sql.raw(body)};
      return null;
    end
  $fn$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists project_marketplace_summary on project`.execute(db);
  await sql`drop function if exists marketplace_summary_track()`.execute(db);
  await statementFunction('marketplace_summary_inserted', addUp(signed('new_rows', 'n', 1))).execute(db);
  await statementFunction(
    'marketplace_summary_updated',
    addUp(`${signed('old_rows', 'o', -1)} union all ${signed('new_rows', 'n', 1)}`),
  ).execute(db);
  await statementFunction('marketplace_summary_deleted', addUp(signed('old_rows', 'o', -1))).execute(db);
  await sql`create trigger project_marketplace_summary_insert after insert on project
    referencing new table as new_rows
    for each statement execute function marketplace_summary_inserted()`.execute(db);
  await sql`create trigger project_marketplace_summary_update after update on project
    referencing old table as old_rows new table as new_rows
    for each statement execute function marketplace_summary_updated()`.execute(db);
  await sql`create trigger project_marketplace_summary_delete after delete on project
    referencing old table as old_rows
    for each statement execute function marketplace_summary_deleted()`.execute(db);
  // What the summary holds is what the listings say, whatever the old trigger left.
  await sql`select marketplace_summary_rebuild()`.execute(db);
}

export async function down(): Promise<void> {
  // The per-row trigger it replaced kept the same sums, only slower: nothing to undo.
}
