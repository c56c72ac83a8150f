import { notifications } from '@mantine/notifications';
import { type AccessDecision, accessMessages } from '@plinth/domain/access';
import { useState } from 'react';
import { useApproveAccessRequest } from '../api/approve-access-request';
import { useDeclineAccessRequest } from '../api/decline-access-request';

const outcomes = {
  approve: {
    successTitle: accessMessages.approvedTitle,
    success: accessMessages.approved,
    failureTitle: 'Approval Failed',
  },
  decline: {
    successTitle: accessMessages.declinedTitle,
    success: accessMessages.declined,
    failureTitle: 'Decline Failed',
  },
} as const;

/**
 * Approve or decline a pending request, reported as a toast (spec 000 section 8): 'Access Approved',
 * 'Access Declined', or 'Approval Failed' / 'Decline Failed' with the server's message.
 */
export function useDecideAccessRequest() {
  const approve = useApproveAccessRequest();
  const decline = useDeclineAccessRequest();
  const [busy, setBusy] = useState<{ id: string; decision: AccessDecision } | null>(null);

  const decide = async (id: string, decision: AccessDecision, accessUntil: string | null = null) => {
    const outcome = outcomes[decision];
    setBusy({ id, decision });
    try {
      await (decision === 'approve' ? approve.mutateAsync({ id, accessUntil }) : decline.mutateAsync(id));
      notifications.show({ color: 'green', title: outcome.successTitle, message: outcome.success });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: outcome.failureTitle,
        message: error instanceof Error && error.message ? error.message : 'Something went wrong',
      });
    } finally {
      setBusy(null);
    }
  };

  return { decide, busy };
}
