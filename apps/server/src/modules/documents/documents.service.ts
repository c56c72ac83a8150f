import { PROJECT_FILE_MAX_MB } from '@plinth/domain/constants';
import { type DocumentViewKind, mayReadDocumentViews } from '@plinth/domain/data-room';
import {
  areDocumentsComplete,
  documentRequestMessages,
  documentTypeSchema,
  missingDocumentTypes,
  type ProjectDocument,
  type ProjectDocumentsResponse,
  type RequiredDocumentsResponse,
  type UploadDocumentsResponse,
} from '@plinth/domain/documents';
import { canEditListing } from '@plinth/domain/listing';
import { pageViewMessages } from '@plinth/domain/page-view';
import { copyFor, mayDownload, watermarkMessages } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { afterCommit, onRequestRollback } from '../../db/request-transaction';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { isOwner } from '../projects/projects.policy';
import { assertCanReadProjectFile } from '../projects/projects.service';
import { assertUndertakingAccepted } from '../undertaking/undertaking.service';
import { openRecordedFile, viewSummariesOf } from './document-views';
import * as repo from './documents.repository';
import { allRefused, discard, type FileOutcome, receiveFile } from './file-upload';

/** What the document service needs besides the database: where files live and where to log. */
export interface DocumentsContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const REQUIRED_KEY = 'required_documents';
const DESCRIPTIONS_KEY = 'required_document_descriptions';
const requiredSetting = z.array(documentTypeSchema);
const descriptionsSetting = z.record(z.string(), z.string());

const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
const projectNotFound = () => notFound('Project not found');
const documentNotFound = () => notFound(documentRequestMessages.documentNotFound);

