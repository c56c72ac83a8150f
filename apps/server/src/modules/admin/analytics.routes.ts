import { analyticsQuery, analyticsResponse } from '@plinth/domain/admin-console';
import { errorResponses } from '@plinth/domain/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { getAnalytics } from './analytics.service';

const errors = errorResponses(400, 401, 403);

/** The Analytics tab's figures (issue 10: beyond the spec's placeholder). */
export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  // Admin-only, decided before anything else is read.
  app.addHook('onRequest', guards.requireRole('admin'));

  app.get(
    '/api/admin/analytics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Listings by month and state, revenue by month, the funnel, payment to publication',
        querystring: analyticsQuery,
        response: { 200: analyticsResponse, ...errors },
      },
    },
    (request) => getAnalytics(db, { months: request.query.months }),
  );
};
