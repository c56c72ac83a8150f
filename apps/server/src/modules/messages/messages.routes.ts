import {
  accessRequestIdParams,
  adminConversationsQuery,
  adminConversationsResponse,
  adminMessage,
  adminReplyBody,
  adminSendMessageBody,
  adminThreadMessageBody,
  adminThreadParams,
  adminThreadResponse,
  markConversationReadResponse,
  message,
  messageIdParams,
  messagesQuery,
  messagesResponse,
  ownAdminThreadResponse,
  sendMessageBody,
  unreadMessagesResponse,
} from '@plinth/domain/access';
import { errorResponses } from '@plinth/domain/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { forbidden } from '../../errors';
import * as messages from './messages.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const tags = ['messages'];

/**
 * Conversations per access request, each user's thread with the admins, and the admin side of
 * those threads (spec 000 section 7, spec 001 section 7). Who may call is decided in onRequest;
 * whose conversation it is, in the service.
 */
export const messagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const signedIn = guards.requireSession;
  const developerOrFunder = guards.requireRole('borrower', 'funder');
  const adminOnly = guards.requireRole('admin');

  // --- Conversations per access request ---

  app.get(
    '/api/access-requests/:id/messages',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "A conversation's latest messages, oldest first (its funder, its developer, or an admin)",
        params: accessRequestIdParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse, ...errors },
      },
    },
    (request) =>
      messages.getConversationMessages(db, {
        viewer: viewerOf(request),
        accessRequestId: request.params.id,
        page: request.query,
      }),
  );

  app.post(
    '/api/access-requests/:id/messages',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Send a message to the other party (not once the request is declined or closed)',
        params: accessRequestIdParams,
        body: sendMessageBody,
        response: { 201: message, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await messages.sendConversationMessage(deps, {
        viewer: viewerOf(request),
        accessRequestId: request.params.id,
        text: request.body.message,
      });
      return reply.status(201).send(sent);
    },
  );

  app.put(
    '/api/access-requests/:id/messages/read',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mark everything the other party wrote in a conversation read',
        params: accessRequestIdParams,
        response: { 200: markConversationReadResponse, ...errors },
      },
    },
    (request) =>
      messages.markConversationRead(db, { viewer: viewerOf(request), accessRequestId: request.params.id }),
  );

  app.put(
    '/api/messages/:id/read',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mark a message read (its recipient only); conversation and admin-thread messages alike',
        params: messageIdParams,
        response: { 200: message, ...errors },
      },
    },
    (request) => messages.markMessageRead(db, { viewer: viewerOf(request), messageId: request.params.id }),
  );

  app.get(
    '/api/messages/unread-count',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Unread messages for the navigation badge',
        response: { 200: unreadMessagesResponse, ...errors },
      },
    },
    (request) => messages.getUnreadCounts(db, viewerOf(request)),
  );

  // --- A user's own thread with the admins ---

  app.get(
    '/api/messages/admin',
    {
      onRequest: developerOrFunder,
      schema: {
        tags,
        summary: 'Your thread with the admins; its latest page marks their messages read',
        querystring: messagesQuery,
        response: { 200: ownAdminThreadResponse, ...errors },
      },
    },
    (request) => messages.getOwnAdminThread(db, { viewer: viewerOf(request), page: request.query }),
  );

  app.post(
    '/api/messages/admin/reply',
    {
      onRequest: developerOrFunder,
      schema: {
        tags,
        summary: 'Write to the admins',
        body: adminReplyBody,
        response: { 201: adminMessage, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (viewer.role !== 'borrower' && viewer.role !== 'funder') throw forbidden();
      const sent = await messages.replyToAdmins(deps, {
        viewer: { ...viewer, role: viewer.role },
        text: request.body.message,
      });
      return reply.status(201).send(sent);
    },
  );

  // --- The admin side ---

  app.get(
    '/api/admin/messages',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin', ...tags],
        summary: "Users' threads with the admins, most recent first, with what no admin has read",
        querystring: adminConversationsQuery,
        response: { 200: adminConversationsResponse, ...errors },
      },
    },
    (request) => messages.listAdminConversations(db, request.query),
  );

  app.get(
    '/api/admin/messages/:userId',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin', ...tags],
        summary: "One user's thread; its latest page marks the user's messages read",
        params: adminThreadParams,
        querystring: messagesQuery,
        response: { 200: adminThreadResponse, ...errors },
      },
    },
    (request) => messages.getAdminThread(db, { userId: request.params.userId, page: request.query }),
  );

  const adminSend = {
    onRequest: adminOnly,
    schema: {
      tags: ['admin', ...tags],
      summary: 'Message a user (they are notified, and e-mailed if they allow it)',
      body: adminSendMessageBody,
      response: { 201: adminMessage, ...errors },
    },
  };

  app.post('/api/admin/messages/send', adminSend, async (request, reply) => {
    const sent = await messages.sendAdminMessage(deps, {
      viewer: viewerOf(request),
      userId: request.body.user_id,
      text: request.body.message,
    });
    return reply.status(201).send(sent);
  });

  // The spec's route table also names POST /admin/messages and /admin/messages/{userId}.
  app.post('/api/admin/messages', adminSend, async (request, reply) => {
    const sent = await messages.sendAdminMessage(deps, {
      viewer: viewerOf(request),
      userId: request.body.user_id,
      text: request.body.message,
    });
    return reply.status(201).send(sent);
  });

  app.post(
    '/api/admin/messages/:userId',
    {
      onRequest: adminOnly,
      schema: {
        ...adminSend.schema,
        params: adminThreadParams,
        body: adminThreadMessageBody,
      },
    },
    async (request, reply) => {
      const sent = await messages.sendAdminMessage(deps, {
        viewer: viewerOf(request),
        userId: request.params.userId,
        text: request.body.message,
      });
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/api/admin/send-system-message',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin', ...tags],
        summary: "A system message: in the user's thread and as a 'system' notification (not e-mailed)",
        body: adminSendMessageBody,
        response: { 201: adminMessage, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await messages.sendSystemMessage(deps, {
        viewer: viewerOf(request),
        userId: request.body.user_id,
        text: request.body.message,
      });
      return reply.status(201).send(sent);
    },
  );
};