function parseSetting<T>(raw: string | undefined, schema: z.ZodType<T>, fallback: T, key: string): T {
  if (raw === undefined) return fallback;
  const parsed = schema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`system_setting ${key} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** The required document types and what each one is, from the system settings. */
export async function getRequiredDocuments(db: Db): Promise<RequiredDocumentsResponse> {
  const settings = await repo.readSettings(db, [REQUIRED_KEY, DESCRIPTIONS_KEY]);
  return {
    required_documents: parseSetting(settings.get(REQUIRED_KEY), requiredSetting, [], REQUIRED_KEY),
    descriptions: parseSetting(settings.get(DESCRIPTIONS_KEY), descriptionsSetting, {}, DESCRIPTIONS_KEY),
  };
}

async function requiredTypes(db: Db): Promise<string[]> {
  return (await getRequiredDocuments(db)).required_documents;
}

/** Who reads a list: the copy each document would reach them as depends on it. */
export interface ListReader {
  viewer: Viewer;
  ownerId: string;
}

export function toDocumentResponse(row: repo.DocumentRow, reader: ListReader): ProjectDocument {
  return {
    id: row.id,
    project_id: row.project_id,
    document_type: row.document_type,
    file_name: row.file_name,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    uploader_name: row.uploader_name ?? null,
    download_url: `/api/documents/${row.id}/download`,
    view_url: `/api/documents/${row.id}/view`,
    view_only: row.view_only,
    watermark: copyFor(reader.viewer, [reader.ownerId], row.mime_type),
  };
}

async function documentsState(
  db: Db,
  projectId: string,
  reader: ListReader,
): Promise<ProjectDocumentsResponse> {
  const [rows, required] = await Promise.all([repo.listProjectDocuments(db, projectId), requiredTypes(db)]);
  const present = rows.map((r) => r.document_type);
  return {
    documents: rows.map((row) => toDocumentResponse(row, reader)),
    documents_complete: areDocumentsComplete(required, present),
    missing_types: missingDocumentTypes(required, present),
  };
}

/** Recomputes documents_complete from the required types and stores it on the project. */
async function storeDocumentsComplete(trx: Db, projectId: string): Promise<boolean> {
  // One query at a time: a transaction is one connection.
  const required = await requiredTypes(trx);
  const present = await repo.presentDocumentTypes(trx, projectId);
  const isComplete = areDocumentsComplete(required, present);
  await repo.setDocumentsComplete(trx, projectId, isComplete);
  return isComplete;
}

/** Only the owner changes documents, and only while the listing itself may be edited. */
function assertCanChangeDocuments(
  viewer: Viewer,
  project: repo.ProjectGate | undefined,
): asserts project is repo.ProjectGate {
  if (!project) throw projectNotFound();
  if (!isOwner(viewer, project)) {
    if (viewer.role === 'admin')
      throw forbidden('Only the developer who owns a project can change its documents');
    throw projectNotFound();
  }
  if (!canEditListing(project)) throw conflict(documentRequestMessages.notEditable);
}

/** The project's documents, for its owner, admins and funders whose access was granted. */
export async function listDocuments(db: Db, options: { viewer: Viewer; projectId: string }) {
  const project = await repo.findProjectGate(db, options.projectId);
  if (!project) throw projectNotFound();
  await assertCanReadProjectFile(db, { viewer: options.viewer, project, notFound: projectNotFound });
  const state = await documentsState(db, project.id, {
    viewer: options.viewer,
    ownerId: project.borrower_id,
  });
  // The data-room insight: who has opened each file, for the developer who owns them and admins.
  if (!mayReadDocumentViews(options.viewer, [project.borrower_id])) return state;
  const views = await viewSummariesOf(db, {
    kind: 'project',
    documents: state.documents.map((d) => ({ id: d.id, ownerSide: [project.borrower_id] })),
  });
  return { ...state, documents: state.documents.map((d) => ({ ...d, viewed_by: views.get(d.id) ?? [] })) };
}

const documentTypesField = z.array(documentTypeSchema);
/** Also the refusal of a document_types field sent as JSON that does not parse (the route's upload option). */
export const invalidDocumentTypes = () =>
  validationFailed([{ field: 'document_types', message: documentRequestMessages.documentTypesInvalid }]);

/** document_types: a JSON list with one type per file, in file order, each type once. */
function parseDocumentTypes(raw: unknown, fileCount: number): string[] {
  if (raw === undefined) throw invalidDocumentTypes();
  let value = raw;
  // A plain form field is JSON text; one sent as application/json arrives already parsed.
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalidDocumentTypes();
    }
  }
  const parsed = documentTypesField.safeParse(value);
  if (!parsed.success || parsed.data.length !== fileCount) throw invalidDocumentTypes();
  if (new Set(parsed.data).size !== parsed.data.length) {
    throw validationFailed([{ field: 'document_types', message: documentRequestMessages.duplicateType }]);
  }
  return parsed.data;
}

const invalidViewOnly = () =>
  validationFailed([{ field: 'view_only', message: watermarkMessages.viewOnlyInvalid }]);

/**
 * view_only (optional): a JSON list of true or false per file, in file order; only a PDF may be
 * view only. Without it no file is.
 */
function parseViewOnly(raw: unknown, files: readonly { mimeType: string | null }[]): boolean[] {
  if (raw === undefined) return files.map(() => false);
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalidViewOnly();
    }
  }
  const parsed = z.array(z.boolean()).safeParse(value);
  if (!parsed.success || parsed.data.length !== files.length) throw invalidViewOnly();
  // A refused file (mimeType null) is not stored, so what it asked for does not matter.
  if (
    parsed.data.some(
      (viewOnly, i) => viewOnly && files[i]!.mimeType !== null && files[i]!.mimeType !== 'application/pdf',
    )
  ) {
    throw validationFailed([{ field: 'view_only', message: watermarkMessages.onlyPdfViewOnly }]);
  }
  return parsed.data;
}

/**
 * POST /projects/{id}/documents. The body was read into temporary files before this runs (decision
 * 046). The owner and state are checked first; each file is then streamed to storage (never held
 * whole), and the rows, the replaced rows' removal, the audit entries and documents_complete are
 * written in one transaction. Files of a failed request are removed; replaced files are removed
 * only after the commit.
 */
export async function uploadDocuments(
  ctx: DocumentsContext,
  options: { viewer: Viewer; projectId: string; parts: () => AsyncIterable<UploadPart> },
): Promise<UploadDocumentsResponse> {
  const { db, storage } = ctx;
  const { viewer, projectId } = options;
  assertCanChangeDocuments(viewer, await repo.findProjectGate(db, projectId));

  const outcomes: FileOutcome[] = [];
  const storedKeys = () => outcomes.flatMap((o) => ('stored' in o ? [o.stored.key] : []));
  let documentTypes: string[];
  let viewOnly: boolean[];
  try {
    let typesField: unknown;
    let viewOnlyField: unknown;
    for await (const part of options.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'document_types') typesField = part.value;
        if (part.fieldname === 'view_only') viewOnlyField = part.value;
      } else if (part.fieldname === 'documents') {
        outcomes.push(await receiveFile(storage, part, PROJECT_FILE_MAX_MB));
      } else {
        await discard(part.file);
      }
    }
    if (outcomes.length === 0) {
      throw validationFailed([{ field: 'documents', message: documentRequestMessages.noFiles }]);
    }
    documentTypes = parseDocumentTypes(typesField, outcomes.length);
    viewOnly = parseViewOnly(
      viewOnlyField,
      outcomes.map((o) => ({ mimeType: 'stored' in o ? o.stored.mimeType : null })),
    );
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys());
    throw error;
  }

  const accepted = outcomes.flatMap((o, i) =>
    'stored' in o
      ? [{ ...o.stored, fileName: o.fileName, documentType: documentTypes[i]!, viewOnly: viewOnly[i]! }]
      : [],
  );
  const refused = outcomes.flatMap((o) => ('refusal' in o ? [o] : []));
  if (accepted.length === 0) throw allRefused(refused);

  const replacedKeys: string[] = [];
  let uploadedIds: string[];
  try {
    uploadedIds = await auditedTransaction(db, async (trx) => {
      // The listing may have moved on (paid, under review) while the files were arriving.
      assertCanChangeDocuments(viewer, await repo.lockProjectGate(trx, projectId));
      const ids: string[] = [];
      for (const file of accepted) {
        // One document per type: the new one replaces whatever was there.
        const previous = await repo.findDocumentsOfType(trx, projectId, file.documentType);
        await repo.deleteDocuments(
          trx,
          previous.map((p) => p.id),
        );
        const id = await repo.insertDocument(trx, {
          project_id: projectId,
          uploader_id: viewer.id,
          document_type: file.documentType,
          storage_key: file.key,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          view_only: file.viewOnly,
        });
        await recordAudit(trx, {
          actor: actorOf(viewer),
          action: 'document.uploaded',
          targetType: 'project',
          targetId: projectId,
          before:
            previous.length > 0
              ? { replaced: previous.map((p) => ({ document_id: p.id, file_name: p.file_name })) }
              : null,
          after: {
            document_id: id,
            document_type: file.documentType,
            file_name: file.fileName,
            mime_type: file.mimeType,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
            view_only: file.viewOnly,
          },
        });
        replacedKeys.push(...previous.map((p) => p.storage_key));
        ids.push(id);
      }
      await storeDocumentsComplete(trx, projectId);
      return ids;
    });
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys());
    throw error;
  }
  // Inside a keyed request the rows commit only with its answer (decision 037).
  onRequestRollback(() => removeDocumentFiles(ctx, storedKeys()));
  await afterCommit(() => removeDocumentFiles(ctx, replacedKeys));

  const state = await documentsState(db, projectId, { viewer, ownerId: viewer.id });
  const byId = new Map(state.documents.map((d) => [d.id, d]));
  return {
    ...state,
    uploaded: uploadedIds.flatMap((id) => byId.get(id) ?? []),
    failed: refused.map((r) => ({ file_name: r.fileName, error: r.refusal })),
  };
}

/** DELETE /documents/{id}: the owner, while the listing may be edited. The file goes after the commit. */
export async function deleteDocument(ctx: DocumentsContext, options: { viewer: Viewer; documentId: string }) {
  const { db } = ctx;
  const { viewer, documentId } = options;
  const document = await repo.findDocument(db, documentId);
  if (!document) throw documentNotFound();
  const deleted = await auditedTransaction(db, async (trx) => {
    const project = await repo.lockProjectGate(trx, document.project_id);
    if (project && !isOwner(viewer, project)) throw documentNotFound();
    assertCanChangeDocuments(viewer, project);
    // Read again under the project lock: a concurrent replacement may have removed it.
    const current = await repo.findDocument(trx, documentId);
    if (!current) throw documentNotFound();
    await repo.deleteDocuments(trx, [current.id]);
    const isComplete = await storeDocumentsComplete(trx, project.id);
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'document.deleted',
      targetType: 'project',
      targetId: project.id,
      before: {
        document_id: current.id,
        document_type: current.document_type,
        file_name: current.file_name,
        sha256: current.sha256,
      },
      after: { documents_complete: isComplete },
    });
    return current;
  });
  await afterCommit(() => removeDocumentFiles(ctx, [deleted.storage_key]));
  return documentsState(db, deleted.project_id, { viewer, ownerId: viewer.id });
}

/**
 * A document's bytes for download or inline view, authorised exactly like the project's document
 * list, and the opening recorded for the data-room insight. A row whose file is missing answers 404
 * rather than a broken stream.
 */
export async function openDocument(
  ctx: DocumentsContext,
  options: { viewer: Viewer; documentId: string; kind: DocumentViewKind },
) {
  const document = await repo.findDocument(ctx.db, options.documentId);
  if (!document) throw documentNotFound();
  const project = await repo.findProjectGate(ctx.db, document.project_id);
  if (!project) throw documentNotFound();
  await assertCanReadProjectFile(ctx.db, { viewer: options.viewer, project, notFound: documentNotFound });
  // A funder granted before undertakings existed signs one first (decision 033).
  await assertUndertakingAccepted(ctx.db, options.viewer, { projectId: project.id });
  const copy = copyFor(options.viewer, [project.borrower_id], document.mime_type);
  // A view-only PDF reaches a reader who gets a stamped copy only as page images (decision 049):
  // neither the download nor the inline view sends them its bytes.
  if (!mayDownload(copy, document.view_only)) {
    throw forbidden(
      options.kind === 'download' ? watermarkMessages.viewOnly : pageViewMessages.viewOnlyNoFile,
    );
  }
  return openRecordedFile(ctx, {
    reader: options.viewer,
    copy,
    kind: options.kind,
    document: { projectDocumentId: document.id },
    stored: document,
    missing: documentNotFound,
  });
}

/**
 * For a module that deletes a whole project (admin): the storage keys of its documents, read in the
 * caller's transaction before the rows cascade away. Pass them to removeDocumentFiles after commit.
 */
export async function documentKeysOf(trx: Db, projectId: string): Promise<string[]> {
  return repo.storageKeysOfProject(trx, projectId);
}

/** Removes stored files whose rows are gone; call it after the commit. Best effort, failures logged. */
export async function removeDocumentFiles(ctx: Omit<DocumentsContext, 'db'>, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'could not remove a stored file')),
    ),
  );
}
