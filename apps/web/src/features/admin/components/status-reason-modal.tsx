import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { adminMessages } from '@plinth/domain/admin';
import { ReasonModal } from '../../../components/reason-modal';

interface StatusReasonModalProps {
  opened: boolean;
  /** The project's title. */
  target: string;
  /** The chosen status, as shown in the Change Status menu. */
  statusLabel: string;
  isPending: boolean;
  onClose: () => void;
  /** Changes the status; the prompt closes when it resolves to true. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/**
 * The reason prompt of a status change (spec 001 section 4.1). Cancelling it does nothing;
 * confirming it with a blank reason says 'Reason Required' and keeps it open (issue 8: a prompt
 * that silently closed left the admin unsure whether anything had changed).
 */
export function StatusReasonModal({
  opened,
  target,
  statusLabel,
  isPending,
  onClose,
  onConfirm,
}: StatusReasonModalProps) {
  return (
    <ReasonModal
      opened={opened}
      title="Change Status"
      reasonLabel="Reason for the status change"
      confirmLabel="Change Status"
      isReasonRequired
      onBlankReason={() =>
        notifications.show({
          color: 'red',
          title: 'Reason Required',
          message: adminMessages.overrideReasonRequired,
        })
      }
      isPending={isPending}
      canCancelWhilePending
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Text>
        Set <strong>{target}</strong> to <strong>{statusLabel}</strong>.
      </Text>
    </ReasonModal>
  );
}
