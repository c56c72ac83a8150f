import type { NotificationPreferenceFlag, NotificationPreferences } from '@plinth/domain/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const preferencesQueryKey = ['notification-preferences'] as const;

export const getPreferences = () => api<NotificationPreferences>('/notifications/preferences');

export const preferencesQueryOptions = queryOptions({
  queryKey: preferencesQueryKey,
  queryFn: getPreferences,
});

export const usePreferences = () => useQuery(preferencesQueryOptions);

export const updatePreference = (flag: NotificationPreferenceFlag, value: boolean) =>
  api<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body: { [flag]: value } });

/** One switch saved at once: shown switched straight away, put back if the server refuses. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, value }: { flag: NotificationPreferenceFlag; value: boolean }) =>
      updatePreference(flag, value),
    onMutate: async ({ flag, value }) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const before = queryClient.getQueryData<NotificationPreferences>(preferencesQueryKey);
      if (before) queryClient.setQueryData(preferencesQueryKey, { ...before, [flag]: value });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(preferencesQueryKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
