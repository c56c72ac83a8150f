import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { accessUntilLabel } from '@plinth/domain/access-ended';
import type { Deal, DealParty } from '@plinth/domain/deals';
import { IconBuildingBank, IconFileDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatAud, formatDate } from '../../../lib/format';
import { downloadCreditSummary } from '../api/download-credit-summary';
import { dealStageLabel, dealStatusLook, funderLabel } from '../utils/deal-labels';
import { StatusBadge } from './status-badge';

interface DealRoomHeaderProps {
  deal: Deal;
  party: DealParty | null;
  /** More of the room's actions beside the credit summary (the route's 'Analyse with BrokerAI'). */
  actions?: ReactNode;
}

/**
 * The room's header (spec 000 section 2): links to the marketplace (the funder's way back; the
 * developer's is My Projects) and to the project, the title, the status and both parties; for the
 * two parties, the deal's credit summary PDF (issue 21 item 4).
 */
export function DealRoomHeader({ deal, party, actions }: DealRoomHeaderProps) {
  const back =
    party === 'borrower'
      ? { label: 'My Projects', to: '/my-projects' }
      : { label: 'Marketplace', to: '/projects' };
  const status = dealStatusLook[deal.status];

  return (
    <Stack gap="md">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separator="›" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
          <Anchor component={Link} to={back.to} c="navy.8">
            {back.label}
          </Anchor>
          <Anchor
            component={Link}
            to={`/project/${encodeURIComponent(deal.project_id)}`}
            c="navy.8"
            lineClamp={1}
            style={{ maxWidth: '50vw' }}
          >
            {deal.project.title}
          </Anchor>
          <Text aria-current="page" c="gray.7">
            Deal Room
          </Text>
        </Breadcrumbs>
      </nav>

      <Stack gap={6}>
        <Text fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          Deal Room
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ wordBreak: 'break-word' }}>
            {deal.project.title}
          </Title>
          {/* A revoked room is not open in any sense that matters: only REVOKED (issue 37 item 11). */}
          {!deal.access_revoked && <StatusBadge label={status.label} tone={status.tone} size="lg" />}
          <StatusBadge label={dealStageLabel(deal.access_status)} tone="neutral" size="lg" />
        </Group>
        <Group gap="lg" c="gray.7" style={{ rowGap: 4 }}>
          <Text fz="xl" fw={700} c="navy.9">
            {formatAud(deal.project.loan_amount)}
          </Text>
          <Text fz="sm">Opened {formatDate(deal.created_at)}</Text>
          {deal.completed_at && <Text fz="sm">Completed {formatDate(deal.completed_at)}</Text>}
          {!deal.access_revoked && deal.access_until && (
            <Text fz="sm" fw={600} c="dark.7">
              {accessUntilLabel(deal.access_until)}
            </Text>
          )}
        </Group>
        <Group gap="lg" style={{ rowGap: 4 }}>
          <Text fz="sm">
            <Text span fw={700}>
              Developer:
            </Text>{' '}
            {deal.borrower_name}
          </Text>
          <Text fz="sm">
            <Text span fw={700}>
              Funder:
            </Text>{' '}
            {funderLabel(deal)}
          </Text>
        </Group>
        <Group gap="sm">
          {party && <CreditSummaryButton deal={deal} />}
          {/* After the close the loan is administered as a facility: set up by the funder, opened by both (issue 33). */}
          {party && deal.status === 'completed' && (
            <Button
              component={Link}
              to={`/facilities/new?deal=${encodeURIComponent(deal.id)}`}
              variant="default"
              leftSection={<IconBuildingBank aria-hidden size={18} />}
            >
              Loan facility
            </Button>
          )}
          {actions}
        </Group>
      </Stack>
    </Stack>
  );
}

/** Downloads the credit summary; busy while the server makes (and, for a funder, stamps) it. */
function CreditSummaryButton({ deal }: { deal: Deal }) {
  const [isDownloading, setIsDownloading] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload aria-hidden size={18} />}
      loading={isDownloading}
      onClick={async () => {
        setIsDownloading(true);
        await downloadCreditSummary(deal);
        setIsDownloading(false);
      }}
    >
      Download credit summary
    </Button>
  );
}
