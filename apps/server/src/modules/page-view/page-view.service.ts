import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { documentRequestMessages } from '@plinth/domain/documents';
import {
  type DocumentPagesResponse,
  type PageWidth,
  pageViewMessages,
  READING_HOURS,
} from '@plinth/domain/page-view';
import { copyFor, type DocumentCopy, stampDiagonal, stampFooter } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../errors';
import { recipientOf, recordDocumentView } from '../documents/document-views';
import * as repo from '../documents/documents.repository';
import { assertCanReadProjectFile } from '../projects/projects.service';
import { assertUndertakingAccepted } from '../undertaking/undertaking.service';
import { newDownloadCode } from '../watermark/download-code';
import type { PageCache } from './page-cache';
import {
  type LoadedFile,
  NoSuchPageError,
  type PageRenderer,
  type PageStamp,
  pixelSizeOf,
  RenderFailedError,
} from './page-renderer';

/**
 * A project document read as page images (decision 049). Opening it is one reading: one recorded
 * opening (document_view, kind 'view') with one download code, stamped on every page fetched in it.
 * Each page request is authorised again exactly like the opening (access revoked mid-reading stops
 * the next page), and names its reading, which must be the reader's own, of this document, and
 * younger than READING_HOURS. Readings live in the database, so any instance serves any page.
 */

export interface PageViewContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  renderer: PageRenderer;
  cache: PageCache;
  /** Where the renderer's temporary copies of stored files go (DATA_DIR/tmp/page-view). */
  tmpDir: string;
}

const documentNotFound = () => notFound(documentRequestMessages.documentNotFound);
const readingEnded = () => notFound(pageViewMessages.readingEnded);

/** The reader may read the document, exactly as for its download or inline view; which copy they get. */
async function authorise(ctx: PageViewContext, viewer: Viewer, documentId: string) {
  const document = await repo.findDocument(ctx.db, documentId);
  if (!document) throw documentNotFound();
  const project = await repo.findProjectGate(ctx.db, document.project_id);
  if (!project) throw documentNotFound();
  await assertCanReadProjectFile(ctx.db, { viewer, project, notFound: documentNotFound });
  await assertUndertakingAccepted(ctx.db, viewer, { projectId: project.id });
  if (document.mime_type !== 'application/pdf') throw badRequest(pageViewMessages.onlyPdf);
  const copy: DocumentCopy = copyFor(viewer, [project.borrower_id], document.mime_type);
  return { document, copy };
}

/**
 * The stored file copied to a temporary file for the renderer (streamed: the server never holds it
 * whole); removed once the renderer has read it.
 */
