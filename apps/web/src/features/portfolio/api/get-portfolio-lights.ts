import type { PortfolioLights } from '@plinth/domain/covenants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const portfolioLightsQueryKey = ['portfolio', 'lights'] as const;

export const getPortfolioLights = () => api<PortfolioLights>('/portfolio/lights');

export const portfolioLightsQueryOptions = queryOptions({
  queryKey: portfolioLightsQueryKey,
  queryFn: getPortfolioLights,
});

/**
 * GET /portfolio/lights (issue 34 item 9; decision 067): every facility the funder holds with its
 * covenant light and the sunset dates and deposit-bond expiries of the next 90 days.
 */
export const usePortfolioLights = () => useQuery(portfolioLightsQueryOptions);
