/*
 * Sixth new-user set (issue 35; decision 082): questions in the voices of developers, brokers and
 * credit analysts, written before any change to the analyst that followed it, covering what issue
 * 35 lists under "What it could not do" and item 2's compositional arithmetic: sums of named cost
 * lines, units × price, per unit, per month, "X is Y % of Z" every way, shares solved backwards,
 * flat and tiered duty, all-in land cost, line fees, residual land value, capital stacks,
 * average drawn balances, delays, presale shortfalls in $ and units, ICR on interest-only loans,
 * with '%', 'pc', 'per cent', 'percent', 'pct' and 'bps', in varied orders and number formats.
 * Each comment shows the arithmetic. A case with `declines: true` leaves a figure missing or
 * unplaceable: the right reply asks and prints no derived figure. May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

const ask = (question: string): EvalCase2 => ({
  calculation: 'declines',
  question,
  expects: [],
  declines: true,
});

export const newUser6Cases: EvalCase2[] = [
  // ---- sums of named parts into TDC, then LTC / margin / shares ----
  // 3.1 + 7.4 + 0.9 + 0.6 = 12m; 8.4 / 12 = 70%
  {
    calculation: 'TDC sum',
    question: 'Land 3.1m, construction 7.4m, soft costs 900k, finance costs 600k, loan is 8.4m. LTC pc?',
    expects: ['$12,000,000', '70%'],
  },
  // 1.6 + 4.9 + 0.35 + 0.45 = 7.3m; 5.11 / 7.3 = 70%
  {
    calculation: 'TDC sum',
    question:
      "What's the LTC? Site $1.6m, build $4.9m, professional fees $350k, finance $450k; senior debt $5.11m",
    expects: ['70%'],
  },
  // 2.5 + 8 + 1 + 0.5 = 12m; 9 / 12 = 75%
  {
    calculation: 'TDC sum',
    question:
      'our costs: land 2,500,000; construction 8,000,000; soft 1,000,000; finance 500,000. Bank will lend 9,000,000. LTC?',
    expects: ['$12,000,000', '75%'],
  },
  // 4.25 + 10.75 + 1.2 + 1.8 = 18m; 80% = 14.4m
  {
    calculation: 'TDC sum',
    question:
      'Land at $4.25m, build $10.75m, soft costs $1.2m, finance costs $1.8m — if the lender is at 80 pct of costs how much is the loan?',
    expects: ['$18,000,000', '$14,400,000'],
  },
  // TDC 4 + 11 + 1.5 + 1.5 = 18m; profit 3.6m; 20%
  {
    calculation: 'TDC sum',
    question: 'GRV 21.6m, land 4m, construction 11m, soft 1.5m, finance 1.5m. margin on cost?',
    expects: ['$18,000,000', '20%'],
  },
  // TDC 2 + 5.2 + 0.6 + 0.45 = 8.25m; profit 1.65m; MoC 20%, MoR 16.7%
  {
    calculation: 'TDC sum',
    question:
      'Revenue $9.9m. Costs: land $2m, build $5.2m, soft costs $0.6m, finance $0.45m. Margin on cost and on revenue?',
    expects: ['20%', '16.7%'],
  },
  // TDC 10m; 6 / 10 = 60%
  {
    calculation: 'share of TDC',
    question:
      'What share of the total cost is construction — land 1.5m, construction 6m, soft costs 1m, finance 1.5m',
    expects: ['60%'],
  },
  // TDC 20m; 0.8 / 20 = 4%
  {
    calculation: 'share of TDC',
    question: 'finance costs as a percentage of TDC? land 5m build 13m soft 1.2m finance 0.8m',
    expects: ['4%'],
  },
  // 3 + 6 + 1 = 10m; 7 / 10 = 70%
  {
    calculation: 'TDC sum',
    question: 'LTC with a $3m site, $6m build, $1m of soft costs and a $7m loan',
    expects: ['70%'],
  },
  // 3 + 7 = 10m; 7.5 / 10 = 75%
  {
    calculation: 'TDC sum',
    question: "LTC where construction is $7m, the site is $3m, and the bank's lending $7.5m",
    expects: ['75%'],
  },
  // 2.95 + 6.85 + 0.4 + 0.8 = 11m; 8.25 / 11 = 75%
  {
    calculation: 'TDC sum',
    question:
      "Hi, developer here. We've got a site under contract at $2,950,000, construction quoted at $6,850,000, consultants $400,000 and we're budgeting $800,000 for finance costs. Senior lender indicating $8,250,000. LTC please?",
    expects: ['75%'],
  },
  // 1.75 + 5.25 + 0.5 + 0.5 = 8m; 5.6 / 8 = 70%
  {
    calculation: 'TDC sum',
    question:
      "As a credit analyst I'd like the LTC: land AUD 1.75m; construction AUD 5.25m; soft costs AUD 0.5m; finance costs AUD 0.5m; facility AUD 5.6m.",
    expects: ['70%'],
  },
  // 11 / 14.5 = 75.9%
  {
    calculation: 'LTC',
    question: 'Loan-to-cost if I borrow 11 mil and the project costs 14.5 mil all in',
    expects: ['75.9%'],
  },
  // ---- shares solved backwards ----
  // 10 / 0.625 = 16m
  {
    calculation: 'share backwards',
    question: "Construction is 62.5% of TDC and costs $10m — what's the TDC?",
    expects: ['$16,000,000'],
  },
  // 0.9 / 0.06 = 15m
  {
    calculation: 'share backwards',
    question: 'Soft costs are $900k, which is 6 pct of total development cost. TDC?',
    expects: ['$15,000,000'],
  },
  // 8 / 0.64 = 12.5m
  {
    calculation: 'share backwards',
    question: "build is 8m and that's 64 per cent of total costs - what are total costs?",
    expects: ['$12,500,000'],
  },
  // equity 30% = 3.6m → TDC 12m, loan 8.4m
  {
    calculation: 'share backwards',
    question: "Bank lends 70 per cent of TDC, I'm putting in $3.6m equity. What's the TDC and the loan?",
    expects: ['$12,000,000', '$8,400,000'],
  },
  // 4.5 / 0.25 = 18m; loan 13.5m
  {
    calculation: 'share backwards',
    question: 'equity of 4.5m is 25% of the total cost; TDC and the loan?',
    expects: ['$18,000,000', '$13,500,000'],
  },
  // 5.25 / 0.35 = 15m
  {
    calculation: 'share backwards',
    question: 'With a 65 percent LTC and $5.25m of my own money, what TDC can I fund?',
    expects: ['$15,000,000'],
  },
  // 3.3 / 0.275 = 12m
  {
    calculation: 'share backwards',
    question: 'broker q - client has 3.3m cash, lender does 72.5pc LTC, what size project?',
    expects: ['$12,000,000'],
  },
  // 18.5 × 25% = 4.625m
  {
    calculation: 'equity',
    question: 'Equity required: TDC 18.5m and the lender goes to 75% LTC',
    expects: ['$4,625,000'],
  },
  // ---- units × price, per unit ----
  // 9 × 1.05 = 9.45m
  {
    calculation: 'units x price',
    question: "9 townhouses at $1.05m each — what's the GRV?",
    expects: ['$9,450,000'],
  },
  // 32 × 680k = 21.76m
  {
    calculation: 'units x price',
    question: 'GDV for 32 apartments averaging 680k each',
    expects: ['$21,760,000'],
  },
  // 14 × 420k = 5.88m
  { calculation: 'units x price', question: 'GRV on 14 lots at $420,000 per lot?', expects: ['$5,880,000'] },
  // 10 × 875k = 8.75m
  {
    calculation: 'units x price',
    question: '10 x 3-bed townhouses at $875,000 — GRV?',
    expects: ['$8,750,000'],
  },
  // 8 + 10.2 = 18.2m
  {
    calculation: 'units x price',
    question: '2 stages: stage 1 is 10 units at 800k, stage 2 is 12 units at 850k — total GRV?',
    expects: ['$18,200,000'],
  },
  // 8.4 + 4.5 = 12.9m
  {
    calculation: 'units x price',
    question: '12 apartments at 700k and 3 penthouses at 1.5m, GRV?',
    expects: ['$12,900,000'],
  },
  // 13.5 / 18 = 750k
  {
    calculation: 'per unit',
    question: "GRV $13.5m over 18 apartments, what's the average sale price?",
    expects: ['$750,000'],
  },
  // 9.6 / 12 = 800k
  {
    calculation: 'per unit',
    question: 'TDC 9.6m and 12 townhouses — cost per townhouse?',
    expects: ['$800,000'],
  },
  // 4.2 / 28 = 150k
  {
    calculation: 'per unit',
    question: 'land cost per unit: site $4.2m for 28 apartments',
    expects: ['$150,000'],
  },
  // (16 − 13.6) / 20 = 120k
  {
    calculation: 'per unit',
    question: 'Profit per unit: 20 units, GRV $16m, TDC $13.6m',
    expects: ['$120,000'],
  },
  // GRV 17.6m; profit 3.1m; 3.1 / 14.5 = 21.4%
  {
    calculation: 'units x price',
    question: 'margin on cost: 16 townhouses at 1.1m each, TDC 14.5m',
    expects: ['$17,600,000', '21.4%'],
  },
  // ---- margin-scheme GST with units ----
  // (6 × 950k − 2.1m) / 11 = 3.6m / 11 = 327,273
  {
    calculation: 'margin scheme units',
    question: '6 townhouses selling for 950k each, land cost 2.1m, margin scheme — how much GST?',
    expects: ['$327,273'],
  },
  // (10 × 800k − 3m) / 11 = 454,545
  {
    calculation: 'margin scheme units',
    question: 'margin scheme GST: 10 units at $800k each, site bought for $3m',
    expects: ['$454,545'],
  },
  // (4 × 1.2m − 1.6m) / 11 = 290,909
  {
    calculation: 'margin scheme units',
    question: '4 duplexes @ 1.2m, land purchased at 1.6m, GST under the margin scheme?',
    expects: ['$290,909'],
  },
  // (5 × 1.32m − 2.2m) / 11 = 400k
  {
    calculation: 'margin scheme units',
    question: 'GST margin scheme, 5 townhouses @ $1.32m, land purchase $2.2m',
    expects: ['$400,000'],
  },
  // ---- presales: units needed, shortfall, cover ----
  // 7.2 / 0.9 = 8
  {
    calculation: 'presales units',
    question: 'How many presales do I need to cover $7.2m if each unit sells for $900k?',
    expects: ['8'],
  },
  // 60% × 10m = 6m; 6m / 750k = 8
  {
    calculation: 'presales units',
    question: 'presales required 60 pct of a $10m loan; units sell at 750k - how many units?',
    expects: ['$6,000,000', '8'],
  },
  // 6.3m / 700k = 9
  {
    calculation: 'presales units',
    question: 'need 100% debt cover on a 6.3m loan, avg price 700k per unit - how many presales',
    expects: ['9'],
  },
  // 110% × 9m = 9.9m; 9.9 − 7.4 = 2.5m
  {
    calculation: 'presales shortfall',
    question:
      'lender wants presales of 110% of the loan; loan 9m; we have 7.4m exchanged — shortfall in dollars',
    expects: ['$2,500,000'],
  },
  // 80% × 12.5m = 10m; 10 − 7 = 3m; 3m / 650k = 4.6 → 5
  {
    calculation: 'presales shortfall',
    question:
      'we need 80 pct presale cover on $12.5m debt. presold $7m so far. How much more do we need, and how many units at 650k is that?',
    expects: ['$3,000,000', '5'],
  },
  // 7.5 − 4.5 = 3m; 3 / 0.9 = 3.3 → 4
  {
    calculation: 'presales shortfall',
    question:
      'presales: need 100% cover of the $7.5m loan, got 5 units exchanged at 900k each. how many more units at 900k?',
    expects: ['$3,000,000', '4'],
  },
  // 5.4 / 7.2 = 75%
  {
    calculation: 'presale cover',
    question: "presales 5.4m, senior debt 7.2m — what's our cover ratio?",
    expects: ['75%'],
  },
  // 11 × 620k = 6.82m; / 9.3m = 73.3%
  {
    calculation: 'presale cover',
    question: 'Presale cover: 11 units presold at $620k each against a $9.3m facility',
    expects: ['73.3%'],
  },
  // ---- X is Y % of Z ----
  // 5.5% × 4.8m = 264k
  { calculation: 'percent of', question: 'what is 5.5 % of $4.8m', expects: ['$264,000'] },
  // 3.75% × 2.4m = 90k
  { calculation: 'percent of', question: "what's 3.75 per cent of 2.4 million", expects: ['$90,000'] },
  // 2.5% × 7.2m = 180k
  { calculation: 'percent of', question: 'what is 2.5 pct of 7.2m', expects: ['$180,000'] },
  // 360k / 4.5m = 8%
  { calculation: 'percent of', question: '$360k as a percent of $4.5m?', expects: ['8%'] },
  // 1.875 / 12.5 = 15%
  { calculation: 'percent of', question: 'what percentage of 12.5m is 1.875m', expects: ['15%'] },
  // 2.7 / 0.18 = 15m
  { calculation: 'percent of', question: '$2.7m is 18% of what?', expects: ['$15,000,000'] },
  // ---- stamp duty, flat and tiered; all-in land ----
  // 5.5% × 3.6m = 198k
  { calculation: 'duty', question: 'stamp duty at 5.5% on a $3.6m site', expects: ['$198,000'] },
  // 5.75% × 2.2m = 126.5k
  { calculation: 'duty', question: 'duty on a 2.2m purchase at a flat 5.75 pct', expects: ['$126,500'] },
  // 1.4% × 1m + 5.5% × 1.5m = 14k + 82.5k = 96.5k
  {
    calculation: 'duty tiers',
    question: 'tiered duty: 1.4% up to $1m, then 5.5% on the balance — site price $2.5m',
    expects: ['$96,500'],
  },
  // 2% × 500k + 6% × 1m = 10k + 60k = 70k
  {
    calculation: 'duty tiers',
    question: 'Stamp duty is 2% on the first $500k and 6% above that; land costs $1.5m. How much duty?',
    expects: ['$70,000'],
  },
  // 3.5m + 192.5k + 25k = 3,717,500
  {
    calculation: 'all-in land',
    question: 'all-in land cost: purchase 3.5m, duty 5.5%, legals 25k',
    expects: ['$192,500', '$3,717,500'],
  },
  // 1.8m + 99k + 20k = 1,919,000
  {
    calculation: 'all-in land',
    question: 'site 1.8m plus stamp duty at 5.5 pct plus legal fees of $20k — total acquisition cost?',
    expects: ['$99,000', '$1,919,000'],
  },
  // 2.4m + 132k + 20k = 2,552,000
  {
    calculation: 'all-in land',
    question: 'Stamp duty at 5.5 per cent plus $20k legals on a $2.4m site — all in?',
    expects: ['$2,552,000'],
  },
  // ---- line fees, per month ----
  // 1.5% × 12m / 12 = 15k
  {
    calculation: 'line fee',
    question: 'line fee 1.5% pa on a $12m facility - per month?',
    expects: ['$15,000'],
  },
  // 1.2% × 9m / 12 = 9k
  { calculation: 'line fee', question: 'monthly line fee on a 9m limit at 120 bps', expects: ['$9,000'] },
  // 0.75% × 16m / 12 = 10k
  {
    calculation: 'line fee',
    question: 'line fee of 0.75 per cent on a $16m facility, how much a month',
    expects: ['$10,000'],
  },
  // ---- residual land value ----
  // 30 / 1.2 − 20 = 5m
  {
    calculation: 'residual land value',
    question: 'residual land value: GDV 30m, costs excl land 20m, developer margin 20% on cost',
    expects: ['$5,000,000'],
  },
  // 15 − 9.5 − 2 = 3.5m
  {
    calculation: 'residual land value',
    question: 'RLV? GRV 15m ex GST, costs excluding land 9.5m, target profit 2m',
    expects: ['$3,500,000'],
  },
  // 24 × 0.82 − 15 = 4.68m
  {
    calculation: 'residual land value',
    question:
      'How much can I pay for the land if end sales are $24m, all costs other than land $15m and I need an 18% margin on revenue',
    expects: ['$4,680,000'],
  },
  // costs excl land 6 + 0.8 + 0.7 = 7.5m; 11 / 1.25 − 7.5 = 1.3m
  {
    calculation: 'residual land value',
    question:
      'residual land value with GRV of $11m, construction $6m, soft costs $800k, finance costs $700k, target margin on cost 25%',
    expects: ['$1,300,000'],
  },
  // ---- capital stacks ----
  // 24 / 8 / 8
  {
    calculation: 'capital stack',
    question: 'Capital stack on a TDC of $40m: senior 60%, mezz 25%, equity 15% — amounts?',
    expects: ['$24,000,000', '$10,000,000', '$6,000,000'],
  },
  // 9.75 / 2.25 / 1.5 / 1.5
  {
    calculation: 'capital stack',
    question:
      'TDC 15m. Senior 65 pct, mezzanine 15 pct, pref equity 10 pct and ordinary equity the rest. $ each?',
    expects: ['$9,750,000', '$2,250,000', '$1,500,000'],
  },
  // (12 + 3) / 20 = 75%
  {
    calculation: 'capital stack',
    question: 'senior 12m, mezz 3m, equity 5m — senior plus mezz as a share of TDC?',
    expects: ['$20,000,000', '75%'],
  },
  // senior 14m, mezz 3m, equity 3m
  {
    calculation: 'capital stack',
    question: 'Senior at 70% LTC, mezz taking it to 85%, TDC 20m. How much mezz and how much equity?',
    expects: ['$3,000,000'],
  },
  // equity 22 − 14.3 − 3.3 = 4.4m; 65% / 15% / 20%
  {
    calculation: 'capital stack',
    question: 'TDC $22m; senior $14.3m; mezz $3.3m; what does equity need to be and what % is each tranche?',
    expects: ['$4,400,000', '65%', '15%', '20%'],
  },
  // equity 25% = 5m → TDC 20m; senior 12m; mezz 3m
  {
    calculation: 'capital stack',
    question: 'Senior at 60% of TDC, mezz 15%, the developer puts in $5m — TDC, senior and mezz?',
    expects: ['$20,000,000', '$12,000,000', '$3,000,000'],
  },
  // ---- average drawn balance ----
  // 10m × 50% × 8% × 18/12 = 600k
  {
    calculation: 'average drawn',
    question: 'interest on a 10m construction facility, average drawn 50%, 8% pa, 18 month build',
    expects: ['$600,000'],
  },
  // 6m × 9.5% × 14/12 = 665k
  {
    calculation: 'average drawn',
    question: 'average drawn balance of 6m on a 14 month program at 9.5 pct — interest?',
    expects: ['$665,000'],
  },
  // 16m × 60% = 9.6m × 7.75% × 2 = 1,488,000
  {
    calculation: 'average drawn',
    question: 'Facility 16m, average drawn balance 60%, rate 7.75%, 24 months. Interest cost?',
    expects: ['$1,488,000'],
  },
  // ---- delays ----
  // 12m × 9% × 4/12 = 360k
  {
    calculation: 'delay',
    question: "If completion is delayed 4 months, what's the extra interest on a $12m loan at 9 pct?",
    expects: ['$360,000'],
  },
  // 25m × 8.2% × 3/12 = 512,500
  {
    calculation: 'delay',
    question: '3 month delay on a 25m senior facility at 8.2% — how much more interest?',
    expects: ['$512,500'],
  },
  // 8m × 10.5% × 5/12 = 350k
  {
    calculation: 'delay',
    question: 'what does a 5-month slip cost in interest on an 8m loan at 10.5 per cent',
    expects: ['$350,000'],
  },
  // 18m × 8.4% × 2/12 = 252k
  {
    calculation: 'delay',
    question: 'What interest do we pay if the build runs 2 months late? facility $18m, rate 8.4% p.a.',
    expects: ['$252,000'],
  },
  // ---- ICR on interest-only loans ----
  // 12m × 7.5% = 900k; 1.08 / 0.9 = 1.20x
  {
    calculation: 'ICR',
    question: 'ICR — net rent $1.08m p.a., interest-only loan of $12m at 7.5%',
    expects: ['1.20x'],
  },
  // 8m × 6.25% = 500k; 750 / 500 = 1.50x
  {
    calculation: 'ICR',
    question: 'Interest cover if NOI is 750k and the IO loan is $8m at 6.25 pc',
    expects: ['1.50x'],
  },
  // ---- LVR on the site ----
  // 2.6 / 4 = 65%
  { calculation: 'LVR', question: 'LVR on the site: loan 2.6m, site valued at 4m', expects: ['65%'] },
  // 3.3 / 5.5 = 60%
  { calculation: 'LVR', question: "site's worth 5.5m, bank lends 3.3m against it. LVR?", expects: ['60%'] },
  // 60% × 3.75m = 2.25m
  {
    calculation: 'LVR',
    question: 'How much will they lend at 60% LVR on a $3.75m site?',
    expects: ['$2,250,000'],
  },
  // ---- interest, fees and percent words ----
  // 6m × 8.5% = 510k
  { calculation: 'interest', question: 'interest at 8.5 pc on 6m for a year', expects: ['$510,000'] },
  // 4m × 9% × 1.5 = 540k
  { calculation: 'interest', question: '9 pct interest on $4m over 18 months', expects: ['$540,000'] },
  // 5m × 7.5% = 375k
  {
    calculation: 'interest',
    question: "What's the interest on 5m at 750 bps for 12 months",
    expects: ['$375,000'],
  },
  // 3.9 + 4.25 = 8.15%; 10m × 8.15% = 815k
  {
    calculation: 'interest',
    question: 'interest rate is BBSY at 3.9% + 425bps margin — annual interest on $10m?',
    expects: ['8.15%', '$815,000'],
  },
  // 14m × 1.25% = 175k
  { calculation: 'fee', question: 'Establishment fee 1.25 percent on a 14m facility', expects: ['$175,000'] },
  // 18m × 0.5% = 90k
  { calculation: 'fee', question: 'exit fee of 50 bps on $18m?', expects: ['$90,000'] },
  // 3.2m × 8.75% = 280k
  {
    calculation: 'interest',
    question: '8.75 percent on a $3.2m mezz loan, 12 months, interest?',
    expects: ['$280,000'],
  },
  // 2m × 11% / 12 = 18,333
  { calculation: 'interest', question: 'rate 11 pct, loan 2m, monthly interest?', expects: ['$18,333'] },
  // 4.8m × 8.75% / 12 = 35k
  { calculation: 'interest', question: 'monthly interest: 4.8m at 8.75 pc', expects: ['$35,000'] },
  // 7.2m × 7.5% = 540k; / 12 = 45k
  {
    calculation: 'interest',
    question: 'interest-only, 7.2m at 7.5 percent — annual interest and monthly',
    expects: ['$540,000', '$45,000'],
  },
  // ---- ratios and scenarios ----
  // 6.5 / 10 = 65%
  { calculation: 'LTC', question: 'LTC: loan 6.5m, TDC 10m', expects: ['65%'] },
  // 9.1 / 14 = 65%
  { calculation: 'loan to GRV', question: 'Loan to GRV for a 9.1m loan on 14m GRV', expects: ['65%'] },
  // 20 × 0.9 = 18m; (18 − 16) / 16 = 12.5%
  {
    calculation: 'scenario',
    question: 'GRV down 10 pct from 20m, TDC 16m — margin on cost after?',
    expects: ['12.5%'],
  },
  // 10 × 1.1 = 11m; (12.5 − 11) / 11 = 13.6%
  {
    calculation: 'scenario',
    question: 'TDC 10m with costs up 10 per cent and revenue 12.5m, margin on cost?',
    expects: ['13.6%'],
  },
  // 12.5 × 1.2 = 15m
  {
    calculation: 'GRV needed',
    question: 'GRV needed for a 20 percent margin on cost with TDC 12.5m',
    expects: ['$15,000,000'],
  },
  // ---- per m² ----
  // 11.2m / 3,500 = 3,200
  {
    calculation: 'per m2',
    question: 'Build cost 11.2m over 3,500 m2 — rate per square metre?',
    expects: ['$3,200'],
  },
  // 2,800 × 2,900 = 8.12m
  {
    calculation: 'per m2',
    question: 'GFA 2,800 sqm at $2,900/sqm build, construction cost?',
    expects: ['$8,120,000'],
  },
  // 1,500 × 12,000 = 18m
  {
    calculation: 'per m2',
    question: 'sale rate $12,000 per m2 over 1,500 m2 NSA, GRV?',
    expects: ['$18,000,000'],
  },
  // ---- more, in other orders ----
  // 14m × 8% × 3/12 = 280k; 3m × 14% × 3/12 = 105k; 385k
  {
    calculation: 'delay',
    question: 'Senior debt 14m at 8 pc, mezz 3m at 14 pc — interest for a 3 month delay?',
    expects: ['$385,000'],
  },
  // 75% × 16m = 12m; / 1.2m = 10
  {
    calculation: 'presales units',
    question: 'how many units to presell at $1.2m average to hit 75% cover on a $16m loan',
    expects: ['10'],
  },
  // 2.2 + 0.121 + 5.8 + 0.479 + 0.4 = 9m; 6.75 / 9 = 75%
  {
    calculation: 'TDC sum',
    question: 'land 2.2m + stamp duty 121k + build 5.8m + soft costs 479k + finance 400k; loan 6.75m, LTC?',
    expects: ['$9,000,000', '75%'],
  },
  // (13.8 − 12) / 12 = 15%
  { calculation: 'margin', question: 'margin on cost pct: GRV 13.8m, TDC 12m', expects: ['15%'] },
  // ---- the right reply is to ask ----
  ask('LTC? land 3m, build 7m, loan 8m, and 600k'),
  ask("what's the margin scheme GST on 8 units at 900k each"),
  ask('residual land value: GRV 18m, target margin 20% on cost'),
  ask('how many more presales do we need? loan 8m, presold 5m'),
  ask('interest during a 4 month delay at 9%'),
  ask('capital stack on TDC 20m: senior 65% plus a mezz layer and equity'),
  ask('line fee per month on a 10m facility'),
  ask('ICR with rent 900k and an interest only loan of 10m'),
  ask("what's the all-in land cost: site 2m, legals 30k, plus stamp duty"),
  ask('LTC with land 4m, build 9m, plus soft costs, and a 10m loan'),
  ask("presale cover if we've sold 6 units, loan 9m"),
  ask('margin on cost with sales of 15m and costs of 11m and 1.5m'),
  ask('what is 5.5% of it?'),
];
