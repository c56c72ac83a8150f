import { Stack, Text } from '@mantine/core';
import { revenueOf } from '@plinth/domain/broker-ai/feasibility';
import type { Deal, DealParty } from '@plinth/domain/deals';
import { debtToEquity, lvr, monthlyInterest, profitMargin } from '@plinth/domain/finance';
import { formatAud, formatMultiple, formatRate } from '@plinth/domain/format';
import type { Proposal } from '@plinth/domain/proposals';
import { dealStageLabel, dealStatusLook, NOT_SET, proposalStatusLook } from '../utils/deal-labels';
import { DetailList } from './detail-list';
import { RoomSection as Section } from './room-section';
import { ShareContactPanel } from './share-contact-panel';
import { StatusBadge } from './status-badge';

interface DealOverviewTabProps {
  deal: Deal;
  party: DealParty | null;
  viewerId: string;
  latestProposal: Proposal | null | undefined;
}

const aud = (v: number | null) => (v == null ? NOT_SET : formatAud(v));

/**
 * Two revenue figures, each named by its basis (issue 37 item 10): the GDC the developer entered,
 * and the revenue Feasibility and BrokerAI work on (GRV ex GST: total cost + expected profit, else
 * the GDC). When they differ, the room says by how much and why, instead of leaving two numbers.
 */
export function revenueNote(p: Deal['project']): string | null {
  const revenue = revenueOf(p);
  if (p.expected_gdc == null || revenue == null || revenue === p.expected_gdc) return null;
  const gap = p.expected_gdc - revenue;
  return `Feasibility and BrokerAI use revenue of ${formatAud(revenue)}: GRV ex GST, worked as total cost ${formatAud(
    p.total_project_cost ?? 0,
  )} + expected profit ${formatAud(p.expected_profit ?? 0)}. The developer's GDC of ${formatAud(
    p.expected_gdc,
  )} is ${formatAud(Math.abs(gap))} ${gap > 0 ? 'more' : 'less'}; the listing does not break that down (a GDC often includes GST and selling costs).`;
}

/**
 * The project's figures through the domain's finance functions (spec 000 section 5: profit margin
 * on GDC in the deal room), both parties, where the deal stands, and contact sharing.
 */
export function DealOverviewTab({ deal, party, viewerId, latestProposal }: DealOverviewTabProps) {
  const p = deal.project;
  const ratio = debtToEquity(p.loan_amount, p.equity_contribution);
  const status = dealStatusLook[deal.status];
  const proposalLook = deal.proposal_status ? proposalStatusLook[deal.proposal_status] : null;
  const note = revenueNote(p);

  const figures = [
    { label: 'Loan Amount', value: formatAud(p.loan_amount) },
    { label: 'Interest Rate', value: formatRate(p.interest_rate) },
    { label: 'Loan Term', value: p.loan_term == null ? NOT_SET : `${p.loan_term} months` },
    { label: 'LVR', value: formatRate(lvr(p.loan_amount, p.land_value)) },
    { label: 'Total Project Cost', value: aud(p.total_project_cost) },
    { label: 'GDC (as entered)', value: aud(p.expected_gdc) },
    { label: 'Revenue (GRV ex GST)', value: aud(revenueOf(p)) },
    { label: 'Expected Profit', value: aud(p.expected_profit) },
    { label: 'Profit Margin (on GDC)', value: formatRate(profitMargin(p.expected_profit, p.expected_gdc)) },
    { label: 'Equity Contribution', value: aud(p.equity_contribution) },
    { label: 'Debt / Equity', value: formatMultiple(ratio) },
    { label: 'Monthly Interest', value: aud(monthlyInterest(p.loan_amount, p.interest_rate)) },
    { label: 'Land Value', value: aud(p.land_value) },
  ];

  const about = [
    { label: 'Property Type', value: p.property_type },
    { label: 'Development Stage', value: p.development_stage },
    { label: 'Location', value: [p.suburb, p.state].filter(Boolean).join(', ') || 'Location TBD' },
  ];

  const parties = [
    { label: 'Developer', value: deal.borrower_name },
    // Null to the funder until the developer shares their contact (decision 042).
    {
      label: 'Developer Email',
      value: deal.borrower_email ?? 'Shown once the developer shares contact details',
    },
    { label: 'Funder', value: deal.funder_name },
    { label: 'Funder Company', value: deal.funder_company ?? NOT_SET },
    { label: 'Funder Email', value: deal.funder_email },
  ];

  const standing = [
    { label: 'Deal Status', value: <StatusBadge label={status.label} tone={status.tone} /> },
    { label: 'Stage', value: dealStageLabel(deal.access_status) },
    {
      label: 'Latest Quote',
      value: proposalLook ? <StatusBadge label={proposalLook.label} tone={proposalLook.tone} /> : 'None yet',
    },
    {
      label: 'Quoted',
      value: latestProposal
        ? `${formatAud(latestProposal.loan_amount)} at ${formatRate(latestProposal.interest_rate)}`
        : NOT_SET,
    },
  ];

  return (
    <Stack gap="lg">
      <Section title="Project Figures">
        <DetailList items={figures} />
        {note && (
          <Text fz="sm" c="gray.7" mt="sm" data-testid="revenue-basis">
            {note}
          </Text>
        )}
      </Section>
      <Section title="Project">
        <DetailList items={about} cols={3} />
      </Section>
      <Section title="Status">
        <DetailList items={standing} />
      </Section>
      <Section title="Parties">
        <DetailList items={parties} cols={3} />
      </Section>
      {/* Read-only once access was revoked: no sharing (issue 37 item 11). */}
      {party && !deal.access_revoked && <ShareContactPanel deal={deal} party={party} viewerId={viewerId} />}
    </Stack>
  );
}
