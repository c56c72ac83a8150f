/*
 * Fourth new-user set, batches 6 and 7 (issue 35): probes in new-user set 3's categories written in
 * other words, and counts or fractions the reader has no quantity for; each batch written before
 * the changes that followed it. Same rules as brokerai-eval.new-user-4.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser4cCases: EvalCase2[] = [
  // ---- sixth batch: probes in new-user 3's categories, in other words; written before the
  //      changes of 2026-11-29 06:21 (price 'at 610k' for sales, 'max for the site', shares 'on 40m') ----
  // 3.1 + 7.4 + 0.65 + 0.85 = 12m; 9.2 / 12 = 76.7%
  {
    calculation: 'TDC sum',
    question: 'LTC please - site 3.1m, construction 7.4m, professional fees 650k, finance 850k, debt 9.2m',
    expects: ['$12,000,000', '76.7%'],
  },
  // TDC 7m; profit 2.1m; 30%
  {
    calculation: 'TDC sum',
    question: 'margin on cost? acquisition 2m, build 4.5m, soft 0.5m, sales of 9.1m',
    expects: ['$7,000,000', '30%'],
  },
  // 6 + 14 + 1.6 + 0.7 + 1.7 = 24m; 17.2 / 24 = 71.7%
  {
    calculation: 'TDC sum',
    question:
      'TDC from: site 6m, construction 14m, fees 1.6m, contingency 700k, finance 1.7m; and LTC on a 17.2m loan',
    expects: ['$24,000,000', '71.7%'],
  },
  // 3.6 / 30% = 12m; 70% = 8.4m
  {
    calculation: 'share backwards',
    question: 'bank lends 70% of TDC, we put in 3.6m. what is the TDC and the loan',
    expects: ['$12,000,000', '$8,400,000'],
  },
  // 8.22m + 3.2m = 11.42m; profit 1.62m / 9.8m = 16.5%
  {
    calculation: 'units x price',
    question: '12 apartments at 685k and 2 penthouses at 1.6m - GRV and margin on cost if TDC is 9.8m',
    expects: ['$11,420,000', '16.5%'],
  },
  // (480k − 150k) / 11 x 6 = 180k
  {
    calculation: 'units x price',
    question: 'GST margin scheme, 6 lots at 480k, land 150k per lot',
    expects: ['$180,000'],
  },
  // 150k + 5.5% x 1m = 205k
  {
    calculation: 'tiered duty',
    question: 'stamp duty is $150,000 + 5.5% above $3m. purchase $4m',
    expects: ['$205,000'],
  },
  // 12m x 1.25% / 4 = 37.5k (asking is also not wrong)
  {
    calculation: 'line fee',
    question: 'line fee 1.25 per cent on a $12m facility, per quarter',
    expects: ['$37,500'],
  },
  // 1.1 / 8.8
  { calculation: 'percent of', question: 'what is $1.1m as a percentage of $8.8m', expects: ['12.5%'] },
  // 360k / 4.5%
  { calculation: 'percent of', question: '$360k is 4.5 per cent of what', expects: ['$8,000,000'] },
  // 3.6 / 20 = 18% on revenue
  { calculation: 'margin', question: 'margin on GDV: sales 20m, total costs 16.4m', expects: ['18%'] },
  // 18 / 1.2 − 12
  {
    calculation: 'residual land value',
    question: "what's the max for the site: GRV 18m, costs ex land 12m, 20% margin on cost",
    expects: ['$3,000,000'],
  },
  // 62.5%, 15%, 22.5% of 30m
  {
    calculation: 'capital stack',
    question: 'cap stack TDC 30m: senior 62.5%, mezz 15%, equity the rest',
    expects: ['$18,750,000', '$4,500,000', '$6,750,000'],
  },
  // shares of 40m
  {
    calculation: 'capital stack',
    question: 'senior 60% mezz 25% equity 15% on 40m',
    expects: ['$24,000,000', '$10,000,000', '$6,000,000'],
  },
  // 5.4m x 9.4% x 14/12
  {
    calculation: 'average drawn',
    question: 'interest on a 9m facility averaging 60% drawn over 14 months at 9.4%',
    expects: ['$592,200'],
  },
  // 12m x 8.7% / 12 x 5
  {
    calculation: 'delay interest',
    question: '5 month delay on a 12m loan at 8.7 pct - extra interest?',
    expects: ['$435,000'],
  },
  // 9m x 9% / 12 x 2
  {
    calculation: 'delay interest',
    question: "2 month delay, 9m loan at 9%, what's the extra interest",
    expects: ['$135,000'],
  },
  // 420k / 348,750
  { calculation: 'ICR', question: 'ICR: interest only loan 4.5m at 7.75%, NOI 420k', expects: ['1.20x'] },
  // 7.7 / 8
  { calculation: 'presale cover', question: 'presales 7.7m against an 8m loan, cover?', expects: ['96.3%'] },
  // 12m − 8.55m = 3.45m; / 950k = 3.63 → 4
  {
    calculation: 'presale shortfall',
    question:
      'lender wants 100% of a 12m loan covered, we have 9 sales at 950k each. shortfall in dollars and units?',
    expects: ['$3,450,000', '4'],
  },
  // 7.32m / 610k = 12
  {
    calculation: 'presales',
    question: 'how many sales at 610k do we need for 100% cover of a 7.32m loan',
    expects: ['12'],
  },
  // 7.8% x 6m / 12
  {
    calculation: 'bps',
    question: '350 bps over BBSW of 4.3% on a 6m loan, monthly interest?',
    expects: ['$39,000'],
  },
  // 11m x 0.75%
  { calculation: 'bps', question: 'a 75 bps rise on an 11m loan, extra per year?', expects: ['$82,500'] },
  // ---- seventh batch: counts the reader has no quantity for (written before the change that asks about them) ----
  // 2 x 20 x 600k = 24m (asking about the '2 buildings' is not wrong; 12m is)
  {
    calculation: 'units x price',
    question: '2 buildings of 20 units each at 600k, GRV',
    expects: ['$24,000,000'],
    refuses: ['$12,000,000'],
  },
  // new cost 12m = GRV 12m: 0% (asking about 'a fifth' is not wrong; the unchanged 20% is)
  {
    calculation: 'what-if',
    question: 'TDC 10m, GRV 12m, margin if costs go up by a fifth',
    expects: ['0%'],
    refuses: ['20%'],
  },
  // TDC 12m + 1m = 13m; profit 2m; 15.4% (asking is not wrong; 25% on the 12m is)
  {
    calculation: 'TDC sum',
    question: 'TDC 12m excluding finance costs of 1m, GRV 15m, margin on cost?',
    expects: ['15.4%'],
    refuses: ['25%'],
  },
  // 10m − 65% x 10m = 3.5m (the 6.5m loan may stand as a line of working, not as the answer)
  {
    calculation: 'share backwards',
    question: "what's the developer's contribution if the bank does 65% LTC on 10m",
    expects: ['$3,500,000'],
  },
  // ---- eighth batch: a delay of other than six months (written before the change that runs it) ----
  // 12m x 9% / 12 x 3 = 270k; cost 16.27m; profit 3.73m; 22.9%
  {
    calculation: 'delay',
    question: 'margin on cost with a 3 month delay: GRV 20m, TDC 16m, loan 12m at 9%',
    expects: ['$270,000', '22.9%'],
    refuses: ['$540,000', '20.9%'],
  },
  // a TDC including GST: the margin needs it ex GST (asking is right; 25% on the inclusive 8m is not)
  {
    calculation: 'declines',
    question: 'GRV 10m ex GST, TDC 8m inc GST, margin?',
    expects: [],
    refuses: ['25%'],
    declines: true,
  },
];
