import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { dealRoomPath, isActiveDeal, type PortfolioItem } from '@plinth/domain/deals';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { formatAud, formatDate } from '../../../lib/format';
import { usePortfolio } from '../api/get-portfolio';
import { PortfolioStatusBadge } from './portfolio-status-badge';

type OpenDeal = PortfolioItem & { deal_id: string };
const isOpenDeal = (item: PortfolioItem): item is OpenDeal =>
  item.deal_id !== null && isActiveDeal({ deal_status: item.deal_status, access_status: item.status });

/**
 * 'Your Active Deals' on the funder's dashboard (spec 000 section 2): each open deal, its stage and
 * the way into its room; the same GET /portfolio as /portfolio.
 */
export function ActiveDeals() {
  const query = usePortfolio();

  if (query.isPending) return <LoadingBlock label="Loading active deals" />;
  if (query.isError)
    return <LoadFailedAlert title="Failed to load your active deals">{query.error.message}</LoadFailedAlert>;

  const deals = query.data.items.filter(isOpenDeal);
  if (deals.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center" c="gray.7">
          No active deals yet. When a developer approves your access, Engage opens a deal room for the
          project.{' '}
          <Anchor component={Link} to="/projects" c="navy.8">
            Browse the marketplace
          </Anchor>
        </Text>
      </Paper>
    );

  return (
    <Stack gap="sm">
      {deals.map((deal) => (
        <ActiveDealRow key={deal.deal_id} deal={deal} />
      ))}
      <Anchor component={Link} to="/portfolio" c="navy.8" fz="sm">
        View your portfolio
      </Anchor>
    </Stack>
  );
}

function ActiveDealRow({ deal }: { deal: OpenDeal }) {
  return (
    <Paper component="article" aria-label={deal.project_title} withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="nowrap" align="center">
            <Anchor
              component={Link}
              to={`/project/${deal.project_id}`}
              c="navy.9"
              fw={700}
              style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {deal.project_title}
            </Anchor>
            <PortfolioStatusBadge status={deal.status} />
          </Group>
          <Text fz="sm" c="gray.7">
            {formatAud(deal.agreed_amount ?? deal.loan_amount)} · updated {formatDate(deal.updated_at)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={dealRoomPath({ id: deal.deal_id, project_id: deal.project_id })}
          color="teal.9"
          rightSection={<IconArrowRight aria-hidden size={16} />}
        >
          Open Deal Room
        </Button>
      </Group>
    </Paper>
  );
}
