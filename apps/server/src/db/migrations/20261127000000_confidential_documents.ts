import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Issue 19 (docs/decisions/033-confidential-documents.md): what a funder signs before the full
// file, which copy of a document each reader received, which files are view-only, and access a
// developer takes back or lets lapse.
//
// - `undertaking_version`: the platform's confidentiality undertaking; editing it in Settings adds a
//   version, the newest applies from then on. Version 1 is the text below.
// - `undertaking_acceptance`: one per access request: the version, the SHA-256 of the exact text
//   shown, the name typed, the company, when, from which address and browser.
// - `access_request` gains 'revoked' (by the developer or an admin, or lapsed at `access_until`),
//   with who, why and when, and the date the funder was told it is about to lapse.
// - `project_document.view_only`: read in the app's viewer, never downloaded, by anyone but the
//   uploader's side and admins.
// - `document_view.code`: the short code stamped on a watermarked copy, to trace a leaked one.

export const FIRST_UNDERTAKING = `CONFIDENTIALITY UNDERTAKING

In consideration of being given access to the confidential information of a project listed on Plinth (the project's full file, its financials, feasibility, valuation, reports, plans and every document and message in its deal room, together the "Confidential Information"), I undertake, for myself and for the company I represent, that:

1. I will use the Confidential Information only to assess whether to provide finance for the project.
2. I will keep the Confidential Information strictly confidential and not disclose it to anyone except my directors, employees, financiers and professional advisers who need to know it for that purpose and who are bound by duties of confidence no less strict than these.
3. I will not copy, forward, publish or make the Confidential Information available outside Plinth other than as allowed above, and I will not contact the developer's purchasers, tenants, consultants or contractors about the project without the developer's written consent.
4. Each document I receive through Plinth is marked with my name and a code that identifies my copy; I will not remove or obscure those marks.
5. If the developer withdraws my access or asks, I will stop using the Confidential Information and destroy or return it, except copies I must keep by law.
6. These obligations continue for two years after my access ends. Nothing here obliges either party to enter into any finance transaction.

This undertaking is governed by the laws of New South Wales, Australia.`;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('undertaking_version')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull().check(sql`char_length(text) between 1 and 20000`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('undertaking_version')
    .values({ version: 1, text: FIRST_UNDERTAKING, sha256: sha256Hex(FIRST_UNDERTAKING) })
    .execute();

  await db.schema
    .createTable('undertaking_acceptance')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('access_request_id', 'uuid', (c) =>
      c.notNull().unique().references('access_request.id').onDelete('cascade'),
    )
    .addColumn('funder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().references('undertaking_version.version'))
    .addColumn('text_sha256', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull().check(sql`char_length(full_name) between 1 and 200`))
    .addColumn('company_name', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('undertaking_acceptance_funder_idx')
    .on('undertaking_acceptance')
    .column('funder_id')
    .execute();

  // 'revoked' joins the statuses. It keeps the request's slot in access_request_open_unique (whose
  // predicate leaves out only declined and closed): a funder whose access was taken back cannot
  // simply ask again.
  await sql`alter table access_request drop constraint if exists access_request_status_check`.execute(db);
  await sql`alter table access_request add constraint access_request_status_check check (status in
    ('pending', 'approved', 'declined', 'due_diligence', 'term_sheet', 'funded', 'closed', 'revoked'))`.execute(
    db,
  );
  await db.schema
    .alterTable('access_request')
    .addColumn('access_until', 'timestamptz')
    .addColumn('expiry_notice_sent_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('revoke_reason', 'text', (c) => c.check(sql`char_length(revoke_reason) between 1 and 1000`))
    .execute();
  // The expiry job's claim: granted requests with an end date, soonest first.
  await db.schema
    .createIndex('access_request_access_until_idx')
    .on('access_request')
    .column('access_until')
    .where(sql<boolean>`access_until is not null and status in ('approved', 'due_diligence', 'term_sheet')`)
    .execute();

  await db.schema
    .alterTable('project_document')
    .addColumn('view_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('document_view')
    .addColumn('code', 'text', (c) => c.unique())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_view').dropColumn('code').execute();
  await db.schema.alterTable('project_document').dropColumn('view_only').execute();
  await db.schema.dropIndex('access_request_access_until_idx').ifExists().execute();
  await db.schema
    .alterTable('access_request')
    .dropColumn('access_until')
    .dropColumn('expiry_notice_sent_at')
    .dropColumn('revoked_at')
    .dropColumn('revoked_by')
    .dropColumn('revoke_reason')
    .execute();
  await sql`alter table access_request drop constraint if exists access_request_status_check`.execute(db);
  await sql`alter table access_request add constraint access_request_status_check check (status in
    ('pending', 'approved', 'declined', 'due_diligence', 'term_sheet', 'funded', 'closed'))`.execute(db);
  await db.schema.dropTable('undertaking_acceptance').ifExists().execute();
  await db.schema.dropTable('undertaking_version').ifExists().execute();
}
