import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { dealRoomPath, type PortfolioItem } from '@plinth/domain/deals';
import { marketplaceMessages } from '@plinth/domain/marketplace';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatAud, formatDate } from '../../../lib/format';
import { PortfolioStatusBadge } from './portfolio-status-badge';

const placeOf = (item: Pick<PortfolioItem, 'suburb' | 'state'>) =>
  item.suburb ? [item.suburb, item.state].filter(Boolean).join(', ') : marketplaceMessages.locationTbd;

/**
 * One project of the funder's portfolio: its title (to /project/{project_id}), stage, the loan
 * (and the agreed amount once a quote is accepted), and the way into its deal room; before Engage,
 * the project page, where Engage is.
 */
export function PortfolioDealCard({ item }: { item: PortfolioItem }) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Anchor
            id={headingId}
            component={Link}
            to={`/project/${item.project_id}`}
            c="navy.9"
            fw={700}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {item.project_title}
          </Anchor>
          <PortfolioStatusBadge status={item.status} />
        </Group>
        <Group gap={6} c="gray.7" wrap="nowrap">
          <IconMapPin aria-hidden size={16} />
          <Text fz="sm">{placeOf(item)}</Text>
        </Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={0}>
            <Text fz="xs" c="gray.7">
              {item.agreed_amount === null ? 'Loan amount' : 'Agreed amount'}
            </Text>
            <Text fw={700} c="navy.9">
              {formatAud(item.agreed_amount ?? item.loan_amount)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fz="xs" c="gray.7">
              Updated
            </Text>
            <Text fz="sm">{formatDate(item.updated_at)}</Text>
          </Stack>
        </Group>
        <Stack gap="xs" mt="auto" pt="xs">
          {item.deal_id ? (
            <Button
              component={Link}
              to={dealRoomPath({ id: item.deal_id, project_id: item.project_id })}
              color="teal.9"
              rightSection={<IconArrowRight aria-hidden size={16} />}
              fullWidth
            >
              Open Deal Room
            </Button>
          ) : (
            <Button component={Link} to={`/project/${item.project_id}`} variant="default" fullWidth>
              View Project to Engage
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
