import type { ProfileBody } from '@plinth/domain/onboarding';
import type { ProfileResponse } from '@plinth/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/get-me';
import { setReaderTimeZone } from '../../../lib/reader-time-zone';
import { profileQueryKey } from './get-profile';

export type UpdateProfileBody = ProfileBody & { name?: string; time_zone?: string };

export const updateProfile = (userId: string, body: UpdateProfileBody) =>
  api<ProfileResponse>(`/users/${encodeURIComponent(userId)}/profile`, { method: 'PUT', body });

/**
 * Saves the name, time zone and profile; refreshes ['profile', id] and ['me'] (the header shows the
 * name) and writes every date in the saved zone from then on.
 */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(userId, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey(userId), profile);
      setReaderTimeZone(profile.time_zone);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
