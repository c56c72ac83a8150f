import { Text } from '@mantine/core';
import { ReasonModal } from '../../../components/reason-modal';

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
  return (
    <ReasonModal
      opened={opened}
      title="Admin Override Confirmation"
      reasonLabel="Reason"
      reasonDescription="Recorded in the audit log with your name."
      isReasonRequired
      confirmLabel="Execute Override"
      confirmColor="red.9"
      isPending={isPending}
      canCancelWhilePending
      onClose={onClose}
      onConfirm={onExecute}
    >
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
    </ReasonModal>
  );
}
