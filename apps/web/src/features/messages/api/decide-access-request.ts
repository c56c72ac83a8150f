import { notifications } from '@mantine/notifications';
import { type AccessDecision, type AccessRequest, accessMessages } from '@plinth/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesQueryKeys } from './messages-query-keys';

/** PUT /api/access-requests/{id}/approve or /decline: the developer decides a pending request. */
export const decideAccessRequest = (
  accessRequestId: string,
  decision: AccessDecision,
  accessUntil: string | null = null,
) =>
  api<AccessRequest>(`/access-requests/${encodeURIComponent(accessRequestId)}/${decision}`, {
    method: 'PUT',
    // 'Access until' (YYYY-MM-DD), as on /access-requests (issue 37 item 12).
    ...(decision === 'approve' && accessUntil ? { body: { access_until: accessUntil } } : {}),
  });

const notices = {
  approve: {
    title: accessMessages.approvedTitle,
    message: accessMessages.approved,
    failed: 'Approval Failed',
  },
  decline: {
    title: accessMessages.declinedTitle,
    message: accessMessages.declined,
    failed: 'Decline Failed',
  },
} as const;

/** Approve or decline with the spec's toasts (spec 000 section 8); failures show the server's message. */
export function useDecideAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      accessUntil = null,
    }: {
      id: string;
      decision: AccessDecision;
      accessUntil?: string | null;
    }) => decideAccessRequest(id, decision, accessUntil),
    onSuccess: (updated, { decision }) => {
      client.setQueryData<{ items: AccessRequest[]; total: number }>(
        messagesQueryKeys.conversations,
        (list) =>
          list
            ? { ...list, items: list.items.map((r) => (r.id === updated.id ? { ...r, ...updated } : r)) }
            : list,
      );
      void client.invalidateQueries({ queryKey: messagesQueryKeys.conversations });
      // Other pages' views of access requests (dashboard, project) are stale now.
      void client.invalidateQueries({ queryKey: ['access-requests'] });
      notifications.show({
        color: 'green',
        title: notices[decision].title,
        message: notices[decision].message,
      });
    },
    onError: (error, { decision }) => {
      notifications.show({ color: 'red', title: notices[decision].failed, message: error.message });
    },
  });
}
