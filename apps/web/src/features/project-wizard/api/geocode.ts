import {
  ADDRESS_SEARCH_MIN_CHARS,
  type AutocompleteResponse,
  type PlaceDetails,
} from '@plinth/domain/geocode';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /geocode/autocomplete: localities for what was typed. */
export const autocompleteAddress = (input: string) =>
  api<AutocompleteResponse>('/geocode/autocomplete', { method: 'POST', body: { input } });

export const addressSuggestionsQueryOptions = (input: string) =>
  queryOptions({
    queryKey: ['geocode', 'autocomplete', input.trim().toLowerCase()] as const,
    queryFn: () => autocompleteAddress(input.trim()),
    enabled: input.trim().length >= ADDRESS_SEARCH_MIN_CHARS,
    staleTime: 10 * 60_000,
    // Keep the last list on screen while the next one loads, so the dropdown does not flicker.
    placeholderData: keepPreviousData,
  });

/** Suggestions for an already debounced input; nothing is fetched under 3 characters. */
export const useAddressSuggestions = (input: string) => useQuery(addressSuggestionsQueryOptions(input));

/** POST /geocode/place-details: suburb, city, state, postcode and coordinates of a suggestion. */
export const getPlaceDetails = (placeId: string) =>
  api<PlaceDetails>('/geocode/place-details', { method: 'POST', body: { place_id: placeId } });

export const usePlaceDetails = () => useMutation({ mutationFn: getPlaceDetails });
