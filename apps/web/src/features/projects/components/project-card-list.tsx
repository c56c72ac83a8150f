import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProjectResponse } from '@plinth/domain/projects';
import { IconMapPin, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatAud, formatDate } from '../../../lib/format';
import { placeOf } from '../utils/figures';
import { ListingActions } from './listing-actions';
import { ListingStatusBadge } from './listing-status-badge';

/** The mobile list of /my-projects (768 px and below): one card per project, actions stacked. */
export function ProjectCardList({ projects }: { projects: readonly ProjectResponse[] }) {
  return (
    <SimpleGrid cols={1} spacing="md">
      {projects.map((project) => (
        <Paper key={project.id} component="article" withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Anchor
                component={Link}
                to={`/project/${project.id}`}
                c="navy.9"
                fw={700}
                fz="lg"
                style={{ minWidth: 0 }}
              >
                {project.title}
              </Anchor>
              <ListingStatusBadge listing={project} />
            </Group>
            <Group gap="lg" c="gray.7">
              <Group gap={6} wrap="nowrap">
                <IconMapPin aria-hidden size={16} />
                <Text fz="sm">{placeOf(project)}</Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconUsers aria-hidden size={16} />
                <Text fz="sm">{project.deal_count === 1 ? '1 deal' : `${project.deal_count} deals`}</Text>
              </Group>
            </Group>
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fz="xs" c="gray.7">
                  Loan amount
                </Text>
                <Text fw={700} c="navy.9">
                  {formatAud(project.loan_amount)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fz="xs" c="gray.7">
                  Created
                </Text>
                <Text fz="sm">{formatDate(project.created_at)}</Text>
              </Stack>
            </Group>
            <ListingActions project={project} showView showDealRoom stacked size="sm" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
