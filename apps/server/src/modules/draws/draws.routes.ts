import multipart from '@fastify/multipart';
import { errorResponse, errorResponses, idParam } from '@plinth/domain/api-errors';
import { DEAL_FILE_MAX_BYTES, documentRequestMessages } from '@plinth/domain/documents';
import {
  attachDocumentBody,
  certifyBody,
  commentBody,
  createDrawBody,
  draw,
  drawComment,
  drawComments,
  drawIdParams,
  drawList,
  facilityIdParams,
  fundBody,
  patchDrawBody,
  reasonBody,
} from '@plinth/domain/facilities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { uploadedParts } from '../../http/upload-spool';
import { sendFile } from '../documents/send-file';
import * as clock from './draw-clock';
import { openDrawDocument } from './draw-documents';
import * as moves from './draw-moves.service';
import { uploadDrawDocument } from './draw-upload';
import * as draws from './draws.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['draws'];
const drawDocumentParams = drawIdParams.extend({ documentId: idParam() });

/**
 * Draws (issue 33 items 3 and 6): drafts, claims, certification, the funder's decision and funding,
 * the thread and the payment schedule. Roles are checked here before the body is read; the party,
 * the draw's state and the facility's in-balance in draws.service.ts. Every write takes an
 * Idempotency-Key (fund above all: a retried fund funds once).
 */
