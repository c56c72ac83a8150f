import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  covenantHistory,
  covenantsResponse,
  historyQuery,
  lenderReportList,
  noticeIdParams,
  portfolioLightsResponse,
  putCovenantsBody,
  reportIdParams,
  valuation,
  valuationBody,
} from '@plinth/domain/covenants';
import { facilityIdParams } from '@plinth/domain/facilities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { sendFile } from '../documents/send-file';
import { noticePdf } from './covenant-notices';
import * as covenants from './covenants.service';
import { listReports, reportPdf } from './lender-report.service';
import { portfolioLights } from './portfolio-lights';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['facilities'];
/** Every facility party's role, and admins (who read, never act). */
const everyone = ['borrower', 'funder', 'surveyor', 'admin'] as const;

const pdfFile = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * Covenants, defaults and the monthly lender report (issue 34 items 5, 6 and 9; decision 067). Who
 * may call a route by role is decided here before the body is read; which facility a caller may
 * reach, and what their part in it allows, in facility-access.ts (a stranger: 404; a party of
 * another role: 403). Every write takes an Idempotency-Key (the idempotency plugin).
 */
export const covenantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const readers = guards.requireRole(...everyone);
  const funders = guards.requireRole('funder');

  app.get(
    '/api/facilities/:id/covenants',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "The facility's covenants with each one's latest test and any open breach, its light, the latest valuation and the notices issued",
        params: facilityIdParams,
        response: { 200: covenantsResponse, ...errors },
      },
    },
    (request) => covenants.getCovenants(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.put(
    '/api/facilities/:id/covenants',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          "The funder sets the facility's covenants (the whole set: threshold, frequency, cure days) while it is set up or active; they are tested at once",
        params: facilityIdParams,
        body: putCovenantsBody,
        response: { 200: covenantsResponse, ...errors },
      },
    },
    (request) =>
      covenants.putCovenants(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/facilities/:id/covenants/history',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Every covenant test kept, newest first, paginated (next_cursor)',
        params: facilityIdParams,
        querystring: historyQuery,
        response: { 200: covenantHistory, ...errors },
      },
    },
    (request) =>
      covenants.covenantHistory(db, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  app.get(
    '/api/facilities/:id/covenants/notices/:noticeId/download',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "A breach, default or cure notice as PDF; a copy stamped with the reader's name for every party but the funder",
        params: noticeIdParams,
        produces: ['application/pdf'],
        response: { 200: pdfFile('The notice (attachment)'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await noticePdf(db, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          noticeId: request.params.noticeId,
        }),
      ),
  );

  app.post(
    '/api/facilities/:id/valuations',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          "The funder records a valuation (LVR's denominator, the latest counts); the covenants are tested",
        params: facilityIdParams,
        body: valuationBody,
        response: { 201: valuation, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await covenants.recordValuation(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/facilities/:id/reports',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's monthly lender reports, newest first",
        params: facilityIdParams,
        response: { 200: lenderReportList, ...errors },
      },
    },
    (request) => listReports(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.get(
    '/api/facilities/:id/reports/:reportId/download',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "A monthly lender report as PDF; a copy stamped with the reader's name for every party but the funder",
        params: reportIdParams,
        produces: ['application/pdf'],
        response: { 200: pdfFile('The report (attachment)'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await reportPdf(db, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          reportId: request.params.reportId,
        }),
      ),
  );

  app.get(
    '/api/portfolio/lights',
    {
      onRequest: funders,
      schema: {
        tags: ['deals'],
        summary:
          "The funder's facilities with their covenant light (green, amber, red) and the sunset dates and deposit-bond expiries of the next 90 days",
        response: { 200: portfolioLightsResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => portfolioLights(db, { viewer: viewerOf(request) }),
  );
};
