import multipart from '@fastify/multipart';
import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  fulfilDocumentRequestBody,
  projectDealDocumentsResponse,
  uploadDealDocumentsResponse,
} from '@plinth/domain/data-room';
import {
  createDocumentRequestBody,
  dealDocumentParams,
  dealDocumentsResponse,
  dealIdParams,
  documentRequest,
  documentRequestIdParams,
  documentRequestsResponse,
} from '@plinth/domain/deals';
import { DEAL_FILE_MAX_BYTES, MAX_FILES_PER_UPLOAD } from '@plinth/domain/documents';
import { projectIdParams } from '@plinth/domain/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { uploadedParts } from '../../http/upload-spool';
import { sendFile } from '../documents/send-file';
import * as dealDocuments from './deal-documents.service';
import * as documentRequests from './document-requests.service';

const errors = errorResponses(400, 401, 403, 404, 409);

// The multipart parser's limits for deal uploads. A file's own limit is the route's upload option:
// the body is read into temporary files first (decision 046), and a file over 10 MB is cut off there
// and refused (413).
const multipartLimits = {
  files: MAX_FILES_PER_UPLOAD,
  fields: 5,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: MAX_FILES_PER_UPLOAD + 5,
  headerPairs: 50,
};

/** A deal room's documents and document requests, both ways (issue 9). */
export const dealDocumentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards, storage } = deps;
  // Registered here, so multipart bodies are parsed only by these routes (this plugin is encapsulated).
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });
  const ctx = (log: dealDocuments.DealDocumentsContext['log']): dealDocuments.DealDocumentsContext => ({
    ...deps,
    storage,
    log,
  });
  // The parties act; admins read; anyone else is told the room does not exist.
  const readers = guards.requireRole('borrower', 'funder', 'admin');
  const parties = guards.requireRole('borrower', 'funder');

  app.get(
    '/api/deals/:id/documents',
    {
      onRequest: readers,
      schema: {
        tags: ['deal documents'],
        summary: "A deal room's files; who opened each one only for its uploader and admins",
        params: dealIdParams,
        response: { 200: dealDocumentsResponse, ...errors },
      },
    },
    (request) =>
      dealDocuments.listDealDocuments(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.post(
    '/api/deals/:id/documents',
    {
      onRequest: parties,
      config: { upload: { maxFileBytes: DEAL_FILE_MAX_BYTES } },
      schema: {
        tags: ['deal documents'],
        summary:
          'Upload files to a deal room (multipart: `documents` files up to 10 MB, optional `request_id` of a request to fulfil)',
        consumes: ['multipart/form-data'],
        params: dealIdParams,
        response: { 201: uploadDealDocumentsResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw dealDocuments.notMultipart();
      const answer = await dealDocuments.uploadDealDocuments(ctx(request.log), {
        viewer: viewerOf(request),
        dealId: request.params.id,
        parts: () => uploadedParts(request),
      });
      return reply.status(201).send(answer);
    },
  );

  for (const [suffix, kind] of [
    ['', 'download'],
    ['/view', 'view'],
  ] as const) {
    app.get(
      `/api/deals/:id/documents/:docId${suffix}`,
      {
        onRequest: readers,
        schema: {
          tags: ['deal documents'],
          summary:
            kind === 'download'
              ? 'Download a deal document (attachment)'
              : 'View a deal document inline (PDF preview)',
          params: dealDocumentParams,
          response: errors,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          kind === 'download' ? 'attachment' : 'inline',
          await dealDocuments.openDealDocument(ctx(request.log), {
            viewer: viewerOf(request),
            dealId: request.params.id,
            documentId: request.params.docId,
            kind,
          }),
        ),
    );
  }

  app.get(
    '/api/projects/:id/documents/deal',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['deal documents'],
        summary: 'The files of every deal on a project, for its developer and admins',
        params: projectIdParams,
        response: { 200: projectDealDocumentsResponse, ...errors },
      },
    },
    (request) =>
      dealDocuments.listProjectDealDocuments(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.get(
    '/api/deals/:id/document-requests',
    {
      onRequest: readers,
      schema: {
        tags: ['deal documents'],
        summary: "A deal's document requests, in the order they were made",
        params: dealIdParams,
        response: { 200: documentRequestsResponse, ...errors },
      },
    },
    (request) =>
      documentRequests.listDocumentRequests(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.post(
    '/api/deals/:id/document-requests',
    {
      onRequest: parties,
      schema: {
        tags: ['deal documents'],
        summary: 'Ask the other party of a deal for a named document',
        params: dealIdParams,
        body: createDocumentRequestBody,
        response: { 201: documentRequest, ...errors },
      },
    },
    async (request, reply) => {
      const created = await documentRequests.createDocumentRequest(deps, {
        viewer: viewerOf(request),
        dealId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/document-requests/:id/fulfill',
    {
      onRequest: parties,
      schema: {
        tags: ['deal documents'],
        summary:
          'Fulfil a request with a file the caller already uploaded to the room ({document_id}); without one it is refused',
        params: documentRequestIdParams,
        body: fulfilDocumentRequestBody,
        response: { 200: documentRequest, ...errors },
      },
    },
    (request) =>
      documentRequests.fulfilWithExistingDocument(deps, {
        viewer: viewerOf(request),
        requestId: request.params.id,
        documentId: request.body?.document_id,
      }),
  );
};
