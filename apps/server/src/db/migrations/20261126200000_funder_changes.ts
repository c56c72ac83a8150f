import { type Kysely, sql } from 'kysely';

// Issue 12 item 1 (docs/decisions/031-marketplace-search-index.md): each server process keeps a
// funder's own requests as the marketplace last read them, and asks on every read whether they
// changed in a transaction that read's snapshot could not see. `funder_change` holds, per funder,
// the id of the last transaction that wrote what the marketplace shows of their requests: one of
// their requests (made, withdrawn, decided, moved on, removed) or a deal opened from one. One row
// per funder; no foreign key, so a removed funder's row stays to say their requests are gone.
//
// The triggers run once per statement over its transition tables and write the funders in id
// order, so two statements that each touch many funders' requests (a listing funded, a listing
// removed) lock the rows in the same order and cannot deadlock on them.

/** The request columns the marketplace reads: which listing, whose, its status and its age. */
const watched = ['funder_id', 'project_id', 'status', 'requested_at'];

const track = (rows: string) => `
  insert into funder_change (funder_id, xid)
  select funder_id, pg_current_xact_id() from (${rows}) changed
  group by funder_id order by funder_id
  on conflict (funder_id) do update set xid = excluded.xid`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table funder_change (
      funder_id text primary key,
      xid xid8 not null
    )`.execute(db);
  // A statement that made rows tracks their funders; one that removed rows, theirs.
  for (const [fn, rows] of [
    ['funder_change_inserted', 'new_rows'],
    ['funder_change_deleted', 'old_rows'],
  ] as const) {
    await sql`create function ${sql.raw(fn)}() returns trigger language plpgsql as $fn$
      begin
        ${sql.raw(track(`select funder_id from ${rows}`))};
        return null;
      end
    $fn$`.execute(db);
  }
  const differs = watched.map((column) => `o.${column} is distinct from n.${column}`).join(' or ');
  await sql`create function funder_change_updated() returns trigger language plpgsql as $fn$
    begin
      ${sql.raw(
        track(`select o.funder_id from old_rows o join new_rows n on n.id = o.id where ${differs}
          union all select n.funder_id from old_rows o join new_rows n on n.id = o.id where ${differs}`),
      )};
      return null;
    end
  $fn$`.execute(db);
  for (const table of ['access_request', 'deal']) {
    await sql`create trigger ${sql.raw(`${table}_funder_change_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function funder_change_inserted()`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_funder_change_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement execute function funder_change_deleted()`.execute(
      db,
    );
  }
  // A deal's funder and request never change; a request's watched columns may.
  await sql`create trigger access_request_funder_change_update after update on access_request
    referencing old table as old_rows new table as new_rows
    for each statement execute function funder_change_updated()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['access_request', 'deal']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_funder_change_insert`)} on ${sql.table(table)}`.execute(
      db,
    );
    await sql`drop trigger if exists ${sql.raw(`${table}_funder_change_delete`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop trigger if exists access_request_funder_change_update on access_request`.execute(db);
  for (const fn of ['funder_change_inserted', 'funder_change_deleted', 'funder_change_updated']) {
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  }
  await sql`drop table if exists funder_change`.execute(db);
}
