import { errorResponses } from '@plinth/domain/api-errors';
import {
  autocompleteBody,
  autocompleteResponse,
  placeDetailsBody,
  placeDetailsResponse,
} from '@plinth/domain/geocode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAddressLookup } from '../../adapters/geocode/create-address-lookup';
import type { AppDeps } from '../../app-deps';
import * as geocode from './geocode.service';

const errors = errorResponses(400, 401, 403, 404, 429);

// A search per pause in typing: generous for a person, a ceiling for a script.
const rateLimit = { max: 300, timeWindow: '1 minute' };

export const geocodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, guards }) => {
  const lookup = createAddressLookup(config);
  // Address entry is the project form's (spec 000 section 2), which only developers fill in: other
  // roles are refused before the body is read (DESIGN.md 1.2), so a paid lookup service behind this
  // interface answers developers only (decision 023).
  const developers = guards.requireRole('borrower');

  app.post(
    '/api/geocode/autocomplete',
    {
      onRequest: developers,
      config: { rateLimit },
      schema: {
        tags: ['geocode'],
        summary: 'Australian localities matching what was typed (from 3 characters, at most 8)',
        body: autocompleteBody,
        response: { 200: autocompleteResponse, ...errors },
      },
    },
    (request) => geocode.autocompleteAddress(lookup, { input: request.body.input }),
  );

  app.post(
    '/api/geocode/place-details',
    {
      onRequest: developers,
      config: { rateLimit },
      schema: {
        tags: ['geocode'],
        summary: 'Suburb, city, state, postcode and coordinates of a suggestion',
        body: placeDetailsBody,
        response: { 200: placeDetailsResponse, ...errors },
      },
    },
    (request) => geocode.getPlaceDetails(lookup, { placeId: request.body.place_id }),
  );
};
