import { z } from 'zod';
import { australianStates } from './projects';

/**
 * Address search (spec 000 sections 3, 5 and 7): suggestions are Australian localities
 * ('Marrickville NSW 2204'); the street part stays what the person typed.
 */

/** Suggestions start at 3 characters, 300 ms after the last keystroke. */
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;
export const MAX_ADDRESS_PREDICTIONS = 8;

export type AustralianState = (typeof australianStates)[number];

export const autocompleteBody = z.strictObject({ input: z.string().max(200) });
export type AutocompleteBody = z.infer<typeof autocompleteBody>;

export const addressPrediction = z.object({ description: z.string(), place_id: z.string() });
export type AddressPrediction = z.infer<typeof addressPrediction>;

export const autocompleteResponse = z.object({
  predictions: z.array(addressPrediction).max(MAX_ADDRESS_PREDICTIONS),
});
export type AutocompleteResponse = z.infer<typeof autocompleteResponse>;

export const placeDetailsBody = z.strictObject({ place_id: z.string().min(1).max(100) });
export type PlaceDetailsBody = z.infer<typeof placeDetailsBody>;

export const placeDetailsResponse = z.object({
  /** The locality line, as in the prediction: 'Parramatta NSW 2150'. */
  location: z.string(),
  suburb: z.string(),
  city: z.string().nullable(),
  state: z.enum(australianStates),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PlaceDetails = z.infer<typeof placeDetailsResponse>;

export const geocodeMessages = { placeNotFound: 'Place not found' } as const;

/** Lower case, no accents, plain apostrophes, single spaces: how place names are compared. */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface AddressQuery {
  /** Everything before the last comma: the street part, never searched. */
  head: string;
  /** The words after the last comma, with a trailing state and postcode taken off. */
  words: string[];
  state: AustralianState | null;
  postcode: string | null;
}

const stateByLowerName = new Map<string, AustralianState>(australianStates.map((s) => [s.toLowerCase(), s]));

/**
 * Splits what was typed into the address box: '12 Church St, Parramatta NSW 2150' gives the head
 * '12 Church St', the words ['Parramatta'], state NSW and postcode 2150.
 */
export function parseAddressQuery(input: string): AddressQuery {
  const comma = input.lastIndexOf(',');
  const head = comma >= 0 ? input.slice(0, comma).trim() : '';
  const words = (comma >= 0 ? input.slice(comma + 1) : input).split(/\s+/).filter(Boolean);
  let state: AustralianState | null = null;
  let postcode: string | null = null;
  while (words.length > 0) {
    const last = words[words.length - 1]!.replace(/[.,]$/, '');
    if (postcode === null && /^\d{4}$/.test(last) && words.length > 1) postcode = last;
    else if (state === null && stateByLowerName.has(last.toLowerCase()))
      state = stateByLowerName.get(last.toLowerCase())!;
    else break;
    words.pop();
  }
  return { head, words, state, postcode };
}

/**
 * The locality searches to try for the searched words, longest first: in '12 Church St Parra' the
 * locality may start at any word, so 'church st parra', 'st parra'... down to 'parra'. A part shorter
 * than the minimum is not searched ('st' would suggest every St Kilda).
 */
export function localityQueries(words: readonly string[]): string[] {
  const queries: string[] = [];
  const last = words.slice(-6);
  for (let start = 0; start < last.length; start++) {
    const query = normalizePlaceText(last.slice(start).join(' '));
    if (query.length >= ADDRESS_SEARCH_MIN_CHARS) queries.push(query);
  }
  return queries;
}

/** A locality matches a query that begins its name or any word of it ('parra' → 'North Parramatta'). */
export function localityMatches(query: string, localityName: string): boolean {
  const name = normalizePlaceText(localityName);
  const q = normalizePlaceText(query);
  return name.startsWith(q) || name.includes(` ${q}`) || name.includes(`-${q}`) || name.includes(`(${q}`);
}

/**
 * The full address once a suggestion is chosen: the street part the person typed before the
 * locality, then the chosen locality line. '12 Church St Parra' + Parramatta gives
 * '12 Church St, Parramatta NSW 2150'.
 */
export function composeLocation(typed: string, suburb: string, localityLine: string): string {
  const { head, words } = parseAddressQuery(typed);
  // A lone number was a postcode search, not a street.
  let streetWords = words.length === 1 && /^\d+$/.test(words[0]!) ? [] : words;
  for (let start = 0; start < words.length; start++) {
    if (localityMatches(words.slice(start).join(' '), suburb)) {
      streetWords = words.slice(0, start);
      break;
    }
  }
  // Nothing of the locality was typed (a postcode search, say): the words are the street's.
  const street = [head, streetWords.join(' ')]
    .filter((part) => part.trim() !== '')
    .join(', ')
    .replace(/[\s,]+$/, '');
  return street ? `${street}, ${localityLine}` : localityLine;
}
