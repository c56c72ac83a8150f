import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  type AiStreamEvent,
  aiMessagesResponse,
  aiSessionIdParams,
  sendAiMessageBody,
  sendAiMessageResponse,
} from '@plinth/domain/broker-ai/api';
import { aiSessionWithFacility, createAiSessionWithFacilityBody } from '@plinth/domain/broker-ai/facility';
import { dealMemo } from '@plinth/domain/broker-ai/memo';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import * as aiChat from './ai-chat.service';

const errors = errorResponses(400, 401, 404);
const tags = ['ai-chat'];

/** Questions a person may ask BrokerAI a minute: enough for a conversation, not for a script. */
const QUESTIONS_PER_MINUTE = 30;
const perPerson = {
  rateLimit: {
    max: QUESTIONS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.viewer?.id ?? request.ip,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'Too many requests'),
  },
};

/** BrokerAI chat sessions and messages (spec 000 sections 3 and 7; issue 11). */
export const aiChatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  app.addHook('onRequest', guards.requireSession);

  app.post(
    '/api/ai-chat/sessions',
    {
      schema: {
        tags,
        summary:
          'Start a chat, free (project_id null), about a project you may read, or about a facility you are a party of (facility_id; admins any): else 404',
        body: createAiSessionWithFacilityBody,
        response: { 201: aiSessionWithFacility, 403: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await aiChat.createSession(db, { viewer: viewerOf(request), body: request.body });
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/api/ai-chat/sessions',
    {
      schema: {
        tags,
        summary: 'Your chats, newest first',
        response: { 200: z.object({ items: z.array(aiSessionWithFacility) }), ...errors },
      },
    },
    (request) => aiChat.listSessions(db, { viewer: viewerOf(request) }),
  );

  app.get(
    '/api/ai-chat/sessions/:id/messages',
    {
      schema: {
        tags,
        summary: "A chat's messages, oldest first (404 for anyone but its owner)",
        params: aiSessionIdParams,
        response: { 200: aiMessagesResponse, ...errors },
      },
    },
    (request) => aiChat.listMessages(db, { viewer: viewerOf(request), sessionId: request.params.id }),
  );

  app.get(
    '/api/ai-chat/sessions/:id/memo',
    {
      schema: {
        tags,
        summary:
          'The deal memo of a project-bound chat: ratios against norms, stress tests, comparables and next questions, from the fields you may see',
        params: aiSessionIdParams,
        response: { 200: dealMemo, ...errors },
      },
    },
    (request) => aiChat.getSessionMemo(db, { viewer: viewerOf(request), sessionId: request.params.id }),
  );

  app.post(
    '/api/ai-chat/sessions/:id/messages',
    {
      config: perPerson,
      schema: {
        tags,
        summary: 'Ask BrokerAI; answers with the stored reply (ai_message_id, ai_response)',
        params: aiSessionIdParams,
        body: sendAiMessageBody,
        response: { 200: sendAiMessageResponse, 429: errorResponse, ...errors },
      },
    },
    (request) =>
      aiChat.sendMessage(deps, {
        viewer: viewerOf(request),
        sessionId: request.params.id,
        message: request.body.message,
      }),
  );

  app.post(
    '/api/ai-chat/sessions/:id/messages/stream',
    {
      // Streamed to the socket, so its answer cannot be stored for a replay (decision 037).
      config: { ...perPerson, idempotency: false },
      schema: {
        tags,
        summary:
          'Ask BrokerAI, the reply streamed (text/event-stream): `delta` events with pieces of the reply, then `done` with the stored reply or `error`',
        params: aiSessionIdParams,
        body: sendAiMessageBody,
        produces: ['text/event-stream'],
        response: { 429: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // Refusals (not yours, 404) answer as JSON before the stream opens.
      await aiChat.findOwnSession(db, { viewer, sessionId: request.params.id });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: AiStreamEvent) => {
        if (!res.writableEnded) res.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      try {
        const done = await aiChat.sendMessage(deps, {
          viewer,
          sessionId: request.params.id,
          message: request.body.message,
          onDelta: (text) => send({ type: 'delta', text }),
        });
        send({ type: 'done', ...done });
      } catch (error) {
        request.log.error({ err: error }, 'BrokerAI reply failed');
        send({ type: 'error', error: 'BrokerAI could not answer' });
      } finally {
        res.end();
      }
    },
  );
};
