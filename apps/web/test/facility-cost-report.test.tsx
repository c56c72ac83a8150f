import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { facilityQueryKeys } from '../src/features/facilities/api/facility-query-keys';
import type { CostReport } from '../src/features/facilities/api/get-cost-report';
import { CostReportTable } from '../src/features/facilities/components/cost-report-table';
import { drawnOverTime } from '../src/features/facilities/utils/cost-report';
import { aud, centsToDollars, dollarsToCents } from '../src/features/facilities/utils/money';
import { FACILITY, SCREEN_TIMEOUT_MS, scriptedFacilityApi, show } from './facility-test-harness';

// Decision 078: the cost report is the server's GET /facilities/{id}/cost-report, read in one request
// through the real api-client from a real HTTP server answering by script.
const api = scriptedFacilityApi();

const line = (
  id: string,
  code: string,
  name: string,
  category: CostReport['lines'][number]['category'],
  figures: [number, number, number, number, number, number | null],
) => ({
  budget_line_id: id,
  code,
  name,
  category,
  funded_by: 'debt' as const,
  budget_cents: figures[0],
  claimed_cents: figures[1],
  certified_cents: figures[2],
  paid_cents: figures[3],
  retention_held_cents: figures[4],
  cost_to_complete_cents: null,
  to_complete_cents: figures[5],
});

const report: CostReport = {
  lines: [
    line(
      'c',
      'C01',
      'Construction',
      'construction',
      [90_000_000, 45_000_000, 33_000_000, 25_000_000, 1_250_000, 65_000_000],
    ),
    line(
      'k',
      'K01',
      'Contingency',
      'contingency',
      [5_000_000, 1_000_000, 1_000_000, 1_000_000, 0, 4_000_000],
    ),
    line('f', 'F01', 'Interest', 'finance', [3_000_000, 0, 0, 0, 0, null]),
  ],
  totals: {
    budget_cents: 98_000_000,
    claimed_cents: 46_000_000,
    certified_cents: 34_000_000,
    paid_cents: 26_000_000,
    retention_held_cents: 1_250_000,
    to_complete_cents: 69_000_000,
  },
  contingency: { budget_cents: 5_000_000, used_cents: 1_000_000 },
  in_balance: true,
  shortfall_cents: 0,
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('facility cost report', () => {
  it(
    "shows the server's cost report from one GET /facilities/{id}/cost-report: each line's budget, claimed, certified, paid, retention held and to complete, the server's totals and contingency used",
    async () => {
      api.server.script({ status: 200, body: report });
      show(<CostReportTable facilityId={FACILITY} />);
      const table = await screen.findByTestId('cost-report-table');
      expect(api.server.received.map((r) => `${r.method} ${r.url}`)).toEqual([
        `GET /api/facilities/${FACILITY}/cost-report`,
      ]);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Line', 'Budget', 'Claimed', 'Certified', 'Paid', 'Retention held', 'To complete']);
      expect(cells(rowOf('C01 Construction'))).toEqual([
        '$900,000',
        '$450,000',
        '$330,000',
        '$250,000',
        '$12,500',
        '$650,000',
      ]);
      expect(cells(rowOf('K01 Contingency'))).toEqual([
        '$50,000',
        '$10,000',
        '$10,000',
        '$10,000',
        '$0',
        '$40,000',
      ]);
      // The in-balance test does not count finance lines: the column says forecast.
      expect(cells(rowOf('F01 Interest'))).toEqual(['$30,000', '$0', '$0', '$0', '$0', 'forecast']);
      expect(cells(rowOf('Total'))).toEqual([
        '$980,000',
        '$460,000',
        '$340,000',
        '$260,000',
        '$12,500',
        '$690,000',
      ]);
      expect(screen.getByTestId('contingency-used').textContent).toBe(
        'Contingency used: $10,000 of $50,000 (20.0 %).',
      );
    },
    SCREEN_TIMEOUT_MS,
  );

  it(
    "refetches the report when the facility's queries are invalidated (what the 'facility' live event does), without a reload",
    async () => {
      api.server.script({ status: 200, body: report });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <CostReportTable facilityId={FACILITY} />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>,
      );
      await screen.findByTestId('cost-report-table');
      expect(cells(rowOf('C01 Construction'))[4]).toBe('$12,500');
      const funded: CostReport = {
        ...report,
        lines: report.lines.map((l) =>
          l.budget_line_id === 'c' ? { ...l, paid_cents: 33_000_000, retention_held_cents: 1_650_000 } : l,
        ),
        totals: { ...report.totals, paid_cents: 34_000_000, retention_held_cents: 1_650_000 },
      };
      api.server.script({ status: 200, body: funded });
      await client.invalidateQueries({ queryKey: facilityQueryKeys.all });
      await waitFor(() => expect(cells(rowOf('C01 Construction'))[3]).toBe('$330,000'));
      expect(cells(rowOf('C01 Construction'))[4]).toBe('$16,500');
      expect(cells(rowOf('Total'))[3]).toBe('$340,000');
      expect(api.server.received.map((r) => `${r.method} ${r.url}`)).toEqual([
        `GET /api/facilities/${FACILITY}/cost-report`,
      ]);
    },
    SCREEN_TIMEOUT_MS,
  );

  it(
    "says so when there is no approved budget, and shows the server's refusal in its words",
    async () => {
      api.server.script({
        status: 200,
        body: {
          ...report,
          lines: [],
          totals: { ...report.totals },
          contingency: { budget_cents: 0, used_cents: 0 },
        },
      });
      show(<CostReportTable facilityId={FACILITY} />);
      await screen.findByText('No approved budget yet.');
      expect(screen.queryByTestId('cost-report-table')).toBeNull();
      cleanup();

      api.server.script({ status: 404, body: { error: 'Facility not found', code: 'not_found' } });
      show(<CostReportTable facilityId={FACILITY} />);
      await screen.findByText('Facility not found');
      expect(screen.queryByTestId('cost-report-table')).toBeNull();
    },
    SCREEN_TIMEOUT_MS,
  );

  it('drawnOverTime: a point at the close, then the cumulative certified amount at each funded draw in funding order', () => {
    expect(
      drawnOverTime('2026-01-01', 95_000_000, [
        { status: 'funded', funded_on: '2026-03-10', certified_cents: 20_000_000 },
        { status: 'approved', funded_on: null, certified_cents: 9_000_000 },
        { status: 'funded', funded_on: '2026-02-10', certified_cents: 10_000_000 },
      ]),
    ).toEqual([
      { date: '2026-01-01', paid_cents: 0, budget_cents: 95_000_000 },
      { date: '2026-02-10', paid_cents: 10_000_000, budget_cents: 95_000_000 },
      { date: '2026-03-10', paid_cents: 30_000_000, budget_cents: 95_000_000 },
    ]);
  });

  it('dollarsToCents: typed dollars become integer cents digit by digit; anything else is refused', () => {
    expect(dollarsToCents('300,000')).toBe(30_000_000);
    expect(dollarsToCents('$1,234.5')).toBe(123_450);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('1234.567')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(centsToDollars(123_450)).toBe('1234.50');
    expect(centsToDollars(30_000_000)).toBe('300000');
    expect(aud(10_191_781)).toBe('$101,917.81');
    expect(aud(25_000_000)).toBe('$250,000');
  });
});
