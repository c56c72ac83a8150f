import { errorResponses } from '@plinth/domain/api-errors';
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
import * as retention from './retention.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['facilities'];

/** Practical completion, the release of retention and the facility's settings for both (issue 34 item 3; decision 061). */
export function registerRetentionRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const funders = guards.requireRole('funder');

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
}
