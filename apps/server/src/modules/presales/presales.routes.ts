import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Presales, presale cover, settlements and discharge (issue 34 items 4 and 7). */
export const presalesRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
