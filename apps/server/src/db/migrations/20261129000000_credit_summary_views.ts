import { type Kysely, sql } from 'kysely';

// Issue 21 item 4: the credit summary PDF (GET /api/deals/{id}/credit-summary) is stamped and
// recorded like the documents a funder downloads (decision 034), but it is generated, not stored:
// there is no project_document or deal_document row to point at. A document_view row may now name
// the deal whose credit summary was downloaded instead; exactly one of the three references is set,
// and the row goes with the deal (as the others go with their document).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('document_view')
    .addColumn('credit_summary_deal_id', 'uuid', (c) => c.references('deal.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('document_view').dropConstraint('document_view_one_document').execute();
  await db.schema
    .alterTable('document_view')
    .addCheckConstraint(
      'document_view_one_document',
      sql`num_nonnulls(deal_document_id, project_document_id, credit_summary_deal_id) = 1`,
    )
    .execute();
  // The data-room report groups a deal's credit-summary downloads by reader and kind.
  await db.schema
    .createIndex('document_view_credit_summary_idx')
    .on('document_view')
    .columns(['credit_summary_deal_id', 'viewer_id', 'kind'])
    .where(sql.ref('credit_summary_deal_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('document_view').where('credit_summary_deal_id', 'is not', null).execute();
  await db.schema.dropIndex('document_view_credit_summary_idx').ifExists().execute();
  await db.schema.alterTable('document_view').dropConstraint('document_view_one_document').execute();
  await db.schema.alterTable('document_view').dropColumn('credit_summary_deal_id').execute();
  await db.schema
    .alterTable('document_view')
    .addCheckConstraint(
      'document_view_one_document',
      sql`num_nonnulls(deal_document_id, project_document_id) = 1`,
    )
    .execute();
}
