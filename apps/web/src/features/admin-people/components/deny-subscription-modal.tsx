import { Text } from '@mantine/core';
import { ReasonModal } from '../../../components/reason-modal';

interface DenySubscriptionModalProps {
  opened: boolean;
  /** The funder: name and company. */
  target: string;
  isPending: boolean;
  onClose: () => void;
  /** Denies with the reason; the prompt closes when it resolves to true. */
  onDeny: (reason: string) => Promise<boolean>;
}

/**
 * The reason prompt of Deny (spec 001 section 5): like the prompt it stands for, cancelling it or
 * confirming it empty does nothing. The funder is told the reason.
 */
export function DenySubscriptionModal({
  opened,
  target,
  isPending,
  onClose,
  onDeny,
}: DenySubscriptionModalProps) {
  return (
    <ReasonModal
      opened={opened}
      title="Deny Subscription"
      reasonLabel="Reason for the denial"
      confirmLabel="Deny Subscription"
      confirmColor="red.9"
      isPending={isPending}
      onClose={onClose}
      onConfirm={onDeny}
    >
      <Text>
        Deny the subscription of <strong>{target}</strong>. The funder is told the reason and may subscribe
        again.
      </Text>
    </ReasonModal>
  );
}
