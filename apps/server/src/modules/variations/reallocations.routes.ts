import { errorResponses } from '@plinth/domain/api-errors';
import { facilityIdParams, pageQuery } from '@plinth/domain/facilities';
import {
  createReallocationBody,
  reallocation,
  reallocationIdParams,
  reallocationList,
  reallocationReasonBody,
  reallocationWithdrawBody,
} from '@plinth/domain/variations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as reallocations from './reallocations.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['facilities'];

/** Reallocations between budget lines (issue 34 item 2; decision 061): the developer proposes, the funder decides. */
export function registerReallocationRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, guards } = deps;
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const developers = guards.requireRole('borrower');
  const funders = guards.requireRole('funder');

  app.get(
    '/api/facilities/:id/reallocations',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's reallocations, newest first, paginated",
        params: facilityIdParams,
        querystring: pageQuery,
        response: { 200: reallocationList, ...errors },
      },
    },
    (request) =>
      reallocations.listReallocations(db, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  app.post(
    '/api/facilities/:id/reallocations',
    {
      onRequest: developers,
      schema: {
        tags,
        summary:
          'The developer proposes moving an amount from one budget line to another (the total is unchanged; never below what is certified on the from-line)',
        params: facilityIdParams,
        body: createReallocationBody,
        response: { 201: reallocation, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await reallocations.createReallocation(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/reallocations/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A reallocation',
        params: reallocationIdParams,
        response: { 200: reallocation, ...errors },
      },
    },
    (request) =>
      reallocations.getReallocation(db, { viewer: viewerOf(request), reallocationId: request.params.id }),
  );

  app.post(
    '/api/reallocations/:id/approve',
    {
      onRequest: funders,
      schema: {
        tags,
        summary: 'The funder approves a proposed reallocation: a new approved budget version',
        params: reallocationIdParams,
        response: { 200: reallocation, ...errors },
      },
    },
    (request) =>
      reallocations.decideReallocation(deps, {
        viewer: viewerOf(request),
        reallocationId: request.params.id,
        decision: 'approve',
      }),
  );

  app.post(
    '/api/reallocations/:id/reject',
    {
      onRequest: funders,
      schema: {
        tags,
        summary: 'The funder rejects a proposed reallocation, with a reason',
        params: reallocationIdParams,
        body: reallocationReasonBody,
        response: { 200: reallocation, ...errors },
      },
    },
    (request) =>
      reallocations.decideReallocation(deps, {
        viewer: viewerOf(request),
        reallocationId: request.params.id,
        decision: 'reject',
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/reallocations/:id/withdraw',
    {
      onRequest: developers,
      schema: {
        tags,
        summary: 'The developer withdraws a reallocation still awaiting the funder',
        params: reallocationIdParams,
        body: reallocationWithdrawBody,
        response: { 200: reallocation, ...errors },
      },
    },
    (request) =>
      reallocations.decideReallocation(deps, {
        viewer: viewerOf(request),
        reallocationId: request.params.id,
        decision: 'withdraw',
        reason: request.body?.reason,
      }),
  );
}
