import type { PortfolioResponse } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Engage, an accepted quote and a completed deal change it: they invalidate ['portfolio']. */
export const portfolioQueryKey = ['portfolio'] as const;

export const getPortfolio = () => api<PortfolioResponse>('/portfolio');

export const portfolioQueryOptions = queryOptions({ queryKey: portfolioQueryKey, queryFn: getPortfolio });

/**
 * GET /portfolio: the funder's granted access requests (approved, due diligence, term sheet,
 * funded), each with its deal once there is one, and the totals. The dashboard's 'Your Active
 * Deals' and /portfolio share it; `enabled: false` before the funder has marketplace access.
 */
export const usePortfolio = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...portfolioQueryOptions, enabled: options.enabled ?? true });
