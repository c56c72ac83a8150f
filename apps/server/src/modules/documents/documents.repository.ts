import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The few project columns that decide who may touch its documents. */
const projectGateColumns = ['id', 'borrower_id', 'payment_status', 'visible'] as const;

export const findProjectGate = (db: Db, projectId: string) =>
  db.selectFrom('project').select(projectGateColumns).where('id', '=', projectId).executeTakeFirst();

/** Locks the project row: document changes and listing changes of one project never interleave. */
export const lockProjectGate = (trx: Db, projectId: string) =>
  trx
    .selectFrom('project')
    .select(projectGateColumns)
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
export type ProjectGate = NonNullable<Awaited<ReturnType<typeof findProjectGate>>>;

/** Document rows with the uploader's name. */
function selectDocuments(db: Db) {
  return db
    .selectFrom('project_document')
    .leftJoin('user as uploader', 'uploader.id', 'project_document.uploader_id')
    .selectAll('project_document')
    .select('uploader.name as uploader_name');
}
export type DocumentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectDocuments>['executeTakeFirst']>>
>;

export const listProjectDocuments = (db: Db, projectId: string) =>
  selectDocuments(db)
    .where('project_document.project_id', '=', projectId)
    // Files of one request share their transaction's time; the type keeps the order stable.
    .orderBy('project_document.uploaded_at')
    .orderBy('project_document.document_type')
    .execute();

export const findDocument = (db: Db, documentId: string) =>
  selectDocuments(db).where('project_document.id', '=', documentId).executeTakeFirst();

export const findDocumentsOfType = (trx: Db, projectId: string, documentType: string) =>
  trx
    .selectFrom('project_document')
    .select(['id', 'storage_key', 'file_name'])
    .where('project_id', '=', projectId)
    .where('document_type', '=', documentType)
    .execute();

export async function storageKeysOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('project_document')
    .select('storage_key')
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((r) => r.storage_key);
}

export async function insertDocument(
  trx: Db,
  row: {
    project_id: string;
    uploader_id: string;
    document_type: string;
    storage_key: string;
    file_name: string;
    mime_type: string;
    size_bytes: number;
    sha256: string;
    view_only: boolean;
  },
): Promise<string> {
  const inserted = await trx
    .insertInto('project_document')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteDocuments(trx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('project_document').where('id', 'in', ids).execute();
}

export async function presentDocumentTypes(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('project_document')
    .select('document_type')
    .distinct()
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((r) => r.document_type);
}

export async function setDocumentsComplete(trx: Db, projectId: string, isComplete: boolean): Promise<void> {
  await trx
    .updateTable('project')
    .set({ documents_complete: isComplete, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .where('documents_complete', '<>', isComplete)
    .execute();
}

export async function readSettings(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('system_setting')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function setViewOnly(trx: Db, documentId: string, viewOnly: boolean): Promise<void> {
  await trx
    .updateTable('project_document')
    .set({ view_only: viewOnly })
    .where('id', '=', documentId)
    .execute();
}
