import { errorResponses } from '@plinth/domain/api-errors';
import { contactResponse, shareContactBody, shareContactResponse } from '@plinth/domain/deals';
import { userIdParams } from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as contacts from './contacts.service';

const errors = errorResponses(400, 401, 403, 404);

/** Contact sharing between a deal's parties (spec 000 sections 2 and 7; issue 9). */
export const contactsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  // The two parties of a deal are a developer and a funder; admins never share or read contacts here.
  app.addHook('onRequest', guards.requireRole('borrower', 'funder'));

  app.post(
    '/api/users/share-contact',
    {
      schema: {
        tags: ['deals'],
        summary: 'Share your contact details with the other party of one of your deals',
        body: shareContactBody,
        response: { 200: shareContactResponse, ...errors },
      },
    },
    (request) => contacts.shareContact(db, { viewer: viewerOf(request), body: request.body }),
  );

  app.get(
    '/api/users/:id/contact',
    {
      schema: {
        tags: ['deals'],
        summary: "A person's contact details, once they shared them with you",
        params: userIdParams,
        response: { 200: contactResponse, ...errors },
      },
    },
    (request) => contacts.getContact(db, { viewer: viewerOf(request), userId: request.params.id }),
  );
};
