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
  // ---- second batch, written after the first batch's fixes and before any further change ----
  // 1.2m / 6% = 20m (a capitalisation rate: not a calculator here, so asking is also right)
  {
    calculation: 'cap rate',
    question: "Net rent $1.2m pa, cap rate 6%. What's the end value?",
    expects: ['$20,000,000'],
  },
  // interest 8m x 7% = 560k; 840k / 560k = 1.50x
  {
    calculation: 'ICR',
    question: 'interest only loan $8m at 7% and NOI of $840k — ICR?',
    expects: ['1.50x'],
  },
  // 22m / 1.1 = 20m
  { calculation: 'GST', question: "GRV incl GST is $22m, what's it ex GST", expects: ['$20,000,000'] },
  // 7.8 / 6 = 130%; 7.8 / 12 = 65%
  {
    calculation: 'ratios',
    question: 'LVR and LTC please: loan 7.8m, land 6m, TDC 12m',
    expects: ['130%', '65%'],
  },
  // 15m x 30% = 4.5m
  {
    calculation: 'equity',
    question: 'how much equity do I need if the bank does 70% of TDC and TDC is 15m',
    expects: ['$4,500,000'],
  },
  // 9 / 15 = 60%; 9 / 12 = 75%; (15 − 12) / 12 = 25%
  {
    calculation: 'ratios',
    question: 'loan 9m, GRV 15m, TDC 12m — loan to GRV, LTC and margin on cost',
    expects: ['60%', '75%', '25%'],
  },
  // 10m x 1.5% = 150k
  {
    calculation: 'bps',
    question: 'establishment fee of 150 bps on a 10m facility, how much?',
    expects: ['$150,000'],
  },
  // 6.4m x 1.5% = 96k
  { calculation: 'pct', question: 'establishment fee 1.5 pct on $6.4m', expects: ['$96,000'] },
  // 2.5m x 18% x 9/12 = 337,500
  {
    calculation: 'interest',
    question: "what's the interest on $2.5m mezz at 18% for 9 months",
    expects: ['$337,500'],
  },
  // profit 6m; 6/30 = 20%; 6/24 = 25%
  {
    calculation: 'margin',
    question: 'sales 30m, costs 24m, margin on revenue and on cost?',
    expects: ['20%', '25%'],
  },
  // 12m x 9.6% / 12 = 96k
  { calculation: 'per month', question: 'monthly interest on 12m at 9.6%', expects: ['$96,000'] },
  // 1.1m / 11 = 100k
  {
    calculation: 'GST',
    question: 'GST on a $1.1m sale, fully taxable, GST inclusive price',
    expects: ['$100,000'],
  },
  // 2m x 5.5% = 110k
  { calculation: 'duty', question: "land $2m stamp duty 5.5% what's the duty", expects: ['$110,000'] },
  // 65% x 18m = 11.7m
  { calculation: 'percent of', question: 'loan at 65% of $18m GDV?', expects: ['$11,700,000'] },
  // 100% − 20% − 10% = 70% x 18m = 12.6m
  {
    calculation: 'capital stack',
    question: 'TDC 18m, equity 20%, mezz 10% — senior?',
    expects: ['$12,600,000'],
  },
  // 10 x 1.2m = 12m; 12m − 9.6m = 2.4m
  {
    calculation: 'units x price',
    question: "what's my profit: 10 townhouses at 1.2m each, costs 9.6m",
    expects: ['$2,400,000'],
  },
  // ---- second batch: must ask ----
  {
    calculation: 'declines',
    question: 'margin on 10m and 12m?',
    expects: [],
    refuses: ['20%', '16.7%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'LVR: 4m, 6m, 8m',
    expects: [],
    refuses: ['66.7%', '50%', '75%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'interest on the loan at 8%?',
    expects: [],
    refuses: ['$0'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'ICR on rent of 500k and a 6m loan',
    expects: [],
    refuses: ['0.08x', '8.3%'],
    declines: true,
  },
  {
    calculation: 'declines',
    question: 'what is the LTC if the loan is 8m and the land is 4m and the build is 6m plus 1.5m',
    expects: [],
    refuses: ['80%', '70.6%'],
    declines: true,
  },
  // ---- third batch (figures outside the usual ratios), written before the next changes ----
  // 900k / 12m = 7.5%
  { calculation: 'yield', question: 'yield on cost? NOI 900k, TDC 12m', expects: ['7.5%'] },
  // (no IRR calculator: asking is right)
  {
    calculation: 'declines',
    question: 'IRR on equity of 5m returning 7m after 2 years',
    expects: [],
    refuses: ['40%', '18.3%'],
    declines: true,
  },
  // 60% x 20m = 12m
  {
    calculation: 'drawn',
    question: 'how much is drawn if we draw 60% of a 20m facility',
    expects: ['$12,000,000'],
  },
  // (12m − 4m) / 11 = 727,273
  {
    calculation: 'GST',
    question: "what's the GST on 12m of sales under the margin scheme with land at 4m",
    expects: ['$727,273'],
  },
  // 16m / 20 = 800k
  {
    calculation: 'per unit',
    question: 'break-even price per unit: TDC 16m, 20 units',
    expects: ['$800,000'],
  },
  // 10m x 8.5% x 2 = 1.7m
  {
    calculation: 'interest',
    question: 'loan 10m at 8.5% for 2 years, total interest?',
    expects: ['$1,700,000'],
  },
  // 12 x 650k = 7.8m
  {
    calculation: 'presales',
    question: 'we need 12 presales at 650k each, how much presales is that',
    expects: ['$7,800,000'],
  },
  // 100% − 70% − 15% = 15% x 14m = 2.1m
  {
    calculation: 'capital stack',
    question: 'TDC 14m, 70% LTC senior, 15% mezz: how much equity',
    expects: ['$2,100,000'],
  },
  // 3m / 25% = 12m
  {
    calculation: 'percent of',
    question: 'If I have 3m equity and the bank lends 75% LTC, how big a project can I do',
    expects: ['$12,000,000'],
  },
  // 2% x 9m = 180k
  { calculation: 'percent of', question: 'how much is the 2% exit fee on a 9m loan', expects: ['$180,000'] },
  // 12% x 7m = 840k
  {
    calculation: 'percent of',
    question: "my builder's margin is 12% on a 7m build, how much is that",
    expects: ['$840,000'],
  },
  // 5% x 8m = 400k
  { calculation: 'percent of', question: 'contingency of 5% on construction of 8m?', expects: ['$400,000'] },
  // 25 x 600k = 15m; x 2.5% = 375k
  {
    calculation: 'units x price',
    question: 'sell 25 units at 600k each, agent fees 2.5% - how much commission',
    expects: ['$375,000'],
  },
  // 13.6m / 17m = 80% (site and build summed as the cost)
  {
    calculation: 'TDC sum',
    question: 'total project cost is land 5m plus build 12m; the loan is 13.6m. LTC?',
    expects: ['80%'],
  },
  {
    calculation: 'declines',
    question: 'equity multiple if I put in 4m and get back 6.4m',
    expects: [],
    refuses: ['60%', '$2,400,000'],
    declines: true,
  },
  // ---- fourth batch (figures beside the point, mixed periods), written before the next changes ----
  // 9.5% x 10m = 950k interest; 1% x 10m = 100k line fee; 1.05m
  {
    calculation: 'finance cost',
    question: 'Interest rate 9.5%, line fee 1%, loan 10m, 12 months. Total finance cost?',
    expects: ['$1,050,000'],
  },
  // min(60% x 20m, 75% x 17m) = min(12m, 12.75m) = 12m
  {
    calculation: 'max loan',
    question:
      'the bank will lend 60% of GRV or 75% of TDC whichever is lower; GRV 20m, TDC 17m - how much can we borrow',
    expects: ['$12,000,000'],
  },
  // 8 x 700k = 5.6m; 5.6 / 10 = 56%
  {
    calculation: 'presale cover',
    question: 'presales of 8 units at 700k each, loan 10m — cover?',
    expects: ['56%'],
  },
  // 18m / 1.1 = 16,363,636; profit 2,363,636; / 14m = 16.9%
  { calculation: 'margin', question: 'GRV 18m inc GST, TDC 14m — margin on cost?', expects: ['16.9%'] },
  // 80k x 12 = 960k; interest 12m x 7% = 840k; 1.14x
  {
    calculation: 'ICR',
    question: "what's the ICR with rent of $80k a month on a $12m loan at 7%",
    expects: ['1.14x'],
  },
  // 1.8m / 3m = 60%
  {
    calculation: 'return on equity',
    question: "what's my return on equity: equity 3m, profit 1.8m",
    expects: ['60%'],
  },
  // 6 x 1.1m = 6.6m; 6.6 / 8 = 82.5%
  {
    calculation: 'presale cover',
    question: "we've presold 6 townhouses at 1.1m each; loan is 8m; presale cover?",
    expects: ['82.5%'],
  },
  // 2.4m x 10% / 12 = 20k
  {
    calculation: 'per month',
    question: 'monthly interest if the loan is 2.4 mil at 10 pct',
    expects: ['$20,000'],
  },
  // 20m x 1.18 = 23.6m
  {
    calculation: 'GRV needed',
    question: "margin on cost 18%, TDC 20m, what's the GRV needed",
    expects: ['$23,600,000'],
  },
  // 16m / (1 − 20%) = 20m
  {
    calculation: 'GRV needed',
    question: 'what GRV do I need for a 20% margin on revenue with TDC of 16m',
    expects: ['$20,000,000'],
  },
  {
    calculation: 'declines',
    question: 'sales 12m less 3% selling costs, TDC 10m, margin on cost?',
    expects: ['16.4%'],
    refuses: ['20%'],
  },
  {
    calculation: 'declines',
    question: 'cost to complete is 4m and the undrawn facility is 3.2m, what is the shortfall',
    expects: ['$800,000'],
  },
];
