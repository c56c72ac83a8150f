import type { adminUserActionResponse } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-people-query-key';

export type AdminUserActionResult = z.infer<typeof adminUserActionResponse>;

/** Approves a person who is not approved yet; they are notified (account_approved). */
export const approveUser = (id: string) =>
  api<AdminUserActionResult>(`/admin/users/${encodeURIComponent(id)}/approve`, { method: 'PUT' });

/** Invalidates every ['admin'] query. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
