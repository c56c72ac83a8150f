import {
  ADDRESS_SEARCH_MIN_CHARS,
  type AddressPrediction,
  geocodeMessages,
  MAX_ADDRESS_PREDICTIONS,
  type PlaceDetails,
} from '@plinth/domain/geocode';
import type { AddressLookup } from '../../adapters/geocode/address-lookup';
import { notFound } from '../../errors';

/** Suggestions for what was typed; nothing until it is 3 characters long, at most 8. */
export async function autocompleteAddress(
  lookup: AddressLookup,
  options: { input: string },
): Promise<{ predictions: AddressPrediction[] }> {
  const input = options.input.trim();
  if (input.length < ADDRESS_SEARCH_MIN_CHARS) return { predictions: [] };
  return { predictions: await lookup.autocomplete(input, MAX_ADDRESS_PREDICTIONS) };
}

/** The suburb, city, state, postcode and coordinates of a suggestion, or 404 for an unknown id. */
export async function getPlaceDetails(
  lookup: AddressLookup,
  options: { placeId: string },
): Promise<PlaceDetails> {
  const details = await lookup.placeDetails(options.placeId);
  if (!details) throw notFound(geocodeMessages.placeNotFound);
  return details;
}
