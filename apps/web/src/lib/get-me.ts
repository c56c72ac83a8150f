import type { Me } from '@plinth/domain/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or `null` when signed out: a 401 is an answer here, not a failure. */
export async function getMe(): Promise<Me | null> {
  try {
    return await api<Me>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions);
