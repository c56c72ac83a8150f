import type {
  SystemSetting,
  systemSettingsResponse,
  updateSettingResponse,
} from '@plinth/domain/system-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type { SystemSetting };

export const systemSettingsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'system-settings'],
  queryFn: () => api<z.infer<typeof systemSettingsResponse>>('/admin/system-settings'),
});

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions);

export const updateSetting = ({ key, value }: { key: string; value: string }) =>
  api<z.infer<typeof updateSettingResponse>>(`/admin/system-settings/${encodeURIComponent(key)}`, {
    method: 'PUT',
    body: { value },
  });

/** Saves one setting; invalidates every ['admin'] query (the override history shows the change). */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
