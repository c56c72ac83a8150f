import multipart from '@fastify/multipart';
import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import { dealDocument } from '@plinth/domain/deals';
import { DEAL_FILE_MAX_BYTES, documentRequestMessages } from '@plinth/domain/documents';
import { facilityIdParams } from '@plinth/domain/facilities';
import {
  practicalCompletionBody,
  retentionReleaseBody,
  retentionResponse,
  variationSettings,
  variationSettingsBody,
} from '@plinth/domain/variations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { uploadedParts } from '../../http/upload-spool';
import { uploadFacilityDocument } from './certificate-upload';
import * as retention from './retention.service';
import { getVariationSettings } from './variation-settings-read';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['facilities'];

/** Practical completion, the release of retention and the facility's settings for both (issue 34 item 3; decision 061). */
export function registerRetentionRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const funders = guards.requireRole('funder');
  const developersAndFunders = guards.requireRole('borrower', 'funder');

  app.get(
    '/api/facilities/:id/retention',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Retention held, practical completion, the defects liability period and every release',
        params: facilityIdParams,
        response: { 200: retentionResponse, ...errors },
      },
    },
    (request) => retention.getRetention(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/practical-completion',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder records practical completion with its certificate (a deal-room document): half of the retention is released (Queensland: down to 2.5 % of each line) and the defects liability period starts',
        params: facilityIdParams,
        body: practicalCompletionBody,
        response: { 200: retentionResponse, ...errors },
      },
    },
    (request) =>
      retention.recordPracticalCompletion(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.post(
    '/api/facilities/:id/retention-release',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder releases the rest of the retention once the defects liability period has ended (released_on: today unless given)',
        params: facilityIdParams,
        body: retentionReleaseBody,
        response: { 200: retentionResponse, ...errors },
      },
    },
    (request) =>
      retention.releaseRemainingRetention(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        releasedOn: request.body?.released_on,
      }),
  );

  app.get(
    '/api/facilities/:id/variation-settings',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "The cost above which a variation needs the lender's consent and the defects liability period (months), for every party of the facility and admins",
        params: facilityIdParams,
        response: { 200: variationSettings, ...errors },
      },
    },
    (request) => getVariationSettings(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.patch(
    '/api/facilities/:id/variation-settings',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          "The funder sets the cost above which a variation needs the lender's consent and the defects liability period (months)",
        params: facilityIdParams,
        body: variationSettingsBody,
        response: { 200: variationSettings, ...errors },
      },
    },
    (request) =>
      retention.updateSettings(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  // Multipart bodies are parsed only inside this child (one file per upload), not by the JSON routes above.
  instance.register(async (child) => {
    await child.register(multipart, {
      limits: { files: 1, fields: 3, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 },
      throwFileSizeLimit: false,
    });
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/facilities/:id/documents/upload',
      {
        onRequest: developersAndFunders,
        config: { upload: { maxFileBytes: DEAL_FILE_MAX_BYTES } },
        schema: {
          tags,
          summary:
            "The facility's funder or developer uploads a document of the facility, the certificate of practical completion above all (multipart: one `documents` file up to 10 MB, PDF or image as every upload); it is kept with the deal's documents, as a completed deal room takes no uploads",
          consumes: ['multipart/form-data'],
          params: facilityIdParams,
          response: { 201: dealDocument, ...errors, 413: errorResponse, 415: errorResponse },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentRequestMessages.notMultipart);
        const document = await uploadFacilityDocument(
          { db, storage: deps.storage, log: request.log },
          { viewer: viewerOf(request), facilityId: request.params.id, parts: () => uploadedParts(request) },
        );
        return reply.code(201).send(document);
      },
    );
  });
}
