import type { Me, SetRoleBody } from '@plinth/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/get-me';

export const setRole = (body: SetRoleBody) => api<Me>('/auth/set-role', { method: 'POST', body });

/** Chooses the user's one role; the reply is the new `Me`, so the cache is updated in place. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
    onError: (error) => {
      // 409: a role was already chosen (another tab, a double click): reload to move on with it.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
