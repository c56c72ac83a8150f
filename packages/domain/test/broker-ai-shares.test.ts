import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/broker-ai/analyst';
import { parseQuantities } from '../src/broker-ai/parse';
import { readQuestion, shareFigure } from '../src/broker-ai/quantities';
import { propagate } from '../src/broker-ai/solve';
import { targetsOf } from '../src/broker-ai/targets';
import * as tools from '../src/broker-ai/tools';

// Issue 21: a percentage OF a named base is a share of it; reverse questions of every ratio; two
// results named together; servicing words; slang. Figures worked by hand in the comments.

describe('broker-ai shares: a percentage of a named base', () => {
  it('marks the base after the rate and the one who takes the share before it', () => {
    const [rate] = parseQuantities('what loan is 65% of a $10m GRV').filter((q) => q.kind === 'rate');
    expect(rate!.share).toEqual({ subject: 'loan', base: 'grv' });
    const [put] = parseQuantities('If I put in 25% of a $8m TDC').filter((q) => q.kind === 'rate');
    expect(put!.share).toEqual({ subject: 'equity', base: 'cost' });
    const [cover] = parseQuantities('presales cover 50% of the debt').filter((q) => q.kind === 'rate');
    expect(cover!.share).toEqual({ subject: 'presales', base: 'loan' });
    // 'the bank will fund' names no figure's word but a lender's verb: the share is the loan.
    const [fund] = parseQuantities('the bank will fund 70% of cost').filter((q) => q.kind === 'rate');
    expect(fund!.share).toEqual({ subject: 'loan', base: 'cost' });
  });
  it('a rate with no base is no share (an interest rate stays one)', () => {
    const [rate] = parseQuantities('loan 9m at 7%').filter((q) => q.kind === 'rate');
    expect(rate!.share).toBeUndefined();
    expect(readQuestion('loan 9m at 7% on a $9m loan').given.rate).toBe(7);
  });
  it('reads the ratio each share names', () => {
    expect(shareFigure('loan', 'grv')).toBe('loanToGrv');
    expect(shareFigure(null, 'cost')).toBe('loanToCost');
    expect(shareFigure('loan', 'land')).toBe('lvr');
    expect(shareFigure('equity', 'cost')).toBe('equityToCost');
    expect(shareFigure('profit', 'revenue')).toBe('marginOnRevenue');
    expect(shareFigure('fee', 'loan')).toBe('feeRate');
    expect(shareFigure('interest', 'loan')).toBeNull();
  });
  it('reads "of it" as a share of the figure named before', () => {
    expect(readQuestion('GRV of 18 mil, the loan is 55% of it').given).toMatchObject({
      grv: 18_000_000,
      loanToGrv: 55,
    });
  });
  it('equity as a share of cost gives the equity, then the loan and debt / equity', () => {
    // equity 25 % x 8m = 2m; loan 8m − 2m = 6m; 6 / 2 = 3
    const a = answerQuestion("If I put in 25% of a $8m TDC, what's debt to equity");
    expect(a.figures.debtToEquity).toBe(3);
    expect(a.text).toContain('$2,000,000');
    expect(a.text).toContain('$6,000,000');
  });
  it('a loan as a share of GRV is the loan, not an interest rate', () => {
    // 65 % x 10m = 6.5m
    const a = answerQuestion('what loan is 65% of a $10m GRV');
    expect(a.figures.loan).toBe(6_500_000);
    expect(a.text).not.toContain('I need');
  });
  it('the equity left when the bank lends a share of cost', () => {
    // loan 70 % x 10m = 7m; equity 10m − 7m = 3m
    expect(
      answerQuestion('how much equity do I need if the bank lends 70% of a $10m TDC').figures.equity,
    ).toBe(3_000_000);
  });
});

