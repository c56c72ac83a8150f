import { errorResponse } from '@plinth/domain/api-errors';
import { LIVE_EVENTS_HEARTBEAT_MS, LIVE_EVENTS_RETRY_MS, type LiveEvent } from '@plinth/domain/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { listenerOf } from '../../db/database';
import { createEventHub } from './event-hub';

// A client that stops reading gets its stream closed rather than buffered without end; its
// browser reconnects (the retry hint) and the page refetches what it shows.
const MAX_BUFFERED_BYTES = 256 * 1024;

/** GET /api/events: the signed-in user's live events as Server-Sent Events. */
export const eventsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const hub = createEventHub({ listen: listenerOf(deps.db), log: app.log });
  const openStreams = new Set<() => void>();

  app.addHook('onReady', () => hub.start());
  // Open streams are requests that never finish: end them before the server waits for its
  // connections to drain, then stop listening once the server is closed.
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  app.addHook('onClose', () => hub.stop());

  app.get(
    '/api/events',
    {
      onRequest: deps.guards.requireSession,
      schema: {
        tags: ['events'],
        summary:
          'Live events for the signed-in user (text/event-stream): each `data:` line is one JSON live event',
        produces: ['text/event-stream'],
        response: { 401: errorResponse },
      },
    },
    (request, reply) => {
      const viewer = viewerOf(request);
      // The stream outlives the handler: Fastify hands the socket over and sends nothing itself.
      reply.hijack();
      const res = reply.raw;
      // Helmet has already set its headers on the raw response; writeHead keeps them.
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: ${LIVE_EVENTS_RETRY_MS}\n: connected\n\n`);

      let isOpen = true;
      const write = (chunk: string) => {
        if (!isOpen) return;
        res.write(chunk);
        if (res.writableLength > MAX_BUFFERED_BYTES) close();
      };
      const unsubscribe = hub.subscribe(viewer.id, {
        send: (event: LiveEvent) => write(`data: ${JSON.stringify(event)}\n\n`),
      });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_EVENTS_HEARTBEAT_MS);
      const close = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(close);
        if (!res.writableEnded) res.end();
      };
      openStreams.add(close);
      // The client went away (tab closed, network lost) or the socket failed.
      res.on('close', close);
      res.on('error', close);
      if (res.destroyed) close();
    },
  );
};
