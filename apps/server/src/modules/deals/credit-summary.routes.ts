import { errorResponses } from '@plinth/domain/api-errors';
import { dealIdParams } from '@plinth/domain/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { sendFile } from '../documents/send-file';
import { downloadCreditSummary } from './credit-summary.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The deal's credit summary PDF (issue 21 item 4). Readers as for the room itself: its two parties
 * and admins (roles checked here, the deal in the service); a GET, so no Idempotency-Key.
 */
export const creditSummaryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  app.get(
    '/api/deals/:id/credit-summary',
    {
      onRequest: guards.requireRole('borrower', 'funder', 'admin'),
      schema: {
        tags: ['deals'],
        summary:
          "The deal's two-page credit summary PDF: figures and ratios against norms, sensitivity grid, stress cases, comparables, documents and the accepted or latest quote; a funder's copy is stamped with their name and a download code",
        params: dealIdParams,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The credit summary (attachment)',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await downloadCreditSummary(
          { db, log: request.log },
          { viewer: viewerOf(request), dealId: request.params.id },
        ),
      ),
  );
};