describe('broker-ai shares: reverse questions', () => {
  it('the base from a share: tools.baseOfShare', () => {
    // 6.5m / 65 % = 10m
    expect(tools.baseOfShare(65, 6_500_000)).toBe(10_000_000);
    expect(tools.baseOfShare(0, 6_500_000)).toBeNull();
    expect(tools.percentOf(540_000, 6_000_000)).toBe(9);
    expect(tools.timesOf(2_000_000, 3)).toBe(6_000_000);
    expect(tools.perMultiple(750_000, 1.5)).toBe(500_000);
    expect(tools.perMultiple(750_000, 0)).toBeNull();
    expect(tools.remainderOf(10_000_000, 3_500_000)).toBe(6_500_000);
  });
  it('GRV, land and TDC a loan needs at a ratio', () => {
    expect(propagate({ loan: 6_500_000, loanToGrv: 65 }, false).known.grv).toBe(10_000_000);
    expect(propagate({ loan: 1_950_000, lvr: 65 }, false).known.land).toBe(3_000_000);
    expect(propagate({ loan: 9_000_000, loanToCost: 75 }, false).known.cost).toBe(12_000_000);
  });
  it('the rate from the interest: $45k a month on $6m is 9 %', () => {
    // 45,000 x 12 = 540,000; 540,000 / 6m = 9 %
    const a = answerQuestion('what rate am I paying if interest is $45k a month on $6m');
    expect(a.figures.rate).toBe(9);
  });
  it('the income an ICR needs, and the loan an ICR allows', () => {
    // 6m x 8 % = 480,000; x 1.5 = 720,000
    expect(answerQuestion('what NOI do I need for a 1.5x ICR on a $6m loan at 8%').figures.income).toBe(
      720_000,
    );
    // 750,000 / 1.5 = 500,000; / 7 % = 7,142,857
    expect(
      answerQuestion('how much can I borrow at a 1.5x ICR with NOI of $750k at 7%').figures.loan,
    ).toBeCloseTo(7_142_857.14, 1);
  });
  it('the loan from debt / equity, the cost from a margin, the term from the interest', () => {
    expect(answerQuestion('debt to equity is 3x and equity is $2m, how much debt?').figures.loan).toBe(
      6_000_000,
    );
    expect(answerQuestion('profit of $2m is 20% on cost - what is the total cost?').figures.cost).toBe(
      10_000_000,
    );
    // 540,000 / 30,000 = 18 months
    expect(
      answerQuestion('how long is the term if the total interest is $540k and the monthly interest is $30k')
        .figures.term,
    ).toBe(18);
  });
  it('a ratio given is never worked backwards over the usual way', () => {
    // loan and land given: the LVR is loan / land, and the land stays as given.
    const s = propagate({ loan: 2_000_000, land: 4_000_000, lvr: 70 }, false);
    expect(s.known.land).toBe(4_000_000);
    expect(s.how.land).toBeUndefined();
  });
});

describe('broker-ai shares: what is asked', () => {
  it('servicing words ask for the ICR', () => {
    // 9m x 7 % = 630,000; 750,000 / 630,000 = 1.19 → below 1.5x: fail
    const a = answerQuestion('NOI 750k, loan 9m at 7%, does it service?');
    expect(a.figures.icr).toBeCloseTo(1.19, 2);
    expect(a.text).toContain('Rating: fail');
    for (const q of [
      'what is the serviceability',
      'can the rent cover the interest',
      'how many times does the income cover the interest',
    ])
      expect(targetsOf(q, {}, false)).toEqual(['icr']);
  });
  it('two results named together are both answered', () => {
    expect(targetsOf('What are the LVR and the loan to cost?', {}, false)).toEqual(['lvr', 'loanToCost']);
    expect(targetsOf('ICR, debt to equity and margin on cost?', {}, false)).toEqual([
      'icr',
      'debtToEquity',
      'marginOnCost',
    ]);
    // Not joined: 'margin if cost is … and revenue …' asks for the margin only.
    expect(targetsOf("What's my margin if total cost is $10m and revenue is $12.5m?", {}, false)).toEqual([
      'marginOnCost',
    ]);
    // 4.2 / 6 = 70 %; 4.2 / 7 = 60 %
    const a = answerQuestion('LVR and LTC on 4.2 mil borrowed, land worth 6 mil and a TDC of 7 mil');
    expect(a.figures).toMatchObject({ lvr: 70, loanToCost: 60 });
    expect(a.text.match(/General information only/g)).toHaveLength(1);
  });
  it('names every missing figure, or exactly the one', () => {
    expect(answerQuestion("what's the ICR? I've got a $4m loan").text).toContain(
      'I need the net income and the interest rate',
    );
    const one = answerQuestion("what's the LTC on a $7.5m loan").text;
    expect(one).toContain('I need the total development cost.');
  });
});

describe('broker-ai shares: slang and multiples', () => {
  it('reads bucks, mil, k and words', () => {
    expect(readQuestion('borrowing 3 mil bucks against a site worth five mil').given).toMatchObject({
      loan: 3_000_000,
      land: 5_000_000,
    });
    expect(readQuestion('six hundred k loan').given.loan).toBe(600_000);
    expect(readQuestion('a loan of 750 bucks').given.loan).toBe(750);
  });
  it('a multiple named as an ICR or debt / equity is that figure', () => {
    expect(readQuestion('a 1.5x ICR on $750k of NOI').given.icr).toBe(1.5);
    expect(readQuestion('debt to equity of 3x with $2m equity').given.debtToEquity).toBe(3);
  });
});
