import { errorResponses } from '@plinth/domain/api-errors';
import { facilityIdParams, pageQuery } from '@plinth/domain/facilities';
import {
  createVariationBody,
  variation,
  variationEventBody,
  variationIdParams,
  variationList,
} from '@plinth/domain/variations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { registerReallocationRoutes } from './reallocations.routes';
import { registerRetentionRoutes } from './retention.routes';
import * as variations from './variations.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['facilities'];

/**
 * Variations, reallocations and the release of retention (issue 34 items 1-3; decision 061). Who may
 * call a route by role is decided here before the body is read; the party, the object's state and
 * the money in the services. Every write takes an Idempotency-Key (the idempotency plugin).
 */
export const variationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const developers = guards.requireRole('borrower');
  const parties = guards.requireRole('borrower', 'funder', 'surveyor');

  app.get(
    '/api/facilities/:id/variations',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's variations, newest first, paginated",
        params: facilityIdParams,
        querystring: pageQuery,
        response: { 200: variationList, ...errors },
      },
    },
    (request) =>
      variations.listVariations(db, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  app.post(
    '/api/facilities/:id/variations',
    {
      onRequest: developers,
      schema: {
        tags,
        summary:
          'The developer proposes a variation to a line of the approved budget: its cost, the days it adds, and how it is funded (contingency, equity or a limit increase)',
        params: facilityIdParams,
        body: createVariationBody,
        response: { 201: variation, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await variations.createVariation(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/variations/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A variation with its history',
        params: variationIdParams,
        response: { 200: variation, ...errors },
      },
    },
    (request) => variations.getVariation(db, { viewer: viewerOf(request), variationId: request.params.id }),
  );

  app.post(
    '/api/variations/:id/events',
    {
      onRequest: parties,
      schema: {
        tags,
        summary:
          "A move of the variation: assess (the quantity surveyor, who may change the cost or days with a note), approve or withdraw (the developer), lender_approve or lender_reject (the funder); approval incorporates it unless the lender's consent is needed",
        params: variationIdParams,
        body: variationEventBody,
        response: { 200: variation, ...errors },
      },
    },
    (request) =>
      variations.moveVariation(deps, {
        viewer: viewerOf(request),
        variationId: request.params.id,
        body: request.body,
      }),
  );

  registerReallocationRoutes(app, deps);
  registerRetentionRoutes(app, deps);
};
