/*
 * Fifth new-user set, third batch (issue 35; decision 077): amounts and rates in more written
 * forms (AUD, 'M', cents, words, bps), asked backwards, limits chosen between, a cost change on one
 * line rather than the total, and questions that must ask; written and committed before the
 * changes that followed it. Same rules as brokerai-eval.new-user-5.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5cCases: EvalCase2[] = [
  // 3.25 / 5
  {
    calculation: 'amount forms',
    question: 'LVR on a AUD 3.25m loan against a site valued at AUD 5m',
    expects: ['65%'],
  },
  // 1.3 / 2
  { calculation: 'amount forms', question: 'loan of 1.3M against land at 2M - LVR', expects: ['65%'] },
  // 1.3 / 2
  {
    calculation: 'amount forms',
    question: '$1,300,000.00 loan and $2,000,000.00 land value, LVR?',
    expects: ['65%'],
  },
  // 850k x 9%
  { calculation: 'amount forms', question: 'interest on 850K at 9 pct for 12 months', expects: ['$76,500'] },
  // 850k x 12% / 12
  { calculation: 'amount forms', question: 'monthly interest on $0.85m at 12%', expects: ['$8,500'] },
  // 2m x 7%
  {
    calculation: 'amount forms',
    question: 'two million dollar loan at 7 per cent, annual interest',
    expects: ['$140,000'],
  },
  // 4m x 6.5%
  { calculation: 'bps', question: 'rate is 650bps, loan $4m, interest per year?', expects: ['$260,000'] },
  // TDC is 12m with the finance costs in it; 3 / 12
  {
    calculation: 'TDC sum',
    question: 'TDC 12m including finance costs of 1m, GRV 15m, margin on cost?',
    expects: ['25%'],
  },
  // 6 / 10; 6 / 4
  {
    calculation: 'ratios',
    question: "What's the LTC and LVR: loan 6m, TDC 10m, land 4m",
    expects: ['60%', '150%'],
  },
  // 75% x 16m
  {
    calculation: 'capital stack',
    question: 'equity 25% of a 16m project, and the rest debt - how much debt?',
    expects: ['$12,000,000'],
  },
  // 20% x 10m
  {
    calculation: 'margin',
    question: "margin on cost 20%, TDC 10m, what's the profit",
    expects: ['$2,000,000'],
  },
  // 20% x 15m
  {
    calculation: 'margin',
    question: 'what profit gives a 20% margin on revenue if GRV is 15m',
    expects: ['$3,000,000'],
  },
  // 15 - 3
  { calculation: 'margin', question: 'GRV 15m, margin on revenue 20%, TDC?', expects: ['$12,000,000'] },
  // 1.2m / 1.5 = 800k; / 8%
  {
    calculation: 'max loan',
    question: 'Need 1.5x ICR, rate 8%, NOI 1.2m - max loan?',
    expects: ['$10,000,000'],
  },
  // 65% x 5m
  {
    calculation: 'max loan',
    question: 'How much can I borrow at 65% LVR on land worth 5m?',
    expects: ['$3,250,000'],
  },
  // 13m vs 12m
  {
    calculation: 'max loan',
    question: 'Max loan: 65% of GRV 20m or 80% of TDC 15m, whichever is lower',
    expects: ['$12,000,000'],
  },
  // 6.6 / 5.5
  {
    calculation: 'presale cover',
    question: 'presales of 6 units at $1.1m each cover what % of a 5.5m loan',
    expects: ['120%'],
  },
  // 70% x 5m
  { calculation: 'share backwards', question: 'LVR 70%, land 5m, what loan?', expects: ['$3,500,000'] },
  // 7 / 70%
  { calculation: 'share backwards', question: "Loan 7m, LTC 70%, what's TDC?", expects: ['$10,000,000'] },
  // 7 / 65%
  { calculation: 'share backwards', question: 'Loan 7m at 65% of GRV. GRV?', expects: ['$10,769,231'] },
  // build +960k: TDC 11.96m; 1.04 / 11.96
  {
    calculation: 'what-if',
    question: 'cost blowout of 12% on an 8m build with TDC 11m and GRV 13m: new margin on cost?',
    expects: ['8.7%'],
  },
  // 9m x 8% x 3/12
  {
    calculation: 'delay interest',
    question: 'If the build runs 3 months late, extra interest on 9m at 8%?',
    expects: ['$180,000'],
  },
  // 12m x 9% x 6/12
  {
    calculation: 'delay interest',
    question: 'The project is delayed by 6 months. Loan 12m at 9% - how much does that add?',
    expects: ['$540,000'],
  },
  // 850k / 700k
  { calculation: 'ICR', question: 'ICR at 7% on a 10m loan with NOI 850k', expects: ['1.21x'] },
  // 1.3 / 1
  { calculation: 'ICR', question: 'Debt service cover: NOI 1.3m, interest 1m', expects: ['1.30x'] },
  // 15% x 8m
  { calculation: 'percent of', question: 'what is 15% of 8 million dollars', expects: ['$1,200,000'] },
  // 10m / 1.1
  {
    calculation: 'GST',
    question: 'GRV 10m incl GST, margin scheme not used, GRV ex GST?',
    expects: ['$9,090,909'],
  },
  // 16m / 800k
  { calculation: 'units', question: 'How many units at 800k to reach a GRV of 16m?', expects: ['20'] },
  // 9m / 500k
  {
    calculation: 'presales',
    question: 'Presales: need 90% of the 10m loan covered, units sell for 500k, how many?',
    expects: ['18'],
  },
  // 2.5m x 15% x 4/12
  {
    calculation: 'interest',
    question: "what's 4 months of interest on the mezz: $2.5m at 15%",
    expects: ['$125,000'],
  },
  // no figures
  { calculation: 'declines', question: 'LVR?', expects: [], refuses: [], declines: true },
  // no costs or sales
  {
    calculation: 'declines',
    question: "What's the margin on cost on a 10 unit job?",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no term
  {
    calculation: 'declines',
    question: 'How much interest over the loan term? 9m, 9%',
    expects: [],
    refuses: ['$810,000'],
    declines: true,
  },
  // no price
  {
    calculation: 'declines',
    question: 'GST on the sale of 12 apartments',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no debt
  {
    calculation: 'declines',
    question: "what's our debt to equity if equity is 4m",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no income
  {
    calculation: 'declines',
    question: 'cap rate 5.5%, end value?',
    expects: [],
    refuses: [],
    declines: true,
  },
];
