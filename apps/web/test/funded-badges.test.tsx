import { MantineProvider } from '@mantine/core';
import type { ProjectResponse } from '@plinth/domain/projects';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { ProjectStatusBadge } from '../src/features/admin/components/project-status-badge';
import { BorrowerProjectCard } from '../src/features/projects/components/borrower-project-card';
import { ProjectCardList } from '../src/features/projects/components/project-card-list';
import { ProjectTable } from '../src/features/projects/components/project-table';
import { ProjectTimelineTab } from '../src/features/projects/components/project-timeline-tab';

// Issue 23 item 5: a listing whose deal completed reads 'Funded' to its developer (card, table,
// mobile list, timeline) and to admins, each with the navy badge, not the green of a live listing.

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const live: ProjectResponse = {
  id: 'p1',
  borrower_id: 'u1',
  borrower_name: 'Dana Developer',
  borrower_email: 'dana@example.com',
  title: 'Harbour View Terraces',
  description: null,
  location: '12 Smith St',
  suburb: 'Marrickville',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2204',
  latitude: null,
  longitude: null,
  property_type: 'Residential',
  development_stage: 'Construction',
  loan_amount: 2_400_000,
  interest_rate: 9.5,
  loan_term: 18,
  total_project_cost: 4_000_000,
  equity_contribution: 1_000_000,
  land_value: null,
  construction_cost: null,
  expected_gdc: null,
  expected_profit: null,
  project_size_sqm: null,
  number_of_units: null,
  number_of_levels: null,
  car_spaces: null,
  zoning: null,
  planning_permit_status: 'Approved',
  expected_start_date: null,
  expected_completion_date: null,
  market_risk_rating: 'medium',
  construction_risk_rating: 'medium',
  location_risk_rating: 'medium',
  payment_status: 'paid',
  visible: true,
  submission_status: 'submitted',
  payment_not_received: false,
  status_label: 'Published',
  last_rejection_reason: null,
  rejection_date: null,
  documents_complete: true,
  document_count: 6,
  deal_count: 0,
  stripe_payment_intent_id: null,
  payment_date: '2026-11-01T01:00:00.000Z',
  published_at: '2026-11-02T01:00:00.000Z',
  funded_at: null,
  created_at: '2026-10-30T01:00:00.000Z',
  updated_at: '2026-11-28T03:00:00.000Z',
  lvr: null,
  icr: null,
  debt_to_equity: null,
  monthly_interest: null,
  profit_margin: null,
  risk_profile: 'medium',
};
const funded: ProjectResponse = { ...live, status_label: 'Funded', funded_at: '2026-11-28T03:00:00.000Z' };

function renderIn(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <MemoryRouter>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The badge element (Mantine's root) around a label, and whether its colours are navy's. */
const badgeOf = (text: string) => screen.getByText(text).closest('.mantine-Badge-root') as HTMLElement;
const isNavy = (badge: HTMLElement) => {
  const style = badge.getAttribute('style') ?? '';
  return style.includes('navy') && !style.includes('green');
};

describe("a funded listing reads 'Funded'", () => {
  it('the developer’s card: FUNDED in navy, with no Publish, review or resubmit button; a live one LIVE in green', () => {
    renderIn(<BorrowerProjectCard project={funded} />);
    expect(isNavy(badgeOf('FUNDED'))).toBe(true);
    expect(screen.queryByText('LIVE')).toBeNull();
    for (const name of [/publish/i, /under admin review/i, /submit for re-review/i])
      expect(screen.queryByRole('button', { name })).toBeNull();
    cleanup();
    renderIn(<BorrowerProjectCard project={live} />);
    expect(isNavy(badgeOf('LIVE'))).toBe(false);
  });

  it('the developer’s table and mobile list: Funded beside Published', () => {
    const other = { ...live, id: 'p2', title: 'Still Live' };
    renderIn(<ProjectTable projects={[funded, other]} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Funded')).toBeTruthy();
    expect(isNavy(badgeOf('Funded'))).toBe(true);
    expect(within(rows[1]!).getByText('Published')).toBeTruthy();
    cleanup();
    renderIn(<ProjectCardList projects={[funded]} />);
    expect(isNavy(badgeOf('Funded'))).toBe(true);
    expect(screen.queryByText('Published')).toBeNull();
  });

  it('the project’s timeline: the status says funded, and the history has the publication and the funding', () => {
    renderIn(<ProjectTimelineTab project={funded} />);
    expect(screen.getByText(/^Funded: a deal on the project was completed/)).toBeTruthy();
    expect(screen.getByText('Published to funders')).toBeTruthy();
    expect(screen.getByText('Funded: deal completed')).toBeTruthy();
  });

  it('the admin console’s badge: Funded in navy, Published in green', () => {
    renderIn(
      <>
        <ProjectStatusBadge label="Funded" />
        <ProjectStatusBadge label="Published" />
      </>,
    );
    expect(isNavy(badgeOf('Funded'))).toBe(true);
    expect(badgeOf('Published').getAttribute('style')).toContain('green');
  });
});
