import { describe, expect, it } from 'vitest';
import { norms, rate } from '../src/broker-ai/norms';
import * as tools from '../src/broker-ai/tools';

// Every figure below is worked by hand in the comment beside it.
describe('broker-ai tools: ratios', () => {
  it('lvrOnLand: a $2.6m loan on $4.0m of land is 65 %', () => {
    expect(tools.lvrOnLand(2_600_000, 4_000_000)).toBeCloseTo(65, 10);
  });
  it('lvrOnLand: missing or zero land answers null', () => {
    expect(tools.lvrOnLand(2_600_000, 0)).toBeNull();
    expect(tools.lvrOnLand(2_600_000, null)).toBeNull();
  });
  it('loanToGrv: $6.5m on a $10m GRV ex GST is 65 %', () => {
    expect(tools.loanToGrv(6_500_000, 10_000_000)).toBeCloseTo(65, 10);
  });
  it('exGst: $11m including GST is $10m ex GST', () => {
    expect(tools.exGst(11_000_000)).toBeCloseTo(10_000_000, 4);
  });
  it('loanToCost: $8m on a TDC of $10m is 80 %', () => {
    expect(tools.loanToCost(8_000_000, 10_000_000)).toBeCloseTo(80, 10);
  });
  it('servicingIcr: $450,000 net income on $5m at 8 % (interest $400,000) is 1.125x', () => {
    expect(tools.servicingIcr(450_000, 5_000_000, 8)).toBeCloseTo(1.125, 10);
  });
  it("platformIcr: the platform's own ICR, 1.8m profit over 18 months on 4m at 9.5 % is 3.1579x", () => {
    // 1,800,000 / 1.5 / 380,000 = 3.15789…
    expect(tools.platformIcr(1_800_000, 18, 4_000_000, 9.5)).toBeCloseTo(3.15789, 4);
  });
  it('debtToEquity: $6m loan on $2m equity is 3x', () => {
    expect(tools.debtToEquity(6_000_000, 2_000_000)).toBe(3);
  });
});

describe('broker-ai tools: margins', () => {
  it('marginOnCost: $2.5m profit on $10m cost is 25 %', () => {
    expect(tools.marginOnCost(2_500_000, 10_000_000)).toBeCloseTo(25, 10);
  });
  it('marginOnRevenue: $2.5m profit on $12.5m revenue is 20 %', () => {
    expect(tools.marginOnRevenue(2_500_000, 12_500_000)).toBeCloseTo(20, 10);
  });
  it('costMarginToRevenueMargin: 18 % on cost is 15.3 % on revenue (0.18 / 1.18 = 0.15254)', () => {
    const v = tools.costMarginToRevenueMargin(18)!;
    expect(v).toBeCloseTo(15.254, 3);
    expect(Math.round(v * 10) / 10).toBe(15.3);
  });
  it('costMarginToRevenueMargin: 20 % on cost is 16.67 % on revenue', () => {
    expect(tools.costMarginToRevenueMargin(20)).toBeCloseTo(16.6667, 3);
  });
  it('revenueMarginToCostMargin: 15 % on revenue is 17.65 % on cost (0.15 / 0.85)', () => {
    expect(tools.revenueMarginToCostMargin(15)).toBeCloseTo(17.647, 3);
  });
  it('revenueMarginToCostMargin: 100 % or more on revenue answers null', () => {
    expect(tools.revenueMarginToCostMargin(100)).toBeNull();
  });
});

describe('broker-ai tools: interest', () => {
  it('monthlyInterest: $3m at 9.5 % is $23,750 a month', () => {
    expect(tools.monthlyInterest(3_000_000, 9.5)).toBeCloseTo(23_750, 6);
  });
  it('capitalisedInterest: $3m at 9.5 % over 18 months is $427,500 simple and more compounded', () => {
    const c = tools.capitalisedInterest(3_000_000, 9.5, 18)!;
    expect(c.simple).toBeCloseTo(427_500, 6);
    // (1 + 0.095 / 12)^18 = e^(18 x ln 1.0079167) = e^0.141939 = 1.152506; 3,000,000 x 0.152506 = 457,519
    expect(c.compounded).toBeCloseTo(457_519, -1);
    expect(c.closingBalance).toBeCloseTo(3_000_000 + c.compounded, 6);
  });
  it('capitalisedInterest: a zero term answers null', () => {
    expect(tools.capitalisedInterest(3_000_000, 9.5, 0)).toBeNull();
  });
});

