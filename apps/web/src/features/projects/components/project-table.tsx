import { Anchor, Table } from '@mantine/core';
import type { ProjectResponse } from '@plinth/domain/projects';
import { Link } from 'react-router';
import { formatAud, formatDate } from '../../../lib/format';
import { placeOf } from '../utils/figures';
import { ListingActions } from './listing-actions';
import { ListingStatusBadge } from './listing-status-badge';

/** The desktop list of /my-projects. */
export function ProjectTable({ projects }: { projects: readonly ProjectResponse[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Location</Table.Th>
            <Table.Th scope="col" ta="right">
              Loan amount
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Deals
            </Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td fw={600} maw={260}>
                <Anchor component={Link} to={`/project/${project.id}`} c="navy.9" fw={600}>
                  {project.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{placeOf(project)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAud(project.loan_amount)}
              </Table.Td>
              <Table.Td>
                <ListingStatusBadge listing={project} />
              </Table.Td>
              <Table.Td ta="right">{project.deal_count}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(project.created_at)}</Table.Td>
              <Table.Td>
                <ListingActions project={project} showView showDealRoom />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
