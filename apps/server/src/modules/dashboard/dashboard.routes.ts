import { errorResponse } from '@plinth/domain/api-errors';
import { funderDashboardResponse } from '@plinth/domain/marketplace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as dashboard from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/dashboard/funder',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags: ['dashboard'],
        summary:
          "A funder's dashboard: active deals, in due diligence, pending requests and up to 3 recommended listings",
        response: { 200: funderDashboardResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => dashboard.getFunderDashboard(db, { viewer: viewerOf(request) }),
  );
};
