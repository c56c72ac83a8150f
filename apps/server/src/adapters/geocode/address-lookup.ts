import type { AddressPrediction, PlaceDetails } from '@plinth/domain/geocode';

/**
 * Address search behind the geocode endpoints. The embedded default searches a local data set of
 * Australian localities; a Google Places implementation can sit behind the same interface.
 */
export interface AddressLookup {
  /** Localities matching what was typed, best first, at most `limit`. */
  autocomplete(input: string, limit: number): Promise<AddressPrediction[]>;
  /** The locality behind a prediction's place_id, or null when the id is unknown. */
  placeDetails(placeId: string): Promise<PlaceDetails | null>;
}
