import { describe, expect, it } from 'vitest';
import {
  annualInterestCents,
  breachStep,
  type CovenantDefinition,
  type CovenantFigures,
  closestToBreach,
  completionSlipDays,
  covenantLight,
  covenantPeriod,
  cureDaysLeft,
  cureEndsOn,
  cureExpired,
  defaultOn,
  interestCoverBps,
  loanToCostBps,
  lvrBps,
  measureCovenant,
  presaleCoverBps,
  thresholdText,
} from '../../src/facility/covenants';

// Issue 34 item 5 (decision 067): each covenant's measure, its judgement against the threshold,
// the cure period's timing to the event of default, periods and the portfolio's light.

const figures: CovenantFigures = {
  limit_cents: 1_200_000_000n,
  valuation_cents: 2_000_000_000n,
  valued_on: '2026-01-02',
  total_cost_cents: 1_500_000_000n,
  qualifying_presales_cents: 1_080_000_000n,
  in_balance_shortfall_cents: 0n,
  latest_practical_completion_date: '2027-03-31',
  forecast_completion_date: '2027-03-31',
  interest_bearing_cents: 500_000_000n,
  rate_bps: 1_000,
};
const def = (kind: CovenantDefinition['kind'], threshold: number, extra: Partial<CovenantDefinition> = {}) =>
  ({ kind, threshold, frequency: 'monthly', cure_days: 30, ...extra }) as CovenantDefinition;

describe('LVR: limit ÷ latest valuation, at most the threshold', () => {
  it('measures in basis points, half-even', () => {
    expect(lvrBps(figures)).toBe(6_000);
    expect(lvrBps({ limit_cents: 2n, valuation_cents: 3n })).toBe(6_667);
    expect(lvrBps({ limit_cents: 1n, valuation_cents: 8n })).toBe(1_250);
  });
  it('passes at the threshold, breaches a basis point over it', () => {
    expect(measureCovenant(def('lvr', 6_000), figures)).toMatchObject({ status: 'pass', headroom: 0 });
    const over = measureCovenant(def('lvr', 5_999), figures);
    expect(over).toMatchObject({ status: 'breach', value: 6_000, headroom: -1 });
    expect(over.message).toBe('Loan to value (LVR) breached: 60.00% against at most 59.99%');
    expect(over.workings).toContainEqual(['Latest valuation (2 January 2026)', '$20,000,000']);
  });
  it('is not tested without a valuation', () => {
    const m = measureCovenant(def('lvr', 6_500), { ...figures, valuation_cents: null });
    expect(m).toMatchObject({ status: 'not_tested', value: null, headroom: null });
    expect(m.message).toContain('no valuation');
  });
});

describe('loan to cost: limit ÷ total development cost', () => {
  it('measures and judges', () => {
    expect(loanToCostBps(figures)).toBe(8_000);
    expect(measureCovenant(def('loan_to_cost', 8_000), figures).status).toBe('pass');
    expect(measureCovenant(def('loan_to_cost', 7_500), figures)).toMatchObject({
      status: 'breach',
      headroom: -500,
    });
  });
  it('is not tested without a budget', () => {
    expect(measureCovenant(def('loan_to_cost', 8_000), { ...figures, total_cost_cents: null }).status).toBe(
      'not_tested',
    );
  });
});

describe('presale cover: qualifying presales ex GST ÷ limit, at least the threshold', () => {
  it('measures and judges', () => {
    expect(presaleCoverBps(figures)).toBe(9_000);
    expect(measureCovenant(def('presale_cover', 9_000), figures).status).toBe('pass');
    const short = measureCovenant(def('presale_cover', 10_000), figures);
    expect(short).toMatchObject({ status: 'breach', headroom: -1_000 });
    expect(short.message).toBe('Presale cover breached: 90.00% against at least 100.00%');
  });
  it('no presales at all is 0 % cover; no register is not tested', () => {
    expect(presaleCoverBps({ ...figures, qualifying_presales_cents: 0n })).toBe(0);
    expect(
      measureCovenant(def('presale_cover', 0), { ...figures, qualifying_presales_cents: 0n }).status,
    ).toBe('pass');
    expect(
      measureCovenant(def('presale_cover', 5_000), { ...figures, qualifying_presales_cents: null }).status,
    ).toBe('not_tested');
  });
});

describe('in balance: the in-balance shortfall, at most the threshold (cents)', () => {
  it('passes with no shortfall and breaches with one', () => {
    expect(measureCovenant(def('in_balance', 0), figures)).toMatchObject({ status: 'pass', value: 0 });
    const short = measureCovenant(def('in_balance', 0), {
      ...figures,
      in_balance_shortfall_cents: 2_500_000n,
    });
    expect(short).toMatchObject({ status: 'breach', value: 2_500_000, headroom: -2_500_000 });
    expect(short.message).toBe('In balance breached: $25,000 against no shortfall');
    expect(
      measureCovenant(def('in_balance', 2_500_000), { ...figures, in_balance_shortfall_cents: 2_500_000n })
        .status,
    ).toBe('pass');
  });
});

describe('latest practical completion date: forecast completion no later than it (+ threshold days)', () => {
  it('counts the days late', () => {
    expect(completionSlipDays({ ...figures, forecast_completion_date: '2027-04-10' })).toBe(10);
    expect(measureCovenant(def('practical_completion', 0), figures).status).toBe('pass');
    const late = measureCovenant(def('practical_completion', 0), {
      ...figures,
      forecast_completion_date: '2027-04-01',
    });
    expect(late).toMatchObject({ status: 'breach', value: 1 });
    expect(late.message).toBe(
      'Latest practical completion date breached: 1 day against no later than the latest date',
    );
    expect(
      measureCovenant(def('practical_completion', 30), { ...figures, forecast_completion_date: '2027-04-30' })
        .status,
    ).toBe('pass');
  });
});

