import { errorResponses } from '@plinth/domain/api-errors';
import { funderCriteriaBody, funderCriteriaResponse } from '@plinth/domain/funder-criteria';
import { alertSettingsBody, alertSettingsResponse } from '@plinth/domain/listing-alerts';
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

  app.get(
    '/api/funder-criteria/alerts',
    {
      schema: {
        tags,
        summary:
          'How you take listing alerts by e-mail (at once, a daily digest at 8:00 in your time zone, or off), and whether they are paused',
        response: { 200: alertSettingsResponse, ...errors },
      },
    },
    (request) => criteria.getAlertSettings(db, viewerOf(request)),
  );

  app.put(
    '/api/funder-criteria/alerts',
    {
      schema: {
        tags,
        summary:
          'Choose how you take listing alerts by e-mail, and your time zone (save your criteria first)',
        body: alertSettingsBody,
        response: { 200: alertSettingsResponse, ...errors },
      },
    },
    (request) => criteria.saveAlertSettings(db, viewerOf(request), request.body),
  );

  app.post(
    '/api/funder-criteria/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm your saved lending criteria as still accurate: paused alerts resume for 30 days',
        response: { 200: funderCriteriaResponse, ...errors },
      },
    },
    (request) => criteria.confirmFunderCriteria(db, viewerOf(request), 'app'),
  );
};
