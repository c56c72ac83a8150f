import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  /** Whether Cancel (and Escape, and a click outside) still closes it while the action runs. */
  canCancelWhilePending?: boolean;
  /** Above the modal it is opened from, when there is one (Mantine modals sit at z-index 200). */
  zIndex?: number;
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
  canCancelWhilePending = false,
  zIndex,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  const isLocked = isPending && !canCancelWhilePending;
  return (
    <Modal opened={opened} onClose={() => !isLocked && onCancel()} title={title} centered zIndex={zIndex}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isLocked} data-autofocus>
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
