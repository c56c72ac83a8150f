import { Button, Menu } from '@mantine/core';
import type { AdminProject } from '@plinth/domain/admin';
import { type AdminStatusChoice, adminStatusChoices } from '@plinth/domain/listing';
import { IconChevronDown } from '@tabler/icons-react';
import type { OverrideKind } from '../hooks/use-override-action';
import { adminProjectUrl } from '../utils/project-links';

/** What a project row can ask for; the Projects tab owns the dialogs that answer. */
export interface ProjectActionHandlers {
  onReview: (project: AdminProject) => void;
  onOverride: (project: AdminProject, kind: OverrideKind) => void;
  onChangeStatus: (project: AdminProject, status: AdminStatusChoice) => void;
  onCheckPayment: (project: AdminProject) => void;
  onSyncPayment: (project: AdminProject) => void;
  /** The project whose payment check or sync is running. */
  checkingId: string | undefined;
  syncingId: string | undefined;
}

// Spec 001 section 2.3: draft (unpaid), payment_pending, paid_unpublished, published (live), rejected.
export const statusChoiceLabels: Record<AdminStatusChoice, string> = {
  draft: 'Draft (unpaid)',
  payment_pending: 'Payment Pending',
  paid_unpublished: 'Paid (unpublished)',
  published: 'Published (live)',
  rejected: 'Rejected',
};

/** Opens the project page in admin-review mode in a new tab. */
export function ViewProjectButton({ project }: { project: AdminProject }) {
  return (
    <Button
      component="a"
      href={adminProjectUrl(project.id)}
      target="_blank"
      rel="noopener"
      size="xs"
      variant="default"
      aria-label={`View ${project.title} (opens in a new tab)`}
    >
      View
    </Button>
  );
}

export function ChangeStatusMenu({
  project,
  onChangeStatus,
}: {
  project: AdminProject;
  onChangeStatus: ProjectActionHandlers['onChangeStatus'];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Change Status of ${project.title}`}
        >
          Change Status
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Set status to</Menu.Label>
        {adminStatusChoices.map((status) => (
          <Menu.Item key={status} onClick={() => onChangeStatus(project, status)}>
            {statusChoiceLabels[status]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Check and Sync with the card provider, for a project whose listing fee is not settled. */
export function PaymentButtons({
  project,
  handlers,
}: {
  project: AdminProject;
  handlers: Pick<ProjectActionHandlers, 'onCheckPayment' | 'onSyncPayment' | 'checkingId' | 'syncingId'>;
}) {
  if (project.payment_status === 'paid') return null;
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        loading={handlers.checkingId === project.id}
        onClick={() => handlers.onCheckPayment(project)}
      >
        Check Payment
      </Button>
      <Button
        size="xs"
        variant="subtle"
        loading={handlers.syncingId === project.id}
        onClick={() => handlers.onSyncPayment(project)}
      >
        Sync Payment
      </Button>
    </>
  );
}
