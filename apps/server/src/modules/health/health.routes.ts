import { healthResponse } from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, driver }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, database: 'up' as const, driver };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'down', driver });
      }
    },
  );
};
