import type { requiredDocumentsResponse } from '@plinth/domain/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type RequiredDocuments = z.infer<typeof requiredDocumentsResponse>;

export const requiredDocumentsQueryKey = ['required-documents'] as const;

export const getRequiredDocuments = () => api<RequiredDocuments>('/required-documents');

export const requiredDocumentsQueryOptions = queryOptions({
  queryKey: requiredDocumentsQueryKey,
  queryFn: getRequiredDocuments,
  // A system setting: it changes rarely, and only by an admin.
  staleTime: 5 * 60_000,
});

export const useRequiredDocuments = () => useQuery(requiredDocumentsQueryOptions);
