import { errorResponses } from '@plinth/domain/api-errors';
import { funderMatchesResponse } from '@plinth/domain/funder-matches';
import { projectIdParams } from '@plinth/domain/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { getFunderMatches } from './funder-matches.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The developer sees the market before paying (issue 22 item 4; decision 041): the project's
 * developer and admins; funders may never call it (403), another developer is told the project
 * does not exist (404).
 */
export const funderMatchesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/projects/:id/funder-matches',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['projects'],
        summary:
          "How many active funders' lending criteria the project meets ('fewer than 3' under 3), and the single criteria that keep 3 or more out",
        params: projectIdParams,
        response: { 200: funderMatchesResponse, ...errors },
      },
    },
    (request) => getFunderMatches(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );
};
