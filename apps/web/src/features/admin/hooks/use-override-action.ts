import type { AdminProject } from '@plinth/domain/admin';
import { applyListingEvent, type ListingEvent } from '@plinth/domain/listing';
import { notifyAction } from '../../../lib/notify-action';
import { useApproveProject } from '../api/approve-project';
import { useForcePublishProject } from '../api/force-publish-project';
import { useRejectProject } from '../api/reject-project';
import { useUpdateProjectStatus } from '../api/update-project-status';

/** The project actions that go through the override dialog (spec 001 section 2.3). */
export type OverrideKind = 'quick_approve' | 'reapprove' | 'force_publish' | 'reject';

export const overrideActionLabels: Record<OverrideKind, string> = {
  quick_approve: 'Approve and publish the project',
  reapprove: 'Re-approve and publish the rejected project',
  force_publish: 'Force publish the unpaid project (skips payment verification)',
  reject: 'Reject the project (it stays paid and hidden)',
};

/**
 * The override that publishes a project from its present state, if any: approve one under review,
 * re-approve a paid rejected one, force publish an unpaid draft.
 */
export function publishOverrideFor(project: AdminProject): Exclude<OverrideKind, 'reject'> | null {
  // The listing state machine decides which event applies; the UI only offers what it allows.
  if (adminMay(project, { type: 'approve' })) return 'quick_approve';
  if (adminMay(project, { type: 'force_publish' })) return 'force_publish';
  if (adminMay(project, { type: 'reapprove' })) return 'reapprove';
  return null;
}

/** Rejecting needs a listing the machine lets an admin reject; an already rejected one is not offered. */
export const canReject = (project: AdminProject) =>
  adminMay(project, { type: 'reject' }) && project.status_label !== 'Rejected';

function adminMay(project: AdminProject, event: ListingEvent) {
  const state = {
    payment_status: project.payment_status,
    visible: project.visible,
    submission_status: project.submission_status,
    payment_not_received: false,
  };
  return applyListingEvent(state, event, 'admin').ok;
}

/** Runs an override with its reason and reports the outcome ('Override Failed' on failure). */
export function useOverrideAction() {
  const approve = useApproveProject();
  const updateStatus = useUpdateProjectStatus();
  const forcePublish = useForcePublishProject();
  const reject = useRejectProject();

  const execute = (kind: OverrideKind, project: AdminProject, reason: string) => {
    const id = project.id;
    switch (kind) {
      case 'quick_approve':
        return notifyAction(() => approve.mutateAsync({ id, reason }), {
          success: 'Project Approved',
          failure: 'Override Failed',
        });
      case 'reapprove':
        return notifyAction(() => updateStatus.mutateAsync({ id, status: 'published', reason }), {
          success: 'Project Approved',
          failure: 'Override Failed',
        });
      case 'force_publish':
        return notifyAction(() => forcePublish.mutateAsync({ id, reason }), {
          success: 'Project Force Published',
          failure: 'Override Failed',
        });
      case 'reject':
        return notifyAction(() => reject.mutateAsync({ id, reason }), {
          success: 'Project Rejected',
          failure: 'Rejection Failed',
        });
    }
  };

  const isPending = approve.isPending || updateStatus.isPending || forcePublish.isPending || reject.isPending;
  return { execute, isPending };
}
