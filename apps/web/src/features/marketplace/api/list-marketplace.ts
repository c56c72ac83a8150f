import type { MarketplaceQuery, MarketplaceResponse } from '@plinth/domain/marketplace';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type MarketplaceParams = MarketplaceQuery;

/**
 * Under ['projects'] like every project query, so project mutations refresh it too. Requesting
 * access updates these lists in place (the card turns to 'Request Pending') and only marks them
 * stale: the next filter change or visit drops the project, as the server no longer lists it.
 */
export const marketplaceQueryKey = ['projects', 'marketplace'] as const;
export const marketplaceListQueryKey = (params: MarketplaceParams) =>
  [...marketplaceQueryKey, params] as const;

/** The query string of a marketplace request: only the parameters that are set. */
export function marketplaceSearch(params: Partial<MarketplaceParams>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

export const listMarketplace = (params: Partial<MarketplaceParams>) =>
  api<MarketplaceResponse>(`/projects?${marketplaceSearch(params)}`);

export const marketplaceQueryOptions = (params: MarketplaceParams) =>
  queryOptions({
    queryKey: marketplaceListQueryKey(params),
    queryFn: () => listMarketplace(params),
    // Keep the current cards on screen while the next filter, sort or page loads.
    placeholderData: keepPreviousData,
  });

/**
 * GET /projects as a funder: the listings they may find, filtered, sorted and paginated, with the
 * stats header over the whole filtered set. Refused with 403 ACCOUNT_PENDING_APPROVAL or
 * SUBSCRIPTION_REQUIRED (see `marketplaceGateOf`).
 */
export const useMarketplace = (params: MarketplaceParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...marketplaceQueryOptions(params), enabled: options.enabled ?? true });
