import { type Kysely, sql } from 'kysely';

// Issue 30 finding 4 (docs/decisions/032-stats-that-leak-nothing.md): profit / cost reaches a
// funder without access only through a listing's return band, 2.5 points wide.
//
// - `marketplace_return_band(profit, cost)`: floor(40 × profit / cost), exact (`div` on numeric),
//   null when either is missing. The domain's `returnBandOf` is the same rule; a test compares them.
// - The return-potential sort's index: band (highest first, none last), then newest, then id.
// - The daily snapshot of the average return: `marketplace_return_snapshot` has one row per day
//   (Australia/Sydney) a snapshot was taken, and `marketplace_return_cell` its cells: the whole
//   market ('*', '*') and each property type × state, with the listings stating profit and cost and
//   the sum of their bands. The first marketplace read of a day takes it; the day's primary key
//   makes every other instance wait for that transaction and then read what it wrote.

const market = sql.raw(`payment_status = 'paid' and visible and funded_at is null`);
const preview = sql.raw(
  'id, suburb, state, development_stage, property_type, loan_amount, project_size_sqm, created_at, expected_profit, total_project_cost',
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function marketplace_return_band(profit numeric, cost numeric) returns bigint
    language sql immutable as $fn$
      select case when profit >= 0 and cost > 0 then div(40 * profit, cost)::bigint end
    $fn$`.execute(db);
  await db.schema.dropIndex('project_market_return_idx').ifExists().execute();
  await sql`create index project_market_return_idx on project
    (marketplace_return_band(expected_profit, total_project_cost) desc nulls last, created_at desc, id desc)
    include (${preview}) where ${market}`.execute(db);

  await sql`create table marketplace_return_snapshot (
    taken_on date primary key,
    taken_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table marketplace_return_cell (
    taken_on date not null references marketplace_return_snapshot (taken_on) on delete cascade,
    property_type text not null, -- '*': every type
    state text not null, -- '*': every state, and listings with none
    listings integer not null check (listings >= 0),
    band_sum numeric not null check (band_sum >= 0),
    primary key (taken_on, property_type, state)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists marketplace_return_cell`.execute(db);
  await sql`drop table if exists marketplace_return_snapshot`.execute(db);
  await db.schema.dropIndex('project_market_return_idx').ifExists().execute();
  await sql`create index project_market_return_idx on project
    ((expected_profit / total_project_cost) desc nulls last, id desc)
    include (${preview}) where ${market}`.execute(db);
  await sql`drop function if exists marketplace_return_band(numeric, numeric)`.execute(db);
}
