// BrokerAI evaluation: the tuned new-user set (100 cases, split over brokerai-eval.new-user-1.data.ts
// and brokerai-eval.new-user-2.data.ts). Written 2026-11-27 by a helper agent given only the list of
// calculations and knowledge topics (notes/eval-brief.md), never the parser or its tests. Questions are
// phrased as a new developer, broker or funder would type them. This is the TUNED set: routing may be
// tuned against it, so it does not measure unseen phrasing. Each comment holds the hand-worked arithmetic
// (checked with node); expects hold only the result (and at most one intermediate the question needs).
import type { EvalCase } from './brokerai-eval.data';
import { newUserCases2 } from './brokerai-eval.new-user-2.data';

// LVR, loan / GRV, loan / TDC, ICR, interest, debt / equity, profit and margin.
export const newUserCases1: EvalCase[] = [
  // 2.4 / 3.2 = 0.75 → 75%
  {
    calculation: 'LVR',
    question: "whats my lvr if the bank's lending me $2.4m and the site is worth 3.2 mill",
    expects: ['75%'],
  },
  // 2.9 / 4.5 = 0.6444 → 64.4%
  { calculation: 'LVR', question: 'Land valued at 4,500,000, loan 2,900,000. LVR?', expects: ['64.4%'] },
  // 1.8 / 2.6 = 0.6923 → 69.2%
  {
    calculation: 'LVR',
    question: 'loan of 1.8 million against land worth 2.6 million - lvr',
    expects: ['69.2%'],
  },
  // 850,000 / 1,300,000 = 0.6538 → 65.4%
  { calculation: 'LVR', question: 'LVR on a $850k loan, dirt is worth $1.3m', expects: ['65.4%'] },
  // 3.3 / 5.5 = 0.6 → 60%
  {
    calculation: 'LVR',
    question: "If the site is valued at A$5.5m and I borrow A$3.3m what's the LVR on land?",
    expects: ['60%'],
  },
  // 2 / 3 = 0.6667 → 66.7%
  {
    calculation: 'LVR',
    question: 'borrowing two million against a block valued at three million, lvr?',
    expects: ['66.7%'],
  },
  // 4.1 / 6.25 = 0.656 → 65.6%
  {
    calculation: 'LVR',
    question: 'what LVR am i at: land $6.25 mil, senior debt $4.1 mil',
    expects: ['65.6%'],
  },
  // 7.5 / 12 = 0.625 → 62.5%
  {
    calculation: 'LVR',
    question: 'Land value 12 million, facility 7.5 million. What is the loan to value ratio on the land?',
    expects: ['62.5%'],
  },
  // 700,000 / 980,000 = 0.7143 → 71.4%
  {
    calculation: 'LVR',
    question: 'the valuer has the land at $980,000 and i want to borrow $700,000 - what lvr is that',
    expects: ['71.4%'],
  },
  // 800m / 1,250m = 0.64 → 64%
  {
    calculation: 'loan / GRV',
    question: 'big one: GRV $1.25bn, senior facility $800m, loan to GRV?',
    expects: ['64%'],
  },
  // 14.5 / 22 = 0.6591 → 65.9%
  {
    calculation: 'loan / GRV',
    question: "what's my loan to gdv if the project sells out for $22m and the facility is $14.5m",
    expects: ['65.9%'],
  },
  // GRV ex GST = 8.8 / 1.1 = 8.0m; 5.2 / 8 = 0.65 → 65%
  {
    calculation: 'loan / GRV',
    question: 'End value $8.8m including GST, borrowing $5.2m. loan to GRV ex GST?',
    expects: ['$8,000,000', '65%'],
  },
  // 21 / 31.5 = 0.6667 → 66.7%
  {
    calculation: 'loan / GRV',
    question: 'gross realisation 31.5 million, debt 21 million, loan to grv?',
    expects: ['66.7%'],
  },
  // GRV ex GST = 11 / 1.1 = 10m; 6.4 / 10 = 0.64 → 64%
  {
    calculation: 'loan / GRV',
    question: "$6.4m loan, GRV of $11m inc GST. What's the loan to GRV (ex GST)?",
    expects: ['$10,000,000', '64%'],
  },
  // 4.5 / 7 = 0.6429 → 64.3%
  {
    calculation: 'loan / GRV',
    question:
      "I'm borrowing four and a half million, the gross realisation value is seven million. loan to GRV please",
    expects: ['64.3%'],
  },
  // 13.2 / 18 = 0.7333 → 73.3%
  {
    calculation: 'loan / GRV',
    question: 'GRV 18,000,000 and the bank lends 13,200,000 what percentage of GRV is that',
    expects: ['73.3%'],
  },
  // 7.2 / 10 = 0.72 → 72%
  { calculation: 'loan / TDC', question: 'loan to cost if TDC is $10M and loan is $7.2M', expects: ['72%'] },
  // 11 / 14.8 = 0.7432 → 74.3%
  {
    calculation: 'loan / TDC',
    question: 'whats my LTC, total development cost 14.8 million, senior facility 11 million',
    expects: ['74.3%'],
  },
  // 4.9 / 6.5 = 0.7538 → 75.4%
  {
    calculation: 'loan / TDC',
    question: "project cost all in is $6.5m, bank's lending $4.9m, loan to TDC?",
    expects: ['75.4%'],
  },
  // 3.25 / 4.6 = 0.7065 → 70.7%
  {
    calculation: 'loan / TDC',
    question: 'LTC on a $3.25m loan with total cost of $4.6m',
    expects: ['70.7%'],
  },
  // 16 / 20 = 0.8 → 80%
  {
    calculation: 'loan / TDC',
    question: "The all-in cost of the project is 20 million and we're borrowing 16 million. Loan to cost?",
    expects: ['80%'],
  },
  // TDC = 3m + 6m = 9m; 6.3 / 9 = 0.7 → 70%
  {
    calculation: 'loan / TDC',
    question:
      "site cost $3m and build cost $6m, that's the whole project cost. Bank lends $6.3m. loan to cost?",
    expects: ['$9,000,000', '70%'],
  },
  // 27.5 / 33 = 0.8333 → 83.3%
  {
    calculation: 'loan / TDC',
    question: 'Loan to total development cost: debt $27.5m, TDC $33m',
    expects: ['83.3%'],
  },
  // 600,000 / 400,000 = 1.50x (interest as given)
  {
    calculation: 'ICR',
    question: 'ICR if net rent is $600,000 a year and interest is $400,000 a year',
    expects: ['1.50x'],
  },
  // interest = 10m x 7.5% = 750,000; 1.2m / 750,000 = 1.60x
  {
    calculation: 'ICR',
    question: 'interest cover: NOI $1.2m, loan $10m at 7.5%',
    expects: ['$750,000', '1.60x'],
  },
  // interest = 15m x 8% = 1,200,000; 2.1m / 1.2m = 1.75x
  {
    calculation: 'ICR',
    question: 'EBITDA of 2.1 million, debt 15 million at 8 per cent, whats the icr',
    expects: ['$1,200,000', '1.75x'],
  },
  // interest = 4m x 6.5% = 260,000; 450,000 / 260,000 = 1.7308 → 1.73x
  {
    calculation: 'ICR',
    question: 'net income $450k pa, facility $4m at 6.5% p.a. - interest cover ratio?',
    expects: ['$260,000', '1.73x'],
  },
  // annual interest = 25,000 x 12 = 300,000; 540,000 / 300,000 = 1.80x
  {
    calculation: 'ICR',
    question: 'monthly interest is $25,000 and net rent is $540,000 a year, ICR?',
    expects: ['$300,000', '1.80x'],
  },
  // interest = 7.5m x 9% = 675,000; 1,350,000 / 675,000 = 2.00x
  {
    calculation: 'ICR',
    question: "what's the interest cover on a $7.5m loan at 9% with net operating income of $1,350,000",
    expects: ['$675,000', '2.00x'],
  },
  // 880,000 / 550,000 = 1.60x (interest as given)
  {
    calculation: 'ICR',
    question: 'rent after outgoings is 880k a year, intrest on the loan is 550k a year. icr',
    expects: ['1.60x'],
  },
  // interest = 12m x 7.25% = 870,000; 1.05m / 870,000 = 1.2069 → 1.21x
  {
    calculation: 'ICR',
    question: 'Net rent 1.05 mil, loan 12 mil at 7.25%, how many times does the rent cover the interest?',
    expects: ['$870,000', '1.21x'],
  },
  // 3m x 9% / 12 = 22,500
  { calculation: 'interest monthly', question: 'monthly interest on $3m at 9%', expects: ['$22,500'] },
  // 4.5m x 9.5% x 18 / 12 = 641,250
  {
    calculation: 'interest over term',
    question: 'how much interest will I pay over 18 months on a $4.5m loan at 9.5% p.a.',
    expects: ['$641,250'],
  },
  // 2.2m x 10.5% x 24 / 12 = 462,000
  {
    calculation: 'interest over term',
    question: 'Loan 2.2 million, rate 10.5 per cent, term 2 years, total interest?',
    expects: ['$462,000'],
  },
  // 850,000 x 11% / 12 = 7,791.67 → 7,792
  {
    calculation: 'interest monthly',
    question: 'interest per month on an $850k facility at 11%',
    expects: ['$7,792'],
  },
  // 6m x 8.75% x 18 / 12 = 787,500
  {
    calculation: 'interest over term',
    question: "a year and a half at 8.75% on $6m, what's the interest bill",
    expects: ['$787,500'],
  },
  // 1,500,000 x 12% / 12 = 15,000
  {
    calculation: 'interest monthly',
    question: "what's the monthly intrest on 1,500,000 at 12 percent",
    expects: ['$15,000'],
  },
  // 12.5m x 9.25% x 24 / 12 = 2,312,500
  {
    calculation: 'interest over term',
    question: '24-month term, $12.5m facility, coupon 9.25%. Total interest over the term?',
    expects: ['$2,312,500'],
  },
  // 4m x 7.9% x 15 / 12 = 395,000
  {
    calculation: 'interest over term',
    question: "I'm borrowing four million at 7.9% for 15 months. how much interest is that",
    expects: ['$395,000'],
  },
  // 4.5 / 1.7 = 2.647 → 2.65x
  {
    calculation: 'debt / equity',
    question: "I'm putting in $1.7m and borrowing $4.5m, what's my debt to equity",
    expects: ['2.65x'],
  },
  // 8 / 2 = 4.00x
  {
    calculation: 'debt / equity',
    question: 'how geared am I in debt to equity terms? loan 8 million, my equity 2 million',
    expects: ['4.00x'],
  },
  // 6.6 / 2.4 = 2.75x
  {
    calculation: 'debt / equity',
    question: 'D/E ratio: senior debt $6.6m, cash contibution $2.4m',
    expects: ['2.75x'],
  },
  // 3.1m / 850,000 = 3.647 → 3.65x
  {
    calculation: 'debt / equity',
    question: 'equity of $850,000 and a loan of $3.1m. debt to equity?',
    expects: ['3.65x'],
  },
  // 5.25 / 1.5 = 3.50x
  {
    calculation: 'debt / equity',
    question: "The bank's lending me 5.25 mil and I'm contributing 1.5 mil in cash. debt:equity ratio?",
    expects: ['3.50x'],
  },
  // equity = 10m - 7m = 3m; 7 / 3 = 2.333 → 2.33x
  {
    calculation: 'debt / equity',
    question: 'TDC is $10m, loan $7m and I fund the rest in cash. debt to equity?',
    expects: ['$3,000,000', '2.33x'],
  },
  // profit = 12m - 10m = 2m; 2 / 10 = 20%
  {
    calculation: 'margin on cost',
    question: 'GRV $12m, TDC $10m, margin on cost?',
    expects: ['$2,000,000', '20%'],
  },
  // profit = 18.5 - 15 = 3.5m; 3.5 / 18.5 = 0.1892 → 18.9%
  {
    calculation: 'margin on revenue',
    question: "sells out for 18.5 million, total cost 15 million, what's my margin on revenue",
    expects: ['$3,500,000', '18.9%'],
  },
  // 7.8m - 6.45m = 1,350,000
  {
    calculation: 'profit',
    question: 'what profit do I make if revenue is $7.8m and all-in cost is $6.45m',
    expects: ['$1,350,000'],
  },
  // profit = 25 - 21.5 = 3.5m; 3.5 / 21.5 = 0.1628 → 16.3%
  {
    calculation: 'margin on cost',
    question: 'feaso margin on cost: gross realisation $25m, TDC $21.5m',
    expects: ['$3,500,000', '16.3%'],
  },
  // profit = 5.1 - 4.2 = 0.9m; 0.9 / 4.2 = 0.2143 → 21.4%
  {
    calculation: 'margin on cost',
    question: 'profit on cost if the project costs $4.2m and sells for $5.1m',
    expects: ['$900,000', '21.4%'],
  },
  // profit = 9 - 8.1 = 0.9m; 0.9 / 9 = 10%
  {
    calculation: 'margin on revenue',
    question: 'End value 9 million ex GST, total development cost 8.1 million, margin on GRV?',
    expects: ['$900,000', '10%'],
  },
  // 3,400,000 - 3,650,000 = -250,000 (a loss)
  {
    calculation: 'profit',
    question: "revenue $3,400,000 cost $3,650,000 what's the profit",
    expects: ['-$250,000'],
  },
  // profit = 42 - 34 = 8m; 8 / 34 = 0.2353 → 23.5%
  {
    calculation: 'margin on cost',
    question: 'development margin on cost with sales of $42m and total costs of $34m',
    expects: ['$8,000,000', '23.5%'],
  },
  // profit = 6.6 - 5.9 = 0.7m; 0.7 / 6.6 = 0.1061 → 10.6%
  {
    calculation: 'margin on revenue',
    question: "what's the margin on revenue - sales 6.6 mil, costs 5.9 mil",
    expects: ['$700,000', '10.6%'],
  },
  // profit = 2.4m - 2m = 400,000; 0.4 / 2 = 20%
  {
    calculation: 'profit + margin on cost',
    question:
      "I've got a GDV of two point four million and project cost of two million, what's my profit and margin on cost?",
    expects: ['$400,000', '20%'],
  },
];

export const newUserCases: EvalCase[] = [...newUserCases1, ...newUserCases2];
