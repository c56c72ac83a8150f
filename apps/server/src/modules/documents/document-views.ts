import { Readable } from 'node:stream';
import {
  countsAsInsight,
  type DocumentViewCount,
  type DocumentViewKind,
  summariseDocumentViews,
} from '@plinth/domain/data-room';
import type { DocumentViewSummary } from '@plinth/domain/deals';
import { type DocumentCopy, watermarkMessages } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { newDownloadCode } from '../watermark/download-code';
import { UnstampableFileError } from '../watermark/stamp';
import { stampedCopy } from '../watermark/stamped-copy';
import type { FileContents, OpenedFile } from './send-file';

/**
 * The data-room insight's log (table document_view): every opening of a deal or project document,
 * by whom, when, inline or as a download; and who has opened which file, for its owner side.
 */

/** What was opened: a stored deal or project document, or a deal's generated credit summary. */
export type ViewedDocument =
  | { dealDocumentId: string }
  | { projectDocumentId: string }
  | { creditSummaryDealId: string };

/**
 * Records one opening. Called once the reader is authorised and the file found, before it is sent.
 * Answers the row's id and time (a reading of page images names it: decision 049).
 */
export async function recordDocumentView(
  db: Db,
  input: {
    viewerId: string;
    kind: DocumentViewKind;
    document: ViewedDocument;
    /** The download code stamped on the copy sent; none when the original went out. */
    code?: string | null;
  },
): Promise<{ id: string; viewed_at: Date }> {
  return db
    .insertInto('document_view')
    .values({
      viewer_id: input.viewerId,
      kind: input.kind,
      deal_document_id: 'dealDocumentId' in input.document ? input.document.dealDocumentId : null,
      project_document_id: 'projectDocumentId' in input.document ? input.document.projectDocumentId : null,
      credit_summary_deal_id:
        'creditSummaryDealId' in input.document ? input.document.creditSummaryDealId : null,
      code: input.code ?? null,
    })
    .returning(['id', 'viewed_at'])
    .executeTakeFirstOrThrow();
}

/** What a stamp says about its reader: name and e-mail from the session, company from the profile. */
export async function recipientOf(db: Db, reader: { id: string; name: string; email: string }) {
  const profile = await db
    .selectFrom('profile')
    .select('company_name')
    .where('user_id', '=', reader.id)
    .executeTakeFirst();
  return { name: reader.name, email: reader.email, company: profile?.company_name ?? null };
}

/** What was found for an authorised reader: the stored file and which copy of it they get. */
interface Opening {
  reader: { id: string; name: string; email: string };
  copy: DocumentCopy;
  kind: DocumentViewKind;
  document: ViewedDocument;
  stored: {
    id: string;
    storage_key: string;
    file_name: string;
    mime_type: string;
    size_bytes: number | string;
  };
  missing: () => Error;
}

/**
 * An authorised reader's stored file, for project and deal documents alike: its name and type at
 * once, its bytes (and the record of the opening) only when they are sent (sendFile), so a HEAD
 * request stamps nothing, mints no code and records nothing (issue 29 finding 7). A reader whose
 * copy is 'stamped' gets the file stamped with their name and a fresh download code, and the code is
 * recorded with the opening (decision 034); a file that cannot be stamped is not sent at all (409).
 * A row whose file is missing answers `missing()` (a 404) rather than a broken stream; if the record
 * cannot be written the file is closed and nothing is sent.
 */
export function openRecordedFile(
  ctx: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  options: Opening,
): OpenedFile {
  return {
    fileName: options.stored.file_name,
    mimeType: options.stored.mime_type,
    // A stamped copy's length is known only once it is made.
    sizeBytes: options.copy === 'stamped' ? null : Number(options.stored.size_bytes),
    contents: () => recordedContents(ctx, options),
  };
}

