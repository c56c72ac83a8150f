import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  NOTIFICATIONS_FETCHES_PER_MINUTE,
  notificationIdParams,
  notificationMessages,
  notificationPreferencesSchema,
  notificationsQuery,
  notificationsReadResponse,
  notificationsResponse,
  updateNotificationPreferencesBody,
} from '@plinth/domain/notifications';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import * as notifications from './notifications.service';

const errors = errorResponses(400, 401, 404);

const tags = ['notifications'];

/** The bell and the e-mail preferences of the signed-in user (spec 000 sections 2 and 7). */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  app.addHook('onRequest', guards.requireSession);

  app.get(
    '/api/notifications',
    {
      // The bell polls; the limiter runs after the session check, so it counts per person.
      config: {
        rateLimit: {
          max: NOTIFICATIONS_FETCHES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.viewer?.id ?? request.ip,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', notificationMessages.tooManyRequests),
        },
      },
      schema: {
        tags,
        summary: 'The latest notifications (10 by default) with titles, targets and the unread count',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, 429: errorResponse, ...errors },
      },
    },
    (request) =>
      notifications.listNotifications(db, { userId: viewerOf(request).id, limit: request.query.limit }),
  );

  app.put(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all read',
        response: { 200: notificationsReadResponse, ...errors },
      },
    },
    (request) => notifications.markAllNotificationsRead(db, { userId: viewerOf(request).id }),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: "Mark one of your notifications read (404 for anyone else's)",
        params: notificationIdParams,
        response: { 200: notificationsReadResponse, ...errors },
      },
    },
    (request) =>
      notifications.markNotificationRead(db, {
        userId: viewerOf(request).id,
        notificationId: request.params.id,
      }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Your e-mail preferences (the defaults until first saved)',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    (request) => notifications.getNotificationPreferences(db, viewerOf(request).id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change any of your e-mail preferences; answers with all of them',
        body: updateNotificationPreferencesBody,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    (request) =>
      notifications.updateNotificationPreferences(db, {
        userId: viewerOf(request).id,
        changes: request.body,
      }),
  );
};
