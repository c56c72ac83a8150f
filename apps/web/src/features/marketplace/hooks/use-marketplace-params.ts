import { PAGE_SIZE_DEFAULT } from '@plinth/domain/constants';
import { type MarketplaceQuery, marketplaceMessages, marketplaceQuery } from '@plinth/domain/marketplace';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { MarketplaceParams } from '../api/list-marketplace';

/** The filters a funder sets (and saves); sort and page are the view of their results. */
export const filterKeys = [
  'property_type',
  'state',
  'development_stage',
  'min_loan',
  'max_loan',
  'q',
] as const;
export type FilterKey = (typeof filterKeys)[number];
export type MarketplaceFilters = Pick<MarketplaceQuery, FilterKey>;
export type MarketplaceSort = MarketplaceQuery['sort'];

const shape = marketplaceQuery.shape;

/** One parameter read with the domain's own schema; anything unreadable is as if unset. */
function readParam<K extends keyof typeof shape>(key: K, raw: string | null) {
  if (raw === null || raw === '') return undefined;
  const parsed = shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as MarketplaceQuery[K]) : undefined;
}

export function readFilters(search: URLSearchParams): MarketplaceFilters {
  return {
    property_type: readParam('property_type', search.get('property_type')),
    state: readParam('state', search.get('state')),
    development_stage: readParam('development_stage', search.get('development_stage')),
    min_loan: readParam('min_loan', search.get('min_loan')),
    max_loan: readParam('max_loan', search.get('max_loan')),
    q: readParam('q', search.get('q')) || undefined,
  };
}

/** How many filters are set: the count on the phone's Filters button. */
export const activeFilterCount = (filters: Partial<MarketplaceFilters>) =>
  filterKeys.filter((key) => filters[key] !== undefined && filters[key] !== '').length;

export const hasAnyFilter = (filters: Partial<MarketplaceFilters>) => activeFilterCount(filters) > 0;

/** What an address shows: its filters, sort and page (unreadable ones as if unset). */
const readView = (search: URLSearchParams) => ({
  filters: readFilters(search),
  sort: readParam('sort', search.get('sort')) ?? 'newest',
  page: readParam('page', search.get('page')) ?? 1,
});
type View = ReturnType<typeof readView>;

/**
 * /projects keeps its filters, sort and page in the address (?state=VIC&sort=loan_amount_desc&page=2),
 * so a reload, a shared link and the back button return to the same results. A changed filter or
 * sort starts again at page 1.
 */
export function useMarketplaceParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, sort, page } = readView(searchParams);

  const isLoanRangeValid =
    filters.min_loan === undefined || filters.max_loan === undefined || filters.min_loan <= filters.max_loan;
  const params: MarketplaceParams = { ...filters, sort, page, limit: PAGE_SIZE_DEFAULT };

  // The address this hook last wrote and the one it last rendered. react-router hands a functional
  // update the address of the render that made the setter, so a debounced search commit that fires
  // after a filter was picked but before that pick has rendered would rebuild the old address and
  // undo the pick. Every update instead starts from the newest address: its own last write until the
  // router has rendered it, else what is shown (which is also where the back button lands).
  const address = useRef<{ shown: URLSearchParams; written: URLSearchParams | null }>({
    shown: searchParams,
    written: null,
  });
  if (address.current.shown !== searchParams) {
    const caughtUp = address.current.written?.toString() === searchParams.toString();
    address.current = { shown: searchParams, written: caughtUp ? null : address.current.written };
  }

  const update = (
    change: (current: View) => Omit<View, 'filters'> & { filters: Partial<MarketplaceFilters> },
  ) => {
    const next = change(readView(address.current.written ?? address.current.shown));
    const search = new URLSearchParams();
    for (const key of filterKeys) {
      const value = next.filters[key];
      if (value !== undefined && value !== '') search.set(key, String(value));
    }
    if (next.sort !== 'newest') search.set('sort', next.sort);
    if (next.page > 1) search.set('page', String(next.page));
    // Writing what is already shown changes nothing the router would render.
    address.current.written = search.toString() === address.current.shown.toString() ? null : search;
    setSearchParams(search, { replace: true });
  };

  return {
    params,
    filters,
    sort,
    page,
    /** Null, or the message to show on the loan fields (the request is not sent). */
    loanRangeError: isLoanRangeValid ? null : marketplaceMessages.loanRangeInvalid,
    setFilter: <K extends FilterKey>(key: K, value: MarketplaceFilters[K] | undefined) =>
      update((current) => ({ filters: { ...current.filters, [key]: value }, sort: current.sort, page: 1 })),
    setSort: (next: MarketplaceSort) =>
      update((current) => ({ filters: current.filters, sort: next, page: 1 })),
    setPage: (next: number) =>
      update((current) => ({ filters: current.filters, sort: current.sort, page: next })),
    /** Replaces every filter (and the sort when given): applying a saved search, clearing. */
    applyFilters: (next: Partial<MarketplaceFilters>, nextSort?: MarketplaceSort) =>
      update((current) => ({ filters: next, sort: nextSort ?? current.sort, page: 1 })),
  };
}
