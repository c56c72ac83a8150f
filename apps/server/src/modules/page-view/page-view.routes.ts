import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { errorResponses } from '@plinth/domain/api-errors';
import { documentIdParams } from '@plinth/domain/documents';
import {
  documentPageParams,
  documentPageQuery,
  documentPagesQuery,
  documentPagesResponse,
} from '@plinth/domain/page-view';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { noBody, wantsBody } from '../documents/send-file';
import { PageCache } from './page-cache';
import { createPageRenderer } from './page-renderer';
import * as pageView from './page-view.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * GET /documents/{id}/pages and /documents/{id}/pages/{n} (decision 049): a PDF read as page
 * images, the only way a view-only document reaches a reader who gets a stamped copy. Registered by
 * the documents routes; each app has its own renderer thread and page cache, closed with it.
 * HEAD is authorised like GET and then answered with headers only: no reading opened, no code
 * minted, nothing rendered (decision 047).
 */
export function registerPageViewRoutes(
  parent: FastifyInstance,
  { config, db, guards, storage }: Pick<AppDeps, 'config' | 'db' | 'guards' | 'storage'>,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const renderer = createPageRenderer();
  const cache = new PageCache();
  app.addHook('onClose', async () => {
    cache.clear();
    await renderer.close();
  });
  const tmpDir = resolve(config.DATA_DIR, 'tmp', 'page-view');
  // Copies a crash left behind (each is removed once read); an hour old is long past any reading of it.
  void removeStale(tmpDir, 3_600_000);
  const ctx = (log: pageView.PageViewContext['log']) => ({ db, storage, log, renderer, cache, tmpDir });

  app.get(
    '/api/documents/:id/pages',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary:
          "Open a PDF to read page by page: one recorded opening and download code, each page's size and image URL",
        params: documentIdParams,
        querystring: documentPagesQuery,
        response: { 200: documentPagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await pageView.openReading(ctx(request.log), {
        viewer: viewerOf(request),
        documentId: request.params.id,
        width: request.query.width,
        record: wantsBody(request),
      });
      reply.header('cache-control', 'private, no-store');
      if (!answer) return (reply as FastifyReply).type('application/json; charset=utf-8').send(noBody());
      return answer;
    },
  );

  app.get(
    '/api/documents/:id/pages/:n',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary:
          "Page n of an open reading as a PNG, with the reader's name, e-mail and download code burned in when they get a stamped copy",
        params: documentPageParams,
        querystring: documentPageQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const png = await pageView.readingPage(ctx(request.log), {
        viewer: viewerOf(request),
        documentId: request.params.id,
        page: request.params.n,
        readingId: request.query.reading,
        width: request.query.width,
        render: wantsBody(request),
      });
      // Bytes, not the JSON the schema describes for errors.
      const raw = reply as FastifyReply;
      raw
        .type('image/png')
        .header('content-disposition', `inline; filename="page-${request.params.n}.png"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (!png) return raw.send(noBody());
      return raw.header('content-length', png.length).send(png);
    },
  );
}

async function removeStale(dir: string, olderThanMs: number) {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(path, { force: true }).catch(() => {});
  }
}
