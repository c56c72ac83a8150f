import { type Kysely, sql } from 'kysely';

// Read caches (db/read-cache.ts, docs/decisions/012-read-caches.md) hear every write of their own
// process as it runs; these triggers tell the other processes on the same PostgreSQL. After each
// statement that writes one of the tables below, 'schema.table' is sent on the channel
// plinth_table_changes. PostgreSQL delivers it when the transaction commits (and folds repeats
// within one transaction into one), so a listener never hears of a change it cannot yet read.
// The channel name is also CHANGES_CHANNEL in db/change-tracker.ts.

/** The tables read caches depend on. */
const TABLES = ['user', 'session', 'profile', 'project', 'access_request'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function plinth_notify_table_change() returns trigger language plpgsql as $fn$
    begin
      perform pg_notify('plinth_table_changes', tg_table_schema || '.' || tg_table_name);
      return null;
    end
  $fn$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function plinth_notify_table_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists plinth_notify_table_change()`.execute(db);
}
