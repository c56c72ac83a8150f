import { describe, expect, it } from 'vitest';
import {
  debtToEquity,
  type FigureInputs,
  icr,
  lvr,
  lvrBarPercent,
  monthlyInterest,
  profitMargin,
  projectFigures,
  type RiskRating,
  returnPotential,
  riskProfile,
  riskRatings,
} from '../src/finance';

// The worked example used throughout (spec 000 section 5, Derived figures):
//   loan 4,000,000; land 2,500,000; rate 9.5 %; term 18 months; total cost 6,000,000;
//   equity 1,500,000; expected profit 1,800,000; GDC 7,800,000.
//   LVR            = 4,000,000 / 2,500,000 x 100            = 160
//   annual interest = 4,000,000 x 9.5 / 100                  = 380,000
//   monthly interest = 380,000 / 12                          = 31,666.666…
//   ICR            = 1,800,000 / (18 / 12) / 380,000
//                  = 1,200,000 / 380,000                     = 3.15789…
//   debt / equity  = 4,000,000 / 1,500,000                   = 2.666…
//   margin on cost = 1,800,000 / 6,000,000 x 100             = 30
//   margin on GDC  = 1,800,000 / 7,800,000 x 100             = 23.0769…
//   return potential = 1,800,000 / 6,000,000                 = 0.3
const example = {
  loan: 4_000_000,
  land: 2_500_000,
  rate: 9.5,
  term: 18,
  cost: 6_000_000,
  equity: 1_500_000,
  profit: 1_800_000,
  gdc: 7_800_000,
};

const missing = [null, undefined, Number.NaN, Number.POSITIVE_INFINITY];

describe('lvr', () => {
  it('lvr: loan 4,000,000 on land 2,500,000 returns 160', () => {
    expect(lvr(example.loan, example.land)).toBeCloseTo(160, 10);
  });

  it('lvr: loan 1,000,000 on land 2,000,000 returns 50', () => {
    expect(lvr(1_000_000, 2_000_000)).toBe(50);
  });

  it('lvr: a loan of 0 returns 0', () => {
    expect(lvr(0, 2_000_000)).toBe(0);
  });

  it('lvr: with land value 0 or negative returns null (no division by zero)', () => {
    expect(lvr(example.loan, 0)).toBeNull();
    expect(lvr(example.loan, -1)).toBeNull();
  });

  it('lvr: with either input missing or not finite returns null', () => {
    for (const m of missing) {
      expect(lvr(m, example.land)).toBeNull();
      expect(lvr(example.loan, m)).toBeNull();
    }
  });
});

describe('lvrBarPercent', () => {
  it('lvrBarPercent: an LVR of 160 draws a full bar of 100', () => {
    expect(lvrBarPercent(160)).toBe(100);
  });

  it('lvrBarPercent: an LVR within 0-100 draws as itself', () => {
    expect(lvrBarPercent(0)).toBe(0);
    expect(lvrBarPercent(62.5)).toBe(62.5);
    expect(lvrBarPercent(100)).toBe(100);
  });

  it('lvrBarPercent: no LVR (null) draws an empty bar', () => {
    expect(lvrBarPercent(null)).toBe(0);
  });

  it('lvrBarPercent: a negative value draws an empty bar', () => {
    expect(lvrBarPercent(-5)).toBe(0);
  });
});

describe('monthlyInterest', () => {
  it('monthlyInterest: loan 4,000,000 at 9.5 % returns 31,666.67 a month', () => {
    expect(monthlyInterest(example.loan, example.rate)).toBeCloseTo(31_666.67, 2);
  });

  it('monthlyInterest: loan 1,200,000 at 10 % returns 10,000 a month', () => {
    // 1,200,000 x 10 / 100 = 120,000 a year = 10,000 a month.
    expect(monthlyInterest(1_200_000, 10)).toBe(10_000);
  });

  it('monthlyInterest: a rate of 0 returns 0', () => {
    expect(monthlyInterest(example.loan, 0)).toBe(0);
  });

  it('monthlyInterest: with either input missing or not finite returns null', () => {
    for (const m of missing) {
      expect(monthlyInterest(m, example.rate)).toBeNull();
      expect(monthlyInterest(example.loan, m)).toBeNull();
    }
  });
});

