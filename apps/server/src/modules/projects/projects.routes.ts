import { errorResponses } from '@plinth/domain/api-errors';
import {
  marketplaceQuery,
  marketplaceResponse,
  projectDetailResponse,
  projectsListQuery,
} from '@plinth/domain/marketplace';
import {
  createProjectBody,
  myProjectsQuery,
  myProjectsResponse,
  projectIdParams,
  projectResponse,
  saveProjectBody,
} from '@plinth/domain/projects';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { validationFailed } from '../../errors';
import * as marketplace from './marketplace.service';
import * as projects from './projects.service';

/** The list query read again with the caller's own schema: a parameter of the other list is a 400. */
function parseQuery<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'query', message: issue.message })),
  );
}

/**
 * Sends a body that was already checked against the route's response schema and serialised when
 * it was cached: Fastify sends a string with a JSON type as it is, without serialising it again.
 * (The typed reply only takes the schema's object shape, hence the plain FastifyReply.)
 */
function sendSerialised(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

const errors = errorResponses(400, 401, 403, 404, 409);

export const projectsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/projects',
    {
      // Admins list projects through /api/admin/projects.
      onRequest: guards.requireRole('borrower', 'funder'),
      schema: {
        tags: ['projects'],
        summary:
          "A developer's own projects with tab counts and dashboard stats; for a funder, the marketplace (previews, filters, sorts, stats)",
        querystring: projectsListQuery,
        response: { 200: z.union([myProjectsResponse, marketplaceResponse]), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (viewer.role !== 'funder') {
        return projects.listMyProjects(db, { viewer, query: parseQuery(myProjectsQuery, request.query) });
      }
      const page = await marketplace.listMarketplaceJson(db, {
        viewer,
        query: parseQuery(marketplaceQuery, request.query),
      });
      reply.header('x-read-cache', page.cached ? 'hit' : 'miss');
      return sendSerialised(reply, page.json);
    },
  );

  app.post(
    '/api/projects',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['projects'],
        summary: 'Create a draft project (unpaid)',
        body: createProjectBody,
        response: { 201: projectResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projects.createProject(db, { viewer: viewerOf(request), fields: request.body })),
  );

  app.get(
    '/api/projects/:id',
    {
      onRequest: guards.requireSession,
      schema: {
        tags: ['projects'],
        summary:
          'A project: whole for its owner, admins and funders granted access; the preview fields for other funders while it is on the marketplace',
        params: projectIdParams,
        response: { 200: projectDetailResponse, ...errors },
      },
    },
    (request) => projects.getProjectDetail(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.put(
    '/api/projects/:id',
    {
      onRequest: guards.requireRole('borrower', 'admin'),
      schema: {
        tags: ['projects'],
        summary: 'Edit a draft or a rejected project (owner only)',
        params: projectIdParams,
        body: saveProjectBody,
        response: { 200: projectResponse, ...errors },
      },
    },
    (request) =>
      projects.updateProject(db, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        fields: request.body,
      }),
  );

  app.post(
    '/api/projects/:id/resubmit',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['projects'],
        summary: 'Send a rejected project back for review',
        params: projectIdParams,
        response: { 200: projectResponse, ...errors },
      },
    },
    (request) => projects.resubmitProject(db, { viewer: viewerOf(request), projectId: request.params.id }),
  );
};
