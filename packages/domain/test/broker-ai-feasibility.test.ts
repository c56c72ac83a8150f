import { describe, expect, it } from 'vitest';
import {
  feasibility,
  feasibilityInputsOf,
  interestSchedule,
  SENSITIVITY_COST_RISES,
  SENSITIVITY_REVENUE_FALLS,
  sensitivityGrid,
} from '../src/broker-ai/feasibility';

// A $6.5m loan at 9 % over 18 months on $4m of land; TDC $10m of which $5m construction; profit
// $2.5m, so revenue $12.5m; equity $3m.
const project = {
  loan_amount: 6_500_000,
  land_value: 4_000_000,
  total_project_cost: 10_000_000,
  construction_cost: 5_000_000,
  expected_gdc: 99_000_000, // ignored: cost + profit wins, as on the project page
  expected_profit: 2_500_000,
  equity_contribution: 3_000_000,
  interest_rate: 9,
  loan_term: 18,
};
const inputs = feasibilityInputsOf(project);

describe('feasibility: ratios with their norms', () => {
  const byKey = Object.fromEntries(feasibility(inputs).ratios.map((r) => [r.key, r]));

  it('works every ratio out by hand', () => {
    expect(byKey.lvrOnLand).toMatchObject({ display: '162.5%', rating: null }); // 6.5 / 4
    expect(byKey.loanToGrv).toMatchObject({ display: '52%', rating: 'pass' }); // 6.5 / 12.5
    expect(byKey.loanToCost).toMatchObject({ display: '65%', rating: 'pass' }); // 6.5 / 10
    expect(byKey.marginOnCost).toMatchObject({ display: '25%', rating: 'pass' }); // 2.5 / 10
    expect(byKey.marginOnRevenue).toMatchObject({ display: '20%', rating: null }); // 2.5 / 12.5
    expect(byKey.debtToEquity).toMatchObject({ display: '2.17x', rating: null }); // 6.5 / 3
    // 2.5m / 1.5 years / (6.5m x 9 % = 585,000) = 2.849
    expect(byKey.platformIcr).toMatchObject({ display: '2.85x', rating: null });
  });

  it('gives every ratio a norm: the rated ones their source, the others why they are not rated', () => {
    for (const r of Object.values(byKey)) expect(r.norm).toBeTruthy();
    expect(byKey.loanToGrv!.normSource?.sourceKind).toBe('lender or broker marketing');
    expect(byKey.lvrOnLand!.normSource).toBeNull();
  });

  it('rates a thin deal watch and fail', () => {
    const thin = feasibility({ ...inputs, loan: 8_800_000, revenue: 11_700_000 }).ratios;
    const at = (key: string) => thin.find((r) => r.key === key)!;
    expect(at('loanToGrv')).toMatchObject({ display: '75.2%', rating: 'fail' }); // 8.8 / 11.7
    expect(at('loanToCost')).toMatchObject({ display: '88%', rating: 'fail' });
    expect(at('marginOnCost')).toMatchObject({ display: '17%', rating: 'watch' }); // 1.7 / 10
  });
});

describe('feasibility: the sensitivity grid', () => {
  const grid = sensitivityGrid(inputs)!;
  const cell = (rise: number, fall: number) =>
    grid.rows[SENSITIVITY_COST_RISES.indexOf(rise as 0)]![SENSITIVITY_REVENUE_FALLS.indexOf(fall as 0)]!;

  it('is five by five, the rise on the construction cost, against the 15 % hurdle', () => {
    expect(grid.rows).toHaveLength(5);
    for (const row of grid.rows) expect(row).toHaveLength(5);
    expect(grid).toMatchObject({ hurdlePercent: 15, costBasis: 'construction cost' });
  });

  it('works the cells out by hand', () => {
    expect(cell(0, 0)).toMatchObject({ marginOnCost: 25, standing: 'clears' });
    // cost 10m + 5 % of 5m = 10.25m; revenue 12.5m x 0.95 = 11.875m; 1.625 / 10.25 = 15.85 %
    expect(cell(5, 5).marginOnCost).toBeCloseTo(15.8537, 4);
    expect(cell(5, 5).standing).toBe('clears');
    // 10.75m, 11.875m: 1.125 / 10.75 = 10.47 %
    expect(cell(15, 5).marginOnCost).toBeCloseTo(10.4651, 4);
    expect(cell(15, 5).standing).toBe('below');
    // 11m, 10m: a loss of 1m, −9.09 %
    expect(cell(20, 20)).toMatchObject({ cost: 11_000_000, revenue: 10_000_000, profit: -1_000_000 });
    expect(cell(20, 20).standing).toBe('loss');
  });

  it('applies the rise to the whole cost when the construction cost is unknown, and the hurdle given', () => {
    const whole = sensitivityGrid({ ...inputs, constructionCost: null }, 12)!;
    expect(whole.costBasis).toBe('total cost');
    // 11m against 12.5m: 1.5 / 11 = 13.64 %, above a 12 % hurdle
    expect(whole.rows[2]![0]!.marginOnCost).toBeCloseTo(13.6364, 4);
    expect(whole.rows[2]![0]!.standing).toBe('clears');
  });

  it('has no grid without a cost or a revenue', () => {
    expect(sensitivityGrid({ ...inputs, revenue: null })).toBeNull();
    expect(sensitivityGrid({ ...inputs, totalCost: 0 })).toBeNull();
  });
});

describe('feasibility: interest month by month and the stress cases', () => {
  it('capitalises the interest monthly on the full facility, beside the simple figure', () => {
    const months = interestSchedule(inputs)!;
    expect(months).toHaveLength(18);
    expect(months[0]!.month).toBe(1);
    expect(months[0]!.interest).toBeCloseTo(48_750, 6); // 6.5m x 0.75 %
    expect(months[0]!.capitalised).toBeCloseTo(48_750, 6);
    expect(months[1]!.interest).toBeCloseTo(49_115.625, 6); // 6,548,750 x 0.75 %
    // 6.5m x (1.0075^18 − 1) = 935,742.53; simple 6.5m x 9 % x 1.5 = 877,500
    expect(months[17]!.capitalised).toBeCloseTo(935_742.53, 1);
    expect(months[17]!.simple).toBeCloseTo(877_500, 6);
    expect(months[17]!.balance).toBeCloseTo(7_435_742.53, 1);
  });

  it('runs the lenders’ stress cases, the delay adding six months of interest', () => {
    const stress = feasibility(inputs).stress!;
    expect(stress.map((c) => c.name)).toEqual([
      'base',
      'cost +10%',
      'revenue −10%',
      '6-month delay',
      'combined',
    ]);
    // 48,750 x 6 = 292,500 more cost: 2,207,500 / 10,292,500 = 21.45 %
    expect(stress[3]!.marginOnCost).toBeCloseTo(21.4477, 4);
  });

  it('names the missing figures and leaves out what needs them', () => {
    const bare = feasibility(
      feasibilityInputsOf({ loan_amount: 2_000_000, total_project_cost: 3_000_000, expected_profit: null }),
    );
    expect(bare.missing).toEqual([
      'expected GDC or expected profit',
      'land value',
      'interest rate',
      'loan term',
      'equity contribution',
    ]);
    expect(bare.grid).toBeNull();
    expect(bare.schedule).toBeNull();
    expect(bare.stress).toBeNull();
    expect(bare.ratios.find((r) => r.key === 'loanToCost')!.display).toBe('66.7%');
  });
});
