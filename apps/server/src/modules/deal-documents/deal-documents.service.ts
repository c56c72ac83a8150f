import { DEAL_FILE_MAX_MB } from '@plinth/domain/constants';
import {
  type DocumentViewKind,
  dataRoomMessages,
  mayReadDocumentViews,
  type ProjectDealDocument,
  type UploadDealDocumentsResponse,
} from '@plinth/domain/data-room';
import { type DealDocument, dealMessages } from '@plinth/domain/deals';
import { documentRequestMessages } from '@plinth/domain/documents';
import { copyFor } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { onRequestRollback } from '../../db/request-transaction';
import { AppError, conflict, notFound, validationFailed } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { dealForParty, dealForReader, otherPartyOf } from '../deals/deal-access';
import { openRecordedFile, viewSummariesOf } from '../documents/document-views';
import { removeDocumentFiles } from '../documents/documents.service';
import { allRefused, discard, type FileOutcome, receiveFile } from '../documents/file-upload';
import type { OpenedFile } from '../documents/send-file';
import { publishLiveEvent } from '../events/events.service';
import { assertUndertakingAccepted } from '../undertaking/undertaking.service';
import * as repo from './deal-documents.repository';
import {
  assertMayFulfil,
  DELETED_USER,
  type DealRoomDeps,
  fulfilRequest,
  toDocumentRequest,
} from './document-requests.service';

/**
 * A deal room's files, both ways (spec 000 sections 2, 5, 9): either party uploads (10 MB, the
 * project documents' types and magic-byte checks, streamed to storage), both parties and admins
 * read, and every opening is recorded for the uploader's data-room insight.
 */

export interface DealDocumentsContext extends DealRoomDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
const documentNotFound = () => notFound(documentRequestMessages.documentNotFound);
const requestNotFound = () => notFound(dealMessages.documentRequestNotFound);
const requestIdSchema = z.uuid();

/** A room's file as `viewer` sees it: the copy they would get (decision 034) included. */
function toDealDocument(viewer: Viewer, row: repo.DealDocumentRow): DealDocument {
  return {
    id: row.id,
    deal_id: row.deal_id,
    document_request_id: row.document_request_id,
    file_name: row.file_name,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
    uploader_id: row.uploader_id,
    uploader_name: row.uploader_name ?? DELETED_USER,
    uploaded_at: iso(row.uploaded_at),
    watermark: copyFor(viewer, [row.uploader_id], row.mime_type),
  };
}

/** Adds who opened each file, where the viewer is on the uploader's side or an admin. */
async function withInsight<T extends DealDocument>(db: Db, viewer: Viewer, documents: T[]): Promise<T[]> {
  const readable = documents.filter((d) => mayReadDocumentViews(viewer, [d.uploader_id]));
  if (readable.length === 0) return documents;
  const views = await viewSummariesOf(db, {
    kind: 'deal',
    documents: readable.map((d) => ({ id: d.id, ownerSide: [d.uploader_id] })),
  });
  return documents.map((d) => (views.has(d.id) ? { ...d, viewed_by: views.get(d.id) } : d));
}

/** GET /deals/{id}/documents: the room's files; who opened each one only for its uploader and admins. */
export async function listDealDocuments(db: Db, options: { viewer: Viewer; dealId: string }) {
  const deal = await dealForReader(db, options.viewer, options.dealId);
  const documents = (await repo.listDealDocuments(db, deal.id)).map((row) =>
    toDealDocument(options.viewer, row),
  );
  return { items: await withInsight(db, options.viewer, documents) };
}

/** GET /projects/{id}/documents/deal: the files of all the project's deals, for its developer and admins. */
export async function listProjectDealDocuments(
  db: Db,
  options: { viewer: Viewer; projectId: string },
): Promise<{ items: ProjectDealDocument[] }> {
  const { viewer } = options;
  const project = await repo.findProjectOwner(db, options.projectId);
  if (!project || (viewer.role !== 'admin' && project.borrower_id !== viewer.id)) {
    throw notFound('Project not found');
  }
  const documents = (await repo.listProjectDealDocuments(db, project.id)).map((row) => ({
    ...toDealDocument(viewer, row),
    funder_id: row.funder_id,
    funder_name: row.funder_name,
    funder_company: row.funder_company ?? null,
  }));
  return { items: await withInsight(db, viewer, documents) };
}

/**
 * A deal document's bytes (download or inline view) for the deal's parties and admins, the opening
 * recorded. A row whose file is missing answers 404 rather than a broken stream.
 */
export async function openDealDocument(
  ctx: DealDocumentsContext,
  options: { viewer: Viewer; dealId: string; documentId: string; kind: DocumentViewKind },
): Promise<OpenedFile> {
  const deal = await dealForReader(ctx.db, options.viewer, options.dealId);
  const document = await repo.findDealDocument(ctx.db, deal.id, options.documentId);
  if (!document) throw documentNotFound();
  // A funder granted before undertakings existed signs one first (decision 033).
  await assertUndertakingAccepted(ctx.db, options.viewer, { accessRequestId: deal.access_request_id });
  return openRecordedFile(ctx, {
    reader: options.viewer,
    // The uploader and admins get the original; the other party a copy stamped with their name.
    copy: copyFor(options.viewer, [document.uploader_id], document.mime_type),
    kind: options.kind,
    document: { dealDocumentId: document.id },
    stored: document,
    missing: documentNotFound,
  });
}

