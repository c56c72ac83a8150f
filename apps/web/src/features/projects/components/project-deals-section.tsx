import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { dealMessages, dealRoomPath, type ProjectDealSummary } from '@plinth/domain/deals';
import { proposalStatusLabels } from '@plinth/domain/proposals';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { formatDateTime } from '../../../lib/format';
import { useProjectDeals } from '../api/list-project-deals';
import { badgeColours } from './listing-status-badge';

const quoteBadge = (status: ProjectDealSummary['proposal_status']) => {
  if (status === 'accepted') return { label: dealMessages.quoteAccepted, ...badgeColours.success };
  if (status === 'pending')
    return { label: `Quote ${proposalStatusLabels.pending}`, ...badgeColours.warning };
  if (status === 'declined')
    return { label: `Quote ${proposalStatusLabels.declined}`, ...badgeColours.error };
  return null;
};

/**
 * The developer's project page lists the project's deals (spec 000 section 2 via issue 9): each
 * funder, when the room opened, where the quote stands, and the way into the room.
 */
export function ProjectDealsSection({ projectId }: { projectId: string }) {
  const query = useProjectDeals(projectId);
  const count = query.data?.items.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="project-deals-heading">
      <Title order={2} fz="lg" id="project-deals-heading">
        Deal Rooms{count === undefined ? '' : ` (${count})`}
      </Title>
      {query.isPending ? (
        <LoadingBlock label="Loading deal rooms" />
      ) : query.isError ? (
        <LoadFailedAlert title={dealMessages.loadFailedTitle}>{query.error.message}</LoadFailedAlert>
      ) : query.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text fz="sm" c="gray.7">
            No deal rooms yet. A deal room opens when a funder whose access you approved engages.
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((deal) => (
            <DealRow key={deal.id} projectId={projectId} deal={deal} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DealRow({ projectId, deal }: { projectId: string; deal: ProjectDealSummary }) {
  const quote = quoteBadge(deal.proposal_status);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" align="center">
            <Text fw={700} c="navy.9" style={{ overflowWrap: 'anywhere' }}>
              {deal.funder_company ? `${deal.funder_name} (${deal.funder_company})` : deal.funder_name}
            </Text>
            {deal.status === 'completed' && (
              <Badge
                variant="light"
                color={badgeColours.success.color}
                c={badgeColours.success.text}
                tt="none"
              >
                Completed
              </Badge>
            )}
            {quote && (
              <Badge variant="light" color={quote.color} c={quote.text} tt="none">
                {quote.label}
              </Badge>
            )}
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {deal.funder_email}
          </Text>
          <Text fz="xs" c="gray.7">
            Opened {formatDateTime(deal.created_at)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={dealRoomPath({ id: deal.id, project_id: projectId })}
          aria-label={`Open Deal Room with ${deal.funder_name}`}
          color="teal.9"
          rightSection={<IconArrowRight aria-hidden size={16} />}
        >
          Open Deal Room
        </Button>
      </Group>
    </Paper>
  );
}
