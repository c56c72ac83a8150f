import type { Pricing } from '@plinth/domain/system-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The listing fee and subscription price as the admin set them (decision 021). Fetched fresh on
 * each page that shows a price: a price is never guessed from a constant while it loads.
 */
export const pricingQueryOptions = queryOptions({
  queryKey: ['pricing'] as const,
  queryFn: () => api<Pricing>('/pricing'),
});

export const usePricing = () => useQuery(pricingQueryOptions).data;
