import type { overrideBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-people-query-key';
import type { AdminUserActionResult } from './approve-user';

export type ForceApproveFunderBody = z.input<typeof overrideBody>;

/** Override: approves the funder and activates their subscription without a payment; needs a reason. */
export const forceApproveFunder = ({ id, ...body }: { id: string } & ForceApproveFunderBody) =>
  api<AdminUserActionResult>(`/admin/force-approve-funder/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
  });

/** Invalidates every ['admin'] query (the override history shows it too). */
export function useForceApproveFunder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceApproveFunder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
