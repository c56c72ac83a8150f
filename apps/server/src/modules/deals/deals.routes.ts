import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  createCommentBody,
  createDealBody,
  createDealResponse,
  deal,
  dealComment,
  dealCommentsResponse,
  dealIdParams,
  dealNotificationBody,
  dealNotificationResponse,
  forceCompleteDealBody,
  forceCompleteDealParams,
  portfolioResponse,
  projectDealsResponse,
} from '@plinth/domain/deals';
import { projectIdParams } from '@plinth/domain/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { creditSummaryRoutes } from './credit-summary.routes';
import { createDealComment, listDealComments } from './deal-comments';
import { completeDeal, forceCompleteDeal } from './deal-completion.service';
import * as deals from './deals.service';
import { getPortfolio } from './portfolio';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['deals'];

/**
 * Deals and their rooms (spec 000 section 7, Deals; issue 9): Engage, the deal, completion (and the
 * admin's forced completion), comments, a nudge to the other party, a project's deals and the
 * funder's portfolio. Who may call a route is decided here, before the body is read; which deal a
 * caller may reach is decided by deal-access.ts in the services (anyone but its parties: 404, admins
 * read only).
 */
export const dealsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const parties = guards.requireRole('borrower', 'funder');
  const partiesAndAdmins = guards.requireRole('borrower', 'funder', 'admin');

  app.post(
    '/api/deals',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags,
        summary:
          'Engage: open the deal room of your approved access request (201); a second call answers the same deal (200)',
        body: createDealBody,
        response: { 200: createDealResponse, 201: createDealResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await deals.createDeal(deps, { viewer: viewerOf(request), body: request.body });
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/deals/:id',
    {
      onRequest: partiesAndAdmins,
      schema: {
        tags,
        summary:
          "A deal with both parties, its stage and the project's figures, for its two parties and admins",
        params: dealIdParams,
        response: { 200: deal, ...errors },
      },
    },
    (request) => deals.getDeal(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.put(
    '/api/deals/:id/complete',
    {
      onRequest: parties,
      schema: {
        tags,
        summary: 'The developer completes the deal after an accepted proposal: the project is funded',
        params: dealIdParams,
        response: { 200: deal, ...errors },
      },
    },
    (request) => completeDeal(deps, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.post(
    '/api/admin/force-complete-deal/:dealId',
    {
      onRequest: guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Override: complete an open deal at any stage, with a reason',
        params: forceCompleteDealParams,
        body: forceCompleteDealBody,
        response: { 200: deal, ...errors },
      },
    },
    (request) =>
      forceCompleteDeal(deps, {
        viewer: viewerOf(request),
        dealId: request.params.dealId,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/deals/:id/comments',
    {
      onRequest: partiesAndAdmins,
      schema: {
        tags,
        summary: "The deal's comment thread, oldest first",
        params: dealIdParams,
        response: { 200: dealCommentsResponse, ...errors },
      },
    },
    (request) => listDealComments(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.post(
    '/api/deals/:id/comments',
    {
      onRequest: parties,
      schema: {
        tags,
        summary: 'Post a comment in an open deal room (live for the other party)',
        params: dealIdParams,
        body: createCommentBody,
        response: { 201: dealComment, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createDealComment(db, {
          viewer: viewerOf(request),
          dealId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/api/deals/:id/notifications',
    {
      onRequest: parties,
      schema: {
        tags,
        summary: 'Notify the other party of an open deal (in-app, and e-mail by their preference)',
        params: dealIdParams,
        body: dealNotificationBody,
        response: { 200: dealNotificationResponse, ...errors },
      },
    },
    (request) =>
      deals.sendDealNotification(deps, {
        viewer: viewerOf(request),
        dealId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/projects/:id/deals',
    {
      onRequest: partiesAndAdmins,
      schema: {
        tags,
        summary: "A project's deals, for its developer and admins (anyone else: 404)",
        params: projectIdParams,
        response: { 200: projectDealsResponse, ...errors },
      },
    },
    (request) => deals.listProjectDeals(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.get(
    '/api/portfolio',
    {
      onRequest: guards.requireRole('funder'),
      schema: {
        tags,
        summary:
          "The funder's portfolio: granted access requests by stage, their deals, and the totals (12.5 % return)",
        response: { 200: portfolioResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => getPortfolio(db, { viewer: viewerOf(request) }),
  );

  await creditSummaryRoutes(app, deps);
};
