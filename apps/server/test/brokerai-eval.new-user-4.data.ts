/*
 * Fourth new-user set (issue 35): questions in the voices of developers, brokers and credit
 * analysts, written on 2026-11-29 before any change to the analyst in that session, covering
 * the list: sums of cost lines, units x price, per unit, per month, "X is Y % of Z" in
 * every direction, tiered duty given in the question, residual land value, capital stacks of n
 * tranches, average drawn balances, delay interest, line fees, presale shortfalls in dollars and
 * units, and 'pc' / 'pct' / 'per cent' / 'bps'. Each comment shows the arithmetic. A case with
 * `declines: true` leaves a figure unplaced or missing: the right reply asks and prints none of
 * `refuses` (nor any other derived figure). May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser4Cases: EvalCase2[] = [
  // ---- sums of cost lines ----
  // TDC 3.4 + 8.2 + 1.1 + 0.9 = 13.6m; 9.52 / 13.6 = 70%
  {
    calculation: 'TDC sum',
    question:
      'quick one - land 3.4m, build 8.2m, soft 1.1m, finance 0.9m. whats my TDC and if the bank lends 9.52m whats the LTC',
    expects: ['$13,600,000', '70%'],
  },
  // TDC 5 + 12.5 + 1.5 + 1 = 20m; profit 24 − 20 = 4m; 4 / 20 = 20%
  {
    calculation: 'TDC sum',
    question:
      'Please compute the margin on cost. Land $5.0m, construction $12.5m, soft costs $1.5m, finance costs $1.0m; gross realisation $24.0m.',
    expects: ['$20,000,000', '$4,000,000', '20%'],
  },
  // TDC 2 + 5.5 + 0.7 + 0.8 = 9m; 5.5 / 9 = 61.1%
  {
    calculation: 'TDC sum',
    question: 'what % of TDC is the build? land 2m, construction 5.5m, soft 700k, finance 800k',
    expects: ['$9,000,000', '61.1%'],
  },
  // ---- units x price ----
  // 12 x 950k = 11.4m
  { calculation: 'units x price', question: '12 townhouses at $950k each - GRV?', expects: ['$11,400,000'] },
  // 24 x 725k = 17.4m
  { calculation: 'units x price', question: 'GDV on 24 apartments at 725k each', expects: ['$17,400,000'] },
  // per townhouse (990k − 330k) / 11 = 60k; x 6 = 360k
  {
    calculation: 'units x price',
    question:
      'margin scheme GST on 6 townhouses selling at $990k each, land attributable $330k per townhouse',
    expects: ['$360,000'],
  },
  // 18 x 610k = 10.98m; 4 x 1.45m = 5.8m; 16.78m
  {
    calculation: 'units x price',
    question: '18 units @ 610k plus 4 penthouses @ 1.45m, total GRV please',
    expects: ['$16,780,000'],
  },
  // ---- per unit ----
  // 14.4m / 16 = 900k
  {
    calculation: 'per unit',
    question: 'GRV of $14.4m across 16 lots, average price per lot?',
    expects: ['$900,000'],
  },
  // 21m / 30 = 700k
  {
    calculation: 'per unit',
    question: "TDC is 21m for 30 apartments, what's the cost per unit",
    expects: ['$700,000'],
  },
  // (15m − 12.6m) / 12 = 200k
  {
    calculation: 'per unit',
    question: 'profit per unit if GRV 15m, TDC 12.6m, 12 units',
    expects: ['$200,000'],
  },
  // 6m / 750k = 8 units
  {
    calculation: 'per unit',
    question: 'how many units do we need to presell to reach $6m of presales at an average of $750k each',
    expects: ['8'],
  },
  // ---- per month ----
  // 6m x 9% / 12 = 45k
  {
    calculation: 'per month',
    question: 'interest on a $6m loan at 9% pa - how much per month',
    expects: ['$45,000'],
  },
  // 10m x 1.2% = 120k a year; 10k a month
  {
    calculation: 'line fee',
    question: "line fee of 1.2% p.a. on a $10m facility, what's that per month",
    expects: ['$10,000'],
  },
  // 7.5m x 0.80% = 60k a year; 5k a month
  {
    calculation: 'line fee',
    question: 'monthly line fee: facility limit $7.5m, line fee 80 bps pa',
    expects: ['$5,000'],
  },
  // 8m x 1.75% = 140k a year; x 1.5 = 210k
  {
    calculation: 'line fee',
    question: 'line fee 1.75% on a $8m facility for 18 months, total?',
    expects: ['$210,000'],
  },
  // ---- X is Y % of Z ----
  // 6.5% x 3.2m = 208k
  { calculation: 'percent of', question: 'what is 6.5 per cent of $3.2m', expects: ['$208,000'] },
  // 450k / 6m = 7.5%
  { calculation: 'percent of', question: '$450k is what percentage of $6m', expects: ['7.5%'] },
  // 1.2m / 8% = 15m
  {
    calculation: 'percent of',
    question: "soft costs of $1.2m are 8% of TDC - what's the TDC",
    expects: ['$15,000,000'],
  },
  // 65% x 18m = 11.7m
  {
    calculation: 'percent of',
    question: 'the loan is 65 pct of GRV and GRV is 18m. loan amount?',
    expects: ['$11,700,000'],
  },
  // TDC = 3.5m / 25% = 14m; loan 14m − 3.5m = 10.5m
  {
    calculation: 'percent of',
    question:
      'equity is 25 percent of TDC and the developer has put in $3.5m, so what is the TDC and the senior debt',
    expects: ['$14,000,000', '$10,500,000'],
  },
  // ---- duty ----
  // 1.5% x 1m = 15k; 5.5% x 2m = 110k; 125k
  {
    calculation: 'tiered duty',
    question: 'stamp duty: 1.5% on the first $1m and 5.5% on the rest, purchase price $3m',
    expects: ['$125,000'],
  },
  // 150k + 5.5% x (4.2m − 3m) = 150k + 66k = 216k
  {
    calculation: 'tiered duty',
    question: "duty is $150,000 plus 5.5 per cent over $3m - site is $4.2m, what's the duty",
    expects: ['$216,000'],
  },
  // duty 5.5% x 2.8m = 154k; all-in 2.8m + 154k + 30k = 2.984m
  {
    calculation: 'all-in land',
    question: 'all-in land cost: site $2.8m, duty 5.5%, legals $30k',
    expects: ['$154,000', '$2,984,000'],
  },
  // ---- residual land value ----
  // 20m / 1.2 = 16,666,667 − 13.5m = 3,166,667
  {
    calculation: 'residual land value',
    question: 'residual land value - GRV 20m, costs excluding land 13.5m, target margin 20% on cost',
    expects: ['$3,166,667'],
  },
  // 12m − 8.1m − 1.5m = 2.4m
  {
    calculation: 'residual land value',
    question: 'what can I pay for the site? GDV $12m, costs excluding land $8.1m, I want $1.5m profit',
    expects: ['$2,400,000'],
  },
  // ---- capital stacks ----
  // 65% x 25m = 16.25m; 15% = 3.75m; rest 20% = 5m
  {
    calculation: 'capital stack',
    question: 'TDC 25m; senior at 65%, mezz at 15%, rest equity — how much each?',
    expects: ['$16,250,000', '$3,750,000', '$5,000,000'],
  },
  // 24m, 5m, 3m, 4m (senior, mezz, preferred, equity)
  {
    calculation: 'capital stack',
    question:
      'capital stack on a $40m TDC: senior debt 60%, mezzanine 12.5%, preferred equity 7.5%, developer equity 20%',
    expects: ['$24,000,000', '$5,000,000', '$3,000,000', '$8,000,000'],
  },
  // TDC 13 + 2.5 + 4.5 = 20m; 65%, 12.5%, 22.5%
  {
    calculation: 'capital stack',
    question: "senior $13m, mezz $2.5m and equity $4.5m, what's the TDC and what share is each",
    expects: ['$20,000,000', '65%', '12.5%', '22.5%'],
  },
  // ---- average drawn balance ----
  // 55% x 10m = 5.5m; x 8.5% x 18/12 = 701,250
  {
    calculation: 'average drawn',
    question: 'construction loan of $10m, average drawn balance 55% over 18 months at 8.5% - interest?',
    expects: ['$701,250'],
  },
  // 60% x 12m = 7.2m; x 9% x 12/12 = 648k
  {
    calculation: 'average drawn',
    question: "avg drawn balance 60 pct of a 12m facility, rate 9 pct, 12 months, what's the interest",
    expects: ['$648,000'],
  },
  // ---- delay ----
  // 15m x 8% / 12 x 3 = 300k
  {
    calculation: 'delay interest',
    question: 'if practical completion slips 3 months, how much extra interest on a $15m loan at 8%',
    expects: ['$300,000'],
  },
  // 20m x 7.5% / 12 x 6 = 750k
  {
    calculation: 'delay interest',
    question: '6 month delay, senior debt 20m @ 7.5 pc - cost of the delay in interest?',
    expects: ['$750,000'],
  },
  // ---- presales ----
  // 9m − 6.3m = 2.7m
  {
    calculation: 'presale shortfall',
    question: "lender needs presales covering 100% of the $9m debt; we've exchanged $6.3m. shortfall?",
    expects: ['$2,700,000'],
  },
  // 4.2m / 7m = 60%
  {
    calculation: 'presale cover',
    question: "presales $4.2m against a $7m loan - what's the cover",
    expects: ['60%'],
  },
  // ---- percent words, bps ----
  // 3.9 / 6 = 65%
  { calculation: 'LVR', question: 'LVR if the loan is 3.9m and the site is worth 6m', expects: ['65%'] },
  // 4m x 8.25% = 330k
  {
    calculation: 'interest',
    question: 'interest at 8.25pc on a $4m loan for 12 months',
    expects: ['$330,000'],
  },
  // 12m x 2.75% = 330k
  { calculation: 'bps', question: "what's 275 bps of $12m", expects: ['$330,000'] },
  // 4.2% + 3.8% = 8%; 9m x 8% = 720k
  {
    calculation: 'bps',
    question: 'BBSY 4.2% + 380bps margin on a $9m loan, annual interest?',
    expects: ['$720,000'],
  },
  // ---- margins ----
  // 3.3 / 15 = 22%
  { calculation: 'margin', question: 'margin on cost if profit is 3.3m and TDC 15m', expects: ['22%'] },
  // (18 − 15.3) / 18 = 15%
  { calculation: 'margin', question: 'margin on revenue: GRV 18m, TDC 15.3m', expects: ['15%'] },
  // (9 − 7.5) / 7.5 = 20% on cost
  { calculation: 'margin', question: 'margin? sales 9m costs 7.5m', expects: ['20%'] },
  // ---- cover, area ----
  // interest 10m x 6% = 600k; 900k / 600k = 1.50x
  {
    calculation: 'ICR',
    question: 'ICR: net income $900k a year, interest-only loan $10m at 6%',
    expects: ['1.50x'],
  },
  // 9.6m / 3,200 = 3,000
  { calculation: 'per m2', question: 'cost per sqm: build 9.6m over 3,200 sqm GFA', expects: ['$3,000'] },
  // 3,400 x 2,500 = 8.5m
  {
    calculation: 'per m2',
    question: "build cost $3,400/m2 on 2,500 m2, what's the construction cost",
    expects: ['$8,500,000'],
  },
  // 3m x 16% x 15/12 = 600k
  { calculation: 'interest', question: 'mezz $3m at 16% pa for 15 months, interest?', expects: ['$600,000'] },
  // 65% x 2.2m = 1.43m
  { calculation: 'LVR', question: "site 2.2m, what's the loan at a 65% LVR", expects: ['$1,430,000'] },
  // ---- must ask: a figure unplaced or missing ----
  {
    calculation: 'declines',
    question: 'loan 6m, 2.5m and 10m, what is the LTC',
    expects: [],
    refuses: ['60%', '240%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'margin on cost with GRV 14m, costs 10m and 1.2m',
    expects: [],
    refuses: ['40%', '25%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: "what's the LVR? loan 4m, land 6m, and there's also 750k",
    expects: [],
    refuses: ['66.7%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'GST under the margin scheme on the townhouses at 800k each',
    expects: [],
    refuses: ['$0', '$72,727'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'interest on 7m for 9 months?',
    expects: [],
    refuses: ['$0'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'residual land value on a GRV of 22m at a 20% margin on cost',
    expects: [],
    refuses: ['$18,333,333'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'capital stack: TDC 30m with senior at 60% and the rest split between mezz and equity',
    expects: [],
    refuses: ['$12,000,000'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'LTC with land 3m, build 6m and a loan of 7m, plus 400k',
    expects: [],
    refuses: ['77.8%', '75%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'how many more units do we need to presell? loan 10m and we have 6m exchanged',
    expects: [],
    refuses: ['$4,000,000'],
    declines: true,
  },
  // ---- knowledge only to a knowledge question ----
  {
    calculation: 'knowledge',
    question: 'what does LTC mean?',
    expects: ['cost'],
    refuses: ['Margin scheme'],
  },
  {
    calculation: 'knowledge',
    question: 'what is mezzanine finance and how does it sit in the capital stack',
    expects: ['Mezzanine'],
  },
];
