import type { ProfileResponse } from '@plinth/domain/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileQueryKey = (userId: string) => ['profile', userId] as const;

export const getProfile = (userId: string) =>
  api<ProfileResponse>(`/users/${encodeURIComponent(userId)}/profile`);

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: profileQueryKey(userId), queryFn: () => getProfile(userId) });

export const useProfile = (userId: string) => useQuery(profileQueryOptions(userId));
