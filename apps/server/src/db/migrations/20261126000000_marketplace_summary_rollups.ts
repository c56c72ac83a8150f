import { type Kysely, sql } from 'kysely';

// Issue 12 item 1 (docs/decisions/029-marketplace-statements-built-once.md): the stats header reads a few
// rows of the kept summary for any filter, not thousands. Besides each (property type, state,
// stage, loan band) group, `marketplace_summary` now keeps its roll-ups: '*' in a column means
// "any" (every combination of the three, per loan band: the cube). A filter on any of the three
// reads one row per loan band; no filter reads the ('*', '*', '*') rows. '*' is no property type,
// state or stage, and a listing without a state stays ''.
//
// A listing's change now updates eight rows in one statement instead of one. Listings change
// rarely next to how often the marketplace is read.

const market = `payment_status = 'paid' and visible and funded_at is null`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function marketplace_summary_add(
      p_type text, p_state text, p_stage text, p_sign integer, p_loan numeric, p_return numeric)
    returns void language sql as $fn$
      insert into marketplace_summary as s (property_type, state, development_stage, loan_band,
        listings, capital, return_sum, return_count)
      select t, st, g, marketplace_loan_band(p_loan), p_sign, p_sign * p_loan,
        p_sign * coalesce(p_return, 0), case when p_return is null then 0 else p_sign end
      from unnest(array[p_type, '*']) t, unnest(array[coalesce(p_state, ''), '*']) st,
        unnest(array[p_stage, '*']) g
      on conflict (property_type, state, development_stage, loan_band) do update set
        listings = s.listings + excluded.listings,
        capital = s.capital + excluded.capital,
        return_sum = s.return_sum + excluded.return_sum,
        return_count = s.return_count + excluded.return_count
    $fn$`.execute(db);
  await sql`create or replace function marketplace_summary_rebuild() returns void language sql as $fn$
    delete from marketplace_summary;
    insert into marketplace_summary (property_type, state, development_stage, loan_band,
      listings, capital, return_sum, return_count)
    select case when grouping(property_type) = 1 then '*' else property_type end,
      case when grouping(coalesce(state, '')) = 1 then '*' else coalesce(state, '') end,
      case when grouping(development_stage) = 1 then '*' else development_stage end,
      marketplace_loan_band(loan_amount),
      count(*), sum(loan_amount), coalesce(sum(expected_profit / total_project_cost), 0),
      count(expected_profit / total_project_cost)
    from project where ${sql.raw(market)}
    group by marketplace_loan_band(loan_amount),
      cube(property_type, coalesce(state, ''), development_stage)
  $fn$`.execute(db);
  await sql`select marketplace_summary_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function marketplace_summary_add(
      p_type text, p_state text, p_stage text, p_sign integer, p_loan numeric, p_return numeric)
    returns void language sql as $fn$
      insert into marketplace_summary as s (property_type, state, development_stage, loan_band,
        listings, capital, return_sum, return_count)
      values (p_type, coalesce(p_state, ''), p_stage, marketplace_loan_band(p_loan), p_sign,
        p_sign * p_loan, p_sign * coalesce(p_return, 0), case when p_return is null then 0 else p_sign end)
      on conflict (property_type, state, development_stage, loan_band) do update set
        listings = s.listings + excluded.listings,
        capital = s.capital + excluded.capital,
        return_sum = s.return_sum + excluded.return_sum,
        return_count = s.return_count + excluded.return_count
    $fn$`.execute(db);
  await sql`create or replace function marketplace_summary_rebuild() returns void language sql as $fn$
    delete from marketplace_summary;
    insert into marketplace_summary (property_type, state, development_stage, loan_band,
      listings, capital, return_sum, return_count)
    select property_type, coalesce(state, ''), development_stage, marketplace_loan_band(loan_amount),
      count(*), sum(loan_amount), coalesce(sum(expected_profit / total_project_cost), 0),
      count(expected_profit / total_project_cost)
    from project where ${sql.raw(market)}
    group by 1, 2, 3, 4
  $fn$`.execute(db);
  await sql`select marketplace_summary_rebuild()`.execute(db);
}
