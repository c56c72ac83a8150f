import { pricingResponse } from '@plinth/domain/system-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { readPricing } from './pricing';

/** The prices every page shows (landing, publish modal, subscription form, terms): public, never cached. */
export const pricingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/pricing',
    {
      schema: {
        tags: ['settings'],
        summary: 'The listing fee and the monthly subscription price, in whole AUD, as the admin set them',
        response: { 200: pricingResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readPricing(db);
    },
  );
};
