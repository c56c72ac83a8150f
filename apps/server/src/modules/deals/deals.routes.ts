import { deal, dealIdParams } from '@plinth/domain/deals';
import { errorResponse } from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { viewerOf } from '../../auth/guards';
import * as deals from './deals.service';

export const dealsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/deals/:id',
    {
      onRequest: guards.requireRole('borrower', 'funder', 'admin'),
      schema: {
        tags: ['deals'],
        summary:
          "A deal, for its two parties and admins: where its room is (the target of a notification's /deals/{id})",
        params: dealIdParams,
        response: {
          200: deal,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    (request) => deals.getDeal(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );
};
