import {
  completeProfileBody,
  errorResponse,
  meResponse,
  profileResponse,
  setRoleBody,
  updateProfileBody,
  userIdParams,
} from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { viewerOf } from '../../auth/guards';
import * as users from './users.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.addHook('onRequest', guards.requireSession);

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponse, ...errors } } },
    (request) => users.getMe(db, viewerOf(request)),
  );

  app.post(
    '/api/auth/set-role',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose borrower or funder, once',
        body: setRoleBody,
        response: { 200: meResponse, ...errors },
      },
    },
    (request) => users.chooseRole(db, { viewer: viewerOf(request), role: request.body.role }),
  );

  app.post(
    '/api/auth/complete-profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Submit the onboarding profile',
        body: completeProfileBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    (request) => users.completeProfile(db, { viewer: viewerOf(request), body: request.body }),
  );

  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        tags: ['users'],
        summary: "A user's profile (own, or any for admins)",
        params: userIdParams,
        response: { 200: profileResponse, ...errors },
      },
    },
    (request) => users.getProfile(db, { viewer: viewerOf(request), userId: request.params.id }),
  );

  app.put(
    '/api/users/:id/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit your own name and profile',
        params: userIdParams,
        body: updateProfileBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    (request) =>
      users.updateProfile(db, { viewer: viewerOf(request), userId: request.params.id, body: request.body }),
  );
};
