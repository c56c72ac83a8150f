/*
 * Fifth new-user set, fifth batch (issue 35; decision 077): several figures asked at once and
 * worked in steps (TDC then margins, loan then interest then equity, stress cases, ICR and the loan
 * a cover allows), written and committed before the changes that followed it. Same rules as
 * brokerai-eval.new-user-5.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5eCases: EvalCase2[] = [
  // TDC 12.8m; 3.2m; 25%; 20%
  {
    calculation: 'multi-step',
    question:
      "land 3m, build 8m, soft 1m, finance 0.8m, GRV 16m. what's the TDC, profit, margin on cost and margin on revenue?",
    expects: ['$12,800,000', '$3,200,000', '25%', '20%'],
  },
  // loan 13m; 13m x 9% x 1.5; equity 7m
  {
    calculation: 'multi-step',
    question:
      'TDC 20m and the bank lends 65% of it at 9% for 18 months - loan, interest over the term, and equity needed?',
    expects: ['$13,000,000', '$1,755,000', '$7,000,000'],
  },
  // 14/20; 14/25; 5/20
  {
    calculation: 'multi-step',
    question: 'GRV 25m, TDC 20m, loan 14m. LTC, loan to GRV and margin on cost?',
    expects: ['70%', '56%', '25%'],
  },
  // 30 x 700k; 21 - 17.5; 3.5 / 17.5
  {
    calculation: 'multi-step',
    question:
      "We're selling 30 units at $700k. Costs are $17.5m. What's the GRV, the profit and the margin on cost?",
    expects: ['$21,000,000', '$3,500,000', '20%'],
  },
  // 9m x 8.5% x 15/12; 1.5% x 9m
  {
    calculation: 'multi-step',
    question: 'Loan 9m at 8.5%, 15 months, 1.5% establishment fee. Total interest and fee?',
    expects: ['$956,250', '$135,000'],
  },
  // TDC 16m; 10.4m, 2.4m, 3.2m
  {
    calculation: 'multi-step',
    question:
      'Land 4m, construction 10m, soft 2m. Senior at 65% of TDC, mezz 15% of TDC, equity the rest. Amounts?',
    expects: ['$16,000,000', '$10,400,000', '$2,400,000', '$3,200,000'],
  },
  // 5/4; 5/8
  {
    calculation: 'multi-step',
    question: "What's the LVR and the LTC if I borrow 5m, land is 4m and the total cost is 8m?",
    expects: ['125%', '62.5%'],
  },
  // 8/10; 2m
  {
    calculation: 'multi-step',
    question: 'presales 8m, loan 10m, lender wants 100%. cover and shortfall?',
    expects: ['80%', '$2,000,000'],
  },
  // new cost 16.5m; new revenue 17.1m
  {
    calculation: 'multi-step',
    question: 'stress test: TDC 15m, GRV 19m, loan 10m at 9%. what happens with costs +10% and revenue -10%?',
    expects: ['$16,500,000', '$17,100,000'],
  },
  // 1.5m / 1.26m; 1m / 7%
  {
    calculation: 'multi-step',
    question: 'NOI 1.5m, loan 18m IO at 7%. ICR? and what loan would give 1.5x?',
    expects: ['1.19x', '$14,285,714'],
  },
  // 12 / 1.1; x 65%
  {
    calculation: 'multi-step',
    question: "GRV 12m inc GST. what's it ex GST, and what loan at 65% of that?",
    expects: ['$10,909,091', '$7,090,909'],
  },
  // GRV 10m; TDC 9.3m; 0.7m; 7.5%
  {
    calculation: 'multi-step',
    question:
      'Townhouses: 8 @ $1.25m. Land $3m, build $5.2m, soft $0.6m, finance $0.5m. Profit and margin on cost?',
    expects: ['$700,000', '7.5%'],
  },
  // 600k + 120k = 720k / 6m
  {
    calculation: 'multi-step',
    question: 'Loan $6m at 10% with a 2% fee, 12 months. All-in rate?',
    expects: ['12%'],
  },
  // 0.20 / 0.80
  {
    calculation: 'multi-step',
    question: 'What margin on cost do I need if the lender requires 20% on revenue?',
    expects: ['25%'],
  },
  // 0.25 / 1.25
  {
    calculation: 'multi-step',
    question: "margin on cost 25% - what's that as a margin on revenue?",
    expects: ['20%'],
  },
  // 3.5m + 12m = 15.5m; TDC 18m; 86.1%
  {
    calculation: 'multi-step',
    question: 'Site 5m at 70% LVR and build 12m fully funded. Total loan and LTC if soft costs are 1m?',
    expects: ['$15,500,000', '86.1%'],
  },
  // 12m x 8% x 2; 20m x 1% x 2
  {
    calculation: 'multi-step',
    question:
      'average drawn 60% of a $20m facility over 24 months at 8%. interest? and line fee of 1% on the full limit?',
    expects: ['$1,920,000', '$400,000'],
  },
  // 6 + 0.33 + 0.05 + 14 + 2 + 1.5
  {
    calculation: 'multi-step',
    question: 'duty 5.5%, land 6m, legals 50k, build 14m, soft 2m, finance 1.5m. TDC?',
    expects: ['$23,880,000'],
  },
  // 8 + 1.2; 1.2 / 8
  {
    calculation: 'multi-step',
    question: 'I need 1.2m profit on a 8m TDC. What GRV and what margin on cost is that?',
    expects: ['$9,200,000', '15%'],
  },
  // 1.5% x 12m; / 12
  {
    calculation: 'multi-step',
    question:
      'If interest rates rise from 8% to 9.5% on our $12m loan, how much more per year and per month?',
    expects: ['$180,000', '$15,000'],
  },
  // no revenue for the margin
  {
    calculation: 'declines',
    question: 'TDC, margin and LTC please: land 3m, build 7m, loan 7m',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no cost
  {
    calculation: 'declines',
    question: "what's the profit and margin on the job? GRV 14m",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no total
  {
    calculation: 'declines',
    question: 'senior 60%, mezz 20%, rest equity - how much is each?',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no senior rate
  {
    calculation: 'declines',
    question: 'interest on the senior and the mezz for 12 months: senior 10m, mezz 2m at 14%',
    expects: [],
    refuses: ['$1,680,000'],
    declines: true,
  },
];
