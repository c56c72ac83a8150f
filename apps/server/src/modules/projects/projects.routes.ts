import {
  myProjectsQuery,
  myProjectsResponse,
  projectIdParams,
  projectResponse,
  saveProjectBody,
} from '@plinth/domain/projects';
import { errorResponse } from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { viewerOf } from '../../auth/guards';
import * as projects from './projects.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export const projectsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.get(
    '/api/projects',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['projects'],
        summary: "The developer's own projects, with tab counts and dashboard stats",
        querystring: myProjectsQuery,
        response: { 200: myProjectsResponse, ...errors },
      },
    },
    (request) => projects.listMyProjects(db, { viewer: viewerOf(request), query: request.query }),
  );

  app.post(
    '/api/projects',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['projects'],
        summary: 'Create a draft project (unpaid)',
        body: saveProjectBody,
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
        summary: 'A project, for its owner and admins',
        params: projectIdParams,
        response: { 200: projectResponse, ...errors },
      },
    },
    (request) => projects.getProject(db, { viewer: viewerOf(request), projectId: request.params.id }),
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
