import type { overrideBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

export type RevertToDraftBody = z.input<typeof overrideBody>;

/** Returns a project to an unpaid draft; an override, so it needs a reason. */
export const revertToDraft = ({ id, ...body }: { id: string } & RevertToDraftBody) =>
  api<AdminActionResult>(`/admin/revert-to-draft/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useRevertToDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertToDraft,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
