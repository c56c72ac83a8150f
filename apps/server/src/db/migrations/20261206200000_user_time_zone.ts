import { type Kysely, sql } from 'kysely';

// Issue 37 item 13 (docs/decisions/074-the-readers-time-zone.md): every date a person reads is in
// their own time zone. It is the user's (not the onboarding profile's: an admin or a surveyor has no
// profile row, and a person reads dates before onboarding), an IANA name the server checks against
// the runtime's list; everyone starts in Australia/Sydney, where the product's people are.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('time_zone', 'text', (column) => column.notNull().defaultTo('Australia/Sydney'))
    .execute();
  await sql`alter table "user" add constraint user_time_zone_length check (length(time_zone) between 1 and 64)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('time_zone').execute();
}
