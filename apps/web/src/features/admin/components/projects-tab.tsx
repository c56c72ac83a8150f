import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { AdminProject } from '@plinth/domain/admin';
import type { AdminStatusChoice } from '@plinth/domain/listing';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyAction } from '../../../lib/notify-action';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { AdminProjectsFilter, AdminProjectsPage } from '../api/get-admin-projects';
import { useUpdateProjectStatus } from '../api/update-project-status';
import { type OverrideKind, overrideActionLabels, useOverrideAction } from '../hooks/use-override-action';
import { usePaymentCheck } from '../hooks/use-payment-check';
import { OverrideDialog } from './override-dialog';
import { type ProjectActionHandlers, statusChoiceLabels } from './project-actions';
import { ProjectCards } from './project-cards';
import { ProjectsTable } from './projects-table';
import { ReviewModal } from './review-modal';
import { StatusReasonModal } from './status-reason-modal';

const filters: { value: AdminProjectsFilter; label: string }[] = [
  { value: 'all', label: 'All Projects' },
  { value: 'pending_review', label: 'Pending Review' },
  { value: 'published', label: 'Published' },
];

interface ProjectsTabProps {
  filter: AdminProjectsFilter;
  onFilterChange: (filter: AdminProjectsFilter) => void;
  onPageChange: (page: number) => void;
  data: AdminProjectsPage | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

// The dialogs keep their project while closing, so their text does not vanish mid-animation.
interface Pending<T> {
  project: AdminProject;
  value: T;
  isOpen: boolean;
}

/** The Projects tab (spec 001 section 2.3): filters, the pending banner, the list and its dialogs. */
export function ProjectsTab({
  filter,
  onFilterChange,
  onPageChange,
  data,
  isLoading,
  isError,
  onRetry,
}: ProjectsTabProps) {
  const isMobile = useIsMobile();
  const overrideAction = useOverrideAction();
  const updateStatus = useUpdateProjectStatus();
  const payment = usePaymentCheck();
  const [reviewing, setReviewing] = useState<Pending<null> | null>(null);
  const [override, setOverride] = useState<Pending<OverrideKind> | null>(null);
  const [statusChange, setStatusChange] = useState<Pending<AdminStatusChoice> | null>(null);

  const handlers: ProjectActionHandlers = {
    onReview: (project) => setReviewing({ project, value: null, isOpen: true }),
    onOverride: (project, kind) => setOverride({ project, value: kind, isOpen: true }),
    onChangeStatus: (project, status) => setStatusChange({ project, value: status, isOpen: true }),
    onCheckPayment: (project) => payment.checkPayment(project.id),
    onSyncPayment: (project) => payment.syncPayment(project.id),
    checkingId: payment.checkingId,
    syncingId: payment.syncingId,
  };

  const executeOverride = async (reason: string) =>
    override ? overrideAction.execute(override.value, override.project, reason) : false;

  const changeStatus = async (reason: string) => {
    if (!statusChange) return false;
    const { project, value: status } = statusChange;
    return notifyAction(() => updateStatus.mutateAsync({ id: project.id, status, reason }), {
      success: 'Status Updated',
      failure: 'Update Failed',
    });
  };

  const pendingCount = data?.pending_review_count ?? 0;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz="lg">
          Projects
        </Title>
        <SegmentedControl
          aria-label="Filter projects"
          value={filter}
          onChange={(value) => onFilterChange(value as AdminProjectsFilter)}
          data={filters}
          fullWidth={isMobile}
        />
      </Group>

      {pendingCount > 0 && (
        <Alert
          color="yellow"
          variant="light"
          c="dark.7"
          title={`${pendingCount} ${pendingCount === 1 ? 'project is' : 'projects are'} pending review`}
          icon={<IconAlertTriangle aria-hidden />}
        >
          Check each payment, then approve the listing or deny it with a reason.
        </Alert>
      )}

      {isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading projects" />
        </Center>
      ) : isError && !data ? (
        <Alert color="red" variant="light" c="red.9" title="Failed to fetch admin data" role="alert">
          <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {filter === 'pending_review'
              ? 'No projects are pending review.'
              : filter === 'published'
                ? 'No projects are published yet.'
                : 'No projects yet.'}
          </Text>
        </Paper>
      ) : (
        <>
          {isMobile ? (
            <ProjectCards projects={data.items} handlers={handlers} />
          ) : (
            <Paper withBorder radius="md">
              <ProjectsTable projects={data.items} handlers={handlers} />
            </Paper>
          )}
          {pageCount > 1 && (
            <Group justify="center">
              <Pagination
                total={pageCount}
                value={data.page}
                onChange={onPageChange}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              />
            </Group>
          )}
        </>
      )}

      <ReviewModal
        opened={reviewing?.isOpen ?? false}
        project={reviewing?.project ?? null}
        onClose={() => setReviewing((current) => current && { ...current, isOpen: false })}
      />
      <OverrideDialog
        opened={override?.isOpen ?? false}
        action={override ? overrideActionLabels[override.value] : ''}
        target={override?.project.title ?? ''}
        isPending={overrideAction.isPending}
        onClose={() => setOverride((current) => current && { ...current, isOpen: false })}
        onExecute={executeOverride}
      />
      <StatusReasonModal
        opened={statusChange?.isOpen ?? false}
        target={statusChange?.project.title ?? ''}
        statusLabel={statusChange ? statusChoiceLabels[statusChange.value] : ''}
        isPending={updateStatus.isPending}
        onClose={() => setStatusChange((current) => current && { ...current, isOpen: false })}
        onConfirm={changeStatus}
      />
    </Stack>
  );
}
