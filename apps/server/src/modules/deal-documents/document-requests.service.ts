import { dataRoomMessages } from '@plinth/domain/data-room';
import {
  type createDocumentRequestBody,
  type DocumentRequest,
  dealMessages,
  dealRoomPath,
  mayFulfilDocumentRequest,
} from '@plinth/domain/deals';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { documentRequested, documentRequestFulfilled } from '../../emails/templates/documents';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { dealForParty, dealForReader, otherPartyOf } from '../deals/deal-access';
import { notify } from '../notifications/notifications.service';
import * as repo from './deal-documents.repository';

/**
 * Document requests (spec 000 sections 2-6): either party names a document it needs; only the
 * other party fulfils it, and only with a file (uploaded against it, or one of its own files
 * already in the room): pending → fulfilled. The change, its audit entry and the requester's
 * notification and e-mail commit together.
 */

export type DealRoomDeps = Pick<AppDeps, 'db' | 'config'>;

export const DELETED_USER = 'Deleted user';
const iso = (d: Date | string) => new Date(d).toISOString();
const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
export const roomLink = (deps: DealRoomDeps, deal: { id: string; project_id: string }) =>
  new URL(dealRoomPath(deal), deps.config.BASE_URL).toString();
const requestNotFound = () => notFound(dealMessages.documentRequestNotFound);

export function toDocumentRequest(row: repo.DocumentRequestRow): DocumentRequest {
  return {
    ...row,
    requester_name: row.requester_name ?? DELETED_USER,
    requested_at: iso(row.requested_at),
    fulfilled_at: row.fulfilled_at ? iso(row.fulfilled_at) : null,
  };
}

async function requestById(db: Db, id: string): Promise<DocumentRequest> {
  const row = await repo.findDocumentRequest(db, id);
  if (!row) throw requestNotFound();
  return toDocumentRequest(row);
}

/** GET /deals/{id}/document-requests: the deal's requests, in the order they were made. */
export async function listDocumentRequests(db: Db, options: { viewer: Viewer; dealId: string }) {
  const deal = await dealForReader(db, options.viewer, options.dealId);
  return { items: (await repo.listDocumentRequests(db, deal.id)).map(toDocumentRequest) };
}

/** POST /deals/{id}/document-requests: a party asks the other for a named document. */
export async function createDocumentRequest(
  deps: DealRoomDeps,
  options: { viewer: Viewer; dealId: string; body: z.output<typeof createDocumentRequestBody> },
): Promise<DocumentRequest> {
  const { db } = deps;
  const { viewer, body } = options;
  const deal = await dealForParty(db, viewer, options.dealId, { open: true });
  const id = await auditedTransaction(db, async (trx) => {
    const locked = await repo.lockDeal(trx, deal.id);
    if (!locked) throw notFound(dealMessages.notFound);
    if (locked.status !== 'open') throw conflict(dealMessages.closed);
    const requestId = await repo.insertDocumentRequest(trx, {
      deal_id: deal.id,
      requester_id: viewer.id,
      document_name: body.document_name,
      description: body.description,
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'document_request.created',
      targetType: 'deal',
      targetId: deal.id,
      after: { document_request_id: requestId, document_name: body.document_name, status: 'pending' },
    });
    await notify(trx, {
      userId: otherPartyOf(deal, deal.party),
      type: 'document_request',
      relatedId: deal.id,
      message: `${viewer.name} requested "${body.document_name}" for "${locked.project_title}"`,
      email: documentRequested({
        requester: viewer.name,
        documentName: body.document_name,
        title: locked.project_title,
        description: body.description,
        url: roomLink(deps, locked),
      }),
    });
    return requestId;
  });
  return requestById(db, id);
}

/**
 * Whether the viewer, a party of the request's deal, may fulfil it now: only the party that did
 * not make it (403), and only while it is pending (409).
 */
