import { type Kysely, sql } from 'kysely';

// Issue 8: the project Timeline's 'Published to funders' row shows when the listing was published.
// `published_at` is set each time a listing becomes visible (transitionListing) and kept while it
// stays so. Listings already live take the time of the audit entry that made them visible (the
// audit log records every listing transition with its state after), else their last update.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('project').addColumn('published_at', 'timestamptz').execute();
  await sql`
    update project p set published_at = coalesce(
      (select max(a.created_at) from audit_log a
        where a.target_type = 'project' and a.target_id = p.id::text
          and (a.after ->> 'visible') = 'true'
          and coalesce(a.before ->> 'visible', 'false') <> 'true'),
      p.updated_at)
    where p.visible`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('project').dropColumn('published_at').execute();
}
