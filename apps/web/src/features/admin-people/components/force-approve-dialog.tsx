import type { AdminUser } from '@plinth/domain/admin';
import { notifyAction } from '../../../lib/notify-action';
import { useForceApproveFunder } from '../api/force-approve-funder';
import { companyOf } from '../utils/people-labels';
import type { OverrideDialogComponent } from './override-dialog-slot';

interface ForceApproveDialogProps {
  OverrideDialog: OverrideDialogComponent;
  funder: AdminUser | null;
  opened: boolean;
  onClose: () => void;
}

export const forceApproveAction =
  'Approve the funder and activate their subscription (skips payment and review)';

/** Approve Funder / Force Approve & Activate: an override, so it goes through the reason dialog. */
export function ForceApproveDialog({ OverrideDialog, funder, opened, onClose }: ForceApproveDialogProps) {
  const forceApprove = useForceApproveFunder();

  const execute = async (reason: string) =>
    funder
      ? notifyAction(() => forceApprove.mutateAsync({ id: funder.id, reason }), {
          success: 'Funder Force Approved',
          failure: 'Override Failed',
        })
      : false;

  return (
    <OverrideDialog
      opened={opened}
      action={forceApproveAction}
      target={funder ? `${funder.name} (${funder.email}), ${companyOf(funder)}` : ''}
      isPending={forceApprove.isPending}
      onClose={onClose}
      onExecute={execute}
    />
  );
}
