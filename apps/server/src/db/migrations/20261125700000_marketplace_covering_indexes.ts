import { type Kysely, sql } from 'kysely';

// Issue 12 item 1: a marketplace page is read without visiting the table (docs/decisions/027).
// The partial indexes of 20261123000300 now match the market's full predicate (a funded listing has
// left it since 20261125100000), and each carries the preview's columns, so the page's rows come
// from an index-only scan whichever plan the service picks: the filter index for a few matches
// (read, then sorted), a sort index for many (walked until the page is full).

const market = sql.raw(`payment_status = 'paid' and visible and funded_at is null`);
const preview = sql.raw(
  'id, suburb, state, development_stage, property_type, loan_amount, project_size_sqm, created_at, expected_profit, total_project_cost',
);
const filterPreview = sql.raw(
  'id, suburb, project_size_sqm, created_at, expected_profit, total_project_cost',
);

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of [
    'project_market_newest_idx',
    'project_market_loan_idx',
    'project_market_return_idx',
    'project_market_filter_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await sql`create index project_market_newest_idx on project (created_at desc, id desc)
    include (${preview}) where ${market}`.execute(db);
  await sql`create index project_market_loan_idx on project (loan_amount, id)
    include (${preview}) where ${market}`.execute(db);
  await sql`create index project_market_return_idx on project
    ((expected_profit / total_project_cost) desc nulls last, id desc)
    include (${preview}) where ${market}`.execute(db);
  await sql`create index project_market_filter_idx on project
    (property_type, state, development_stage, loan_amount)
    include (${filterPreview}) where ${market}`.execute(db);
  // A state without a property type (a funder who lends in one state) has its own way in.
  await sql`create index project_market_state_idx on project
    (state, development_stage, property_type, loan_amount)
    include (${filterPreview}) where ${market}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'project_market_state_idx',
    'project_market_newest_idx',
    'project_market_loan_idx',
    'project_market_return_idx',
    'project_market_filter_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  const old = sql.raw(`payment_status = 'paid' and visible`);
  await sql`create index project_market_newest_idx on project (created_at desc, id desc) where ${old}`.execute(
    db,
  );
  await sql`create index project_market_loan_idx on project (loan_amount, id)
    include (property_type, state, development_stage, expected_profit, total_project_cost)
    where ${old}`.execute(db);
  await sql`create index project_market_return_idx on project
    ((expected_profit / total_project_cost) desc nulls last, id desc) where ${old}`.execute(db);
  await sql`create index project_market_filter_idx on project
    (property_type, state, development_stage, loan_amount) where ${old}`.execute(db);
}
