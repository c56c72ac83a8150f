/*
 * Sixth new-user set, second batch (issue 35; decision 082): longer and plainer messages, other
 * words for the same lines ('acquisition', 'hard costs', 'gross realisation', 'off the plan',
 * 'capitalised'), figures as '$5,600,000', '5.6M', '$5.6 million', '0.65%', 'basis points per
 * annum', written before the changes that followed it. Each comment shows the arithmetic.
 * `declines: true`: the right reply asks. May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

const ask = (question: string): EvalCase2 => ({
  calculation: 'declines',
  question,
  expects: [],
  declines: true,
});

export const newUser6bCases: EvalCase2[] = [
  // 2.8 + 7.1 + 0.9 + 0.7 = 11.5m; 8.6 / 11.5 = 74.8%
  {
    calculation: 'TDC sum',
    question:
      'Whats my LTC — acquisition $2.8M, hard costs $7.1M, soft costs $0.9M, finance $0.7M, total debt $8.6M?',
    expects: ['$11,500,000', '74.8%'],
  },
  // 3 + 8 + 1.5 = 12.5m
  {
    calculation: 'TDC sum',
    question: 'Total project cost if the land is 3m, the build is 8m and other costs come to another 1.5m?',
    expects: ['$12,500,000'],
  },
  // 2 + 5 + 0.4 + 0.25 + 0.35 = 8m; 65% = 5.2m; equity 2.8m
  {
    calculation: 'TDC sum',
    question:
      'The bank will do 65% of costs. Costs are: land $2m, construction $5m, professional fees $400k, contingency $250k, finance $350k. How much can I borrow and how much equity do I need?',
    expects: ['$8,000,000', '$5,200,000', '$2,800,000'],
  },
  // (14.3 − 11) / 11 = 30%
  {
    calculation: 'margin',
    question:
      'Developer margin check: sales revenue of $14,300,000 against a total cost of $11,000,000. Margin on cost?',
    expects: ['30%'],
  },
  // 20 × 725k = 14.5m; 2.4 / 12.1 = 19.8%
  {
    calculation: 'units x price',
    question:
      "We're selling 20 apartments at an average of $725,000. TDC is $12.1 million. What's the margin on cost?",
    expects: ['$14,500,000', '19.8%'],
  },
  // 8 × 1.25 = 10m
  {
    calculation: 'units x price',
    question: "If I sell 8 townhouses for $1.25 million each, what's my gross realisation?",
    expects: ['$10,000,000'],
  },
  // 8.4 / 0.7 = 12
  {
    calculation: 'presales units',
    question:
      'Our lender needs presales covering 100% of the debt. Facility is $8.4m and each apartment averages $700k. How many do we need to sell off the plan?',
    expects: ['12'],
  },
  // (6 × 950k − 1.8m) / 11 = 354,545
  {
    calculation: 'margin scheme units',
    question:
      "The margin scheme applies. Land was bought for $1.8m and we'll sell 6 houses at $950k each. GST payable?",
    expects: ['$354,545'],
  },
  // 2% × 6m = 120k
  {
    calculation: 'percent of',
    question: 'Council wants 2% of the $6m construction cost as a contribution — how much is that?',
    expects: ['$120,000'],
  },
  // 0.65% × 20m = 130k
  { calculation: 'percent of', question: 'How much is 0.65% of $20m?', expects: ['$130,000'] },
  // 20m × 0.65% / 12 = 10,833
  {
    calculation: 'line fee',
    question: 'Our line fee is 65 basis points per annum on a $20m limit. What do we pay each month?',
    expects: ['$10,833'],
  },
  // 4.5% × 1.2m = 54k
  { calculation: 'duty', question: 'Stamp duty on a $1.2m purchase at 4.5 per cent', expects: ['$54,000'] },
  // 1.25% × 300k + 5.5% × 2m = 3,750 + 110,000 = 113,750
  {
    calculation: 'duty tiers',
    question:
      'Duty is 1.25% up to $300,000 and 5.5% for the amount above. Purchase price $2,300,000. Duty payable?',
    expects: ['$113,750'],
  },
  // 3% × 750k + 5.5% × 1m = 22.5k + 55k = 77.5k
  {
    calculation: 'duty tiers',
    question: 'Tiered duty: first $750k at 3%, balance at 5.5%; land price $1.75m',
    expects: ['$77,500'],
  },
  // 4m + 220k + 35k = 4,255,000
  {
    calculation: 'all-in land',
    question: "what's the total land cost including 5.5% duty and $35,000 legal fees on a $4m acquisition",
    expects: ['$220,000', '$4,255,000'],
  },
  // 5 + 0.275 + 0.025 = 5.3m
  {
    calculation: 'all-in land',
    question: 'Land $5m + duty $275k + legals $25k. All-in land cost?',
    expects: ['$5,300,000'],
  },
  // costs excl land 11m; 18 / 1.2 − 11 = 4m
  {
    calculation: 'residual land value',
    question:
      'Residual land value please. End value $18m ex GST. Construction $9m, soft costs $1.2m, finance $0.8m. Developer wants a 20% margin on cost.',
    expects: ['$4,000,000'],
  },
  // 9.6 − 6 − 1.2 = 2.4m
  {
    calculation: 'residual land value',
    question:
      'What is the most I can pay for the site if GRV is $9.6m, all costs other than land are $6m and I need $1.2m profit?',
    expects: ['$2,400,000'],
  },
  // 19.5 / 4.5 / 6
  {
    calculation: 'capital stack',
    question: 'Stack is $30m total: 65% senior, 15% mezzanine, the rest equity. How much is each piece?',
    expects: ['$19,500,000', '$4,500,000', '$6,000,000'],
  },
  // total 16m; 65 / 15 / 20
  {
    calculation: 'capital stack',
    question: '$10.4m senior, $2.4m mezz and $3.2m equity. What % of the capital stack is each?',
    expects: ['$16,000,000', '65%', '15%', '20%'],
  },
  // 9m × 55% = 4.95m × 8.9% = 440,550
  {
    calculation: 'average drawn',
    question:
      'With a 12 month build, average balance 55% of the $9m facility and interest at 8.9%, how much interest will be capitalised?',
    expects: ['$440,550'],
  },
  // 11m × 50% × 9% × 16/12 = 660k
  {
    calculation: 'average drawn',
    question:
      'Construction loan limit $11m; we expect the average drawn balance to be 50 percent over the 16-month build at 9%. Interest estimate?',
    expects: ['$660,000'],
  },
  // 14m × 7.9% × 6/12 = 553k
  {
    calculation: 'delay',
    question: "Construction delayed by 6 months. $14m loan at 7.9% — what's the additional interest?",
    expects: ['$553,000'],
  },
  // 6 − 4.6 = 1.4m
  {
    calculation: 'presales shortfall',
    question: 'we have $4.6m of presales and the bank requires $6m of presales. how short are we?',
    expects: ['$1,400,000'],
  },
  // 9 × 640k = 5.76m; / 8m = 72%
  {
    calculation: 'presale cover',
    question: 'presold 9 of our 20 units at 640k avg; loan 8m — presale coverage?',
    expects: ['72%'],
  },
  // 12 × 580k = 6.96m; 80% × 10m = 8m; shortfall 1.04m
  {
    calculation: 'presales shortfall',
    question:
      "we've exchanged contracts on 12 units at an average of $580,000. Lender wants 80% of the $10m loan covered by presales. What's the shortfall?",
    expects: ['$1,040,000'],
  },
  // 110% × 9m = 9.9m; / 825k = 12
  {
    calculation: 'presales units',
    question: 'Units needed to hit 110% presale cover on a $9m facility at $825k per unit',
    expects: ['12'],
  },
  // 15m × 6.8% = 1.02m; 1.53 / 1.02 = 1.50x
  {
    calculation: 'ICR',
    question: 'ICR on a $15m interest only facility at 6.8% when net operating income is $1.53m',
    expects: ['1.50x'],
  },
  // 8m × 6.4% = 512k; 640 / 512 = 1.25x
  { calculation: 'ICR', question: 'Net rent 640k a year, IO loan 8m @ 6.4%, ICR?', expects: ['1.25x'] },
  // 4.03 / 6.2 = 65%
  {
    calculation: 'LVR',
    question: 'Our valuer has the site at $6.2m and we want to borrow $4.03m. LVR?',
    expects: ['65%'],
  },
  // 60% × 2.4m = 1.44m
  {
    calculation: 'LVR',
    question: "Land value $2.4m, the lender will go to a 60% LVR. What's the land loan?",
    expects: ['$1,440,000'],
  },
  // 60% × 8m = 4.8m
  { calculation: 'LVR', question: 'Senior lender: 60% LVR on $8m of land. Loan?', expects: ['$4,800,000'] },
  // 3.6 / 14.4 = 25%
  {
    calculation: 'share of TDC',
    question: 'what percent of TDC is the land if the land is 3.6 mil and TDC is 14.4 mil',
    expects: ['25%'],
  },
  // 7.7 / 0.7 = 11m
  {
    calculation: 'share backwards',
    question: 'If the build is $7.7m and that is 70 percent of TDC, what is the TDC?',
    expects: ['$11,000,000'],
  },
  // 18.9 / 27 = 700k
  {
    calculation: 'per unit',
    question: 'Cost per unit: TDC of $18.9m across 27 apartments',
    expects: ['$700,000'],
  },
  // 24m / 2,000 = 12,000
  {
    calculation: 'per m2',
    question: 'Revenue per square metre: $24m GRV on 2,000 sqm of saleable area',
    expects: ['$12,000'],
  },
  // 3.5m × 9.6% × 9/12 = 252k
  {
    calculation: 'interest',
    question: 'interest on $3,500,000 at 9.6% p.a. for 9 months',
    expects: ['$252,000'],
  },
  // 8% × 12.5m = 1m
  { calculation: 'percent of', question: "What's 8% of 12.5 million?", expects: ['$1,000,000'] },
  // 13% × 4m = 520k
  { calculation: 'percent of', question: '13 pc of 4m', expects: ['$520,000'] },
  // 600k / 7.5m = 8%
  { calculation: 'percent of', question: 'what rate is $600k a year on a $7.5m loan', expects: ['8%'] },
  // 16 × 0.85 = 13.6m; 0.6 / 13 = 4.6%
  {
    calculation: 'scenario',
    question: "If sales drop 15% from $16m and costs are $13m, what's the margin on cost?",
    expects: ['4.6%'],
  },
  // 20 × 1.05 = 21m; 3 / 21 = 14.3%
  {
    calculation: 'scenario',
    question: 'Costs blow out 5% on a $20m budget and revenue is $24m — new margin on cost?',
    expects: ['14.3%'],
  },
  // 15 × 1.18 = 17.7m
  {
    calculation: 'GRV needed',
    question: 'What GRV do I need to make 18% on cost with a $15m TDC',
    expects: ['$17,700,000'],
  },
  // 3m × 15% × 1.5 = 675k
  {
    calculation: 'interest',
    question: 'Mezz is 3m at 15% p.a. for 18 months — total interest?',
    expects: ['$675,000'],
  },
  // (25 − 21) / 25 = 16%
  {
    calculation: 'margin',
    question: 'margin on revenue — we sell for 25m and it costs 21m all in',
    expects: ['16%'],
  },
  // 15 × 380k = 5.7m; 5.7 − 4.5 = 1.2m
  {
    calculation: 'units x price',
    question: 'profit on 15 lots at 380k each with a total cost of 4.5m',
    expects: ['$1,200,000'],
  },
  // 6.6m × 9% / 12 = 49.5k
  {
    calculation: 'interest',
    question: "what's the monthly interest on a drawn balance of $6.6m at 9 pc",
    expects: ['$49,500'],
  },
  // 15m × 1% × 20/12 = 250k
  {
    calculation: 'line fee',
    question: 'line fee at 1 pc on 15m over a 20 month term',
    expects: ['$250,000'],
  },
  // 20% × 25m = 5m
  {
    calculation: 'equity',
    question: 'equity at 20% of a 25m TDC — how much equity?',
    expects: ['$5,000,000'],
  },
  // 6.5 / 10 = 65%
  {
    calculation: 'LTC',
    question: 'Debt of $6,500,000 on a total development cost of $10,000,000 — LTC pct?',
    expects: ['65%'],
  },
  // 7.2m × 8.25% = 594k
  {
    calculation: 'interest',
    question: 'Annual interest, $7.2 million facility, rate 8.25 percent',
    expects: ['$594,000'],
  },
  // ---- the right reply is to ask ----
  ask("What's the LTC if our costs are 12m and the loan covers most of it?"),
  ask('GST on 5 townhouses under the margin scheme if the land cost 2m'),
  ask('how many presales do we need at $700k each'),
  ask('residual land value if costs excluding land are 8m and we want a 20% margin on cost'),
  ask('what is the interest on the mezz?'),
  ask('how much will the delay cost us? loan 10m'),
  ask('ICR with net rent of 1.2m on a 15m loan'),
];
