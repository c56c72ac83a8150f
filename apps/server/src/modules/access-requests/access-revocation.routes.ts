import { accessRequest, accessRequestIdParams } from '@plinth/domain/access';
import { revokeAccessBody } from '@plinth/domain/access-revocation';
import { errorResponses } from '@plinth/domain/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { revokeAccess } from './access-revocation.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Revoking a funder's granted access (issue 19 item 5; decision 035). */
export const accessRevocationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.put(
    '/api/access-requests/:id/revoke',
    {
      // A funder is refused (403) before the body is read; admins revoke as an override.
      onRequest: deps.guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['access requests'],
        summary:
          "Revoke a funder's granted access before funding, with a reason (the project's developer; admins as an override)",
        params: accessRequestIdParams,
        body: revokeAccessBody,
        response: { 200: accessRequest, ...errors },
      },
    },
    (request) =>
      revokeAccess(deps, {
        viewer: viewerOf(request),
        accessRequestId: request.params.id,
        reason: request.body.reason,
      }),
  );
};
