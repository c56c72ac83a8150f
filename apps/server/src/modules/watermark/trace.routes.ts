import multipart from '@fastify/multipart';
import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import { documentRequestMessages } from '@plinth/domain/documents';
import { documentTraceQuery, documentTraceResponse } from '@plinth/domain/watermark';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { uploadedParts } from '../../http/upload-spool';
import { TRACE_FILE_MAX_MB, traceCode, traceFile } from './trace.service';

const errors = errorResponses(400, 401, 403, 404);

const TRACE_FILE_MAX_BYTES = TRACE_FILE_MAX_MB * 1024 * 1024;

/** Tracing a leaked copy by its download code (decision 034): the developer and admins. */
export const documentTraceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  // A file's own limit is the route's upload option: the body is read into a temporary file first
  // (decision 046), and a file over it is cut off there and refused (413).
  await app.register(multipart, {
    limits: { files: 1, fields: 2, parts: 3, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const tracers = guards.requireRole('borrower', 'admin');

  app.get(
    '/api/document-trace',
    {
      onRequest: tracers,
      schema: {
        tags: ['documents'],
        summary: "Whose copy a download code was stamped on (the document's developer and admins)",
        querystring: documentTraceQuery,
        response: { 200: documentTraceResponse, ...errors },
      },
    },
    (request) => traceCode(db, { viewer: viewerOf(request), code: request.query.code }),
  );

  app.post(
    '/api/document-trace',
    {
      onRequest: tracers,
      config: { upload: { maxFileBytes: TRACE_FILE_MAX_BYTES } },
      schema: {
        tags: ['documents'],
        summary:
          'Whose copy a leaked PDF, PNG or JPEG is (multipart: one `file`); its download code is read from it',
        description:
          "The file's kind is told by its first bytes. A PDF's code is read from its keywords or its text; " +
          "an image's from the mark hidden in its pixels (it survives a crop of two 64-pixel tiles a side " +
          'and re-encoding as JPEG at quality 75 or more), else from its metadata. 400 when the file is ' +
          'none of these or an image cannot be decoded; 404 when no code is found.',
        consumes: ['multipart/form-data'],
        response: { 200: documentTraceResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentRequestMessages.notMultipart);
      }
      return traceFile(db, { viewer: viewerOf(request), parts: () => uploadedParts(request) });
    },
  );
};
