import type { syncPaymentActionResponse, viewAsUserResponse } from '@plinth/domain/admin-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** God Mode's quick actions; each takes the override dialog's reason and invalidates every ['admin'] query. */

export const syncPayment = ({ paymentId, reason }: { paymentId: string; reason: string }) =>
  api<z.infer<typeof syncPaymentActionResponse>>(`/admin/payments/${encodeURIComponent(paymentId)}/sync`, {
    method: 'POST',
    body: { reason },
  });

export const sendSystemMessage = (body: { user_id: string; message: string; reason: string }) =>
  api<{ message: string }>('/admin/god-mode/system-message', { method: 'POST', body });

/**
 * View As User: spec 001's GET with no input; the reason the dialog asked for rides along as the
 * optional `reason` query parameter and is stored in the audit entry (decision 040).
 */
export const viewAsUser = ({ userId, reason }: { userId: string; reason?: string }) => {
  const query = reason?.trim() ? `?${new URLSearchParams({ reason: reason.trim() })}` : '';
  return api<z.infer<typeof viewAsUserResponse>>(`/admin/view-as-user/${encodeURIComponent(userId)}${query}`);
};

export const forceCompleteDeal = ({ dealId, reason }: { dealId: string; reason: string }) =>
  api<{ message?: string }>(`/admin/force-complete-deal/${encodeURIComponent(dealId)}`, {
    method: 'POST',
    body: { reason },
  });

/** The override on a funder's granted access (issue 19 item 5): the same route as the developer's. */
export const revokeAccess = ({ accessRequestId, reason }: { accessRequestId: string; reason: string }) =>
  api<{ id: string; status: string }>(`/access-requests/${encodeURIComponent(accessRequestId)}/revoke`, {
    method: 'PUT',
    body: { reason },
  });

function useAdminMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

export const useSyncPayment = () => useAdminMutation(syncPayment);
export const useSendSystemMessage = () => useAdminMutation(sendSystemMessage);
export const useViewAsUser = () => useAdminMutation(viewAsUser);
export const useForceCompleteDeal = () => useAdminMutation(forceCompleteDeal);
export const useRevokeAccess = () => useAdminMutation(revokeAccess);
