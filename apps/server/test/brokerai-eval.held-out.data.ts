/*
 * Held-out set. Written on 2026-11-27 by a helper agent given only the list of calculations and
 * knowledge topics (notes/eval-brief.md), never the parser or the other evaluation files. No routing
 * change is tuned against these questions: the evaluation prints only their score, never which ones
 * fail. Last looked at: 2026-11-27, when written.
 */
import type { EvalCase } from './brokerai-eval.data';

export const heldOutCases: EvalCase[] = [
  // ---- LVR on land (5) ----
  // 1,200,000 / 2,000,000 = 0.6 → 60%
  {
    calculation: 'LVR',
    question: 'whats the LVR if i borrow $1.2m against a site worth $2m',
    expects: ['60%'],
  },
  // 2,210,000 / 3,400,000 = 0.65 → 65%
  {
    calculation: 'LVR',
    question: 'Land is valued at 3.4 million and the lender will give me 2.21 million. What LVR is that?',
    expects: ['65%'],
  },
  // 600,000 / 850,000 = 0.70588 → 70.6%
  { calculation: 'LVR', question: 'LVR on land — block is $850k, facility 600,000', expects: ['70.6%'] },
  // 4,500,000 / 6,000,000 = 0.75 → 75%
  {
    calculation: 'LVR',
    question:
      "Loan of four and a half million against land worth six million, what's the loan to value ratio on the land?",
    expects: ['75%'],
  },
  // 3,200,000 / 4,750,000 = 0.67368 → 67.4%
  { calculation: 'LVR', question: 'A$3.2m of debt on a $4.75 mil site, LVR?', expects: ['67.4%'] },

  // ---- Loan / GRV (5) ----
  // 13,000,000 / 20,000,000 = 0.65 → 65%
  {
    calculation: 'loan/GRV',
    question: 'loan to GRV if senior debt is $13m and the GRV is $20m',
    expects: ['65%'],
  },
  // 12,000,000 / 18,500,000 = 0.64865 → 64.9%
  {
    calculation: 'loan/GRV',
    question: 'GDV of 18.5M, borrowing 12M. what is the loan as a % of GDV',
    expects: ['64.9%'],
  },
  // GRV inc GST 9,900,000 / 1.1 = 9,000,000 ex GST; 5,400,000 / 9,000,000 = 0.6 → 60%
  {
    calculation: 'loan/GRV',
    question: 'End value is $9.9m including GST and the loan is $5.4m. Loan to GRV?',
    expects: ['$9,000,000', '60%'],
  },
  // 30,500,000 / 42,000,000 = 0.72619 → 72.6%
  {
    calculation: 'loan/GRV',
    question:
      'Total sales come to $42 million ex GST and the facility is $30.5 million — what is the loan to gross realisation value?',
    expects: ['72.6%'],
  },
  // 7,800,000 / 11,000,000 = 0.70909 → 70.9%
  {
    calculation: 'loan/GRV',
    question: 'what percentage of GRV is a 7.8 mil loan? GRV is eleven million',
    expects: ['70.9%'],
  },

  // ---- Loan / TDC (5) ----
  // 7,000,000 / 10,000,000 = 0.7 → 70%
  { calculation: 'loan/TDC', question: 'LTC on a $10m total dev cost with a $7m loan', expects: ['70%'] },
  // 12,480,000 / 15,600,000 = 0.8 → 80%
  {
    calculation: 'loan/TDC',
    question: 'project cost all in is $15.6m and the lender will give me $12.48m, whats the loan to cost',
    expects: ['80%'],
  },
  // 4,200,000 / 5,500,000 = 0.76364 → 76.4%
  {
    calculation: 'loan/TDC',
    question: 'Loan to TDC: debt 4.2 million, total cost 5.5 million',
    expects: ['76.4%'],
  },
  // 2,750,000 / 3,300,000 = 0.83333 → 83.3%
  {
    calculation: 'loan/TDC',
    question:
      'If my facility is $2,750,000 and the total development cost is $3,300,000, what is my loan-to-cost ratio?',
    expects: ['83.3%'],
  },
  // 3,000,000 / 4,800,000 = 0.625 → 62.5%
  {
    calculation: 'loan/TDC',
    question: 'borrowing three million on a project costing $4.8m all up. what percent of TDC is that',
    expects: ['62.5%'],
  },

  // ---- ICR (5) ----
  // annual interest 8,000,000 x 7.5% = 600,000; 1,100,000 / 600,000 = 1.8333 → 1.83x
  { calculation: 'ICR', question: 'ICR? NOI is $1.1m, loan $8m at 7.5%', expects: ['$600,000', '1.83x'] },
  // annual interest given directly: 2,400,000 / 1,200,000 = 2 → 2.00x
  {
    calculation: 'ICR',
    question: 'EBITDA is 2.4 million a year and the annual interest bill is $1.2m. Interest cover?',
    expects: ['2.00x'],
  },
  // annual interest 25,000 x 12 = 300,000; 540,000 / 300,000 = 1.8 → 1.80x
  {
    calculation: 'ICR',
    question: 'net rent $540k pa, monthly interest is $25,000 — what is my interest cover',
    expects: ['$300,000', '1.80x'],
  },
  // annual interest 5,000,000 x 9% = 450,000; 720,000 / 450,000 = 1.6 → 1.60x
  {
    calculation: 'ICR',
    question:
      'interest cover ratio for a $5,000,000 facility at 9 per cent with net income of $720,000 per annum',
    expects: ['$450,000', '1.60x'],
  },
  // annual interest 20,000,000 x 6.25% = 1,250,000; 3,150,000 / 1,250,000 = 2.52 → 2.52x
  {
    calculation: 'ICR',
    question: 'Our net operating income is $3.15m; the debt is $20m at a 6.25% pa coupon. ICR?',
    expects: ['$1,250,000', '2.52x'],
  },

  // ---- Interest (6) ----
  // 3,000,000 x 9% / 12 = 22,500
  { calculation: 'interest', question: 'monthly interest on a $3m loan at 9%', expects: ['$22,500'] },
  // 4,500,000 x 10% x 18 / 12 = 675,000 (simple)
  {
    calculation: 'interest',
    question: 'how much intrest over 18 months on $4.5m at 10% pa',
    expects: ['$675,000'],
  },
  // 2,400,000 x 8.75% x 24 / 12 = 420,000 (simple)
  {
    calculation: 'interest',
    question: 'Interest on 2.4 million at 8.75 per cent for 2 years?',
    expects: ['$420,000'],
  },
  // 850,000 x 11.5% / 12 = 8,145.83 → $8,146
  {
    calculation: 'interest',
    question: "what's the interest per month if I borrow $850k at 11.5%",
    expects: ['$8,146'],
  },
  // 12,000,000 x 7.2% x 24 / 12 = 1,728,000 (simple)
  {
    calculation: 'interest',
    question: '24-month facility, $12m, coupon 7.2%. Total interest?',
    expects: ['$1,728,000'],
  },
  // 6,000,000 x 9.6% x 15 / 12 = 720,000 (simple)
  {
    calculation: 'interest',
    question: 'How much interest will I pay on a 6 mil loan at 9.6% over 15 months',
    expects: ['$720,000'],
  },

  // ---- Debt / equity (4) ----
  // 6,000,000 / 2,000,000 = 3 → 3.00x
  {
    calculation: 'debt/equity',
    question: "debt to equity if the loan is $6m and I'm putting in $2m",
    expects: ['3.00x'],
  },
  // 4,200,000 / 1,500,000 = 2.8 → 2.80x
  {
    calculation: 'debt/equity',
    question: 'Developer contributes $1.5m cash, senior debt of $4.2m. D/E ratio?',
    expects: ['2.80x'],
  },
  // 9,750,000 / 3,900,000 = 2.5 → 2.50x
  {
    calculation: 'debt/equity',
    question: 'what is the debt/equity with a $9.75m facility and $3.9m of equity',
    expects: ['2.50x'],
  },
  // 2,300,000 / 850,000 = 2.70588 → 2.71x
  {
    calculation: 'debt/equity',
    question: 'i put in 850k of my own cash and borow 2.3 mil. debt to equity?',
    expects: ['2.71x'],
  },

  // ---- Profit and margin (7) ----
  // profit 12,000,000 − 10,000,000 = 2,000,000; 2,000,000 / 10,000,000 = 20%
  {
    calculation: 'margin',
    question: 'GRV $12m, TDC $10m — whats my profit and margin on cost',
    expects: ['$2,000,000', '20%'],
  },
  // profit 25,000,000 − 21,000,000 = 4,000,000; 4,000,000 / 25,000,000 = 16% on revenue
  {
    calculation: 'margin',
    question: 'Margin on revenue? Sales of $25m, total costs $21m',
    expects: ['$4,000,000', '16%'],
  },
  // profit 8,600,000 − 7,200,000 = 1,400,000; 1,400,000 / 7,200,000 = 0.19444 → 19.4%
  {
    calculation: 'margin',
    question: "what's my development margin on cost? revenue 8.6 million, project cost 7.2 million",
    expects: ['$1,400,000', '19.4%'],
  },
  // 31,500,000 − 26,250,000 = 5,250,000
  {
    calculation: 'margin',
    question: 'profit if total sales are $31.5m and the total development cost is $26.25m',
    expects: ['$5,250,000'],
  },
  // profit 5,500,000 − 5,800,000 = −300,000; −300,000 / 5,800,000 = −0.05172 → −5.2%
  {
    calculation: 'margin',
    question: "Costs are $5.8m and the end value is $5.5m, what's my margin on cost",
    expects: ['-$300,000', '-5.2%'],
  },
  // profit given directly: 1,800,000 / 9,000,000 = 20%
  {
    calculation: 'margin',
    question: 'Profit of $1.8m on a total cost of $9m. Margin on cost?',
    expects: ['20%'],
  },
  // profit 16,000,000 − 13,600,000 = 2,400,000; 2,400,000 / 16,000,000 = 15% on revenue (GDV)
  {
    calculation: 'margin',
    question: 'margin on gdv: gdv 16 million, tdc 13.6 million',
    expects: ['$2,400,000', '15%'],
  },

  // ---- Margin conversion (2) ----
  // 0.20 / (1 + 0.20) = 0.16667 → 16.7%
  {
    calculation: 'margin conversion',
    question: 'convert a 20% margin on cost into a margin on revenue',
    expects: ['16.7%'],
  },
  // 0.15 / (1 − 0.15) = 0.17647 → 17.6%
  {
    calculation: 'margin conversion',
    question: 'If my margin on revenue is 15 per cent, what is that on cost?',
    expects: ['17.6%'],
  },

  // ---- What-if changes (5) ----
  // new cost 16,000,000 x 1.1 = 17,600,000; profit 20,000,000 − 17,600,000 = 2,400,000;
  // 2,400,000 / 17,600,000 = 0.13636 → 13.6%
  {
    calculation: 'what-if',
    question: 'Revenue $20m, costs $16m. If costs go up 10%, what are my new profit and margin on cost?',
    expects: ['$2,400,000', '13.6%'],
  },
  // new revenue 15,000,000 x 0.9 = 13,500,000; profit 13,500,000 − 12,500,000 = 1,000,000;
  // 1,000,000 / 12,500,000 = 8%
  {
    calculation: 'what-if',
    question: 'sales come in 10% lower than the $15m GRV; TDC is $12.5m. new margin on cost?',
    expects: ['$1,000,000', '8%'],
  },
  // new cost 8,000,000 x 1.15 = 9,200,000; profit 10,000,000 − 9,200,000 = 800,000
  {
    calculation: 'what-if',
    question:
      'What happens to my profit if total costs blow out by 15%? Total cost is $8m and sales are $10m',
    expects: ['$800,000'],
  },
  // new revenue 22,000,000 x 0.95 = 20,900,000; profit 20,900,000 − 19,000,000 = 1,900,000
  {
    calculation: 'what-if',
    question: 'if revenue falls 5%, whats my profit? end value 22 million, project cost 19 million',
    expects: ['$1,900,000'],
  },
  // new cost 6,000,000 x 1.2 = 7,200,000; profit 7,500,000 − 7,200,000 = 300,000;
  // 300,000 / 7,200,000 = 0.04167 → 4.2%
  {
    calculation: 'what-if',
    question: 'Costs up 20 % on a job with a $6m TDC and $7.5m GRV, new margin on cost?',
    expects: ['$300,000', '4.2%'],
  },

  // ---- Stress tests (3) ----
  // cost +10%: 24,000,000 − 20,900,000 = 3,100,000 / 20,900,000 = 14.8%
  // revenue −10%: 21,600,000 − 19,000,000 = 2,600,000 / 19,000,000 = 13.7%
  // 6-month delay: 13,000,000 x 8% / 12 x 6 = 520,000; 4,480,000 / 19,520,000 = 22.95% → 23%
  {
    calculation: 'stress test',
    question: 'Run the lender stress tests on this: GRV $24m, TDC $19m, loan $13m at 8%',
    expects: ['14.8%', '13.7%', '23%'],
  },
  // delay interest 8,000,000 x 10% / 12 x 6 = 400,000; cost 12,400,000;
  // profit 15,000,000 − 12,400,000 = 2,600,000; 2,600,000 / 12,400,000 = 0.20968 → 21%
  {
    calculation: 'stress test',
    question:
      "what's my margin on cost if the project is delayed 6 months? loan $8m at 10%, total cost $12m, sales $15m",
    expects: ['$400,000', '21%'],
  },
  // cost +10%: 18,000,000 − 16,500,000 = 1,500,000 / 16,500,000 = 9.1%
  // revenue −10%: 16,200,000 − 15,000,000 = 1,200,000 / 15,000,000 = 8%
  // 6-month delay: 10,000,000 x 8.5% / 12 x 6 = 425,000; 2,575,000 / 15,425,000 = 16.7%
  {
    calculation: 'stress test',
    question: 'stress test it against a 12% hurdle — revenue 18m, cost 15m, loan 10m at 8.5%',
    expects: ['9.1%', '8%', '16.7%'],
  },

  // ---- GST margin scheme (3) ----
  // (2,200,000 − 1,100,000) / 11 = 100,000
  {
    calculation: 'GST margin scheme',
    question: 'GST under the margin scheme — bought the land for $1.1m, selling for $2.2m',
    expects: ['$100,000'],
  },
  // (880,000 − 330,000) / 11 = 50,000
  {
    calculation: 'GST margin scheme',
    question: 'margin scheme GST if the purchase price was $330,000 and the sale price is $880,000',
    expects: ['$50,000'],
  },
  // (3,300,000 − 1,650,000) / 11 = 150,000
  {
    calculation: 'GST margin scheme',
    question:
      'How much GST do I pay selling for 3.3 million under the margin scheme, having paid 1.65 million for it?',
    expects: ['$150,000'],
  },

  // ---- GST withholding (2) ----
  // 770,000 / 11 = 70,000
  {
    calculation: 'GST withholding',
    question: 'how much GST does the buyer have to withhold on a new apartment for $770,000',
    expects: ['$70,000'],
  },
  // margin scheme: 1,200,000 x 7% = 84,000
  {
    calculation: 'GST withholding',
    question: 'GST withholding on a new house sold for $1.2m under the margin scheme?',
    expects: ['$84,000'],
  },

  // ---- Largest loan (2) ----
  // 65% x 20,000,000 = 13,000,000; 80% x 15,000,000 = 12,000,000; smallest → 12,000,000
  {
    calculation: 'largest loan',
    question: 'max loan if the lender caps at 65% of GRV and 80% of cost: GRV $20m, TDC $15m',
    expects: ['$12,000,000'],
  },
  // 65% x 14,500,000 = 9,425,000; 80% x 12,000,000 = 9,600,000; smallest → 9,425,000
  {
    calculation: 'largest loan',
    question:
      "How much can I borrow? The funder goes to 65% of GDV or 80% of TDC, whichever's lower. GDV 14.5m, TDC 12m",
    expects: ['$9,425,000'],
  },

  // ---- All-in cost of a quote (2) ----
  // 5,000,000 x 9% x 12 / 12 = 450,000 + fee 2% x 5,000,000 = 100,000 → 550,000;
  // 550,000 / 5,000,000 / 1 = 11%
  {
    calculation: 'all-in cost',
    question: 'all-in cost of a $5m loan at 9% for 12 months with a 2% establishment fee',
    expects: ['$550,000', '11%'],
  },
  // 2,400,000 x 10.5% x 18 / 12 = 378,000 + 36,000 = 414,000; 414,000 / 2,400,000 / 1.5 = 11.5%
  {
    calculation: 'all-in cost',
    question:
      'quote is $2.4m at 10.5% pa for 18 months plus a $36,000 establishment fee. total cost and what is that as an annual rate?',
    expects: ['$414,000', '11.5%'],
  },

  // ---- Knowledge (2) ----
  // topic: senior debt (first mortgage)
  {
    calculation: 'knowledge',
    question: 'what does senior debt mean in development finance',
    expects: ['first mortgage'],
  },
  // topic: loan to cost and TDC
  { calculation: 'knowledge', question: 'what is loan to cost and how do lenders use it?', expects: ['TDC'] },

  // ---- Decline (1) ----
  {
    calculation: 'decline',
    question: 'can you guarantee my loan will get approved if I list it here',
    expects: ['I can’t guarantee an outcome or give personal financial advice'],
  },

  // ---- One figure missing (1) ----
  // ICR needs net income and annual interest; loan and rate are given, net income is not
  {
    calculation: 'missing figure',
    question: 'whats my ICR, loan is 4 million at 8%',
    expects: ['I need the net income'],
  },
];