describe('icr', () => {
  it('icr: profit 1,800,000 over 18 months on 4,000,000 at 9.5 % returns 3.158', () => {
    expect(icr(example.profit, example.term, example.loan, example.rate)).toBeCloseTo(3.158, 3);
  });

  it('icr: profit 240,000 over 24 months on 1,000,000 at 12 % returns 1', () => {
    // 240,000 / 2 years = 120,000 a year; annual interest 1,000,000 x 12 % = 120,000.
    expect(icr(240_000, 24, 1_000_000, 12)).toBeCloseTo(1, 12);
  });

  it('icr: with a rate of 0 returns null (no interest to cover)', () => {
    expect(icr(example.profit, example.term, example.loan, 0)).toBeNull();
  });

  it('icr: with a loan of 0 returns null (no interest to cover)', () => {
    expect(icr(example.profit, example.term, 0, example.rate)).toBeNull();
  });

  it('icr: with a term of 0 or less returns null', () => {
    expect(icr(example.profit, 0, example.loan, example.rate)).toBeNull();
    expect(icr(example.profit, -6, example.loan, example.rate)).toBeNull();
  });

  it('icr: with a negative rate returns null', () => {
    expect(icr(example.profit, example.term, example.loan, -1)).toBeNull();
  });

  it('icr: with any input missing or not finite returns null', () => {
    for (const m of missing) {
      expect(icr(m, example.term, example.loan, example.rate)).toBeNull();
      expect(icr(example.profit, m, example.loan, example.rate)).toBeNull();
      expect(icr(example.profit, example.term, m, example.rate)).toBeNull();
      expect(icr(example.profit, example.term, example.loan, m)).toBeNull();
    }
  });
});

describe('debtToEquity', () => {
  it('debtToEquity: loan 4,000,000 on equity 1,500,000 returns 2.667', () => {
    expect(debtToEquity(example.loan, example.equity)).toBeCloseTo(2.667, 3);
  });

  it('debtToEquity: loan 3,000,000 on equity 1,000,000 returns 3', () => {
    expect(debtToEquity(3_000_000, 1_000_000)).toBe(3);
  });

  it('debtToEquity: with equity 0 or negative returns null', () => {
    expect(debtToEquity(example.loan, 0)).toBeNull();
    expect(debtToEquity(example.loan, -100)).toBeNull();
  });

  it('debtToEquity: with either input missing or not finite returns null', () => {
    for (const m of missing) {
      expect(debtToEquity(m, example.equity)).toBeNull();
      expect(debtToEquity(example.loan, m)).toBeNull();
    }
  });
});

describe('profitMargin and returnPotential', () => {
  it('profitMargin: profit 1,800,000 on total cost 6,000,000 returns 30 (project page)', () => {
    expect(profitMargin(example.profit, example.cost)).toBeCloseTo(30, 10);
  });

  it('profitMargin: profit 1,800,000 on GDC 7,800,000 returns 23.08 (deal room)', () => {
    expect(profitMargin(example.profit, example.gdc)).toBeCloseTo(23.077, 3);
  });

  it('profitMargin: a loss gives a negative margin', () => {
    expect(profitMargin(-600_000, 6_000_000)).toBeCloseTo(-10, 10);
  });

  it('profitMargin: with a base of 0 or negative returns null', () => {
    expect(profitMargin(example.profit, 0)).toBeNull();
    expect(profitMargin(example.profit, -1)).toBeNull();
  });

  it('profitMargin: with either input missing or not finite returns null', () => {
    for (const m of missing) {
      expect(profitMargin(m, example.cost)).toBeNull();
      expect(profitMargin(example.profit, m)).toBeNull();
    }
  });

  it('returnPotential: profit 1,800,000 on cost 6,000,000 returns 0.3', () => {
    expect(returnPotential(example.profit, example.cost)).toBeCloseTo(0.3, 12);
  });

  it('returnPotential: with cost 0 or an input missing returns null', () => {
    expect(returnPotential(example.profit, 0)).toBeNull();
    for (const m of missing) {
      expect(returnPotential(m, example.cost)).toBeNull();
      expect(returnPotential(example.profit, m)).toBeNull();
    }
  });
});

