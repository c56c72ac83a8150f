import { errorResponses } from '@plinth/domain/api-errors';
import { funderCriteriaBody, funderCriteriaResponse } from '@plinth/domain/funder-criteria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as criteria from './funder-criteria.service';

const errors = errorResponses(400, 401, 403);
const tags = ['funder-criteria'];

/** A funder's lending criteria (issue 22 item 1): what they lend on, matched against new listings. */
export const funderCriteriaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.addHook('onRequest', guards.requireRole('funder'));

  app.get(
    '/api/funder-criteria',
    {
      schema: {
        tags,
        summary: 'Your lending criteria (prefilled from your onboarding profile until first saved)',
        response: { 200: funderCriteriaResponse, ...errors },
      },
    },
    (request) => criteria.getFunderCriteria(db, viewerOf(request)),
  );

  app.put(
    '/api/funder-criteria',
    {
      schema: {
        tags,
        summary:
          'Save your lending criteria (an omitted key is any; a minimum above the maximum is a 400); confirms them as current',
        body: funderCriteriaBody,
        response: { 200: funderCriteriaResponse, ...errors },
      },
    },
    (request) => criteria.saveFunderCriteria(db, viewerOf(request), request.body),
  );
};
