import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

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
  const [reason, setReason] = useState('');

  const close = () => {
    if (isPending) return;
    setReason('');
    onClose();
  };

  const confirm = async () => {
    const trimmed = reason.trim();
    if (!trimmed) return close();
    if (await onDeny(trimmed)) {
      setReason('');
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Deny Subscription" centered>
      <Stack gap="md">
        <Text>
          Deny the subscription of <strong>{target}</strong>. The funder is told the reason and may subscribe
          again.
        </Text>
        <Textarea
          label="Reason for the denial"
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isPending}>
            Cancel
          </Button>
          <Button color="red.9" loading={isPending} onClick={confirm}>
            Deny Subscription
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
