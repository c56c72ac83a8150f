import { describe, expect, it } from 'vitest';
import { costReport, costReportTotals, drawnOverTime } from '../src/features/facilities/utils/cost-report';
import { aud, centsToDollars, dollarsToCents } from '../src/features/facilities/utils/money';

const budget = [
  { id: 'c', code: 'C01', name: 'Construction', category: 'construction' as const, amount_cents: 90_000_000 },
  { id: 'k', code: 'K01', name: 'Contingency', category: 'contingency' as const, amount_cents: 5_000_000 },
];
const line = (id: string, claimed: number, certified: number | null, retention: number | null = null) => ({
  budget_line_id: id,
  code: '',
  name: '',
  category: 'construction' as const,
  budget_cents: 0,
  claimed_cents: claimed,
  certified_cents: certified,
  cost_to_complete_cents: null,
  retention_cents: retention,
  reason: null,
});

describe('facility cost report', () => {
  it('costReport: funded draws count as claimed, certified and paid with their retention; certified ones as claimed and certified; submitted as claimed only; drafts, returned and cancelled not at all', () => {
    const report = costReport(
      budget,
      [
        {
          status: 'funded',
          lines: [line('c', 30_000_000, 25_000_000, 1_250_000), line('k', 1_000_000, 1_000_000, 0)],
        },
        { status: 'certified', lines: [line('c', 10_000_000, 8_000_000)] },
        { status: 'submitted', lines: [line('c', 5_000_000, null)] },
        { status: 'draft', lines: [line('c', 99_000_000, null)] },
        { status: 'returned', lines: [line('c', 77_000_000, null)] },
        { status: 'cancelled', lines: [line('k', 66_000_000, null)] },
      ],
      new Map([['c', 65_000_000]]),
    );
    expect(
      report.map((r) => [
        r.code,
        r.claimed_cents,
        r.certified_cents,
        r.paid_cents,
        r.retention_cents,
        r.to_complete_cents,
      ]),
    ).toEqual([
      ['C01', 45_000_000, 33_000_000, 25_000_000, 1_250_000, 65_000_000],
      ['K01', 1_000_000, 1_000_000, 1_000_000, 0, null],
    ]);
    expect(costReportTotals(report)).toEqual({
      budget_cents: 95_000_000,
      claimed_cents: 46_000_000,
      certified_cents: 34_000_000,
      paid_cents: 26_000_000,
      retention_cents: 1_250_000,
      to_complete_cents: 65_000_000,
    });
  });

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