export const drawsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Multipart bodies are parsed only by this plugin's routes (one file per upload to a draw).
  await app.register(multipart, {
    limits: { files: 1, fields: 3, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: false,
  });
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const developers = guards.requireRole('borrower');
  const surveyors = guards.requireRole('surveyor');
  const funders = guards.requireRole('funder');
  const parties = guards.requireRole('borrower', 'funder', 'surveyor');
  const viewerAnd = <T>(request: { params: { id: string } } & Parameters<typeof viewerOf>[0], more?: T) => ({
    viewer: viewerOf(request),
    drawId: request.params.id,
    ...(more as T),
  });

  app.get(
    '/api/facilities/:id/draws',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's draws, newest first",
        params: facilityIdParams,
        response: { 200: drawList, ...errors },
      },
    },
    (request) => draws.listDraws(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/draws',
    {
      onRequest: developers,
      schema: {
        tags,
        summary:
          'The developer starts a draft draw (any number of drafts): the claim, when it was served, a note',
        params: facilityIdParams,
        body: createDrawBody,
        response: { 201: draw, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await draws.createDraw(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/draws/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A draw with its lines, documents and clock',
        params: drawIdParams,
        response: { 200: draw, ...errors },
      },
    },
    (request) => draws.getDraw(db, viewerAnd(request)),
  );

  app.patch(
    '/api/draws/:id',
    {
      onRequest: developers,
      schema: {
        tags,
        summary: 'The developer edits a draft or returned draw',
        params: drawIdParams,
        body: patchDrawBody,
        response: { 200: draw, ...errors },
      },
    },
    (request) => draws.patchDraw(deps, viewerAnd(request, { body: request.body })),
  );

  app.post(
    '/api/draws/:id/documents',
    {
      onRequest: developers,
      schema: {
        tags,
        summary:
          "Attach a file uploaded to the deal room (POST /api/deals/{id}/documents) to the draw: the builder's claim, an invoice, the supporting statement",
        params: drawIdParams,
        body: attachDocumentBody,
        response: { 200: draw, ...errors },
      },
    },
    (request) => draws.attachDocument(deps, viewerAnd(request, { body: request.body })),
  );

  app.post(
    '/api/draws/:id/documents/upload',
    {
      onRequest: developers,
      config: { upload: { maxFileBytes: DEAL_FILE_MAX_BYTES } },
      schema: {
        tags,
        summary:
          "The developer uploads a file straight to a draft or returned draw (multipart: one `documents` file up to 10 MB and its `kind`); it is kept with the deal's documents, as a completed deal room takes no uploads",
        consumes: ['multipart/form-data'],
        params: drawIdParams,
        response: { 200: draw, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentRequestMessages.notMultipart);
      return uploadDrawDocument(
        { db, storage: deps.storage, log: request.log },
        { viewer: viewerOf(request), drawId: request.params.id, parts: () => uploadedParts(request) },
      );
    },
  );

  // The draw's files for every party of its facility, the quantity surveyor above all (decision 063).
  for (const [suffix, kind] of [
    ['', 'download'],
    ['/view', 'view'],
  ] as const) {
    app.get(
      `/api/draws/:id/documents/:documentId${suffix}`,
      {
        onRequest: readers,
        schema: {
          tags,
          summary:
            kind === 'download'
              ? "Download a draw's document (attachment; stamped for every reader but its uploader and admins)"
              : "View a draw's document inline (stamped like the download)",
          params: drawDocumentParams,
          response: errors,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          kind === 'download' ? 'attachment' : 'inline',
          await openDrawDocument(
            { db, storage: deps.storage, log: request.log },
            {
              viewer: viewerOf(request),
              drawId: request.params.id,
              documentId: request.params.documentId,
              kind,
            },
          ),
        ),
    );
  }

  const simple = [
    ['submit', developers, 'The developer submits the draw to the quantity surveyor', moves.submitDraw],
    [
      'approve',
      funders,
      'The funder approves a certified draw (409 while the loan is out of balance)',
      moves.approveDraw,
    ],
    ['cancel', developers, 'The developer withdraws a draft or returned draw', moves.cancelDraw],
  ] as const;
  for (const [action, guard, summary, run] of simple)
    app.post(
      `/api/draws/:id/${action}`,
      {
        onRequest: guard,
        schema: { tags, summary, params: drawIdParams, response: { 200: draw, ...errors } },
      },
      (request) => run(deps, viewerAnd(request)),
    );

  app.post(
    '/api/draws/:id/certify',
    {
      onRequest: surveyors,
      schema: {
        tags,
        summary:
          "The quantity surveyor certifies each claimed line (≤ claimed, cumulative ≤ the line's budget, a reason where less), with cost to complete, percent complete and delay",
        params: drawIdParams,
        body: certifyBody,
        response: { 200: draw, ...errors },
      },
    },
    (request) => moves.certifyDraw(deps, viewerAnd(request, { body: request.body })),
  );

  for (const action of ['return', 'reject'] as const)
    app.post(
      `/api/draws/:id/${action}`,
      {
        onRequest: funders,
        schema: {
          tags,
          summary:
            action === 'return'
              ? 'The funder returns the draw to the developer, with a reason'
              : 'The funder rejects the draw, with a reason',
          params: drawIdParams,
          body: reasonBody,
          response: { 200: draw, ...errors },
        },
      },
      (request) => moves.decideDraw(deps, viewerAnd(request, { action, reason: request.body.reason })),
    );

  app.post(
    '/api/draws/:id/fund',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder funds an approved draw on funded_on (409 while out of balance); retention is withheld and the journal posted; send an Idempotency-Key',
        params: drawIdParams,
        body: fundBody,
        response: { 200: draw, ...errors },
      },
    },
    (request) => moves.fundDraw(deps, viewerAnd(request, { body: request.body })),
  );

  app.get(
    '/api/draws/:id/comments',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The draw's thread, oldest first: every party sees every comment",
        params: drawIdParams,
        response: { 200: drawComments, ...errors },
      },
    },
    (request) => draws.listComments(db, viewerAnd(request)),
  );

  app.post(
    '/api/draws/:id/comments',
    {
      onRequest: parties,
      schema: {
        tags,
        summary: "Write in the draw's thread (every party reads it; nothing is hidden)",
        params: drawIdParams,
        body: commentBody,
        response: { 201: drawComment, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await draws.addComment(deps, viewerAnd(request, { body: request.body }))),
  );

  app.get(
    '/api/draws/:id/payment-schedule.pdf',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags,
        summary: "The developer's payment schedule at the certified amount, with the reasons, as PDF",
        params: drawIdParams,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The payment schedule',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, 'attachment', await clock.paymentSchedule(db, viewerAnd(request))),
  );
};
