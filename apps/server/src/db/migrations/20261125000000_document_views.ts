import { type Kysely, sql } from 'kysely';

// The data-room insight (issue 9): every opening of a deal document or a project document, inline
// (view) or as a download, by whom and when. Exactly one of the two document columns is set. A row
// goes with its document and with its reader's account; nothing else refers to it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_view')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('deal_document_id', 'uuid', (c) => c.references('deal_document.id').onDelete('cascade'))
    .addColumn('project_document_id', 'uuid', (c) => c.references('project_document.id').onDelete('cascade'))
    .addColumn('viewer_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('view', 'download')`))
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'document_view_one_document',
      sql`num_nonnulls(deal_document_id, project_document_id) = 1`,
    )
    .execute();
  // The insight groups a document's openings by reader and kind.
  await db.schema
    .createIndex('document_view_deal_document_idx')
    .on('document_view')
    .columns(['deal_document_id', 'viewer_id', 'kind'])
    .where(sql.ref('deal_document_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('document_view_project_document_idx')
    .on('document_view')
    .columns(['project_document_id', 'viewer_id', 'kind'])
    .where(sql.ref('project_document_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('document_view_viewer_idx').on('document_view').column('viewer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_view').ifExists().execute();
}