async function copyForRenderer(
  ctx: PageViewContext,
  document: { id: string; storage_key: string },
): Promise<LoadedFile> {
  let stream: Readable;
  try {
    stream = await ctx.storage.get(document.storage_key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    ctx.log.error({ err, documentId: document.id }, 'a document row has no stored file');
    throw documentNotFound();
  }
  await mkdir(ctx.tmpDir, { recursive: true, mode: 0o700 });
  const path = join(ctx.tmpDir, `${randomUUID()}.pdf`);
  const done = () => rm(path, { force: true });
  try {
    await pipeline(stream, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await done();
    throw err;
  }
  return { path, done };
}

function asRefusal(ctx: PageViewContext, documentId: string, err: unknown): never {
  if (err instanceof NoSuchPageError) throw notFound(pageViewMessages.noSuchPage);
  if (err instanceof RenderFailedError) {
    ctx.log.warn({ err, documentId }, 'a document page could not be rendered');
    throw conflict(pageViewMessages.cannotRender);
  }
  throw err;
}

const pageUrl = (documentId: string, reading: string, page: number, width: PageWidth) =>
  `/api/documents/${documentId}/pages/${page}?reading=${reading}&width=${width}`;

/**
 * GET /documents/{id}/pages: opens a reading and lists its pages. `record: false` (a HEAD request)
 * authorises and stops there: no reading, no code, nothing rendered.
 */
export async function openReading(
  ctx: PageViewContext,
  options: { viewer: Viewer; documentId: string; width: PageWidth; record: boolean },
): Promise<DocumentPagesResponse | null> {
  const { viewer, documentId, width } = options;
  const { document, copy } = await authorise(ctx, viewer, documentId);
  if (!options.record) return null;
  const sizes = await ctx.renderer
    .pageSizes(document.storage_key, () => copyForRenderer(ctx, document))
    .catch((err) => asRefusal(ctx, documentId, err));
  const code = copy === 'stamped' ? newDownloadCode() : null;
  const reading = await recordDocumentView(ctx.db, {
    viewerId: viewer.id,
    kind: 'view',
    document: { projectDocumentId: document.id },
    code,
  });
  // The viewer asks for the first page at once: it is made meanwhile.
  prefetch(ctx, { id: reading.id, code, at: new Date(reading.viewed_at), viewer, document, copy }, 1, width);
  return {
    reading: reading.id,
    code,
    watermark: copy,
    page_count: sizes.length,
    pages: sizes.map((size, i) => ({
      number: i + 1,
      ...pixelSizeOf(size, width),
      url: pageUrl(documentId, reading.id, i + 1, width),
    })),
  };
}

/** The reading named by a page request: the reader's own, of this document, and not yet over. */
async function findReading(ctx: PageViewContext, viewer: Viewer, documentId: string, readingId: string) {
  const reading = await ctx.db
    .selectFrom('document_view')
    .select(['id', 'code', 'viewed_at'])
    .where('id', '=', readingId)
    .where('viewer_id', '=', viewer.id)
    .where('project_document_id', '=', documentId)
    .where('kind', '=', 'view')
    .executeTakeFirst();
  if (!reading) throw readingEnded();
  const at = new Date(reading.viewed_at as Date | string);
  if (Date.now() - at.getTime() > READING_HOURS * 3_600_000) throw readingEnded();
  return { id: reading.id, code: reading.code, at };
}

/**
 * GET /documents/{id}/pages/{n}: page n of a reading as a PNG, stamped for a reader who gets a
 * stamped copy with the reading's code and time. `render: false` (HEAD) authorises and stops there.
 */
export async function readingPage(
  ctx: PageViewContext,
  options: {
    viewer: Viewer;
    documentId: string;
    page: number;
    readingId: string;
    width: PageWidth;
    render: boolean;
  },
): Promise<Buffer | null> {
  const { viewer, documentId, page, width } = options;
  const { document, copy } = await authorise(ctx, viewer, documentId);
  const reading = await findReading(ctx, viewer, documentId, options.readingId);
  // A reading opened as the original (before the reader lost the owner's side) is not a stamped one.
  if (copy === 'stamped' && !reading.code) throw readingEnded();
  if (!options.render) return null;
  const opened: OpenReading = { ...reading, viewer, document, copy };
  const png = await pageImage(ctx, opened, page, width).catch((err) => asRefusal(ctx, documentId, err));
  // The reader scrolls on: the next page is made meanwhile, so it is ready when asked for.
  prefetch(ctx, opened, page + 1, width);
  return png;
}

/** A reading as its pages are made: who reads, what, which copy, and its code and time. */
interface OpenReading {
  id: string;
  code: string | null;
  at: Date;
  viewer: Viewer;
  document: { id: string; storage_key: string };
  copy: DocumentCopy;
}

/**
 * Page n of a reading: from the cache, or the render already under way for it, or rendered now
 * (stamped for a reader who gets a stamped copy) and kept in the cache.
 */
async function pageImage(ctx: PageViewContext, reading: OpenReading, page: number, width: PageWidth) {
  const key = `${reading.id}:${page}:${width}`;
  const cached = ctx.cache.get(key);
  if (cached) return cached;
  const running = ctx.cache.running.get(key);
  if (running) return running;
  const made = renderPage(ctx, reading, page, width);
  ctx.cache.running.set(key, made);
  try {
    const png = await made;
    ctx.cache.set(key, png);
    return png;
  } finally {
    ctx.cache.running.delete(key);
  }
}

async function renderPage(ctx: PageViewContext, reading: OpenReading, page: number, width: PageWidth) {
  const { document } = reading;
  const load = () => copyForRenderer(ctx, document);
  const sizes = await ctx.renderer.pageSizes(document.storage_key, load);
  const size = sizes[page - 1];
  if (!size) throw new NoSuchPageError(`page ${page} of ${sizes.length}`);
  let stamp: PageStamp | null = null;
  if (reading.copy === 'stamped' && reading.code) {
    const recipient = await recipientOf(ctx.db, reading.viewer);
    stamp = {
      tile: `${recipient.name} · ${stampDiagonal(recipient, reading.code)}`,
      footer: stampFooter(recipient, reading.code, reading.at),
    };
  }
  return ctx.renderer.render({ key: document.storage_key, page, ...pixelSizeOf(size, width), stamp }, load);
}

/** Makes page n ahead of its request, if the document has it; a failure waits for the request itself. */
function prefetch(ctx: PageViewContext, reading: OpenReading, page: number, width: PageWidth) {
  void (async () => {
    const sizes = await ctx.renderer.pageSizes(reading.document.storage_key, () =>
      copyForRenderer(ctx, reading.document),
    );
    if (page <= sizes.length) await pageImage(ctx, reading, page, width);
  })().catch((err) => ctx.log.debug({ err, documentId: reading.document.id }, 'a page made ahead failed'));
}
