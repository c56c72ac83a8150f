import { type Kysely, sql } from 'kysely';

// The funders' marketplace at scale (GET /api/projects as a funder; DESIGN.md section 11: 20 cards
// over 100,000 projects, p99 under 50 ms).
//
// The page. Every marketplace query carries `payment_status = 'paid' and visible`, so the indexes
// are partial on it (the planner matches them from the literal predicate). One index per sort, each
// ending in id in the sort's own direction (the stable tie-break), so a page is the first `limit`
// entries of one index scan: newest, loan amount (one index read both ways), return potential
// (profit / cost, nulls last). The filter columns have an index of their own. Text search on title
// and suburb (any case, anywhere in the text) has trigram indexes on PostgreSQL when the pg_trgm
// extension can be installed; PGlite has no pg_trgm, and the embedded database is small enough to
// scan. The two indexes of the domain model on created_at and loan_amount alone are replaced.
//
// The stats header (total capital, count, Residential against Commercial, average return) covers
// the whole filtered market, which unfiltered is nearly every row: an aggregate over 85,000 rows
// takes 60-90 ms on PostgreSQL however it is indexed. So the market's totals are also kept in
// `marketplace_summary` per property type, state, stage and loan band, by a trigger on project, in
// the transaction of every change. The header then sums the matching groups (a few thousand rows
// at most), takes away the listings the funder has asked about (found from their requests) and
// adds the rows of a loan range's partly covered bands; only a text search aggregates rows alone.
// The band edges are also in marketplace.repository.ts (LOAN_BANDS); a test checks they agree.

const LOAN_BANDS = [
  0, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000,
  6_000_000, 7_500_000, 10_000_000, 12_500_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000,
  50_000_000, 75_000_000, 100_000_000, 200_000_000,
];

