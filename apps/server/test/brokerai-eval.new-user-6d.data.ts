/*
 * Sixth new-user set, fourth batch (issue 35; decision 082): figures as lists on separate lines,
 * requests worded as instructions ('Please work out', 'I need the', 'Calc', 'Need:'), several
 * figures asked at once, and follow-ups in one message. Written before the changes that followed
 * it. `declines: true`: the right reply asks. May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser6dCases: EvalCase2[] = [
  // 3 + 8 + 0.8 + 0.7 = 12.5m; 9.375 / 12.5 = 75%
  {
    calculation: 'TDC sum',
    question: 'Land: $3m\nBuild: $8m\nSoft costs: $800k\nFinance costs: $700k\nLoan: $9.375m\nLTC?',
    expects: ['$12,500,000', '75%'],
  },
  // 10 × 900k = 9m; (9 − 7.2) / 7.2 = 25%
  {
    calculation: 'units x price',
    question:
      '- 10 townhouses\n- sale price $900k each\n- TDC $7.2m\nPlease work out the GRV and margin on cost.',
    expects: ['$9,000,000', '25%'],
  },
  // 5m × 8% = 400k a year; 33,333 a month
  {
    calculation: 'interest',
    question: 'I need the interest rate calc: loan $5m, 8 pc. Annual and monthly please',
    expects: ['$400,000', '$33,333'],
  },
  // 4.2 / 6 = 70%
  { calculation: 'LVR', question: 'Calc LVR. Loan 4.2m. Land 6m.', expects: ['70%'] },
  // 7.5 / 10 = 75% LTC; 7.5 / 12 = 62.5% loan to GRV
  {
    calculation: 'ratios',
    question: 'Need: LTC and loan to GRV. Loan $7.5m, TDC $10m, GRV $12m.',
    expects: ['75%', '62.5%'],
  },
  // profit 2m; MoC 20%; MoR 16.7%
  {
    calculation: 'margin',
    question: 'Please calculate profit, margin on cost and margin on revenue for GRV $12m and TDC $10m',
    expects: ['$2,000,000', '20%', '16.7%'],
  },
  // 18 × 800k = 14.4m; 65% × 14.4 = 9.36m
  {
    calculation: 'units x price',
    question: '18 apartments at $800k each. What is the GRV, and what loan would 65% of GRV give?',
    expects: ['$14,400,000', '$9,360,000'],
  },
  // 2.5 × 5.5% = 137.5k; + 2.5m + 15k = 2,652,500
  {
    calculation: 'all-in land',
    question: 'Purchase price: $2.5m\nStamp duty: 5.5%\nLegals: $15k\nWhat is the total acquisition cost?',
    expects: ['$137,500', '$2,652,500'],
  },
  // 20m × 1.2% / 12 = 20k
  {
    calculation: 'line fee',
    question: 'Facility: $20m\nLine fee: 1.2% pa\nHow much per month?',
    expects: ['$20,000'],
  },
  // 6m × 10% × 4/12 = 200k
  {
    calculation: 'delay',
    question: 'Loan $6m at 10%.\nCompletion delayed 4 months.\nCost of the delay?',
    expects: ['$200,000'],
  },
  // 9m × 70% = 6.3m; 8.5% × 6.3 × 12/12 = 535,500
  {
    calculation: 'average drawn',
    question: 'Facility $9m, average drawn 70%, rate 8.5%, term 12 months. Calculate the interest.',
    expects: ['$535,500'],
  },
  // 25 × 60% = 15m senior; 25 × 20% = 5m mezz; 5m equity
  {
    calculation: 'capital stack',
    question: 'TDC: $25m\nSenior: 60%\nMezz: 20%\nEquity: balance\nAmounts?',
    expects: ['$15,000,000', '$5,000,000'],
  },
  // 12m × 1 = 12m required; 12 − 8 = 4m; 4m / 800k = 5
  {
    calculation: 'presales shortfall',
    question:
      'Loan $12m, lender requires 100% presale cover, we have $8m exchanged. Shortfall? How many more units at $800k?',
    expects: ['$4,000,000', '5'],
  },
  // (20 / 1.2) − 13 = 3,666,667
  {
    calculation: 'residual land value',
    question: 'GRV $20m\nCosts (ex land) $13m\nTarget margin on cost 20%\nResidual land value?',
    expects: ['$3,666,667'],
  },
  // 1.2 / (10 × 7%) = 1.71x
  {
    calculation: 'ICR',
    question: 'NOI: $1.2m\nLoan: $10m interest only\nRate: 7%\nICR?',
    expects: ['1.71x'],
  },
  // 4.5% × 3m = 135k
  { calculation: 'percent of', question: 'Calc 4.5 per cent of $3m', expects: ['$135,000'] },
  // 16m / 20 = 800k
  {
    calculation: 'per unit',
    question: 'GRV $16m\nUnits: 20\nAverage price per unit?',
    expects: ['$800,000'],
  },
  // 3.6 + 10.4 + 1.2 + 0.8 = 16m; 12 / 16 = 75%; equity 4m
  {
    calculation: 'TDC sum',
    question:
      'Can you check my numbers? Land 3.6m, construction 10.4m, consultants 1.2m, finance 0.8m. Loan 12m. What is the LTC and how much equity goes in?',
    expects: ['$16,000,000', '75%', '$4,000,000'],
  },
];
