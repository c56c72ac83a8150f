import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A yes/no question before an action that cannot be undone from here. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  isPending,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={() => !isPending && onCancel()} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
