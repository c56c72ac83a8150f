import { accessEndedQuery, accessEndedResponse } from '@plinth/domain/access-ended';
import { errorResponse } from '@plinth/domain/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { findAccessEnded } from './access-ended.service';

export const accessEndedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/access-ended',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags: ['access requests'],
        summary:
          "A funder's revoked or lapsed access to a project (by project or deal room id): its title, when and why it ended",
        querystring: accessEndedQuery,
        response: {
          200: accessEndedResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    (request) =>
      findAccessEnded(db, {
        viewer: viewerOf(request),
        projectId: request.query.project_id,
        dealId: request.query.deal_id,
      }),
  );
};