async function recordedContents(
  ctx: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  options: Opening,
): Promise<FileContents> {
  const { stored } = options;
  let stream: Readable;
  try {
    stream = await ctx.storage.get(stored.storage_key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    ctx.log.error({ err, documentId: stored.id }, 'a document row has no stored file');
    throw options.missing();
  }
  try {
    if (options.copy !== 'stamped') {
      await recordDocumentView(ctx.db, {
        viewerId: options.reader.id,
        kind: options.kind,
        document: options.document,
      });
      return { body: stream, sizeBytes: Number(stored.size_bytes) };
    }
    const code = newDownloadCode();
    const at = new Date();
    const recipient = await recipientOf(ctx.db, options.reader);
    const copy = await stampedCopy(
      stream,
      { mimeType: stored.mime_type, sizeBytes: Number(stored.size_bytes) },
      { recipient, code, at },
    ).catch((err: unknown) => {
      if (!(err instanceof UnstampableFileError)) throw err;
      ctx.log.warn({ err, documentId: stored.id }, 'a document could not be stamped');
      throw conflict(watermarkMessages.cannotStamp);
    });
    await recordDocumentView(ctx.db, {
      viewerId: options.reader.id,
      kind: options.kind,
      document: options.document,
      code,
    });
    return copy;
  } catch (err) {
    stream.destroy();
    throw err;
  }
}

/**
 * A file the server made for this reader (the credit summary PDF), recorded and stamped exactly as a
 * stored one is when it is sent: a 'stamped' copy carries the reader's name and a fresh code,
 * recorded with the opening; the original goes out as it is, its opening recorded without a code.
 * Call it only when the bytes are to be sent (from an OpenedFile's `contents`).
 */
export async function openRecordedGeneratedPdf(
  ctx: { db: Db; log: FastifyBaseLogger },
  options: {
    reader: { id: string; name: string; email: string };
    copy: DocumentCopy;
    kind: DocumentViewKind;
    document: ViewedDocument;
    bytes: Uint8Array;
  },
): Promise<FileContents & { code: string | null }> {
  const record = (code?: string) =>
    recordDocumentView(ctx.db, {
      viewerId: options.reader.id,
      kind: options.kind,
      document: options.document,
      code: code ?? null,
    });
  if (options.copy !== 'stamped') {
    await record();
    return { body: Buffer.from(options.bytes), sizeBytes: options.bytes.length, code: null };
  }
  const code = newDownloadCode();
  const recipient = await recipientOf(ctx.db, options.reader);
  // Through the same queue and buffers as a stored file's stamp (at most two at once per process).
  const copy = await stampedCopy(
    Readable.from([Buffer.from(options.bytes)]),
    { mimeType: 'application/pdf', sizeBytes: options.bytes.length },
    { recipient, code, at: new Date() },
  );
  try {
    await record(code);
  } catch (err) {
    if ('destroy' in copy.body) copy.body.destroy();
    throw err;
  }
  return { ...copy, code };
}

/**
 * Who has opened each of `documents`, counted by reader (views and downloads), leaving out each
 * document's own owner side and admins. Documents nobody else opened map to an empty list.
 */
export async function viewSummariesOf(
  db: Db,
  options: {
    kind: 'deal' | 'project';
    documents: readonly { id: string; ownerSide: readonly (string | null)[] }[];
  },
): Promise<Map<string, DocumentViewSummary[]>> {
  const result = new Map<string, DocumentViewSummary[]>(options.documents.map((d) => [d.id, []]));
  if (options.documents.length === 0) return result;
  const column = options.kind === 'deal' ? 'dv.deal_document_id' : 'dv.project_document_id';
  const rows = await db
    .selectFrom('document_view as dv')
    .innerJoin('user as u', 'u.id', 'dv.viewer_id')
    .leftJoin('profile as p', 'p.user_id', 'dv.viewer_id')
    .select((eb) => [
      eb.ref(column).as('document_id'),
      'dv.viewer_id',
      'u.name as viewer_name',
      'u.role as viewer_role',
      'p.company_name',
      'dv.kind',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('dv.viewed_at').as('last_at'),
    ])
    .where(
      column,
      'in',
      options.documents.map((d) => d.id),
    )
    .groupBy([column, 'dv.viewer_id', 'u.name', 'u.role', 'p.company_name', 'dv.kind'])
    .execute();
  const ownerSide = new Map(options.documents.map((d) => [d.id, d.ownerSide]));
  const counts = new Map<string, DocumentViewCount[]>();
  for (const row of rows) {
    const documentId = row.document_id as string;
    if (!countsAsInsight({ id: row.viewer_id, role: row.viewer_role }, ownerSide.get(documentId) ?? []))
      continue;
    const list = counts.get(documentId) ?? [];
    list.push({
      viewer_id: row.viewer_id,
      viewer_name: row.viewer_name,
      company_name: row.company_name ?? null,
      kind: row.kind,
      count: Number(row.count),
      last_at: new Date(row.last_at as Date | string).toISOString(),
    });
    counts.set(documentId, list);
  }
  for (const [documentId, list] of counts) result.set(documentId, summariseDocumentViews(list));
  return result;
}
