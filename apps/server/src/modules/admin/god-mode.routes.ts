import type { Readable } from 'node:stream';
import {
  allPaymentsQuery,
  allPaymentsResponse,
  godModeReasonBody,
  paymentIdParams,
  syncPaymentActionResponse,
  systemMessageBody,
  systemMessageResponse,
  unpaidProjectsResponse,
  viewAsUserParams,
  viewAsUserQuery,
  viewAsUserResponse,
} from '@plinth/domain/admin-console';
import { errorResponses } from '@plinth/domain/api-errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { noBody, wantsBody } from '../documents/send-file';
import { readerTimeZone } from '../users/reader-time-zone';
import { exportAllData, exportFileName } from './export.service';
import * as godMode from './god-mode.service';
import { grantedAccessResponse, listGrantedAccess } from './granted-access';

const errors = errorResponses(400, 401, 403, 404, 409);

const tags = ['admin'];

/** God Mode's lists and quick actions (spec 001 sections 2.3 and 7). */
export const godModeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Admin-only: 401 without a session and 403 for any other role, before a body is read.
  app.addHook('onRequest', guards.requireRole('admin'));

  app.get(
    '/api/admin/unpaid-projects',
    {
      schema: {
        tags,
        summary: 'Drafts never paid for (Force Publish candidates), newest first',
        response: { 200: unpaidProjectsResponse, ...errors },
      },
    },
    () => godMode.listUnpaidProjects(db),
  );

  app.get(
    '/api/admin/granted-access',
    {
      schema: {
        tags,
        summary:
          "Granted access not yet funded, by funder and project: Revoke Access's choices (the revocation is PUT /access-requests/{id}/revoke)",
        response: { 200: grantedAccessResponse, ...errors },
      },
    },
    () => listGrantedAccess(db),
  );

  app.get(
    '/api/admin/all-payments',
    {
      schema: {
        tags,
        summary: 'Recent payments: date, user, type, amount (cents), status, project',
        querystring: allPaymentsQuery,
        response: { 200: allPaymentsResponse, ...errors },
      },
    },
    (request) => godMode.listPayments(db, request.query),
  );

  app.post(
    '/api/admin/payments/:id/sync',
    {
      schema: {
        tags,
        summary: "Override: apply the payment provider's real state of a listing payment, with a reason",
        params: paymentIdParams,
        body: godModeReasonBody,
        response: { 200: syncPaymentActionResponse, ...errors },
      },
    },
    (request) =>
      godMode.syncPayment(deps, {
        viewer: viewerOf(request),
        paymentId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/god-mode/system-message',
    {
      schema: {
        tags,
        summary: "Override: a system message into a user's Plinth Support thread and bell, with a reason",
        body: systemMessageBody,
        response: { 200: systemMessageResponse, ...errors },
      },
    },
    (request) =>
      godMode.sendSystemMessageWithReason(deps, {
        viewer: viewerOf(request),
        userId: request.body.user_id,
        text: request.body.message,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/admin/view-as-user/:id',
    {
      schema: {
        tags,
        summary:
          'View As User: the person by id (name and standing); audited, with the optional reason when given',
        params: viewAsUserParams,
        querystring: viewAsUserQuery,
        response: { 200: viewAsUserResponse, ...errors },
      },
    },
    (request) =>
      godMode.viewAsUser(db, {
        viewer: viewerOf(request),
        userId: request.params.id,
        reason: request.query.reason,
      }),
  );

  app.get(
    '/api/admin/export-all-data',
    {
      schema: {
        tags,
        summary: 'Export All Data: every table an admin may read, streamed as JSON (no secrets); audited',
        response: errors,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // HEAD sends no data, so it exports nothing and is not audited (issue 29 finding 7); it names
      // the file as GET would, in the requester's time zone (decision 074).
      if (wantsBody(request)) return sendExport(reply, await exportAllData(db, { viewer }));
      const fileName = exportFileName(new Date(), await readerTimeZone(db, viewer.id));
      return sendExport(reply, { fileName, stream: noBody() });
    },
  );
};

/** The export as a download: JSON, never cached. */
function sendExport(reply: FastifyReply, file: { fileName: string; stream: Readable }) {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
