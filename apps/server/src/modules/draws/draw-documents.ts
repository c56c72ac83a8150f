import type { DocumentViewKind } from '@plinth/domain/data-room';
import { documentRequestMessages } from '@plinth/domain/documents';
import { copyFor } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { openRecordedFile } from '../documents/document-views';
import type { OpenedFile } from '../documents/send-file';
import { drawForReader } from './draws.service';

const documentNotFound = () => notFound(documentRequestMessages.documentNotFound);

/**
 * GET /draws/{id}/documents/{docId} (and /view): a file attached to a draw, for any party of the
 * draw's facility — above all its quantity surveyor, who is no party of the deal room the file was
 * uploaded to and so cannot open it there (decision 063). Anyone else is told the draw does not
 * exist (404, as drawForReader says); a document that is not attached to this draw is 404 too, so a
 * draw id cannot be used to reach the rest of the deal room. The copy is the deal room's rule: the
 * uploader and admins get the original, every other reader a copy stamped with their name and a
 * fresh download code, and the opening is recorded for the uploader's insight.
 */
export async function openDrawDocument(
  ctx: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  options: { viewer: Viewer; drawId: string; documentId: string; kind: DocumentViewKind },
): Promise<OpenedFile> {
  const { draw } = await drawForReader(ctx.db, options.viewer, options.drawId);
  const document = await ctx.db
    .selectFrom('draw_document as dd')
    .innerJoin('deal_document as d', 'd.id', 'dd.document_id')
    .select(['d.id', 'd.uploader_id', 'd.storage_key', 'd.file_name', 'd.mime_type', 'd.size_bytes'])
    .where('dd.draw_id', '=', draw.id)
    .where('dd.document_id', '=', options.documentId)
    .executeTakeFirst();
  if (!document) throw documentNotFound();
  return openRecordedFile(ctx, {
    reader: options.viewer,
    copy: copyFor(options.viewer, [document.uploader_id], document.mime_type),
    kind: options.kind,
    document: { dealDocumentId: document.id },
    stored: document,
    missing: documentNotFound,
  });
}
