import { type Kysely, sql } from 'kysely';

// Issue 22 items 2 and 3 (decision 044): listing alerts. A funder's alert settings live beside their
// criteria; `reminder_sent_for` is the confirmation whose 'Still accurate?' e-mail went out, so each
// confirmation is asked about once. `listing_alert` holds one row per funder and listing: the unique
// pair is what makes an alert happen once, whichever server process or job runs it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('funder_criteria')
    .addColumn('alert_email', 'text', (c) =>
      c.notNull().defaultTo('instant').check(sql`alert_email in ('instant', 'daily', 'off')`),
    )
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Australia/Sydney'))
    .addColumn('reminder_sent_for', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('funder_criteria_confirmed_idx')
    .on('funder_criteria')
    .column('confirmed_at')
    .execute();

  await db.schema
    .createTable('listing_alert')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('funder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    // Why it matched, as the funder was told (never a confidential figure).
    .addColumn('reasons', 'jsonb', (c) => c.notNull())
    // The funder's e-mail setting when the alert was made: 'instant', 'daily' or 'off'.
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email in ('instant', 'daily', 'off')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When its e-mail (at once, or the digest that carried it) was queued in the outbox.
    .addColumn('emailed_at', 'timestamptz')
    // When the funder first opened the listing's preview after the alert.
    .addColumn('opened_at', 'timestamptz')
    .addUniqueConstraint('listing_alert_once', ['funder_id', 'project_id'])
    .execute();
  await db.schema.createIndex('listing_alert_project_idx').on('listing_alert').column('project_id').execute();
  await db.schema
    .createIndex('listing_alert_digest_idx')
    .on('listing_alert')
    .column('funder_id')
    .where(sql.ref('email'), '=', 'daily')
    .where(sql.ref('emailed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_alert').execute();
  await db.schema.dropIndex('funder_criteria_confirmed_idx').execute();
  await db.schema
    .alterTable('funder_criteria')
    .dropColumn('alert_email')
    .dropColumn('time_zone')
    .dropColumn('reminder_sent_for')
    .execute();
}
