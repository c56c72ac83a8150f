/*
 * Fourth new-user set, fifth batch (issue 35): casual and memo voices with figures beside the point,
 * written on 2026-11-29 before the changes that follow it. Same rules as brokerai-eval.new-user-4.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser4bCases: EvalCase2[] = [
  // TDC 2.5 + 4 = 6.5m; profit 2m; 2 / 6.5 = 30.8%
  {
    calculation: 'margin',
    question:
      "hey so site's 2.5m, build is about 4m, we're hoping to sell for 8.5m all up. what margin is that",
    expects: ['30.8%'],
  },
  // GRV 12 x 1.2m = 14.4m; profit 3.4m; 3.4 / 11 = 30.9%
  {
    calculation: 'margin',
    question: 'Looking at 12 townhouses, each selling at $1.2m. TDC is $11m. Is the margin OK?',
    expects: ['30.9%'],
  },
  // 7.5 / 11 = 68.2%; 7.5 / 14 = 53.6%
  {
    calculation: 'ratios',
    question:
      'Broker here — client wants 7.5m senior on a 11m TDC / 14m GRV deal, 18 months @ 9.75%. LTC and loan to GRV?',
    expects: ['68.2%', '53.6%'],
  },
  // 22.5 / 31 = 72.6%; 22.5 / 27.4 = 82.1%
  {
    calculation: 'ratios',
    question:
      'Credit memo: facility limit $22.5m, GRV (ex GST) $31m, TDC $27.4m. Report loan to GRV and LTC.',
    expects: ['72.6%', '82.1%'],
  },
  // 50% x 6.5m = 3.25m; x 10.25% x 20/12 = 555,208
  {
    calculation: 'average drawn',
    question:
      "what's the interest bill on a 6.5m facility at 10.25% if on average it's 50% drawn over 20 months",
    expects: ['$555,208'],
  },
  // duty 1.8m x 5.5% = 99k; 1.8m + 99k + 25k = 1.924m
  {
    calculation: 'all-in land',
    question: "land's 1.8m, duty on that at 5.5 per cent plus 25k legals — all in land cost?",
    expects: ['$1,924,000'],
  },
  // 3,100 x 4,200 = 13.02m
  {
    calculation: 'per m2',
    question: "my QS says build is $3,100 a square metre and we've got 4,200 sqm. what's the build cost",
    expects: ['$13,020,000'],
  },
  // 9m x 1.5% = 135k
  {
    calculation: 'bps',
    question: 'if the rate goes up 150 bps on a $9m loan, how much more interest a year?',
    expects: ['$135,000'],
  },
  // need 1.2 x 5m = 6m; 6m − 2.4m = 3.6m
  {
    calculation: 'presale shortfall',
    question: "we've got 2.4m in presales and the bank wants 120% cover on a 5m loan. how short are we?",
    expects: ['$3,600,000'],
  },
  // senior 70% x 9.8m = 6.86m; mezz 10% = 0.98m; equity the rest 1.96m
  {
    calculation: 'capital stack',
    question: 'need the equity: TDC 9.8m, senior at 70% of TDC, mezz 10% of TDC, the rest equity',
    expects: ['$1,960,000'],
  },
  // 4% x 25m = 1m
  { calculation: 'percent of', question: "Investor asks: what's 4% of a 25m GDV", expects: ['$1,000,000'] },
  // 9 / 12 = 75%
  {
    calculation: 'LTC',
    question: 'can you check the LTC - I make it 75 pct - loan 9m, TDC 12m',
    expects: ['75%'],
  },
  // 16m x 8.25% / 12 x 2 = 220k
  {
    calculation: 'delay interest',
    question: 'delay of 2 months on a 16m loan at 8.25pc, how much extra interest?',
    expects: ['$220,000'],
  },
  // interest 14m x 6.5% = 910k; 1.1m / 910k = 1.21x
  { calculation: 'ICR', question: 'NOI 1.1m, loan 14m IO at 6.5% — ICR?', expects: ['1.21x'] },
  // 0.5% a quarter x 4 = 2% a year x 10m = 200k (a rate per quarter: asking is also right)
  {
    calculation: 'line fee',
    question: "the bank's line fee is 0.5% per quarter on a 10m facility, what's that a year?",
    expects: ['$200,000'],
    refuses: ['$50,000'],
  },
];
