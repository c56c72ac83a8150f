import type { quoteComparisonResponse } from '@plinth/domain/proposals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type QuoteComparisonResponse = z.infer<typeof quoteComparisonResponse>;
export type QuoteComparisonItem = QuoteComparisonResponse['items'][number];

export const projectQuotesQueryKey = (projectId: string) => ['projects', 'quotes', projectId] as const;

export const listProjectQuotes = (projectId: string) =>
  api<QuoteComparisonResponse>(`/projects/${encodeURIComponent(projectId)}/proposals`);

export const projectQuotesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectQuotesQueryKey(projectId),
    queryFn: () => listProjectQuotes(projectId),
  });

/**
 * GET /projects/{id}/proposals: every quote on the project across its deals, with its all-in cost,
 * cheapest first and expired ones last (the server's order, from the domain's compareQuotes).
 */
export const useProjectQuotes = (projectId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectQuotesQueryOptions(projectId), enabled: options.enabled ?? true });