describe('interest cover: annual net income ÷ a year of interest, at least the threshold', () => {
  it('measures where income exists', () => {
    expect(annualInterestCents(figures)).toBe(50_000_000n);
    expect(interestCoverBps(figures, 75_000_000n)).toBe(15_000);
    const m = measureCovenant(def('interest_cover', 15_000, { annual_income_cents: 75_000_000n }), figures);
    expect(m).toMatchObject({ status: 'pass', value: 15_000, headroom: 0 });
    expect(m.message).toContain('1.50x');
    expect(
      measureCovenant(def('interest_cover', 20_000, { annual_income_cents: 75_000_000n }), figures).status,
    ).toBe('breach');
  });
  it('is not tested without income; passes with nothing bearing interest', () => {
    expect(measureCovenant(def('interest_cover', 15_000), figures).status).toBe('not_tested');
    const none = measureCovenant(def('interest_cover', 15_000, { annual_income_cents: 1n }), {
      ...figures,
      interest_bearing_cents: 0n,
    });
    expect(none).toMatchObject({ status: 'pass', value: null });
  });
});

describe('the cure period runs to an event of default', () => {
  it('cure_days after the breach is the last day to cure; default the day after', () => {
    expect(cureEndsOn('2026-11-02', 30)).toBe('2026-12-02');
    expect(defaultOn('2026-11-02', 30)).toBe('2026-12-03');
    expect(cureExpired('2026-11-02', 30, '2026-12-02')).toBe(false);
    expect(cureExpired('2026-11-02', 30, '2026-12-03')).toBe(true);
    expect(cureDaysLeft('2026-11-02', 30, '2026-11-30')).toBe(2);
    expect(cureDaysLeft('2026-11-02', 30, '2026-12-02')).toBe(0);
    // No cure days: default on the day of the breach.
    expect(defaultOn('2026-11-02', 0)).toBe('2026-11-02');
  });

  it('a new breach opens a cure period; a pass cures; still breached once it has run is default', () => {
    expect(breachStep('breach', null, '2026-11-02', 10)).toEqual({
      action: 'breach',
      cure_ends_on: '2026-11-12',
      default_on: '2026-11-13',
    });
    const open = { breached_on: '2026-11-02', cure_days: 10 };
    expect(breachStep('breach', open, '2026-11-12', 10)).toEqual({ action: 'none' });
    expect(breachStep('breach', open, '2026-11-13', 10)).toEqual({
      action: 'default',
      default_on: '2026-11-13',
    });
    expect(breachStep('pass', open, '2026-11-12', 10)).toEqual({ action: 'cured' });
    expect(breachStep('pass', null, '2026-11-12', 10)).toEqual({ action: 'none' });
    expect(breachStep('not_tested', open, '2026-12-30', 10)).toEqual({ action: 'none' });
    expect(breachStep('breach', null, '2026-11-02', 0)).toEqual({
      action: 'default',
      default_on: '2026-11-02',
    });
    // The cure days of the breach hold, even if the covenant's are changed afterwards.
    expect(breachStep('breach', open, '2026-11-13', 60)).toEqual({
      action: 'default',
      default_on: '2026-11-13',
    });
  });
});

describe('periods, lights and words', () => {
  it('monthly and quarterly periods', () => {
    expect(covenantPeriod('monthly', '2026-11-29')).toBe('2026-11');
    expect(covenantPeriod('quarterly', '2026-11-29')).toBe('2026-Q4');
    expect(covenantPeriod('quarterly', '2026-01-01')).toBe('2026-Q1');
  });
  it('red in default or past cure, amber in cure or near, green otherwise', () => {
    const pass = { kind: 'lvr' as const, status: 'pass' as const, threshold: 6_500, headroom: 1_000 };
    const base = { in_default: false, measures: [pass], open_breaches: [], today: '2026-11-29' };
    expect(covenantLight(base)).toBe('green');
    expect(covenantLight({ ...base, in_default: true })).toBe('red');
    expect(covenantLight({ ...base, open_breaches: [{ breached_on: '2026-11-20', cure_days: 30 }] })).toBe(
      'amber',
    );
    expect(covenantLight({ ...base, open_breaches: [{ breached_on: '2026-10-01', cure_days: 30 }] })).toBe(
      'red',
    );
    // Within 5 % of the threshold (325 bps of 6,500): amber.
    expect(covenantLight({ ...base, measures: [{ ...pass, headroom: 300 }] })).toBe('amber');
    expect(covenantLight({ ...base, measures: [{ ...pass, headroom: 325 }] })).toBe('green');
  });
  it('the covenant closest to breach, relative to its threshold', () => {
    const found = closestToBreach([
      { kind: 'lvr', threshold: 6_500, headroom: 500 },
      { kind: 'presale_cover', threshold: 10_000, headroom: 200 },
      { kind: 'in_balance', threshold: 0, headroom: null },
    ] as const);
    expect(found?.kind).toBe('presale_cover');
  });
  it('thresholds in words', () => {
    expect(thresholdText('lvr', 6_500)).toBe('at most 65.00%');
    expect(thresholdText('presale_cover', 10_000)).toBe('at least 100.00%');
    expect(thresholdText('interest_cover', 15_000)).toBe('at least 1.50x');
    expect(thresholdText('in_balance', 0)).toBe('no shortfall');
    expect(thresholdText('in_balance', 100_000)).toBe('a shortfall of at most $1,000');
    expect(thresholdText('practical_completion', 14)).toBe('at most 14 days late');
  });
});
