import { DEAL_FILE_MAX_MB } from '@plinth/domain/constants';
import type { DealDocument } from '@plinth/domain/deals';
import { documentRequestMessages } from '@plinth/domain/documents';
import { variationMessages } from '@plinth/domain/variations';
import { copyFor } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { onRequestRollback } from '../../db/request-transaction';
import { conflict, forbidden, validationFailed } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { findDealDocument } from '../deal-documents/deal-documents.repository';
import { DELETED_USER } from '../deal-documents/document-requests.service';
import { removeDocumentFiles } from '../documents/documents.service';
import { allRefused, discard, type FileOutcome, receiveFile } from '../documents/file-upload';
import { facilityChanged } from '../facilities/facilities.service';
import { type FacilityRow, facilityForReader } from '../facilities/facility-access';
import { actorOf } from './budget-change';

export const certificateUploadMessages = {
  onlyParties: "Only the facility's funder or developer can upload its documents",
  settingUp: 'Documents are uploaded to an active facility; this facility is still setting up',
} as const;

/** The funder or the developer, on an active or in-default facility; 404 to a stranger, 403 to other parties. */
async function facilityForUploader(db: Db, viewer: Viewer, facilityId: string, lock = false) {
  const { facility, role } = await facilityForReader(db, viewer, facilityId, { lock });
  if (role !== 'funder' && role !== 'developer') throw forbidden(certificateUploadMessages.onlyParties);
  assertTakesDocuments(facility);
  return facility;
}

function assertTakesDocuments(facility: FacilityRow) {
  if (facility.status === 'repaid') throw conflict(variationMessages.notAccepting);
  if (facility.status === 'setting_up') throw conflict(certificateUploadMessages.settingUp);
}

/**
 * POST /facilities/{id}/documents/upload (multipart: one `documents` file): the funder or the
 * developer uploads a document of the facility — the certificate of practical completion above all
 * (decision 072). A completed deal room takes no uploads and the draw upload is the developer's on a
 * draft draw, so without this the funder had to ask the developer to attach the certificate to one.
 *
 * The file is checked and stored exactly as every upload (documents/file-upload.ts: type by
 * extension and magic bytes, 10 MB, no password-protected PDF), then kept as a document of the
 * facility's deal — so it is listed with the deal's documents, stamped for its readers, and can be
 * named as `certificate_document_id` — in one transaction with the audit entry
 * `deal_document.uploaded`, as the draw upload does. Who and the state are checked before the file
 * is stored and again under the facility's lock before the row is written.
 */
export async function uploadFacilityDocument(
  ctx: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  options: { viewer: Viewer; facilityId: string; parts: () => AsyncIterable<UploadPart> },
): Promise<DealDocument> {
  const { db, storage } = ctx;
  const { viewer } = options;
  await facilityForUploader(db, viewer, options.facilityId);

  let outcome: FileOutcome | null = null;
  for await (const part of options.parts()) {
    if (part.type === 'file' && part.fieldname === 'documents' && outcome === null)
      outcome = await receiveFile(storage, part, DEAL_FILE_MAX_MB);
    else if (part.type === 'file') await discard(part.file);
  }
  if (outcome === null)
    throw validationFailed([{ field: 'documents', message: documentRequestMessages.noFiles }]);
  if (!('stored' in outcome)) throw allRefused([outcome]);
  const file = { ...outcome.stored, fileName: outcome.fileName };
  const storedKeys = [file.key];

  try {
    const answer = await auditedTransaction(db, async (trx) => {
      // The facility may have been repaid while the file was arriving.
      const facility = await facilityForUploader(trx, viewer, options.facilityId, true);
      const inserted = await trx
        .insertInto('deal_document')
        .values({
          deal_id: facility.deal_id,
          document_request_id: null,
          uploader_id: viewer.id,
          storage_key: file.key,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor: actorOf(viewer),
        action: 'deal_document.uploaded',
        targetType: 'deal',
        targetId: facility.deal_id,
        after: {
          document_id: inserted.id,
          facility_id: facility.id,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
        },
      });
      await facilityChanged(trx, facility.id, 'facility');
      const row = await findDealDocument(trx, facility.deal_id, inserted.id);
      if (!row) throw new Error('The document just written cannot be read back');
      return {
        id: row.id,
        deal_id: row.deal_id,
        document_request_id: row.document_request_id,
        file_name: row.file_name,
        mime_type: row.mime_type,
        size_bytes: Number(row.size_bytes),
        uploader_id: row.uploader_id,
        uploader_name: row.uploader_name ?? DELETED_USER,
        uploaded_at: new Date(row.uploaded_at).toISOString(),
        watermark: copyFor(viewer, [row.uploader_id], row.mime_type),
      } satisfies DealDocument;
    });
    // Inside a keyed request the rows commit only with its answer (decision 037).
    onRequestRollback(() => removeDocumentFiles(ctx, storedKeys));
    return answer;
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys);
    throw error;
  }
}
