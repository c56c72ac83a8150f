import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Covenants, defaults and the monthly lender report (issue 34 items 5, 6 and 9). */
export const covenantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
