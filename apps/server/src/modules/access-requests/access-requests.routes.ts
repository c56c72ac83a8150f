import {
  accessRequest,
  accessRequestIdParams,
  accessRequestsQuery,
  accessRequestsResponse,
  createAccessRequestBody,
} from '@plinth/domain/access';
import { accessDecisionBody } from '@plinth/domain/access-revocation';
import { errorResponses } from '@plinth/domain/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { signingClientOf } from '../undertaking/undertaking.routes';
import * as accessRequests from './access-requests.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const accessRequestsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  app.post(
    '/api/access-requests',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags: ['access requests'],
        summary:
          "Ask for a listing's whole file, with an optional introduction and the signed confidentiality undertaking (marketplace access; one open request per project)",
        body: createAccessRequestBody,
        response: { 201: accessRequest, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await accessRequests.createAccessRequest(deps, {
          viewer: viewerOf(request),
          body: request.body,
          client: signingClientOf(request),
        }),
      ),
  );

  app.get(
    '/api/access-requests',
    {
      onRequest: guards.requireRole('funder', 'borrower', 'admin'),
      schema: {
        tags: ['access requests'],
        summary:
          "A funder's own requests, the requests on a developer's projects, or all (admins); with each conversation's last message and unread count",
        querystring: accessRequestsQuery,
        response: { 200: accessRequestsResponse, ...errors },
      },
    },
    (request) => accessRequests.listAccessRequests(db, { viewer: viewerOf(request), query: request.query }),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.put(
      `/api/access-requests/:id/${decision}`,
      {
        onRequest: guards.requireRole('borrower'),
        schema: {
          tags: ['access requests'],
          summary: `${decision === 'approve' ? 'Approve' : 'Decline'} a pending request on your own project${decision === 'approve' ? " (optionally with 'Access until' a day)" : ''}`,
          params: accessRequestIdParams,
          body: accessDecisionBody,
          response: { 200: accessRequest, ...errors },
        },
      },
      (request) =>
        accessRequests.decideAccessRequest(deps, {
          viewer: viewerOf(request),
          accessRequestId: request.params.id,
          decision,
          accessUntil: request.body?.access_until,
        }),
    );
  }
};
