import { Alert, Stack, Tabs } from '@mantine/core';
import { type Deal, dealMessages, dealPartyOf } from '@plinth/domain/deals';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FeasibilityTab } from '../../../components/feasibility/feasibility-tab';
import { UndertakingGate } from '../../../components/undertaking/undertaking-gate';
import { UndertakingSignatureLine } from '../../../components/undertaking/undertaking-signature';
import { useDealComments } from '../api/get-deal-comments';
import { useDealDocuments } from '../api/get-deal-documents';
import { useDealProposal } from '../api/get-deal-proposal';
import { useLiveDeal } from '../hooks/use-live-deal';
import { AccessRevokedPanel } from './access-revoked-panel';
import { CompleteDealBanner } from './complete-deal-banner';
import { DealCommentsTab } from './deal-comments-tab';
import { DealDocumentsTab } from './deal-documents-tab';
import { DealOverviewTab } from './deal-overview-tab';
import { DealProposalTab } from './deal-proposal-tab';
import classes from './deal-room.module.css';
import { DealRoomHeader } from './deal-room-header';

const tabValues = ['overview', 'feasibility', 'documents', 'comments', 'proposal'] as const;
type TabValue = (typeof tabValues)[number];

interface DealRoomProps {
  deal: Deal;
  viewerId: string;
  /** Actions for the room's header from outside the deals feature ('Analyse with BrokerAI'). */
  headerActions?: ReactNode;
}

/**
 * The deal room (spec 000 section 2): Overview, Feasibility (issue 21), Documents, Comments and
 * Proposal. Its two parties act in it while it is open; anyone else the server lets in (an admin)
 * only reads.
 */
export function DealRoom({ deal, viewerId, headerActions }: DealRoomProps) {
  const [tab, setTab] = useState<TabValue>('overview');
  const party = dealPartyOf(viewerId, deal);
  const isOpen = deal.status === 'open';
  // A room whose funder's access was revoked is read-only for its developer too (decision 035).
  const isRevoked = deal.access_revoked !== null;
  const canAct = party !== null && isOpen && !isRevoked;
  useLiveDeal(deal.id);
  // The counts on the tabs, and the latest quote for the Overview, load with the room.
  const documents = useDealDocuments(deal.id);
  const comments = useDealComments(deal.id);
  const proposals = useDealProposal(deal.id);
  const count = (list: { items: unknown[] } | undefined) => (list ? ` (${list.items.length})` : '');

  return (
    <Stack gap="xl" className={classes.room}>
      <DealRoomHeader deal={deal} party={party} actions={headerActions} />
      {/* The funder's confidentiality undertaking (decision 033): signed, or asked for first. */}
      {party === 'funder' ? (
        <UndertakingGate accessRequestId={deal.access_request_id} />
      ) : (
        <UndertakingSignatureLine accessRequestId={deal.access_request_id} />
      )}
      {!isOpen && (
        <Alert color="gray" variant="light" c="dark.7" icon={<IconLock aria-hidden />} title="Deal completed">
          {dealMessages.closed}
        </Alert>
      )}
      <AccessRevokedPanel deal={deal} party={party} />
      {isOpen && !isRevoked && deal.proposal_status === 'accepted' && (
        <CompleteDealBanner dealId={deal.id} isDeveloper={party === 'borrower'} />
      )}
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = tabValues.find((t) => t === value);
          if (next) setTab(next);
        }}
        keepMounted={false}
        classNames={{ list: classes.tabList, tab: classes.tab }}
      >
        <Tabs.List aria-label="Deal room sections">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="feasibility">Feasibility</Tabs.Tab>
          <Tabs.Tab value="documents">Documents{count(documents.data)}</Tabs.Tab>
          <Tabs.Tab value="comments">Comments{count(comments.data)}</Tabs.Tab>
          <Tabs.Tab value="proposal">Proposal</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <DealOverviewTab
            deal={deal}
            party={party}
            viewerId={viewerId}
            latestProposal={proposals.data?.proposal}
          />
        </Tabs.Panel>
        <Tabs.Panel value="feasibility" pt="lg">
          <FeasibilityTab project={deal.project} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="lg">
          <DealDocumentsTab dealId={deal.id} viewerId={viewerId} canAct={canAct} />
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="lg">
          <DealCommentsTab dealId={deal.id} viewerId={viewerId} canAct={canAct} />
        </Tabs.Panel>
        <Tabs.Panel value="proposal" pt="lg">
          <DealProposalTab
            deal={deal}
            party={party}
            proposals={proposals.data}
            isLoading={proposals.isPending}
            error={proposals.error}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
