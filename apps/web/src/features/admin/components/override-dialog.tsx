import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

interface OverrideDialogProps {
  opened: boolean;
  /** What the override does, e.g. 'Force publish the unpaid project'. */
  action: string;
  /** What it acts on: the project's title. */
  target: string;
  isPending: boolean;
  onClose: () => void;
  /** Runs the override; the dialog closes when it resolves to true. */
  onExecute: (reason: string) => Promise<boolean>;
}

/**
 * The Admin Override Confirmation (spec 001 section 2.3): every override bypasses a normal check, so
 * it is confirmed with a reason, and Execute Override stays disabled while the reason is blank.
 */
export function OverrideDialog({
  opened,
  action,
  target,
  isPending,
  onClose,
  onExecute,
}: OverrideDialogProps) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const close = () => {
    setReason('');
    onClose();
  };

  const execute = async () => {
    if (!trimmed) return;
    if (await onExecute(trimmed)) close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Admin Override Confirmation" centered>
      <Stack gap="md">
        <div>
          <Text fz="sm" c="dimmed">
            Action
          </Text>
          <Text fw={600}>{action}</Text>
        </div>
        <div>
          <Text fz="sm" c="dimmed">
            Target
          </Text>
          <Text fw={600}>{target}</Text>
        </div>
        <Textarea
          label="Reason"
          description="Recorded in the audit log with your name."
          required
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
          <Button color="red.9" disabled={!trimmed} loading={isPending} onClick={execute}>
            Execute Override
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
