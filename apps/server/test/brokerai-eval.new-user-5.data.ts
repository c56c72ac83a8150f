/*
 * Fifth new-user set (issue 35; decision 077): questions in the voices of developers, brokers and
 * credit analysts, written from /work/shared/research and how people phrase them (amounts as
 * "$1.2m", "1.2 million", "1,200k", "1.2 mil"; '%', 'pc', 'pct', 'per cent', 'percent', 'bps';
 * ranges; multi-step; missing inputs), committed before any change to the analyst that followed
 * it. Each comment shows the arithmetic. A case with `declines: true` leaves a figure missing:
 * the right reply asks and prints no derived figure. May be read and tuned against.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5Cases: EvalCase2[] = [
  // 2.75 + 6.1 + 0.48 + 0.67 = 10m; 7.2 / 10 = 72%
  {
    calculation: 'TDC sum',
    question:
      "Land $2.75m, build $6.1m, consultants and fees $480k, finance costs $670k. Bank is offering $7.2m. What's my LTC?",
    expects: ['$10,000,000', '72%'],
  },
  // 1.85 + 4.2 + 0.35 + 0.4 = 6.8m
  {
    calculation: 'TDC sum',
    question: 'total dev cost? site 1,850k, construction 4,200k, soft 350k, interest 400k',
    expects: ['$6,800,000'],
  },
  // 3.4 + 9.1 + 1.5 = 14m; 75% = 10.5m
  {
    calculation: 'TDC sum',
    question:
      "We're buying the dirt for 3.4 million, building for 9.1 million, and allowing 1.5 million for everything else. Lender caps at 75% of cost - max loan?",
    expects: ['$14,000,000', '$10,500,000'],
  },
  // TDC 18m; 11 / 18 = 61.1%
  {
    calculation: 'TDC sum',
    question:
      'Construction is what share of TDC if land is $4m, build $11m, soft costs $1.5m and finance $1.5m?',
    expects: ['$18,000,000', '61.1%'],
  },
  // TDC 20.5m; profit 4m; 4 / 20.5 = 19.5%
  {
    calculation: 'TDC sum',
    question:
      'Feaso: land 5m, construction 12.5m, professional fees 900k, contingency 600k, finance 1.5m, sales 24.5m (ex GST). Margin on cost?',
    expects: ['$20,500,000', '19.5%'],
  },
  // TDC 14m; 16 - 14 = 2m
  {
    calculation: 'TDC sum',
    question: 'profit on GRV of $16m if costs are land 3m, build 9.2m, soft 1.1m, finance 0.7m',
    expects: ['$2,000,000'],
  },
  // 7.8 + 2.2 = 10m; 7 / 10 = 70%
  {
    calculation: 'TDC sum',
    question: 'hard costs 7.8m, land 2.2m; loan 7m. LTC?',
    expects: ['$10,000,000', '70%'],
  },
  // TDC 18m; 12.6 / 18 = 70%
  {
    calculation: 'TDC sum',
    question: 'LTC when debt is 12.6m, land 4m, construction 12m and soft costs 2m',
    expects: ['70%'],
  },
  // TDC 25.2m; profit 4.8m; 4.8 / 30 = 16%
  {
    calculation: 'TDC sum',
    question: 'Margin on revenue - GDV 30m ex GST, land 6m, construction 16.5m, fees and finance 2.7m',
    expects: ['16%'],
  },
  // TDC 12m; 3.3 / 12 = 27.5%
  {
    calculation: 'TDC sum',
    question: 'what % of total cost is the land? purchase 3.3m, build 7.2m, other 1.5m',
    expects: ['27.5%'],
  },
  // 8 x 1.15m
  {
    calculation: 'units x price',
    question: '8 townhouses selling at 1.15m each. GRV?',
    expects: ['$9,200,000'],
  },
  // 30 x 640k
  {
    calculation: 'units x price',
    question: 'GRV if we sell 30 units at an average of $640,000',
    expects: ['$19,200,000'],
  },
  // 11.6m + 8.4m
  {
    calculation: 'units x price',
    question: '16 apartments @ 725k and 4 penthouses @ 2.1m - total realisation',
    expects: ['$20,000,000'],
  },
  // 13.5m / 18
  {
    calculation: 'per unit',
    question: "TDC is 13.5m across 18 units, what's the cost per unit?",
    expects: ['$750,000'],
  },
  // 8.4m / 2,800
  {
    calculation: 'per m2',
    question: 'build cost per square metre - construction 8.4m, GFA 2,800 sqm',
    expects: ['$3,000'],
  },
  // (990k - 220k) / 11 x 5
  {
    calculation: 'units x price',
    question: 'margin scheme GST on 5 townhouses at 990k each, site cost apportioned 220k each',
    expects: ['$350,000'],
  },
  // 660k / 11
  {
    calculation: 'GST',
    question:
      'GST payable under the margin scheme if we sell a unit for $770,000 and the land component is $110,000',
    expects: ['$60,000'],
  },
  // 7% x 880k
  {
    calculation: 'GST',
    question: 'Buyer withholding at settlement on a new apartment sold for $880k under the margin scheme?',
    expects: ['$61,600'],
  },
  // 13.2 / 1.1
  { calculation: 'GST', question: "GST-inclusive sales 13.2m, what's GRV ex GST?", expects: ['$12,000,000'] },
  // 9m x 1.2 = 10.8m; / 20 = 540k
  {
    calculation: 'per unit',
    question: '20 lots, TDC $9m, what do I need to sell each lot for to make 20% on cost?',
    expects: ['$540,000'],
  },
  // 3.5% x 1.2m
  { calculation: 'percent of', question: 'whats 3.5 pct of 1,200k', expects: ['$42,000'] },
  // 1.2 / 16
  { calculation: 'percent of', question: '1.2 million is what percent of 16 million', expects: ['7.5%'] },
  // 84k / 2%
  { calculation: 'percent of', question: '$84k is 2% of what?', expects: ['$4,200,000'] },
  // 1.75% x 8m
  {
    calculation: 'percent of',
    question: 'establishment fee of 1.75% on a $8m facility',
    expects: ['$140,000'],
  },
  // 0.5% x 22m
  { calculation: 'bps', question: "what's 50 bps of $22m", expects: ['$110,000'] },
  // 7.5% x 12m
  {
    calculation: 'percent of',
    question: 'contingency at 7.5 per cent of a $12m build',
    expects: ['$900,000'],
  },
  // 1.8% x 15m
  {
    calculation: 'percent of',
    question: "Agent's commission at 1.8% on $15m of sales",
    expects: ['$270,000'],
  },
  // 1% x 14.5m
  { calculation: 'pc', question: 'Exit fee 1 pc on $14.5m', expects: ['$145,000'] },
  // 24m, 8m, 2m, 15% = 6m
  {
    calculation: 'capital stack',
    question: 'TDC $40m. Senior 60%, mezz 20%, pref equity 5%, sponsor equity the rest. Dollar amounts?',
    expects: ['$24,000,000', '$8,000,000', '$2,000,000', '$6,000,000'],
  },
  // 10.4m, 2.4m, 3.2m
  {
    calculation: 'capital stack',
    question: 'Stack for a $16m project: senior 65%, mezzanine 15%, rest equity',
    expects: ['$10,400,000', '$2,400,000', '$3,200,000'],
  },
  // 3m / 25% = 12m; 75% = 9m
  {
    calculation: 'share backwards',
    question:
      "We have $3m of equity and the senior lender will do 75% LTC. How big can the project be, and what's the loan?",
    expects: ['$12,000,000', '$9,000,000'],
  },
  // TDC 16m; debt 14m; 87.5%
  {
    calculation: 'capital stack',
    question: 'senior 11m, mezz 3m, equity 2m - what percentage of the stack is debt?',
    expects: ['87.5%'],
  },
  // 22 - 14.3
  {
    calculation: 'capital stack',
    question: "TDC 22m, senior debt 14.3m, how much equity is needed if there's no mezz",
    expects: ['$7,700,000'],
  },
  // 20% x 18.5m
  {
    calculation: 'capital stack',
    question: 'Developer equity 20% of TDC of $18.5m - how much cash do I need',
    expects: ['$3,700,000'],
  },
  // senior 15m; to 85% = 21.25m; mezz 6.25m; equity 3.75m
  {
    calculation: 'capital stack',
    question: 'TDC 25m, bank at 60% of cost and mezz taking it to 85%. How much mezz and how much equity?',
    expects: ['$6,250,000', '$3,750,000'],
  },
  // 30% x 12m
  {
    calculation: 'capital stack',
    question: "Senior at 70% of a $12m TDC, what's left for equity and mezz combined",
    expects: ['$3,600,000'],
  },
  // 6m x 9.25%
  { calculation: 'interest', question: 'Interest on $6m at 9.25% for a year', expects: ['$555,000'] },
  // 480k / 12
  { calculation: 'per month', question: 'Monthly interest on 4.8m at 10 per cent', expects: ['$40,000'] },
  // 22m x 8.4% x 4/12
  {
    calculation: 'delay interest',
    question: 'What does a 4-month delay cost in interest on a $22m senior loan at 8.4%?',
    expects: ['$616,000'],
  },
  // 13.5m x 9.5% x 6/12
  {
    calculation: 'delay interest',
    question: 'Completion pushed out 6 months - loan 13.5m at 9.5% pa. Extra interest?',
    expects: ['$641,250'],
  },
  // 7.5m x 9% x 20/12
  {
    calculation: 'average drawn',
    question: 'Facility 15m, we expect to average 50% drawn over 20 months at 9%, total interest?',
    expects: ['$1,125,000'],
  },
  // 150k / 12
  { calculation: 'line fee', question: 'line fee of 2% on a $7.5m limit, monthly?', expects: ['$12,500'] },
  // 300k x 1.5
  {
    calculation: 'line fee',
    question: 'line fee 1.5% pa on 20m facility over an 18 month term',
    expects: ['$450,000'],
  },
  // 8% x 10m
  {
    calculation: 'interest',
    question: 'BBSY 3.9% plus a 4.1% margin on 10m, annual interest?',
    expects: ['$800,000'],
  },
  // 0.5% x 14m
  {
    calculation: 'bps',
    question: 'rate up 50 basis points on a $14m loan, extra interest per year',
    expects: ['$70,000'],
  },
  // 5m x 12% x 9/12
  { calculation: 'interest', question: 'interest for 9 months on $5m at 12% p.a.', expects: ['$450,000'] },
  // 2.4m x 18% x 15/12
  {
    calculation: 'interest',
    question: 'mezz of $2.4m at 18% for 15 months - interest?',
    expects: ['$540,000'],
  },
  // 1.2m x 8%
  {
    calculation: 'interest',
    question: 'annual interest on a 1.2 million loan at 8 percent',
    expects: ['$96,000'],
  },
  // 1.05m / 875k
  {
    calculation: 'ICR',
    question: "Net rent $1.05m pa, interest only loan $12.5m at 7% - what's the ICR?",
    expects: ['1.20x'],
  },
  // 630k / 420k
  { calculation: 'ICR', question: 'ICR check: NOI 630k, debt 7m IO @ 6 per cent', expects: ['1.50x'] },
  // 660k / 528k
  {
    calculation: 'ICR',
    question: 'Rental income of $55k per month net, loan $8m interest only at 6.6%, interest cover?',
    expects: ['1.25x'],
  },
  // 1.8m / 1.2m
  {
    calculation: 'ICR',
    question: 'Does 1.8m net income cover interest on 15m at 8% by 1.5 times?',
    expects: ['1.50x'],
  },
  // 2.16 / 1.2
  { calculation: 'ICR', question: 'ICR if NOI is 2.16m and annual interest is 1.2m', expects: ['1.80x'] },
  // 7.2 / 9
  { calculation: 'presale cover', question: 'Presales exchanged: $7.2m. Loan $9m. Cover?', expects: ['80%'] },
  // 11m - 8.5m
  {
    calculation: 'presale shortfall',
    question: 'Bank wants 110% debt cover on a $10m facility, we have $8.5m of presales - shortfall?',
    expects: ['$2,500,000'],
  },
  // 12m / 800k
  {
    calculation: 'presales',
    question: 'We need 100% presale cover on $12m debt, units average 800k. How many presales do we need?',
    expects: ['15'],
  },
  // 5.5m short; / 550k = 10
  {
    calculation: 'presale shortfall',
    question:
      'presales needed: debt 9.6m, cover required 100%, 4.1m exchanged, avg price 550k - how many more units?',
    expects: ['$5,500,000', '10'],
  },
  // 10% x 14m
  {
    calculation: 'percent of',
    question: 'deposits at 10% on $14m of presales - how much in trust?',
    expects: ['$1,400,000'],
  },
  // 6.6 / 1.1 = 6m; / 6m
  {
    calculation: 'presale cover',
    question: 'qualifying presales $6.6m inc GST against a $6m loan, cover ex GST?',
    expects: ['100%'],
  },
  // 85% x 11m
  {
    calculation: 'percent of',
    question: 'presale cover 85% on an 11m loan - how much in presales is that',
    expects: ['$9,350,000'],
  },
  // 22 / 1.2 - 15
  {
    calculation: 'residual land value',
    question: 'Residual land value: GDV $22m, costs excluding land $15m, target profit 20% on cost',
    expects: ['$3,333,333'],
  },
  // 14 - 9.5 - 2
  {
    calculation: 'residual land value',
    question: 'GRV 14m, build and soft costs 9.5m, I want a $2m profit. Max land price?',
    expects: ['$2,500,000'],
  },
  // 12m x 1.25
  {
    calculation: 'GRV needed',
    question: 'What sales revenue do I need for a 25% margin on cost with a TDC of 12m?',
    expects: ['$15,000,000'],
  },
  // 1.5 / 10
  { calculation: 'margin', question: 'Margin on cost - revenue 11.5m, costs 10m', expects: ['15%'] },
  // 3 / 20
  { calculation: 'margin', question: 'profit 3m on revenue of 20m, margin on revenue?', expects: ['15%'] },
  // 16.2 - 15 = 1.2; / 15
  {
    calculation: 'what-if',
    question: "TDC 15m, GRV 18m. If sales drop 10%, what's the margin on cost?",
    expects: ['8%'],
  },
  // 22.8 - 17.6 = 5.2; / 17.6
  {
    calculation: 'what-if',
    question: 'costs +10% and sales -5% on GRV 24m and TDC 16m - margin?',
    expects: ['29.5%'],
  },
  // 0.18 / 1.18
  { calculation: 'margin', question: 'margin on cost is 18%, what is that on revenue', expects: ['15.3%'] },
  // 5.5% x 3.6m
  { calculation: 'stamp duty', question: 'Stamp duty at 5.5% on a $3.6m site', expects: ['$198,000'] },
  // 4m + 220k + 25k
  {
    calculation: 'all-in land cost',
    question: 'all in land cost: purchase 4m, duty 5.5%, legals 25k',
    expects: ['$4,245,000'],
  },
  // 110k + 6% x 1.5m
  {
    calculation: 'tiered duty',
    question: 'Duty is $110,000 plus 6% of the amount over $2m. Site is $3.5m. Duty?',
    expects: ['$200,000'],
  },
  // 2.5m + 143,750 + 25k
  {
    calculation: 'all-in land cost',
    question: 'land 2.5m plus duty at 5.75% and 1% acquisition costs - all in',
    expects: ['$2,668,750'],
  },
  // 1.95 / 3
  {
    calculation: 'ratios',
    question: 'LVR on 1,950k borrowed against land worth 3 million',
    expects: ['65%'],
  },
  // 7.8 / 12
  {
    calculation: 'ratios',
    question: 'loan to GRV: borrowing 7.8 mil on 12 mil of sales ex GST',
    expects: ['65%'],
  },
  // 9.45 / 13.5
  { calculation: 'ratios', question: 'LTC on a $9.45m loan, TDC $13.5m', expects: ['70%'] },
  // 6.3 / 2.7
  { calculation: 'ratios', question: 'Debt $6.3m vs equity $2.7m - D/E?', expects: ['2.33x'] },
  // 70% x 15.5m
  {
    calculation: 'percent of',
    question: 'Can I borrow 70% of a 15.5m TDC? How much is that?',
    expects: ['$10,850,000'],
  },
  // 2.34 / 3.6
  { calculation: 'ratios', question: 'LVR: loan $2,340,000, land valued at $3.6m', expects: ['65%'] },
  // 18.7 / 1.1 = 17m; x 65%
  {
    calculation: 'max loan',
    question: 'Max loan at 65% of GRV ex GST if GRV is $18.7m incl GST',
    expects: ['$11,050,000'],
  },
  // 80% x 8.75m
  {
    calculation: 'max loan',
    question: 'How much can I borrow at 80% LTC on a TDC of $8.75m',
    expects: ['$7,000,000'],
  },
  // 2 / 10 and 2.5 / 10
  {
    calculation: 'range',
    question: 'margin on cost with TDC 10m and sales somewhere between 12m and 12.5m',
    expects: ['20%', '25%'],
  },
  // 6.5 / 9.5 and 6.5 / 10
  {
    calculation: 'range',
    question: 'LVR for a 6.5m loan if the land values at 9.5m to 10m',
    expects: ['68.4%', '65%'],
  },
  // no TDC
  {
    calculation: 'declines',
    question: "what's the LTC on my project? loan is 6.5m",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no cost
  {
    calculation: 'declines',
    question: 'Margin on cost if GRV is 15m?',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no rate
  {
    calculation: 'declines',
    question: 'ICR on a $10m interest only loan with NOI of $900k',
    expects: [],
    refuses: ['0.09x'],
    declines: true,
  },
  // no prices, no loan
  {
    calculation: 'declines',
    question: "presale cover if we've sold 12 units",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no delay length
  {
    calculation: 'declines',
    question: 'how much interest on the mezz for the delay? mezz is 3m at 16%',
    expects: [],
    refuses: ['$480,000'],
    declines: true,
  },
  // no costs
  {
    calculation: 'declines',
    question: 'Residual land value with GRV 20m and a 20% margin on cost',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no rate or state given
  {
    calculation: 'declines',
    question: 'Stamp duty on a $2.8m site?',
    expects: [],
    refuses: [],
    declines: true,
  },
  // soft costs not given: TDC unknown
  {
    calculation: 'declines',
    question: 'LTC: land 3m, build 8m, loan 7.5m, plus some soft costs',
    expects: [],
    refuses: ['68.2%'],
    declines: true,
  },
  // no price
  {
    calculation: 'declines',
    question: "What's the GRV on 14 townhouses?",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no unit count
  { calculation: 'declines', question: 'cost per unit? TDC 12m', expects: [], refuses: [], declines: true },
  // no loan
  {
    calculation: 'declines',
    question: 'How many presales to hit 100% cover on the loan if they average 700k',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no GRV
  {
    calculation: 'declines',
    question: 'LVR if the bank lends 65% of GRV and the land is 4m',
    expects: [],
    refuses: [],
    declines: true,
  },
];
