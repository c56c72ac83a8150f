import { errorResponses } from '@plinth/domain/api-errors';
import {
  settingKeyParams,
  systemSetting,
  systemSettingsResponse,
  updateSettingBody,
  updateSettingResponse,
} from '@plinth/domain/system-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as settings from './settings.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['admin'];

/** The admin Settings tab's calls (spec 001 section 7): list, read one, save one. */
export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, guards }) => {
  // Admin-only, decided before the body is read.
  app.addHook('onRequest', guards.requireRole('admin'));

  app.get(
    '/api/admin/system-settings',
    {
      schema: { tags, summary: 'Every system setting', response: { 200: systemSettingsResponse, ...errors } },
    },
    () => settings.listSettings(db),
  );

  app.get(
    '/api/admin/system-settings/:key',
    {
      schema: {
        tags,
        summary: 'One system setting',
        params: settingKeyParams,
        response: { 200: systemSetting, ...errors },
      },
    },
    (request) => settings.getSetting(db, request.params.key),
  );

  app.put(
    '/api/admin/system-settings/:key',
    {
      schema: {
        tags,
        summary: 'Save a setting: its value is checked by its key (400 with the reason) and audited',
        params: settingKeyParams,
        body: updateSettingBody,
        response: { 200: updateSettingResponse, ...errors },
      },
    },
    (request) =>
      settings.updateSetting(db, {
        viewer: viewerOf(request),
        key: request.params.key,
        value: request.body.value,
      }),
  );
};
