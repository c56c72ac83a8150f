import { accessRequestIdParams } from '@plinth/domain/access';
import { errorResponses } from '@plinth/domain/api-errors';
import {
  adminUndertakingResponse,
  requestUndertakingResponse,
  undertakingAcceptance,
  undertakingVersion,
  updateUndertakingBody,
} from '@plinth/domain/undertaking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { sendFile } from '../documents/send-file';
import * as undertaking from './undertaking.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['undertaking'];

/** Where a signature comes from: the connection's address (trustProxy is off) and the user agent. */
export const signingClientOf = (request: {
  ip: string;
  headers: Record<string, unknown>;
}): undertaking.SigningClient => ({
  ip: request.ip || null,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** The confidentiality undertaking (docs/decisions/033-undertaking.md). */
export const undertakingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/undertaking',
    {
      onRequest: guards.requireSession,
      schema: {
        tags,
        summary: 'The confidentiality undertaking a funder signs now (its current version, text and SHA-256)',
        response: { 200: undertakingVersion, ...errors },
      },
    },
    () => undertaking.getCurrentUndertaking(db),
  );

  app.get(
    '/api/admin/undertaking',
    {
      onRequest: guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "The undertaking's current text and every version (admin Settings)",
        response: { 200: adminUndertakingResponse, ...errors },
      },
    },
    () => undertaking.getAdminUndertaking(db),
  );

  app.put(
    '/api/admin/undertaking',
    {
      onRequest: guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Save a new version of the undertaking, signed from now on (audited)',
        body: updateUndertakingBody,
        response: { 200: adminUndertakingResponse, ...errors },
      },
    },
    (request) => undertaking.updateUndertaking(db, { viewer: viewerOf(request), text: request.body.text }),
  );

  app.get(
    '/api/access-requests/:id/undertaking',
    {
      onRequest: guards.requireRole('funder', 'borrower', 'admin'),
      schema: {
        tags,
        summary: "A request's signed undertaking, or null (its funder, the project's developer, admins)",
        params: accessRequestIdParams,
        response: { 200: requestUndertakingResponse, ...errors },
      },
    },
    (request) =>
      undertaking.getRequestUndertaking(db, {
        viewer: viewerOf(request),
        accessRequestId: request.params.id,
      }),
  );

  app.post(
    '/api/access-requests/:id/undertaking',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags,
        summary: 'Sign the undertaking on your own request made before undertakings existed',
        params: accessRequestIdParams,
        body: undertakingAcceptance,
        response: { 201: requestUndertakingResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await undertaking.acceptUndertaking(db, {
          viewer: viewerOf(request),
          accessRequestId: request.params.id,
          input: request.body,
          client: signingClientOf(request),
        }),
      ),
  );

  app.get(
    '/api/access-requests/:id/undertaking.pdf',
    {
      onRequest: guards.requireRole('funder', 'borrower', 'admin'),
      schema: {
        tags,
        summary: 'The signed undertaking as a PDF generated on the server (its parties and admins)',
        params: accessRequestIdParams,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await undertaking.signedUndertakingPdf(db, {
          viewer: viewerOf(request),
          accessRequestId: request.params.id,
        }),
      ),
  );
};