export function assertMayFulfil(viewer: Viewer, request: { requester_id: string | null; status: string }) {
  if (!mayFulfilDocumentRequest(viewer.id, request)) throw forbidden(dealMessages.ownRequest);
  if (request.status !== 'pending') throw conflict(dealMessages.requestAlreadyFulfilled);
}

/**
 * Within the upload's (or the link's) transaction, with the deal locked: the request, read again
 * under its own lock, becomes fulfilled; audited; its requester told which files answer it.
 */
export async function fulfilRequest(
  trx: Db,
  deps: DealRoomDeps,
  options: {
    viewer: Viewer;
    deal: { id: string; project_id: string; project_title: string };
    requestId: string;
    files: { id: string; file_name: string }[];
  },
): Promise<void> {
  const { viewer, deal, requestId, files } = options;
  const request = await repo.lockDocumentRequest(trx, requestId);
  if (!request || request.deal_id !== deal.id) throw requestNotFound();
  assertMayFulfil(viewer, request);
  await repo.markRequestFulfilled(trx, request.id);
  await recordAudit(trx, {
    actor: actorOf(viewer),
    action: 'document_request.fulfilled',
    targetType: 'deal',
    targetId: deal.id,
    before: { document_request_id: request.id, status: 'pending' },
    after: {
      document_request_id: request.id,
      status: 'fulfilled',
      documents: files.map((f) => ({ document_id: f.id, file_name: f.file_name })),
    },
  });
  if (!request.requester_id) return;
  const names = files.map((f) => f.file_name).join(', ');
  await notify(trx, {
    userId: request.requester_id,
    type: 'document_request',
    relatedId: deal.id,
    message: `${viewer.name} fulfilled your request for "${request.document_name}" (${names})`,
    email: documentRequestFulfilled({
      uploader: viewer.name,
      names,
      documentName: request.document_name,
      title: deal.project_title,
      url: roomLink(deps, deal),
    }),
  });
}

/**
 * PUT /document-requests/{id}/fulfill: fulfils a request with a file the caller already uploaded
 * to the room ({document_id}). A request is never fulfilled without a file: no document_id is
 * refused with 'Fulfil a document request by uploading a file against it' (400).
 */
export async function fulfilWithExistingDocument(
  deps: DealRoomDeps,
  options: { viewer: Viewer; requestId: string; documentId: string | undefined },
): Promise<DocumentRequest> {
  const { db } = deps;
  const { viewer } = options;
  const request = await repo.findDocumentRequest(db, options.requestId);
  if (!request) throw requestNotFound();
  // A request in someone else's room does not exist for the caller.
  const deal = await dealForParty(db, viewer, request.deal_id, { open: true }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? requestNotFound() : error;
  });
  assertMayFulfil(viewer, request);
  if (!options.documentId) {
    throw validationFailed([{ field: 'document_id', message: dealMessages.fulfilWithUpload }]);
  }
  const document = await repo.findDealDocument(db, deal.id, options.documentId);
  if (!document) throw notFound(dataRoomMessages.documentNotInDeal);
  if (document.uploader_id !== viewer.id) throw forbidden(dataRoomMessages.notYourUpload);
  if (document.document_request_id) throw conflict(dataRoomMessages.documentAlreadyLinked);

  await auditedTransaction(db, async (trx) => {
    const locked = await repo.lockDeal(trx, deal.id);
    if (!locked) throw requestNotFound();
    if (locked.status !== 'open') throw conflict(dealMessages.closed);
    // Read again under the deal's lock: another request may have taken the file meanwhile.
    const current = await repo.findDealDocument(trx, deal.id, document.id);
    if (!current) throw notFound(dataRoomMessages.documentNotInDeal);
    if (current.document_request_id) throw conflict(dataRoomMessages.documentAlreadyLinked);
    await repo.linkDocumentToRequest(trx, document.id, request.id);
    await fulfilRequest(trx, deps, {
      viewer,
      deal: locked,
      requestId: request.id,
      files: [{ id: document.id, file_name: document.file_name }],
    });
  });
  return requestById(db, request.id);
}
