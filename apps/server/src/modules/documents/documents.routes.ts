import multipart from '@fastify/multipart';
import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  documentIdParams,
  documentRequestMessages,
  MAX_FILES_PER_UPLOAD,
  PROJECT_FILE_MAX_BYTES,
  projectDocument,
  projectDocumentsResponse,
  requiredDocumentsResponse,
  uploadDocumentsResponse,
} from '@plinth/domain/documents';
import { projectIdParams } from '@plinth/domain/projects';
import { updateDocumentBody } from '@plinth/domain/watermark';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { uploadedParts } from '../../http/upload-spool';
import { registerPageViewRoutes } from '../page-view/page-view.routes';
import * as documents from './documents.service';
import { sendFile } from './send-file';
import { setViewOnly } from './view-only.service';

const errors = errorResponses(400, 401, 403, 404, 409);

// Limits of the multipart parser: Fastify's 1 MiB body limit does not apply to it (DESIGN.md 13);
// these bound one request. A file's own limit is the route's upload option: the body is read into
// temporary files first (decision 046), and a file over 50 MB is cut off there and refused.
const multipartLimits = {
  files: MAX_FILES_PER_UPLOAD,
  fields: 5,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: MAX_FILES_PER_UPLOAD + 5,
  headerPairs: 50,
};

export const documentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { config, db, guards, storage },
) => {
  // Registered here, so multipart bodies are parsed only by these routes (this plugin is encapsulated).
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });
  const ctx = (log: documents.DocumentsContext['log']): documents.DocumentsContext => ({ db, storage, log });

  app.get(
    '/api/required-documents',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary: 'The document types a project needs, with what each one is',
        response: { 200: requiredDocumentsResponse, ...errors },
      },
    },
    () => documents.getRequiredDocuments(db),
  );

  app.post(
    '/api/projects/:id/documents',
    {
      onRequest: guards.requireRole('borrower'),
      config: {
        upload: { maxFileBytes: PROJECT_FILE_MAX_BYTES, invalidJson: documents.invalidDocumentTypes },
      },
      schema: {
        tags: ['documents'],
        summary:
          'Upload documents (multipart: `documents` files, `document_types` a JSON list in file order); one per type',
        consumes: ['multipart/form-data'],
        params: projectIdParams,
        response: { 200: uploadDocumentsResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentRequestMessages.notMultipart);
      }
      return documents.uploadDocuments(ctx(request.log), {
        viewer: viewerOf(request),
        projectId: request.params.id,
        parts: () => uploadedParts(request),
      });
    },
  );

  app.get(
    '/api/projects/:id/documents',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary:
          "A project's documents: for its owner, admins and a funder granted access to the listing's data room (approved, with an active subscription); who opened each file only for the owner and admins",
        params: projectIdParams,
        response: { 200: projectDocumentsResponse, ...errors },
      },
    },
    (request) => documents.listDocuments(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.delete(
    '/api/documents/:id',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['documents'],
        summary: 'Delete a document of a draft or rejected project (owner only)',
        params: documentIdParams,
        response: { 200: projectDocumentsResponse, ...errors },
      },
    },
    (request) =>
      documents.deleteDocument(ctx(request.log), {
        viewer: viewerOf(request),
        documentId: request.params.id,
      }),
  );

  app.patch(
    '/api/documents/:id',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['documents'],
        summary: 'Mark a PDF view only, or lift it (owner only, at any stage of the listing)',
        params: documentIdParams,
        body: updateDocumentBody,
        response: { 200: projectDocument, ...errors },
      },
    },
    (request) =>
      setViewOnly(db, {
        viewer: viewerOf(request),
        documentId: request.params.id,
        viewOnly: request.body.view_only,
      }),
  );

  app.get(
    '/api/documents/:id/download',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary:
          'Download a document (attachment); a reader who did not upload it gets a copy stamped with their name and a download code; a view-only PDF is refused to them (403)',
        params: documentIdParams,
        response: errors,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await documents.openDocument(ctx(request.log), {
          viewer: viewerOf(request),
          documentId: request.params.id,
          kind: 'download',
        }),
      ),
  );

  app.get(
    '/api/documents/:id/view',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['documents'],
        summary:
          "View a document inline (the app's viewer); stamped like a download; a view-only PDF is refused to a reader who gets a stamped copy (403: they read its pages, GET …/pages)",
        params: documentIdParams,
        response: errors,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'inline',
        await documents.openDocument(ctx(request.log), {
          viewer: viewerOf(request),
          documentId: request.params.id,
          kind: 'view',
        }),
      ),
  );

  // A PDF read as page images: the only way a view-only one reaches a stamped reader (decision 049).
  registerPageViewRoutes(app, { config, db, guards, storage });
};
