import { errorResponses } from '@plinth/domain/api-errors';
import { dealIdParams } from '@plinth/domain/deals';
import { projectIdParams } from '@plinth/domain/projects';
import {
  createProposalBody,
  dealProposalResponse,
  proposal,
  proposalIdParams,
  quoteComparisonResponse,
  respondProposalBody,
} from '@plinth/domain/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as proposals from './proposals.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Indicative quotes in a deal room: submit, read, respond, and the developer's comparison (issue 9). */
export const proposalsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  app.post(
    '/api/deals/:id/proposals',
    {
      // Admins read rooms, never act in them.
      onRequest: guards.requireRole('borrower', 'funder'),
      schema: {
        tags: ['proposals'],
        summary:
          "The deal's funder sends an indicative quote (none while one awaits an answer or after one was accepted)",
        params: dealIdParams,
        body: createProposalBody,
        response: { 201: proposal, ...errors },
      },
    },
    async (request, reply) => {
      const created = await proposals.submitProposal(deps, {
        viewer: viewerOf(request),
        dealId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/deals/:id/proposal',
    {
      onRequest: guards.requireRole('borrower', 'funder', 'admin'),
      schema: {
        tags: ['proposals'],
        summary: "A deal's latest proposal and the earlier ones, newest first (its parties and admins)",
        params: dealIdParams,
        response: { 200: dealProposalResponse, ...errors },
      },
    },
    (request) => proposals.getDealProposal(db, { viewer: viewerOf(request), dealId: request.params.id }),
  );

  app.put(
    '/api/proposals/:id/respond',
    {
      onRequest: guards.requireRole('borrower', 'funder'),
      schema: {
        tags: ['proposals'],
        summary:
          "The deal's developer accepts a pending quote, declines it with a reason, or counters (a comment)",
        params: proposalIdParams,
        body: respondProposalBody,
        response: { 200: proposal, ...errors },
      },
    },
    (request) =>
      proposals.respondToProposal(deps, {
        viewer: viewerOf(request),
        proposalId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/projects/:id/proposals',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['proposals'],
        summary:
          "Every quote on a project's deals with its all-in cost, cheapest first (its developer and admins)",
        params: projectIdParams,
        response: { 200: quoteComparisonResponse, ...errors },
      },
    },
    (request) =>
      proposals.compareProjectQuotes(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );
};
