import { Button, Group, Table, Text } from '@mantine/core';
import type { AdminProject } from '@plinth/domain/admin';
import { EmailText } from '../../../components/email-text';
import { PaymentReference } from '../../../components/payment-reference';
import { formatAud, formatDate } from '../../../lib/format';
import { publishOverrideFor } from '../hooks/use-override-action';
import {
  ChangeStatusMenu,
  PaymentButtons,
  type ProjectActionHandlers,
  ViewProjectButton,
} from './project-actions';
import { ProjectStatusBadge } from './project-status-badge';

interface ProjectsTableProps {
  projects: readonly AdminProject[];
  handlers: ProjectActionHandlers;
}

/** The desktop layout of the Projects tab (spec 001 section 2.3). */
export function ProjectsTable({ projects, handlers }: ProjectsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1120}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Borrower</Table.Th>
            <Table.Th scope="col">Loan Amount</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Th scope="row" fw={600} maw={220}>
                {project.title}
              </Table.Th>
              <Table.Td miw={200}>
                <Text fz="sm">{project.borrower_name}</Text>
                <Text fz="xs" c="dimmed">
                  <EmailText email={project.borrower_email} />
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAud(project.loan_amount)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ProjectStatusBadge label={project.status_label} />
              </Table.Td>
              <Table.Td>
                <PaymentReference reference={project.payment_intent_id} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(project.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <PrimaryActions project={project} handlers={handlers} />
                  <ViewProjectButton project={project} />
                  <ChangeStatusMenu project={project} onChangeStatus={handlers.onChangeStatus} />
                  <PaymentButtons project={project} handlers={handlers} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Review and Quick Approve under review; Re-approve when paid and rejected; Force Publish when unpaid. */
function PrimaryActions({ project, handlers }: { project: AdminProject; handlers: ProjectActionHandlers }) {
  const kind = publishOverrideFor(project);
  switch (kind) {
    case 'quick_approve':
      return (
        <>
          <Button size="xs" onClick={() => handlers.onReview(project)}>
            Review
          </Button>
          <Button size="xs" color="teal.9" onClick={() => handlers.onOverride(project, kind)}>
            Quick Approve
          </Button>
        </>
      );
    case 'reapprove':
      return (
        <Button size="xs" color="teal.9" onClick={() => handlers.onOverride(project, kind)}>
          Re-approve
        </Button>
      );
    case 'force_publish':
      return (
        <Button size="xs" color="red.9" variant="outline" onClick={() => handlers.onOverride(project, kind)}>
          Force Publish
        </Button>
      );
    case null:
      return null;
  }
}
