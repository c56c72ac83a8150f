import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

export const messagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
