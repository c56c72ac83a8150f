import { DEAL_FILE_MAX_MB } from '@plinth/domain/constants';
import { documentRequestMessages } from '@plinth/domain/documents';
import { attachDocumentBody } from '@plinth/domain/facilities';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { onRequestRollback } from '../../db/request-transaction';
import { conflict, forbidden, validationFailed } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { removeDocumentFiles } from '../documents/documents.service';
import { allRefused, discard, type FileOutcome, receiveFile } from '../documents/file-upload';
import { facilityChanged } from '../facilities/facilities.service';
import { actorOf, drawForActor, drawForReader, toDraw } from './draws.service';

const notEditable = () => conflict('Documents are attached to a draft or a returned draw');

/**
 * POST /draws/{id}/documents/upload (multipart: one `documents` file and its `kind`): the developer
 * uploads a file straight to a draw (decision 063). A facility exists only once its deal is complete,
 * and a completed deal room takes no uploads (it is read-only), so the room's own upload cannot carry
 * a draw's claim. The file is checked and stored exactly as the room's upload does (type, content,
 * 10 MB, no password-protected PDF), kept as a document of the facility's deal (so it is stamped
 * for its readers and its openings are recorded like every deal document) and attached to the draw,
 * in one transaction with its audit entry. A stranger is told the draw does not exist (404), another
 * party may not (403), and only a draft or a returned draw takes documents (409); all of it is
 * checked before the file is stored, and again under the locks before the rows are written.
 */
export async function uploadDrawDocument(
  ctx: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  options: { viewer: Viewer; drawId: string; parts: () => AsyncIterable<UploadPart> },
) {
  const { db, storage } = ctx;
  const { viewer } = options;
  const { draw, role } = await drawForReader(db, viewer, options.drawId);
  if (role !== 'developer') throw forbidden("Only the facility's developer can do this");
  if (draw.status !== 'draft' && draw.status !== 'returned') throw notEditable();

  let kindValue: unknown;
  let outcome: FileOutcome | null = null;
  for await (const part of options.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'kind')
        kindValue = typeof part.value === 'string' ? part.value.trim() : part.value;
    } else if (part.fieldname === 'documents' && outcome === null) {
      outcome = await receiveFile(storage, part, DEAL_FILE_MAX_MB);
    } else {
      await discard(part.file);
    }
  }
  const storedKeys = outcome && 'stored' in outcome ? [outcome.stored.key] : [];
  const kind = attachDocumentBody.shape.kind.safeParse(kindValue);
  if (!kind.success) {
    await removeDocumentFiles(ctx, storedKeys);
    throw validationFailed([
      {
        field: 'kind',
        message: 'kind must be one of builders_claim, invoice, supporting_statement, other',
      },
    ]);
  }
  if (outcome === null)
    throw validationFailed([{ field: 'documents', message: documentRequestMessages.noFiles }]);
  if (!('stored' in outcome)) throw allRefused([outcome]);
  const file = { ...outcome.stored, fileName: outcome.fileName };

  try {
    const answer = await auditedTransaction(db, async (trx) => {
      const locked = await drawForActor(trx, viewer, options.drawId, ['developer']);
      // The draw may have been submitted while the file was arriving.
      if (locked.draw.status !== 'draft' && locked.draw.status !== 'returned') throw notEditable();
      const document = await trx
        .insertInto('deal_document')
        .values({
          deal_id: locked.facility.deal_id,
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
      await trx
        .insertInto('draw_document')
        .values({
          draw_id: locked.draw.id,
          document_id: document.id,
          kind: kind.data,
          attached_by: viewer.id,
        })
        .execute();
      await recordAudit(trx, {
        actor: actorOf(viewer),
        action: 'deal_document.uploaded',
        targetType: 'deal',
        targetId: locked.facility.deal_id,
        after: {
          document_id: document.id,
          draw_id: locked.draw.id,
          kind: kind.data,
          file_name: file.fileName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
        },
      });
      await facilityChanged(trx, locked.facility.id, 'draw', locked.draw.id);
      return toDraw(trx, locked.draw, locked.facility);
    });
    // Inside a keyed request the rows commit only with its answer (decision 037).
    onRequestRollback(() => removeDocumentFiles(ctx, storedKeys));
    return answer;
  } catch (error) {
    await removeDocumentFiles(ctx, storedKeys);
    throw error;
  }
}
