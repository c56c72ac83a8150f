import type { Me } from '@plinth/domain/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { setReaderTimeZone } from './reader-time-zone';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or `null` when signed out: a 401 is an answer here, not a failure. */
/** Every date on screen is then written in the person's own time zone (Sydney when signed out). */
export async function getMe(): Promise<Me | null> {
  try {
    const me = await api<Me>('/auth/me');
    setReaderTimeZone(me.time_zone);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setReaderTimeZone(null);
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions);
