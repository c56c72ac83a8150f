import { Button, Group, type MantineColor, Modal, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the reason is for, above the field. */
  children: ReactNode;
  reasonLabel: string;
  reasonDescription?: string;
  /**
   * A required reason keeps the confirm button disabled while it is blank. Otherwise, like the
   * browser prompt the modal stands for, confirming it blank closes it as Cancel does.
   */
  isReasonRequired?: boolean;
  /**
   * With a required reason: keep the confirm button enabled and call this when it is pressed with
   * a blank reason (a notice saying why), instead of disabling the button. The modal stays open.
   */
  onBlankReason?: () => void;
  confirmLabel: string;
  confirmColor?: MantineColor;
  isPending: boolean;
  /** Whether Cancel (and Escape, and a click outside) still closes it while the action runs. */
  canCancelWhilePending?: boolean;
  onClose: () => void;
  /** Runs the action with the trimmed reason; the modal closes when it resolves to true. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/** A question that needs a reason (recorded, or told to the person it is about) before it runs. */
export function ReasonModal({
  opened,
  title,
  children,
  reasonLabel,
  reasonDescription,
  isReasonRequired = false,
  onBlankReason,
  confirmLabel,
  confirmColor,
  isPending,
  canCancelWhilePending = false,
  onClose,
  onConfirm,
}: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const isLocked = isPending && !canCancelWhilePending;

  const reset = () => {
    setReason('');
    onClose();
  };

  const close = () => {
    if (!isLocked) reset();
  };

  const confirm = async () => {
    if (!trimmed) return isReasonRequired ? onBlankReason?.() : close();
    if (await onConfirm(trimmed)) reset();
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        {children}
        <Textarea
          label={reasonLabel}
          description={reasonDescription}
          required={isReasonRequired}
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isLocked}>
            Cancel
          </Button>
          <Button
            color={confirmColor}
            disabled={isReasonRequired && !onBlankReason && !trimmed}
            loading={isPending}
            onClick={confirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
