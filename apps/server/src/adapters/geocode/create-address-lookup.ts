import type { Config } from '../../config';
import type { AddressLookup } from './address-lookup';
import { createLocalAddressLookup } from './local-address-lookup';

/** The local locality data set; no configuration selects anything else yet (Google Places later). */
export function createAddressLookup(_config: Config): AddressLookup {
  return createLocalAddressLookup();
}
