import {
  autocompleteBody,
  autocompleteResponse,
  placeDetailsBody,
  placeDetailsResponse,
} from '@plinth/domain/geocode';
import { errorResponse } from '@plinth/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAddressLookup } from '../../adapters/geocode/create-address-lookup';
import type { AppDeps } from '../../app';
import * as geocode from './geocode.service';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse };

// A search per pause in typing: generous for a person, a ceiling for a script.
const rateLimit = { max: 300, timeWindow: '1 minute' };

export const geocodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, guards }) => {
  const lookup = createAddressLookup(config);

  app.post(
    '/api/geocode/autocomplete',
    {
      onRequest: guards.requireSession,
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
      onRequest: guards.requireSession,
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
