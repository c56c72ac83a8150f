import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Deal, DealParty } from '@plinth/domain/deals';
import { isQuoteExpired, type Proposal, proposalMessages, sydneyDate } from '@plinth/domain/proposals';
import { IconFileDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import type { DealProposalResponse } from '../api/get-deal-proposal';
import { proposalStatusLook } from '../utils/deal-labels';
import { ProposalFigures } from './proposal-figures';
import { AcceptProposalModal, CounterOfferModal, DeclineProposalModal } from './proposal-response-modals';
import { QuoteWizard } from './quote-wizard';
import { RoomSection } from './room-section';
import { StatusBadge } from './status-badge';

interface DealProposalTabProps {
  deal: Deal;
  party: DealParty | null;
  /** The latest proposal and the earlier ones; undefined while loading. */
  proposals: DealProposalResponse | undefined;
  isLoading: boolean;
  error: Error | null;
}

type Responding = 'accept' | 'decline' | 'counter' | null;

/**
 * The indicative quote (spec 000 sections 2-5): the funder sends one through the wizard (never a
 * second while one is pending, none after one is accepted); the developer accepts, declines with a
 * reason or counters; earlier quotes stay below with their outcome.
 */
export function DealProposalTab({ deal, party, proposals, isLoading, error }: DealProposalTabProps) {
  const [isWizardOpen, setWizardOpen] = useState(false);
  const [responding, setResponding] = useState<Responding>(null);
  const latest = proposals?.proposal ?? null;
  const history = (proposals?.history ?? []).filter((p) => p.id !== latest?.id);
  // Read-only once completed, or once the funder's access was revoked.
  const isOpen = deal.status === 'open' && deal.access_revoked === null;
  const mayQuote = party === 'funder' && isOpen && (!latest || latest.status === 'declined');
  const mayRespond = party === 'borrower' && isOpen && latest?.status === 'pending';

  if (isLoading) return <Text c="gray.7">Loading the proposal…</Text>;
  if (error) return <Text c="red.9">{error.message}</Text>;

  return (
    <Stack gap="lg">
      {mayQuote && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm" style={{ flex: 1, minWidth: 200 }}>
              {latest
                ? 'Your last quote was declined. You can send a new one.'
                : 'Send the developer an indicative quote: terms, fees, conditions and how long it stands.'}
            </Text>
            <Button
              leftSection={<IconFileDollar aria-hidden size={18} />}
              onClick={() => setWizardOpen(true)}
            >
              Submit Quote
            </Button>
          </Group>
        </Paper>
      )}

      {latest ? (
        <RoomSection title="Current Quote" action={<ProposalStatus proposal={latest} />}>
          <ProposalMeta proposal={latest} />
          <ProposalFigures quote={latest} />
          {latest.status === 'declined' && latest.decline_reason && (
            <DeclineReason reason={latest.decline_reason} />
          )}
          {latest.status === 'pending' && party === 'funder' && (
            <Text fz="sm" c="gray.7">
              Waiting for the developer to accept, decline or counter.
            </Text>
          )}
          {mayRespond && (
            <Group gap="sm">
              <Button color="teal.9" onClick={() => setResponding('accept')}>
                Accept
              </Button>
              <Button variant="light" color="red" c="red.9" onClick={() => setResponding('decline')}>
                Decline
              </Button>
              <Button variant="default" onClick={() => setResponding('counter')}>
                Counter
              </Button>
            </Group>
          )}
        </RoomSection>
      ) : (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>No quote yet</Text>
          <Text fz="sm" c="gray.7">
            {party === 'borrower'
              ? 'The funder’s indicative quote will appear here.'
              : 'Quotes sent in this deal room appear here.'}
          </Text>
        </Paper>
      )}

      {history.length > 0 && (
        <RoomSection title="Earlier Quotes">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {history.map((p) => (
              <Paper key={p.id} component="li" withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group justify="space-between" gap="sm">
                    <ProposalMeta proposal={p} />
                    <ProposalStatus proposal={p} />
                  </Group>
                  <ProposalFigures quote={p} />
                  {p.decline_reason && <DeclineReason reason={p.decline_reason} />}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </RoomSection>
      )}

      {party === 'funder' && (
        <QuoteWizard deal={deal} opened={isWizardOpen} onClose={() => setWizardOpen(false)} />
      )}
      {latest && mayRespond && (
        <>
          <AcceptProposalModal
            dealId={deal.id}
            proposal={latest}
            opened={responding === 'accept'}
            onClose={() => setResponding(null)}
          />
          <DeclineProposalModal
            dealId={deal.id}
            proposal={latest}
            opened={responding === 'decline'}
            onClose={() => setResponding(null)}
          />
          <CounterOfferModal
            dealId={deal.id}
            proposal={latest}
            opened={responding === 'counter'}
            onClose={() => setResponding(null)}
          />
        </>
      )}
    </Stack>
  );
}

function ProposalStatus({ proposal }: { proposal: Proposal }) {
  const look = proposalStatusLook[proposal.status];
  const isExpired = proposal.status === 'pending' && isQuoteExpired(proposal.valid_until, sydneyDate());
  return (
    <Group gap="xs">
      <StatusBadge label={look.label} tone={look.tone} />
      {isExpired && <StatusBadge label="Expired" tone="neutral" />}
    </Group>
  );
}

function ProposalMeta({ proposal }: { proposal: Proposal }) {
  const isExpired = proposal.status === 'pending' && isQuoteExpired(proposal.valid_until, sydneyDate());
  return (
    <Stack gap={2}>
      <Text fz="sm" c="gray.7">
        Sent by {proposal.funder_name} on {formatDate(proposal.created_at)}
        {proposal.responded_at ? ` · answered ${formatDate(proposal.responded_at)}` : ''}
      </Text>
      {isExpired && (
        <Text fz="sm" c="red.9">
          {proposalMessages.expired}
        </Text>
      )}
    </Stack>
  );
}

function DeclineReason({ reason }: { reason: string }) {
  return (
    <Alert color="red" variant="light" c="dark.7" title="Reason for declining">
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {reason}
      </Text>
    </Alert>
  );
}
