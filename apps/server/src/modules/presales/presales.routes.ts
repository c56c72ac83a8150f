import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import { facilityIdParams, pageQuery } from '@plinth/domain/facilities';
import {
  createPresaleBody,
  presale,
  presaleCoverResponse,
  presaleIdParams,
  presaleImportResponse,
  presaleList,
  presaleSettings,
  presaleSettingsBody,
  settlementBody,
  settlementList,
  settlementResponse,
} from '@plinth/domain/presales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { badRequest } from '../../errors';
import { sendFile } from '../documents/send-file';
import { getPresaleCover } from './presale-cover.service';
import { importPresales } from './presale-import';
import * as presales from './presales.service';
import * as settlements from './settlements.service';

const errors = errorResponses(400, 401, 403, 404, 409);
// Under the facilities tag the API document describes (a tag of their own would need its words in
// openapi/document-shape.ts, which this work does not own).
const tags = ['facilities'];

/**
 * Presales, presale cover, settlements and discharge (issue 34 items 4 and 7; decision 062). Roles
 * by route here (before the body is read); the party and the state in the services (a stranger
 * 404, a party of another role 403, a wrong state 409). Every write takes an Idempotency-Key (the
 * idempotency plugin): a retried settlement settles once.
 */
export const presalesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const readers = guards.requireRole('borrower', 'funder', 'surveyor', 'admin');
  const developers = guards.requireRole('borrower');
  const funders = guards.requireRole('funder');

  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.get(
    '/api/facilities/:id/presales',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The presale register in the order lots were entered, paginated, each with its settlement',
        params: facilityIdParams,
        querystring: pageQuery,
        response: { 200: presaleList, ...errors },
      },
    },
    (request) =>
      presales.listPresales(db, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  app.post(
    '/api/facilities/:id/presales',
    {
      onRequest: developers,
      schema: {
        tags,
        summary: 'The developer adds an exchanged contract to the register (one lot once)',
        params: facilityIdParams,
        body: createPresaleBody,
        response: { 201: presale, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await presales.createPresale(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/api/facilities/:id/presales/import',
    {
      onRequest: developers,
      schema: {
        tags,
        summary:
          'Import presales from CSV (header: lot,purchaser_name,price_ex_gst_cents|price_ex_gst,deposit_cents|deposit,deposit_form,bond_expiry,related_party,exchanged_on,sunset_on); all or nothing, every row error at once',
        consumes: ['text/csv'],
        params: facilityIdParams,
        body: z.string().meta({ description: 'The CSV file' }),
        response: { 201: presaleImportResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') throw badRequest('Send the CSV as text/csv');
      return reply.code(201).send(
        await importPresales(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          csv: request.body,
        }),
      );
    },
  );

  app.get(
    '/api/presales/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A presale with its settlement',
        params: presaleIdParams,
        response: { 200: presale, ...errors },
      },
    },
    (request) => settlements.getPresale(db, { viewer: viewerOf(request), presaleId: request.params.id }),
  );

  app.delete(
    '/api/presales/:id',
    {
      onRequest: developers,
      schema: {
        tags,
        summary: 'The developer removes a lot entered in error or rescinded, before it settles',
        params: presaleIdParams,
        response: { 204: z.null().meta({ description: 'Removed' }), ...errors },
      },
    },
    async (request, reply) => {
      await presales.deletePresale(deps, { viewer: viewerOf(request), presaleId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/facilities/:id/presale-settings',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The qualification thresholds in force (the defaults until the funder changes one)',
        params: facilityIdParams,
        response: { 200: presaleSettings, ...errors },
      },
    },
    (request) => presales.getSettings(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.put(
    '/api/facilities/:id/presale-settings',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder sets qualification thresholds: minimum deposit, maximum deposit-bond share (basis points), months a bond outlasts the sunset, months the sunset follows completion',
        params: facilityIdParams,
        body: presaleSettingsBody,
        response: { 200: presaleSettings, ...errors },
      },
    },
    (request) =>
      presales.putSettings(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/facilities/:id/presale-cover',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          'Presale cover: the qualifying total, cover = qualifying total ex GST ÷ limit, each non-qualifying presale with its reasons, the timeline and sunset warnings',
        params: facilityIdParams,
        response: { 200: presaleCoverResponse, ...errors },
      },
    },
    (request) => getPresaleCover(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/presales/:id/settlement',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          "The funder records a lot's settlement: net proceeds repay default interest and fees, then interest, then principal; at zero the facility is repaid and the other lots released; send an Idempotency-Key",
        params: presaleIdParams,
        body: settlementBody,
        response: { 201: settlementResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await settlements.settlePresale(deps, {
          viewer: viewerOf(request),
          presaleId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/facilities/:id/settlements',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's settlements (each a lot's partial discharge), oldest first",
        params: facilityIdParams,
        response: { 200: settlementList, ...errors },
      },
    },
    (request) =>
      settlements.listSettlements(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.get(
    '/api/facilities/:id/closing-statement.pdf',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "A repaid facility's closing statement (PDF; stamped with the reader's name for all but the funder)",
        params: facilityIdParams,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The closing statement (attachment)',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await settlements.closingStatement(db, { viewer: viewerOf(request), facilityId: request.params.id }),
      ),
  );
};
