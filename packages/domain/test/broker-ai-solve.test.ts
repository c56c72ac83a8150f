import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/broker-ai/analyst';
import { chainOf, missingFor, propagate } from '../src/broker-ai/solve';
import { targetOf } from '../src/broker-ai/targets';

// The relations and the solver (issue 21), with figures worked by hand in the comments.

describe('broker-ai solve: chains of relations', () => {
  it('works out every figure the given ones reach, each by its shortest chain', () => {
    // revenue = 5m + 0.9m = 5.9m; new cost = 5m x 1.1 = 5.5m; new profit = 5.9m − 5.5m = 0.4m
    const s = propagate({ cost: 5_000_000, profit: 900_000, costChange: 10 }, true);
    expect(s.known.revenue).toBe(5_900_000);
    expect(s.known.newCost).toBeCloseTo(5_500_000, 6);
    expect(s.known.newProfit).toBeCloseTo(400_000, 6);
    expect(chainOf(s, ['newProfit']).map((step) => step.relation.out)).toEqual([
      'revenue',
      'newCost',
      'newRevenue',
      'newProfit',
    ]);
  });
  it('a figure given directly is used as given, never re-derived', () => {
    // Annual interest given as 400,000 although the loan x rate would give 5m x 9 % = 450,000.
    const s = propagate({ loan: 5_000_000, rate: 9, annualInterest: 400_000, income: 600_000 }, false);
    expect(s.known.annualInterest).toBe(400_000);
    expect(s.known.icr).toBe(1.5);
    expect(s.how.annualInterest).toBeUndefined();
  });
  it('TDC from land and construction; loan / TDC from it', () => {
    // 3m + 6m = 9m; 6.3 / 9 = 70 %
    const s = propagate({ land: 3_000_000, construction: 6_000_000, loan: 6_300_000 }, false);
    expect(s.known.cost).toBe(9_000_000);
    expect(s.known.loanToCost).toBeCloseTo(70, 9);
  });
  it('margin conversion both ways', () => {
    // 0.2 / 1.2 = 16.67 %; 0.15 / 0.85 = 17.65 %
    expect(propagate({ marginOnCost: 20 }, false).known.marginOnRevenue).toBeCloseTo(16.667, 3);
    expect(propagate({ marginOnRevenue: 15 }, false).known.marginOnCost).toBeCloseTo(17.647, 3);
  });
});

describe('broker-ai solve: what is missing', () => {
  it('names the single figure that makes the target reachable', () => {
    expect(missingFor('icr', { loan: 5e6, rate: 8 }, false)).toEqual(['income']);
    expect(missingFor('icr', { income: 6e5, loan: 5e6 }, false)).toEqual(['rate']);
    expect(missingFor('lvr', { loan: 2e6 }, false)).toEqual(['land']);
    expect(missingFor('loanToGrv', { loan: 2e6 }, false)).toEqual(['grv']);
  });
  it('names all of them when more than one is missing', () => {
    expect(missingFor('icr', { income: 6e5 }, false)?.sort()).toEqual(['loan', 'rate']);
  });
  it('says so in the answer, with an example', () => {
    const a = answerQuestion('What is the ICR on a $5m loan at 8%?');
    expect(a.intent).toBe('needInputs');
    expect(a.text).toContain('To work out the ICR I need the net income.');
    expect(a.text).toContain('For example: “');
  });
});

describe('broker-ai solve: the figure asked for', () => {
  it('finds the target where the question asks', () => {
    expect(targetOf('if sales come in 10% lower on a GRV of $20m, what is my profit?', {}, true)).toBe(
      'newProfit',
    );
    expect(targetOf('how geared am I with a $6m loan and $2m equity', {}, false)).toBe('debtToEquity');
    expect(
      targetOf('Profit of $1.8m on a total cost of $6m: margin on cost?', { profit: 1.8e6 }, false),
    ).toBe('marginOnCost');
    // A figure the question gives is not what it asks: '18% margin on cost as a margin on revenue'.
    expect(targetOf('What is 18% margin on cost as a margin on revenue?', { marginOnCost: 18 }, false)).toBe(
      'marginOnRevenue',
    );
  });
});

describe('broker-ai solve: answers, worked by hand', () => {
  const cases: [string, string[]][] = [
    // 600,000 / 400,000 = 1.5
    ['ICR if net rent is $600,000 a year and interest is $400,000 a year', ['1.50x', 'watch']],
    // 4.5 / 1.7 = 2.647
    ['debt to equity if I borrow $4.5m and put in $1.7m', ['2.65x']],
    // revenue 5.9m, new cost 5.5m → 400,000
    ["if my $5m project's costs rise 10 % and profit was $900k, what is my new profit?", ['$400,000']],
    // new revenue 18m − 16m = 2m; 2 / 16 = 12.5 %
    [
      'if sales come in 10 % lower on a GRV of $20m with costs of $16m, what is my profit?',
      ['$18,000,000', '$2,000,000', '12.5%', 'fail'],
    ],
    // 3m + 6m = 9m; 6.3 / 9 = 70 %
    ['site cost $3m and build cost $6m. Bank lends $6.3m. loan to cost?', ['$9,000,000', '70%', 'pass']],
    // 6m x 8.75 % x 18 / 12 = 787,500
    ["a year and a half at 8.75% on $6m, what's the interest bill", ['$787,500']],
    // 25,000 x 12 = 300,000; 540,000 / 300,000 = 1.8
    ['monthly interest is $25,000 and net rent is $540,000 a year, ICR?', ['$300,000', '1.80x']],
    // 20 % of 10m = 2m profit
    ['what profit is a 20% margin on cost on a $10m project?', ['$2,000,000']],
    // 65 % of 10m
    ['what loan at 65% of GRV with a GRV of $10m?', ['$6,500,000']],
  ];
  it.each(cases)('%s', (question, expects) => {
    const text = answerQuestion(question).text;
    for (const e of expects) expect(text).toContain(e);
  });
  it('uses the bound deal’s figures when the question refers to this deal', () => {
    // 3m / 5m = 60 %
    const a = answerQuestion('What is the LVR of this deal?', { deal: { loan: 3_000_000, land: 5_000_000 } });
    expect(a.text).toContain('60%');
  });
  it('keeps the general-information note on decision-bearing answers only', () => {
    expect(answerQuestion('LVR of a $2.6m loan on $4m land').isDecisionBearing).toBe(true);
    expect(answerQuestion('Monthly interest on $3m at 9.5%?').isDecisionBearing).toBe(false);
  });
});
