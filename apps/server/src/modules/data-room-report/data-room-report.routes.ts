import { errorResponses } from '@plinth/domain/api-errors';
import { dataRoomReportResponse } from '@plinth/domain/data-room-report';
import { projectIdParams } from '@plinth/domain/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { sendFile } from '../documents/send-file';
import * as report from './data-room-report.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The developer's data-room report, as JSON for the project page and as CSV for a spreadsheet
 * (decision 036). Like the project's quote comparison: its developer and admins; funders may never
 * call it (403), another developer is told the project does not exist (404).
 */
export const dataRoomReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/projects/:id/data-room-report',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['documents'],
        summary:
          'Data room report: per funder, the undertaking, the documents opened (views, downloads, last time) and the quotes',
        params: projectIdParams,
        response: { 200: dataRoomReportResponse, ...errors },
      },
    },
    (request) => report.getDataRoomReport(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.get(
    '/api/projects/:id/data-room-report.csv',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['documents'],
        summary: 'The data room report as a CSV download (one row per funder and document or quote)',
        params: projectIdParams,
        response: errors,
      },
    },
    async (request, reply) =>
      // Never cached by shared caches: it names people and what they read.
      sendFile(
        reply,
        'attachment',
        await report.getDataRoomReportCsv(db, { viewer: viewerOf(request), projectId: request.params.id }),
      ),
  );
};
