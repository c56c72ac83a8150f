import { Text } from '@mantine/core';
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
 * The reason prompt of a status change (spec 001 section 4.1). Like the prompt it stands for,
 * cancelling it or confirming it empty does nothing.
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
