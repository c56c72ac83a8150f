import { CREDIT_SUMMARY_LABEL } from '@plinth/domain/data-room-report';
import { documentMessages } from '@plinth/domain/documents';
import { type DocumentTraceResponse, watermarkMessages } from '@plinth/domain/watermark';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError, notFound, validationFailed } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { discard } from '../documents/file-upload';
import { imageTypeOf, readImageCode } from './image-stamp';
import { readDownloadCode } from './read-code';
import { readWhole } from './stamped-copy';
import * as repo from './trace.repository';

/**
 * Tracing a leaked copy (decision 034): a download code, typed or read from a dropped PDF, names
 * the reader it was stamped for. The developer traces codes of their own projects' documents
 * (project documents and their deals' documents), admins any; anyone else, and a code nobody was
 * given, is told there is no such download.
 */

/** A leaked copy of the largest project document (50 MB), stamped, stays under this. */
export const TRACE_FILE_MAX_MB = 60;

const noSuchCode = () => notFound(watermarkMessages.noSuchCode);

export async function traceCode(
  db: Db,
  options: { viewer: Viewer; code: string },
): Promise<DocumentTraceResponse> {
  const row = await repo.findByCode(db, options.code);
  if (!row?.code) throw noSuchCode();
  if (options.viewer.role !== 'admin' && row.borrower_id !== options.viewer.id) throw noSuchCode();
  return {
    code: row.code,
    document: {
      ...documentOf(row),
      project_id: row.project_id,
      project_title: row.project_title,
    },
    viewer: {
      id: row.viewer_id,
      name: row.viewer_name,
      email: row.viewer_email,
      company: row.company_name ?? null,
    },
    kind: row.kind,
    viewed_at: new Date(row.viewed_at).toISOString(),
  };
}

/** Which file a code was stamped on: a project document, a deal document or a deal's credit summary. */
function documentOf(row: NonNullable<Awaited<ReturnType<typeof repo.findByCode>>>) {
  if (row.project_document_id !== null)
    return {
      id: row.project_document_id,
      source: 'project' as const,
      file_name: row.project_file_name ?? '',
    };
  if (row.deal_document_id !== null)
    return { id: row.deal_document_id, source: 'deal' as const, file_name: row.deal_file_name ?? '' };
  return {
    id: row.credit_summary_deal_id ?? '',
    source: 'credit_summary' as const,
    file_name: CREDIT_SUMMARY_LABEL,
  };
}

const needsFile = () => validationFailed([{ field: 'file', message: watermarkMessages.traceNeedsFile }]);

/**
 * POST /document-trace: one PDF, PNG or JPEG (multipart `file`, read into a temporary file before
 * this runs: decision 046), told apart by its first bytes. A PDF's code is read from any mark that
 * survived: keywords, XMP, the footer, the marks in its pages' content and forms (decision 050); an
 * image's from the mark in its pixels or its metadata (decision 051).
 */
export async function traceFile(
  db: Db,
  options: { viewer: Viewer; parts: () => AsyncIterable<UploadPart> },
): Promise<DocumentTraceResponse> {
  let bytes: Buffer | null = null;
  for await (const part of options.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || bytes) {
      await discard(part.file);
      continue;
    }
    bytes = (await readWhole(part.file, Buffer.alloc(0))).bytes;
    if (part.file.truncated)
      throw new AppError('PAYLOAD_TOO_LARGE', documentMessages.tooLarge(TRACE_FILE_MAX_MB));
  }
  if (!bytes) throw needsFile();
  const image = imageTypeOf(bytes);
  if (image) {
    const code = await readImageCode(bytes, image);
    if (!code) throw notFound(watermarkMessages.noCodeInImage);
    return traceCode(db, { viewer: options.viewer, code });
  }
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) throw needsFile();
  const code = await readDownloadCode(bytes);
  if (!code) throw notFound(watermarkMessages.noCodeInPdf);
  return traceCode(db, { viewer: options.viewer, code });
}
