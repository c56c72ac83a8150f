import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

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
  const [reason, setReason] = useState('');

  const close = () => {
    setReason('');
    onClose();
  };

  const confirm = async () => {
    const trimmed = reason.trim();
    if (!trimmed) return close();
    if (await onConfirm(trimmed)) close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Change Status" centered>
      <Stack gap="md">
        <Text>
          Set <strong>{target}</strong> to <strong>{statusLabel}</strong>.
        </Text>
        <Textarea
          label="Reason for the status change"
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={isPending} onClick={confirm}>
            Change Status
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