/** request_id, checked as soon as it is read back, so a refused fulfilment stores no file. */
async function checkRequestField(db: Db, viewer: Viewer, dealId: string, raw: unknown): Promise<string> {
  const parsed = requestIdSchema.safeParse(typeof raw === 'string' ? raw.trim() : raw);
  if (!parsed.success) throw requestNotFound();
  const request = await repo.findDocumentRequest(db, parsed.data);
  if (!request || request.deal_id !== dealId) throw requestNotFound();
  assertMayFulfil(viewer, request);
  return request.id;
}

/**
 * POST /deals/{id}/documents (multipart `documents`, optional `request_id`). The body was read
 * into temporary files before this runs (decision 046). The party and the room are checked first;
 * each file is streamed into storage (never held whole); the rows, audit entries and a fulfilled
 * request commit in one transaction. Files of a refused request are removed.
 */
export async function uploadDealDocuments(
  ctx: DealDocumentsContext,
  options: { viewer: Viewer; dealId: string; parts: () => AsyncIterable<UploadPart> },
): Promise<UploadDealDocumentsResponse> {
  const { db, storage } = ctx;
  const { viewer } = options;
  const deal = await dealForParty(db, viewer, options.dealId, { open: true });

  const outcomes: FileOutcome[] = [];
  const storedKeys = () => outcomes.flatMap((o) => ('stored' in o ? [o.stored.key] : []));
  let requestId: string | null = null;
  // A refused request_id: the files after it are read back and dropped (not stored).
  let refusal: unknown = null;
  try {
    for await (const part of options.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'request_id' || refusal) continue;
        if (requestId) {
          refusal = validationFailed([{ field: 'request_id', message: dataRoomMessages.onlyOneRequestId }]);
          continue;
        }
        requestId = await checkRequestField(db, viewer, deal.id, part.value).catch((error: unknown) => {
          refusal = error;
          return null;
        });
      } else if (part.fieldname === 'documents' && !refusal) {
        outcomes.push(await receiveFile(storage, part, DEAL_FILE_MAX_MB));
      } else {
        await discard(part.file);
      }
    }
    if (refusal) throw refusal;
    if (outcomes.length === 0) {
      throw validationFailed([{ field: 'documents', message: documentRequestMessages.noFiles }]);
    }
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys());
    throw error;
  }
  const accepted = outcomes.flatMap((o) => ('stored' in o ? [{ ...o.stored, fileName: o.fileName }] : []));
  const refused = outcomes.flatMap((o) => ('refusal' in o ? [o] : []));
  if (accepted.length === 0) throw allRefused(refused);

  let uploadedIds: string[];
  try {
    uploadedIds = await auditedTransaction(db, async (trx) => {
      const locked = await repo.lockDeal(trx, deal.id);
      if (!locked) throw notFound(dealMessages.notFound);
      // The deal may have been completed while the files were arriving.
      if (locked.status !== 'open') throw conflict(dealMessages.closed);
      const files: { id: string; file_name: string }[] = [];
      for (const file of accepted) {
        const id = await repo.insertDealDocument(trx, {
          deal_id: deal.id,
          document_request_id: requestId,
          uploader_id: viewer.id,
          storage_key: file.key,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
        });
        await recordAudit(trx, {
          actor: actorOf(viewer),
          action: 'deal_document.uploaded',
          targetType: 'deal',
          targetId: deal.id,
          after: {
            document_id: id,
            document_request_id: requestId,
            file_name: file.fileName,
            mime_type: file.mimeType,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
          },
        });
        files.push({ id, file_name: file.fileName });
      }
      if (requestId) await fulfilRequest(trx, ctx, { viewer, deal: locked, requestId, files });
      // The other party's open room lists the new files at once (a fulfilment also notifies).
      await publishLiveEvent(trx, [otherPartyOf(deal, deal.party)], {
        type: 'deal',
        deal_id: deal.id,
        change: 'documents',
      });
      return files.map((f) => f.id);
    });
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys());
    throw error;
  }
  // Inside a keyed request the rows commit only with its answer (decision 037).
  onRequestRollback(() => removeDocumentFiles(ctx, storedKeys()));

  const documents = (await repo.listDealDocuments(db, deal.id)).map((row) => toDealDocument(viewer, row));
  const byId = new Map(documents.map((d) => [d.id, d]));
  const request = requestId ? await repo.findDocumentRequest(db, requestId) : undefined;
  return {
    uploaded: uploadedIds.flatMap((id) => byId.get(id) ?? []),
    failed: refused.map((r) => ({ file_name: r.fileName, error: r.refusal })),
    document_request: request ? toDocumentRequest(request) : null,
  };
}

/** For the routes: a request that is not multipart at all. */
export const notMultipart = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', documentRequestMessages.notMultipart);