const onMarketplace = sql<boolean>`payment_status = 'paid' and visible`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('project_marketplace_created_idx').ifExists().execute();
  await db.schema.dropIndex('project_marketplace_loan_idx').ifExists().execute();
  await db.schema
    .createIndex('project_market_newest_idx')
    .on('project')
    .columns(['created_at desc', 'id desc'])
    .where(onMarketplace)
    .execute();
  // The stats' inputs ride along, so the rows of a loan range's partial bands come from the index.
  await sql`create index project_market_loan_idx on project (loan_amount, id)
    include (property_type, state, development_stage, expected_profit, total_project_cost)
    where payment_status = 'paid' and visible`.execute(db);
  await sql`create index project_market_return_idx on project
    ((expected_profit / total_project_cost) desc nulls last, id desc)
    where payment_status = 'paid' and visible`.execute(db);
  await sql`create index project_market_filter_idx on project
    (property_type, state, development_stage, loan_amount)
    where payment_status = 'paid' and visible`.execute(db);

  await sql`create table marketplace_summary (
    property_type text not null,
    state text not null, -- '' for a listing without a state
    development_stage text not null,
    loan_band numeric not null, -- the lower edge of the listing's loan band
    -- No CHECK (>= 0) here: Postgres checks an upsert's proposed row, a subtraction, before it
    -- finds the conflict that turns it into an update.
    listings integer not null default 0,
    capital numeric not null default 0,
    -- Sum and count of profit / cost over the listings that state both.
    return_sum numeric not null default 0,
    return_count integer not null default 0,
    primary key (property_type, state, development_stage, loan_band)
  )`.execute(db);
  await sql`create function marketplace_loan_band(amount numeric) returns numeric
    language sql immutable as ${sql.raw(`$fn$
      select coalesce(max(edge), 0) from unnest('{${LOAN_BANDS.join(',')}}'::numeric[]) edge
      where edge <= amount
    $fn$`)}`.execute(db);
  await sql`create function marketplace_summary_add(
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
  await sql`create function marketplace_summary_track() returns trigger language plpgsql as $fn$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.payment_status = 'paid' and old.visible then
        -- An edit that leaves the listing on the market in the same group with the same figures.
        if tg_op = 'UPDATE' and new.payment_status = 'paid' and new.visible
            and new.property_type = old.property_type
            and new.state is not distinct from old.state
            and new.development_stage = old.development_stage
            and new.loan_amount = old.loan_amount
            and new.expected_profit is not distinct from old.expected_profit
            and new.total_project_cost is not distinct from old.total_project_cost then
          return null;
        end if;
        perform marketplace_summary_add(old.property_type, old.state, old.development_stage, -1,
          old.loan_amount, old.expected_profit / old.total_project_cost);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.payment_status = 'paid' and new.visible then
        perform marketplace_summary_add(new.property_type, new.state, new.development_stage, 1,
          new.loan_amount, new.expected_profit / new.total_project_cost);
      end if;
      return null;
    end
  $fn$`.execute(db);
  // Recomputes the summary from the listings. A bulk load (the benchmark's seed) is far faster with
  // the trigger disabled and this run once afterwards.
  await sql`create function marketplace_summary_rebuild() returns void language sql as $fn$
    delete from marketplace_summary;
    insert into marketplace_summary (property_type, state, development_stage, loan_band,
      listings, capital, return_sum, return_count)
    select property_type, coalesce(state, ''), development_stage, marketplace_loan_band(loan_amount),
      count(*), sum(loan_amount), coalesce(sum(expected_profit / total_project_cost), 0),
      count(expected_profit / total_project_cost)
    from project where payment_status = 'paid' and visible
    group by 1, 2, 3, 4
  $fn$`.execute(db);
  await sql`create trigger project_marketplace_summary
    after insert or update or delete on project
    for each row execute function marketplace_summary_track()`.execute(db);
  await sql`select marketplace_summary_rebuild()`.execute(db);

  // In a sub-transaction of its own: where the extension cannot be installed (PGlite, or a role
  // without the right), the migration goes on without the trigram indexes. The extension goes to
  // public so that every schema (tests use one each) finds it.
  await sql`do $$
    begin
      create extension if not exists pg_trgm with schema public;
    exception when others then
      raise notice 'pg_trgm is not available (%); the marketplace text search scans instead', sqlerrm;
    end
  $$`.execute(db);
  await sql`do $$
    declare trgm_schema text;
    begin
      select n.nspname into trgm_schema
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm';
      if trgm_schema is not null then
        execute format(
          'create index project_market_title_trgm_idx on project using gin (title %I.gin_trgm_ops) where payment_status = ''paid'' and visible',
          trgm_schema);
        execute format(
          'create index project_market_suburb_trgm_idx on project using gin (suburb %I.gin_trgm_ops) where payment_status = ''paid'' and visible',
          trgm_schema);
      end if;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists project_marketplace_summary on project`.execute(db);
  await sql`drop function if exists marketplace_summary_rebuild()`.execute(db);
  await sql`drop function if exists marketplace_summary_track()`.execute(db);
  await sql`drop function if exists marketplace_summary_add(text, text, text, integer, numeric, numeric)`.execute(
    db,
  );
  await sql`drop function if exists marketplace_loan_band(numeric)`.execute(db);
  await db.schema.dropTable('marketplace_summary').ifExists().execute();
  for (const index of [
    'project_market_suburb_trgm_idx',
    'project_market_title_trgm_idx',
    'project_market_filter_idx',
    'project_market_return_idx',
    'project_market_loan_idx',
    'project_market_newest_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  // The extension stays: other schemas of the same database may use it.
  await db.schema
    .createIndex('project_marketplace_created_idx')
    .on('project')
    .column('created_at desc')
    .where(onMarketplace)
    .execute();
  await db.schema
    .createIndex('project_marketplace_loan_idx')
    .on('project')
    .column('loan_amount')
    .where(onMarketplace)
    .execute();
}
