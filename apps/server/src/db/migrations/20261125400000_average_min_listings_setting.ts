import { type Kysely, sql } from 'kysely';

// Issue 10: the marketplace's minimum number of listings behind an average return is a system
// setting the admin edits (decision 009 keeps 3 as the floor). Marketplace pages are cached until a
// table they depend on is written (decision 012); the threshold now is one, so writes to
// system_setting are announced to other processes like the other tables' (20261124000000).

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('system_setting')
    .values({
      key: 'marketplace_average_min_listings',
      value: '3',
      description:
        'The fewest listings behind the marketplace’s average expected return; below it the average is withheld (a whole number, 3 to 100).',
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await sql`create trigger system_setting_notify_change
    after insert or update or delete or truncate on system_setting
    for each statement execute function plinth_notify_table_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists system_setting_notify_change on system_setting`.execute(db);
  await db.deleteFrom('system_setting').where('key', '=', 'marketplace_average_min_listings').execute();
}
