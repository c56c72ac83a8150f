import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminProject } from '@plinth/domain/admin';
import { formatAud, formatDate } from '../../../lib/format';
import { canReject, publishOverrideFor } from '../hooks/use-override-action';
import {
  ChangeStatusMenu,
  PaymentButtons,
  type ProjectActionHandlers,
  ViewProjectButton,
} from './project-actions';
import { ProjectStatusBadge } from './project-status-badge';

interface ProjectCardsProps {
  projects: readonly AdminProject[];
  handlers: ProjectActionHandlers;
}

/** The mobile layout of the Projects tab (768 px and below): a card per project with View, Approve and Reject. */
export function ProjectCards({ projects, handlers }: ProjectCardsProps) {
  return (
    <Stack gap="sm">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} handlers={handlers} />
      ))}
    </Stack>
  );
}

function ProjectCard({ project, handlers }: { project: AdminProject; handlers: ProjectActionHandlers }) {
  const publishKind = publishOverrideFor(project);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={project.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text component="h3" fw={700} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
            {project.title}
          </Text>
          <ProjectStatusBadge label={project.status_label} />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Field label="Loan amount" value={formatAud(project.loan_amount)} />
          <Field label="Created" value={formatDate(project.created_at)} />
        </SimpleGrid>
        <Field label="Borrower" value={project.borrower_name} detail={project.borrower_email} />
        <Field label="Payment" value={project.payment_intent_id ?? '—'} isCode />
        <Group gap={6}>
          {project.payment_status === 'payment_pending' && (
            <Button size="xs" onClick={() => handlers.onReview(project)}>
              Review
            </Button>
          )}
          <ViewProjectButton project={project} />
          {publishKind && (
            <Button size="xs" color="teal.9" onClick={() => handlers.onOverride(project, publishKind)}>
              Approve
            </Button>
          )}
          {canReject(project) && (
            <Button
              size="xs"
              color="red"
              variant="light"
              c="red.9"
              onClick={() => handlers.onOverride(project, 'reject')}
            >
              Reject
            </Button>
          )}
          <ChangeStatusMenu project={project} onChangeStatus={handlers.onChangeStatus} />
          <PaymentButtons project={project} handlers={handlers} />
        </Group>
      </Stack>
    </Paper>
  );
}

function Field({
  label,
  value,
  detail,
  isCode = false,
}: {
  label: string;
  value: string;
  detail?: string;
  isCode?: boolean;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ff={isCode ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {detail && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </div>
  );
}
