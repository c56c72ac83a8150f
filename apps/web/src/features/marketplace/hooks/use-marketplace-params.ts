import { PAGE_SIZE_DEFAULT } from '@plinth/domain/constants';
import { type MarketplaceQuery, marketplaceMessages, marketplaceQuery } from '@plinth/domain/marketplace';
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

/**
 * /projects keeps its filters, sort and page in the address (?state=VIC&sort=loan_amount_desc&page=2),
 * so a reload, a shared link and the back button return to the same results. A changed filter or
 * sort starts again at page 1.
 */
export function useMarketplaceParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const sort = readParam('sort', searchParams.get('sort')) ?? 'newest';
  const page = readParam('page', searchParams.get('page')) ?? 1;

  const isLoanRangeValid =
    filters.min_loan === undefined || filters.max_loan === undefined || filters.min_loan <= filters.max_loan;
  const params: MarketplaceParams = { ...filters, sort, page, limit: PAGE_SIZE_DEFAULT };

  /**
   * Builds the next address from the address as it is when the update runs, not from this render:
   * a debounced search commit and a filter picked meanwhile must not undo each other.
   */
  const update = (
    change: (current: { filters: MarketplaceFilters; sort: MarketplaceSort; page: number }) => {
      filters: Partial<MarketplaceFilters>;
      sort: MarketplaceSort;
      page: number;
    },
  ) =>
    setSearchParams(
      (current) => {
        const next = change({
          filters: readFilters(current),
          sort: readParam('sort', current.get('sort')) ?? 'newest',
          page: readParam('page', current.get('page')) ?? 1,
        });
        const search = new URLSearchParams();
        for (const key of filterKeys) {
          const value = next.filters[key];
          if (value !== undefined && value !== '') search.set(key, String(value));
        }
        if (next.sort !== 'newest') search.set('sort', next.sort);
        if (next.page > 1) search.set('page', String(next.page));
        return search;
      },
      { replace: true },
    );

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
