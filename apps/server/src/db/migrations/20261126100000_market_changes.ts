import { type Kysely, sql } from 'kysely';

// Issue 12 item 1 (docs/decisions/031-marketplace-search-index.md): the marketplace's search index
// in each server process stays exactly as fresh as the database by asking, on every read, whether
// any listing changed in a transaction its snapshot could not see. `market_change` holds, per
// listing, the id of the last transaction that wrote one of the columns the marketplace shows,
// filters or sorts by, or deleted the listing. One row per listing, so it never grows past the
// listing table; no foreign key, so a deleted listing's row stays to say it is gone.

const watched = [
  'payment_status',
  'visible',
  'funded_at',
  'property_type',
  'state',
  'development_stage',
  'loan_amount',
  'suburb',
  'project_size_sqm',
  'created_at',
  'expected_profit',
  'total_project_cost',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table market_change (
      project_id uuid primary key,
      xid xid8 not null
    )`.execute(db);
  await sql`create index market_change_xid_idx on market_change (xid)`.execute(db);
  await sql`create function market_change_track() returns trigger language plpgsql as $fn$
    begin
      insert into market_change (project_id, xid)
      values (case when tg_op = 'DELETE' then old.id else new.id end, pg_current_xact_id())
      on conflict (project_id) do update set xid = excluded.xid;
      return null;
    end
  $fn$`.execute(db);
  const changed = watched.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  await sql`create trigger project_market_change_write
    after insert or delete on project
    for each row execute function market_change_track()`.execute(db);
  await sql`create trigger project_market_change_edit
    after update on project
    for each row when (${sql.raw(changed)}) execute function market_change_track()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists project_market_change_edit on project`.execute(db);
  await sql`drop trigger if exists project_market_change_write on project`.execute(db);
  await sql`drop function if exists market_change_track()`.execute(db);
  await sql`drop table if exists market_change`.execute(db);
}
