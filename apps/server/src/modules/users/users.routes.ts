import { deleteAccountBody, deleteAccountResponse, myDataResponse } from '@plinth/domain/account';
import { errorResponses } from '@plinth/domain/api-errors';
import {
  completeProfileBody,
  meResponse,
  profileResponse,
  setRoleBody,
  updateProfileBody,
  userIdParams,
} from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as account from './account.service';
import * as users from './users.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
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

  app.get(
    '/api/users/me/data',
    {
      schema: {
        tags: ['users'],
        summary: 'Download my data: your account, profile, projects or requests, messages and payments',
        response: { 200: myDataResponse, ...errors },
      },
    },
    (request) => account.getOwnData(db, viewerOf(request)),
  );

  app.delete(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete your account (type DELETE): data erased, sessions ended, payments and audit kept',
        body: deleteAccountBody,
        response: { 200: deleteAccountResponse, ...errors },
      },
    },
    (request) => account.deleteAccount(deps, { viewer: viewerOf(request) }),
  );
};
