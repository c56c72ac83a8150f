import type { forcePublishBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

export type ForcePublishBody = z.input<typeof forcePublishBody>;

/** Publishes an unpaid project without payment verification; an override, so it needs a reason. */
export const forcePublishProject = ({ id, ...body }: { id: string } & ForcePublishBody) =>
  api<AdminActionResult>(`/admin/force-publish-project/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useForcePublishProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forcePublishProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
