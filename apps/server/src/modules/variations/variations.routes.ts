import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Variations and reallocations (issue 34 items 1 and 2). */
export const variationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