describe('riskProfile', () => {
  it('riskRatings: are low, medium and high', () => {
    expect(riskRatings).toEqual(['low', 'medium', 'high']);
  });

  // Three ratings of 1, 2 or 3 sum to 3..9, so the average is a multiple of 1/3: the spec's
  // boundaries 1.5 and 2.5 fall between 1.33 / 1.67 and 2.33 / 2.67, which are tested here.
  it.each([
    ['low', 'low', 'low', 'low'], // average 1
    ['low', 'low', 'medium', 'low'], // average 1.33
    ['medium', 'low', 'low', 'low'], // average 1.33, order does not matter
    ['low', 'medium', 'medium', 'medium'], // average 1.67
    ['low', 'low', 'high', 'medium'], // average 1.67
    ['medium', 'medium', 'medium', 'medium'], // average 2
    ['low', 'medium', 'high', 'medium'], // average 2
    ['medium', 'medium', 'high', 'medium'], // average 2.33
    ['low', 'high', 'high', 'medium'], // average 2.33
    ['medium', 'high', 'high', 'high'], // average 2.67
    ['high', 'high', 'high', 'high'], // average 3
  ] as const)('riskProfile: market %s, construction %s, location %s returns %s', (m, c, l, expected) => {
    expect(riskProfile(m, c, l)).toBe(expected);
  });

  it('riskProfile: every one of the 27 combinations follows the average (≤ 1.5 low, ≤ 2.5 medium, else high)', () => {
    const score: Record<RiskRating, number> = { low: 1, medium: 2, high: 3 };
    // By sum of scores: 3-4 low (average ≤ 1.33), 5-7 medium (1.67-2.33), 8-9 high (≥ 2.67).
    const bySum: Record<number, RiskRating> = {
      3: 'low',
      4: 'low',
      5: 'medium',
      6: 'medium',
      7: 'medium',
      8: 'high',
      9: 'high',
    };
    let checked = 0;
    for (const m of riskRatings)
      for (const c of riskRatings)
        for (const l of riskRatings) {
          expect(riskProfile(m, c, l)).toBe(bySum[score[m] + score[c] + score[l]]);
          checked++;
        }
    expect(checked).toBe(27);
  });
});

describe('projectFigures', () => {
  const inputs = (overrides: Partial<FigureInputs> = {}): FigureInputs => ({
    loan_amount: example.loan,
    interest_rate: example.rate,
    loan_term: example.term,
    total_project_cost: example.cost,
    equity_contribution: example.equity,
    land_value: example.land,
    expected_profit: example.profit,
    market_risk_rating: 'medium',
    construction_risk_rating: 'medium',
    location_risk_rating: 'medium',
    ...overrides,
  });

  it('projectFigures: the worked example gives every figure, margin on total cost', () => {
    const figures = projectFigures(inputs());
    expect(figures.lvr).toBeCloseTo(160, 10);
    expect(figures.icr).toBeCloseTo(3.158, 3);
    expect(figures.debt_to_equity).toBeCloseTo(2.667, 3);
    expect(figures.monthly_interest).toBeCloseTo(31_666.67, 2);
    expect(figures.profit_margin).toBeCloseTo(30, 10);
    expect(figures.risk_profile).toBe('medium');
  });

  it('projectFigures: a project with only a loan and ratings gives nulls, never Infinity or NaN', () => {
    const figures = projectFigures(
      inputs({
        interest_rate: null,
        loan_term: null,
        total_project_cost: null,
        equity_contribution: null,
        land_value: null,
        expected_profit: null,
        market_risk_rating: 'high',
        construction_risk_rating: 'high',
        location_risk_rating: 'medium',
      }),
    );
    expect(figures).toEqual({
      lvr: null,
      icr: null,
      debt_to_equity: null,
      monthly_interest: null,
      profit_margin: null,
      risk_profile: 'high',
    });
  });

  it('projectFigures: zero denominators give null figures', () => {
    const figures = projectFigures(
      inputs({ land_value: 0, equity_contribution: 0, total_project_cost: 0, interest_rate: 0 }),
    );
    expect(figures.lvr).toBeNull();
    expect(figures.debt_to_equity).toBeNull();
    expect(figures.profit_margin).toBeNull();
    expect(figures.icr).toBeNull();
    expect(figures.monthly_interest).toBe(0);
  });
});
