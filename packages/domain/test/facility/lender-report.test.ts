import { describe, expect, it } from 'vitest';
import {
  firstBusinessDay,
  type LenderReportInput,
  lenderReport,
  monthLabel,
  reportDue,
  reportedMonth,
  sydneyMidnight,
} from '../../src/facility/lender-report';

// Issue 34 item 6 (decision 067): when the monthly report is due and what it holds.

describe('when the report is made', () => {
  it('on the first business day of the month, for the month before', () => {
    // 1 November 2026 is a Sunday: Monday the 2nd.
    expect(firstBusinessDay('NSW', '2026-11-20')).toBe('2026-11-02');
    // 1 January is a holiday, 2 January 2027 a Saturday: Monday the 4th.
    expect(firstBusinessDay('VIC', '2027-01-15')).toBe('2027-01-04');
    expect(reportDue('NSW', '2026-11-01')).toBe(false);
    expect(reportDue('NSW', '2026-11-02')).toBe(true);
    expect(reportDue('NSW', '2026-11-29')).toBe(true);
    expect(reportedMonth('2026-11-02')).toBe('2026-10-01');
    expect(reportedMonth('2027-01-04')).toBe('2026-12-01');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
  });
  it("a Sydney month starts at Sydney's midnight (AEDT in summer, AEST in winter)", () => {
    expect(sydneyMidnight('2026-11-01').toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(sydneyMidnight('2026-06-01').toISOString()).toBe('2026-05-31T14:00:00.000Z');
  });
});

const input: LenderReportInput = {
  month: '2026-10-01',
  project_title: 'Marrickville Terraces',
  state: 'NSW',
  facility: {
    status: 'active',
    limit_cents: 1_200_000_000n,
    interest_rate_bps: 1_000,
    maturity_date: '2027-06-30',
    latest_practical_completion_date: '2027-03-31',
  },
  progress: {
    percent_complete_bps: 4_250,
    inspected_on: '2026-10-06',
    delay_days: 14,
    forecast_completion_date: '2027-04-14',
  },
  lines: [
    {
      code: 'C1',
      name: 'Construction',
      category: 'construction',
      budget_cents: 600_000_000n,
      claimed_cents: 250_000_000n,
      paid_cents: 200_000_000n,
      pending_cents: 50_000_000n,
      retention_held_cents: 10_000_000n,
      cost_to_complete_cents: 360_000_000n,
    },
    {
      code: 'L1',
      name: 'Land',
      category: 'land',
      budget_cents: 300_000_000n,
      claimed_cents: 300_000_000n,
      paid_cents: 300_000_000n,
      pending_cents: 0n,
      retention_held_cents: 0n,
      cost_to_complete_cents: null,
    },
  ],
  draws: [
    {
      number: 3,
      status: 'funded',
      claimed_cents: 50_000_000n,
      certified_cents: 48_000_000n,
      submitted_on: '2026-10-03',
      funded_on: '2026-10-20',
      percent_complete_bps: 4_250,
    },
  ],
  in_balance: {
    available_cents: 700_000_000n,
    required_cents: 720_000_000n,
    shortfall_cents: 20_000_000n,
    lines: [{ name: 'Construction', required_cents: 400_000_000n, basis: 'cost_to_complete' }],
  },
  ledger: {
    balances: [['Principal', 500_000_000n]],
    journals_in_month: 33,
    interest_in_month_cents: 4_246_575n,
    drawn_cents: 500_000_000n,
    undrawn_cents: 700_000_000n,
  },
  covenants: [
    {
      label: 'Loan to value (LVR)',
      status: 'pass',
      message: 'LVR: 60.00%',
      threshold_text: 'at most 65.00%',
    },
  ],
  presales: {
    open: 12,
    registered_total_cents: 1_100_000_000n,
    qualifying_total_cents: 900_000_000n,
    cover_bps: 7_500,
    non_qualifying: 2,
    warnings: ['Lot 4: forecast completion leaves 100 days before its sunset date'],
  },
  comments: [{ draw_number: 3, author: 'Quinn Surveyor', on: '2026-10-06', body: 'Slab poured on level 2.' }],
};

describe('what the report holds', () => {
  const report = lenderReport(input);
  const section = (heading: string) => report.sections.find((s) => s.heading === heading);

  it('every section a credit team reads, in order', () => {
    expect(report.title).toBe('Lender report: Marrickville Terraces');
    expect(report.subtitle).toBe('October 2026 (to 31 October 2026), NSW');
    expect(report.sections.map((s) => s.heading)).toEqual([
      'Summary',
      'Progress',
      'Cost report',
      'Draws in October 2026',
      'In-balance test',
      'Ledger summary',
      'Covenants',
      'Presales',
      'Sunset warnings',
      "Quantity surveyor's comments",
    ]);
  });

  it('progress, the cost report with totals, the draws, the in-balance shortfall', () => {
    expect(section('Progress')).toMatchObject({
      rows: expect.arrayContaining([
        ['Complete (surveyor)', '42.50%'],
        ['Forecast practical completion', '14 April 2027'],
        ['Reported delay', '14 days'],
      ]),
    });
    const cost = section('Cost report');
    if (cost?.kind !== 'table') throw new Error('cost report is a table');
    expect(cost.rows[0]).toEqual([
      'C1 Construction (Construction)',
      '$6,000,000',
      '$2,500,000',
      '$2,000,000',
      '$500,000',
      '$100,000',
      '$3,600,000',
    ]);
    // Land: no cost to complete reported, so the budget not yet paid or pending ($0).
    expect(cost.rows[1]?.[6]).toBe('$0');
    expect(cost.rows[2]).toEqual([
      'Total',
      '$9,000,000',
      '$5,500,000',
      '$5,000,000',
      '$500,000',
      '$100,000',
      '$3,600,000',
    ]);
    const draws = section('Draws in October 2026');
    if (draws?.kind !== 'table') throw new Error('draws is a table');
    expect(draws.rows).toEqual([
      ['3', 'funded', '3 October 2026', '$500,000', '$480,000', '20 October 2026'],
    ]);
    const ib = section('In-balance test');
    if (ib?.kind !== 'table') throw new Error('in-balance is a table');
    expect(ib.rows.at(-1)).toEqual(['Shortfall (equity needed first)', '', '$200,000']);
  });

  it('ledger, covenants, presales and the surveyor in words', () => {
    expect(section('Ledger summary')).toMatchObject({
      rows: expect.arrayContaining([
        ['Journals in October 2026', '33'],
        ['Interest accrued in October 2026', '$42,465.75'],
      ]),
    });
    expect(section('Presales')).toMatchObject({
      rows: expect.arrayContaining([['Presale cover', '75.00%']]),
    });
    expect(section("Quantity surveyor's comments")).toMatchObject({
      paragraphs: ['Draw 3, 6 October 2026, Quinn Surveyor: Slab poured on level 2.'],
    });
  });

  it('an empty month says so', () => {
    const empty = lenderReport({
      ...input,
      draws: [],
      comments: [],
      covenants: [],
      presales: null,
      in_balance: null,
    });
    const draws = empty.sections.find((s) => s.heading.startsWith('Draws'));
    if (draws?.kind !== 'table') throw new Error('draws is a table');
    expect(draws.rows).toEqual([['-', 'No draws this month', '', '', '', '']]);
    expect(empty.sections.map((s) => s.heading)).not.toContain('Presales');
    expect(empty.sections.at(-1)).toMatchObject({
      paragraphs: ['No comments from the surveyor this month.'],
    });
  });
});
