import type { Db } from '../../db/database';

/** Deal document rows with the uploader's name. */
function selectDealDocuments(db: Db) {
  return db
    .selectFrom('deal_document as dd')
    .leftJoin('user as u', 'u.id', 'dd.uploader_id')
    .select([
      'dd.id',
      'dd.deal_id',
      'dd.document_request_id',
      'dd.storage_key',
      'dd.file_name',
      'dd.mime_type',
      'dd.size_bytes',
      'dd.uploader_id',
      'u.name as uploader_name',
      'dd.uploaded_at',
    ]);
}
export type DealDocumentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectDealDocuments>['executeTakeFirst']>>
>;

/** A deal's files, oldest first (files of one upload in the order sent). */
export const listDealDocuments = (db: Db, dealId: string) =>
  selectDealDocuments(db)
    .where('dd.deal_id', '=', dealId)
    .orderBy('dd.uploaded_at')
    .orderBy('dd.file_name')
    .execute();

export const findDealDocument = (db: Db, dealId: string, documentId: string) =>
  selectDealDocuments(db).where('dd.deal_id', '=', dealId).where('dd.id', '=', documentId).executeTakeFirst();

/** The files of every deal on a project, with each deal's funder, for the project's developer. */
export const listProjectDealDocuments = (db: Db, projectId: string) =>
  selectDealDocuments(db)
    .innerJoin('deal as d', 'd.id', 'dd.deal_id')
    .innerJoin('user as f', 'f.id', 'd.funder_id')
    .leftJoin('profile as fp', 'fp.user_id', 'd.funder_id')
    .select(['d.funder_id', 'f.name as funder_name', 'fp.company_name as funder_company'])
    .where('d.project_id', '=', projectId)
    .orderBy('dd.uploaded_at')
    .orderBy('dd.file_name')
    .execute();

export async function insertDealDocument(
  trx: Db,
  row: {
    deal_id: string;
    document_request_id: string | null;
    uploader_id: string;
    storage_key: string;
    file_name: string;
    mime_type: string;
    size_bytes: number;
    sha256: string;
  },
): Promise<string> {
  const inserted = await trx
    .insertInto('deal_document')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Links a file the fulfilling party uploaded earlier to the request it fulfils. */
export async function linkDocumentToRequest(trx: Db, documentId: string, requestId: string) {
  await trx
    .updateTable('deal_document')
    .set({ document_request_id: requestId })
    .where('id', '=', documentId)
    .execute();
}

/** Locks the deal row: uploads and fulfilments of one deal never interleave with its completion. */
export const lockDeal = (trx: Db, dealId: string) =>
  trx
    .selectFrom('deal as d')
    .innerJoin('project as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.status', 'd.project_id', 'd.borrower_id', 'd.funder_id', 'p.title as project_title'])
    .where('d.id', '=', dealId)
    .forUpdate('d')
    .executeTakeFirst();

export const findProjectOwner = (db: Db, projectId: string) =>
  db.selectFrom('project').select(['id', 'borrower_id']).where('id', '=', projectId).executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Document requests

function selectDocumentRequests(db: Db) {
  return db
    .selectFrom('document_request as r')
    .leftJoin('user as u', 'u.id', 'r.requester_id')
    .select([
      'r.id',
      'r.deal_id',
      'r.document_name',
      'r.description',
      'r.status',
      'r.requester_id',
      'u.name as requester_name',
      'r.requested_at',
      'r.fulfilled_at',
    ]);
}
export type DocumentRequestRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectDocumentRequests>['executeTakeFirst']>>
>;

/** A deal's requests in the order they were made. */
export const listDocumentRequests = (db: Db, dealId: string) =>
  selectDocumentRequests(db)
    .where('r.deal_id', '=', dealId)
    .orderBy('r.requested_at')
    .orderBy('r.id')
    .execute();

export const findDocumentRequest = (db: Db, id: string) =>
  selectDocumentRequests(db).where('r.id', '=', id).executeTakeFirst();

/** The request's state, read again under its row lock. */
export const lockDocumentRequest = (trx: Db, id: string) =>
  trx
    .selectFrom('document_request')
    .select(['id', 'deal_id', 'status', 'requester_id', 'document_name'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function insertDocumentRequest(
  trx: Db,
  values: { deal_id: string; requester_id: string; document_name: string; description: string | null },
): Promise<string> {
  const row = await trx
    .insertInto('document_request')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markRequestFulfilled(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('document_request')
    .set({ status: 'fulfilled', fulfilled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