describe('broker-ai tools: GST', () => {
  it('marginSchemeGst: bought $1.5m, sold $2.4m is $81,818 ((2.4m − 1.5m) / 11)', () => {
    expect(Math.round(tools.marginSchemeGst(1_500_000, 2_400_000)!)).toBe(81_818);
  });
  it('marginSchemeGst: a sale below cost owes no GST', () => {
    expect(tools.marginSchemeGst(2_000_000, 1_800_000)).toBe(0);
  });
  it('gstInPrice: $2.2m fully taxable holds $200,000 of GST', () => {
    expect(tools.gstInPrice(2_200_000)).toBeCloseTo(200_000, 6);
  });
  it('gstWithholding: $850,000 under the margin scheme is $59,500 (7 %); fully taxable $77,273 (1/11)', () => {
    expect(tools.gstWithholding(850_000, true)).toBeCloseTo(59_500, 6);
    expect(Math.round(tools.gstWithholding(850_000, false)!)).toBe(77_273);
  });
});

describe('broker-ai tools: stress tests', () => {
  // TDC 10m, revenue 12.5m, loan 7m at 9 %: monthly interest 52,500; six months 315,000.
  const cases = tools.stressTest({
    cost: 10_000_000,
    revenue: 12_500_000,
    loan: 7_000_000,
    ratePercent: 9,
    hurdlePercent: 15,
  })!;
  const byName = Object.fromEntries(cases.map((c) => [c.name, c]));
  it('base: 25 % on cost clears a 15 % hurdle', () => {
    expect(byName.base!.marginOnCost).toBeCloseTo(25, 10);
    expect(byName.base!.clearsHurdle).toBe(true);
  });
  it('cost +10 %: 1.5m / 11m = 13.64 %, fails', () => {
    expect(byName['cost +10%']!.marginOnCost).toBeCloseTo(13.636, 3);
    expect(byName['cost +10%']!.clearsHurdle).toBe(false);
  });
  it('revenue −10 %: 1.25m / 10m = 12.5 %, fails', () => {
    expect(byName['revenue −10%']!.marginOnCost).toBeCloseTo(12.5, 10);
  });
  it('6-month delay: cost 10.315m, margin 2.185m / 10.315m = 21.18 %, clears', () => {
    expect(byName['6-month delay']!.cost).toBeCloseTo(10_315_000, 6);
    expect(byName['6-month delay']!.marginOnCost).toBeCloseTo(21.1827, 3);
    expect(byName['6-month delay']!.clearsHurdle).toBe(true);
  });
  it('combined: cost 11.315m, revenue 11.25m, a loss', () => {
    expect(byName.combined!.profit).toBeCloseTo(-65_000, 6);
  });
  it('without a loan and rate there is no delay case', () => {
    const noDelay = tools.stressTest({ cost: 10_000_000, revenue: 12_500_000, hurdlePercent: 15 })!;
    expect(noDelay.map((c) => c.name)).toEqual(['base', 'cost +10%', 'revenue −10%', 'combined']);
  });
});

describe('broker-ai tools: max loan and quotes', () => {
  it('maxLoan: 65 % of a $20m GRV (13m) and 80 % of a $15m TDC (12m): 12m, cost binds', () => {
    const r = tools.maxLoan(
      { grvExGst: 20_000_000, cost: 15_000_000 },
      { maxLoanToGrv: 65, maxLoanToCost: 80 },
    )!;
    expect(r.maxLoan).toBeCloseTo(12_000_000, 6);
    expect(r.bindingLimit).toBe('loan to cost');
  });
  it('maxLoan: no value with a limit answers null', () => {
    expect(tools.maxLoan({ land: 1_000_000 }, { maxLoanToGrv: 65 })).toBeNull();
  });
  it('quoteCost: $5m at 10 % for 18 months with a $100,000 fee is $850,000 all in, 11.33 % a year', () => {
    // interest 5,000,000 x 0.10 x 1.5 = 750,000; + 100,000 = 850,000; 850,000 / 5,000,000 / 1.5 = 11.333 %
    const c = tools.quoteCost({
      loan_amount: 5_000_000,
      interest_rate: 10,
      loan_term: 18,
      establishment_fee: 100_000,
    })!;
    expect(c.total).toBe(850_000);
    expect(c.allInRatePercent).toBeCloseTo(11.3333, 3);
  });
});

describe('broker-ai norms', () => {
  it('rate: loan / GRV 65 % passes, 70 % is watch, 80 % fails', () => {
    expect(rate(norms.loanToGrv, 65)).toBe('pass');
    expect(rate(norms.loanToGrv, 70)).toBe('watch');
    expect(rate(norms.loanToGrv, 80)).toBe('fail');
  });
  it('rate: margin on cost 22 % passes, 17 % is watch, 12 % fails', () => {
    expect(rate(norms.marginOnCost, 22)).toBe('pass');
    expect(rate(norms.marginOnCost, 17)).toBe('watch');
    expect(rate(norms.marginOnCost, 12)).toBe('fail');
  });
  it('every norm names the kind of its source', () => {
    for (const n of Object.values(norms)) expect(n.sourceKind).toBeTruthy();
  });
});
