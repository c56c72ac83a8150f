import type { ProfileBody } from '@plinth/domain/onboarding';
import type { Me, ProfileResponse } from '@plinth/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/get-me';

export const completeProfile = (body: ProfileBody) =>
  api<ProfileResponse>('/auth/complete-profile', { method: 'POST', body });

/**
 * Submits the onboarding profile. `Me` is marked complete at once (so the guard lets the user into
 * the dashboard without waiting) and then reloaded from the server.
 */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me ? { ...me, approved: profile.approved, profile_completed: true } : me,
      );
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
