import { Button, type ButtonProps, Text } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';
import { revocationMessages } from '@plinth/domain/access-revocation';
import { IconLockOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { notifyAction } from '../../lib/notify-action';
import { ReasonModal } from '../reason-modal';

/** PUT /access-requests/{id}/revoke {reason} (the project's developer; issue 19 item 5). */
export const revokeAccessRequest = ({ id, reason }: { id: string; reason: string }) =>
  api<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/revoke`, {
    method: 'PUT',
    body: { reason },
  });

interface RevokeAccessButtonProps {
  accessRequestId: string;
  /** Who loses access, and to what: said in the question. */
  funderName: string;
  projectTitle: string;
  size?: ButtonProps['size'];
}

/**
 * 'Revoke access' and its question: the reason is required (the funder reads it in the app and by
 * e-mail). Used on the access-requests page and in the deal room; every query is refreshed after,
 * since the request, the room and the lists all change.
 */
export function RevokeAccessButton({
  accessRequestId,
  funderName,
  projectTitle,
  size,
}: RevokeAccessButtonProps) {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeAccessRequest,
    onSuccess: () => queryClient.invalidateQueries(),
  });

  return (
    <>
      <Button
        color="red"
        variant="light"
        c="red.9"
        size={size}
        leftSection={<IconLockOff aria-hidden size={16} />}
        onClick={() => setOpened(true)}
      >
        Revoke access
      </Button>
      <ReasonModal
        opened={opened}
        title="Revoke access"
        reasonLabel="Reason"
        reasonDescription="The funder receives this reason in the app and by e-mail."
        isReasonRequired
        confirmLabel="Revoke access"
        confirmColor="red.9"
        isPending={revoke.isPending}
        onClose={() => setOpened(false)}
        onConfirm={(reason) =>
          notifyAction(
            () => revoke.mutateAsync({ id: accessRequestId, reason }),
            { success: revocationMessages.revokedTitle, failure: revocationMessages.revokeFailedTitle },
            () => revocationMessages.revoked,
          )
        }
      >
        <Text fz="sm" c="dark.7">
          {funderName} will no longer see “{projectTitle}”: its full file, its documents and the deal room.
          The room stays readable to you, read-only. This cannot be undone, and they cannot ask for access
          again.
        </Text>
      </ReasonModal>
    </>
  );
}
