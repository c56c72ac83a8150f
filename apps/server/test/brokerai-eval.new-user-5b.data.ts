/*
 * Fifth new-user set, second batch (issue 35; decision 077): the same voices on what a developer
 * or credit analyst asks next (equity needed, blended rates, cap rates, net proceeds, break-even
 * prices, covenant headroom, peak debt, IRR), written and committed before the changes that
 * followed it. Same rules as brokerai-eval.new-user-5.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5bCases: EvalCase2[] = [
  // 35% x 14m
  {
    calculation: 'equity',
    question: 'How much equity do I need? TDC $14m and the bank lends 65% LTC',
    expects: ['$4,900,000'],
  },
  // 20% x 9.5m
  {
    calculation: 'equity',
    question: 'what do we need to put in ourselves if the senior lender funds 80% of a $9.5m project',
    expects: ['$1,900,000'],
  },
  // (960k + 480k) / 15m
  {
    calculation: 'blended rate',
    question: 'Blended rate: senior $12m at 8% and mezz $3m at 16%',
    expects: ['9.6%'],
  },
  // 900k / 6%
  {
    calculation: 'cap rate',
    question: 'End value at a 6% cap rate on net rent of $900k',
    expects: ['$15,000,000'],
  },
  // 2.2m / 11
  {
    calculation: 'GST',
    question: 'GST component of a $2.2m sale price inc GST, not margin scheme',
    expects: ['$200,000'],
  },
  // 13m - 260k - 30k
  {
    calculation: 'net proceeds',
    question: 'Net sale proceeds: 20 units at $650k, agent 2%, legals $1,500 per unit',
    expects: ['$12,710,000'],
  },
  // 3m / 20
  { calculation: 'per unit', question: 'profit per unit: GRV 18m, TDC 15m, 20 units', expects: ['$150,000'] },
  // 2.4 / 12
  { calculation: 'margin', question: 'return on cost if profit is 2.4m and TDC 12m', expects: ['20%'] },
  // an IRR needs the timing of the cash flows; a return on equity is not one
  {
    calculation: 'declines',
    question: "What's my IRR on this deal: equity 3m, profit 1.5m over 2 years?",
    expects: [],
    refuses: ['50%'],
    declines: true,
  },
  // 11m + 900k
  {
    calculation: 'peak debt',
    question: 'Peak debt if we draw the full $11m facility plus capitalised interest of $900k',
    expects: ['$11,900,000'],
  },
  // 5.2 / 8.5 = 61.2%
  {
    calculation: 'ratios',
    question: 'How much headroom in the LVR covenant: covenant 65%, loan 5.2m, land value 8.5m',
    expects: ['61.2%'],
  },
  // 4m x 9.5% x 15/12
  {
    calculation: 'average drawn',
    question: 'Interest reserve needed: loan $8m at 9.5% for 15 months, averaging 50% drawn',
    expects: ['$475,000'],
  },
  // 12.5 - 11.2 = 1.3; / 11.2
  {
    calculation: 'what-if',
    question: 'cost overrun of $1.2m on a $10m TDC with GRV $12.5m - what happens to margin on cost?',
    expects: ['11.6%'],
  },
  // 17 - 16 = 1; / 16
  {
    calculation: 'what-if',
    question: 'If sale prices fall 15% on a 20m GRV with TDC 16m, margin?',
    expects: ['6.3%'],
  },
  // 3m; 3 / 16
  {
    calculation: 'margin',
    question: "GRV 16m, TDC 13m, what's the profit and margin on revenue?",
    expects: ['$3,000,000', '18.8%'],
  },
  // 3.9 / 6
  {
    calculation: 'ratios',
    question: "What's the LVR? We're borrowing $3.9m and the valuer says the site is worth $6m",
    expects: ['65%'],
  },
  // 4.55 / 7
  {
    calculation: 'ratios',
    question: "loan-to-value if the loan is 4.55m and the land's valued at 7m",
    expects: ['65%'],
  },
  // 25% x 20m
  {
    calculation: 'capital stack',
    question: "We've got 60% LTC from the bank on a 20m TDC and 15% mezz - how much equity?",
    expects: ['$5,000,000'],
  },
  // 30 - 21
  { calculation: 'capital stack', question: 'TDC 30m. Debt 21m. Equity?', expects: ['$9,000,000'] },
  // 1.5% x 12.4m
  {
    calculation: 'percent of',
    question: 'How much will the 1.5% establishment fee cost on the 12.4m loan?',
    expects: ['$186,000'],
  },
  // 13.2m / 24
  {
    calculation: 'per unit',
    question: 'break even sale price per unit, TDC 13.2m, 24 units',
    expects: ['$550,000'],
  },
  // 8m x 1.15 / 16
  {
    calculation: 'per unit',
    question: 'Average sale price needed per lot for a 15% margin on cost: TDC 8m, 16 lots',
    expects: ['$575,000'],
  },
  // GRV 13m; 2.5 / 10.5
  {
    calculation: 'units x price',
    question: 'What margin do I make if I sell 10 townhouses at 1.3m and my total costs are 10.5m?',
    expects: ['$13,000,000', '23.8%'],
  },
  // 6.75m / 9m
  {
    calculation: 'presale cover',
    question: "Presale cover if we've exchanged 9 units at 750k each and the loan is 9m",
    expects: ['75%'],
  },
  // 2.5% x 14m
  { calculation: 'percent of', question: 'what is 2.5 percent of 14 million', expects: ['$350,000'] },
  // 2.25 / 15
  { calculation: 'percent of', question: '$2.25m as a % of $15m', expects: ['15%'] },
  // 300k / 2.5%
  { calculation: 'percent of', question: '$300k is 2.5 pc of what', expects: ['$12,000,000'] },
  // 7.5m x 10% x 6/12
  { calculation: 'interest', question: 'Interest for 6 months on 7.5m at 10 pc', expects: ['$375,000'] },
  // 3.5m x 8.5%
  {
    calculation: 'interest',
    question: 'yearly interest on $3,500,000 at eight and a half percent',
    expects: ['$297,500'],
  },
  // 2m x 7.2% / 12
  {
    calculation: 'per month',
    question: 'monthly repayments on an interest only loan of $2m at 7.2%',
    expects: ['$12,000'],
  },
  // 1.4 / 0.7
  { calculation: 'ICR', question: 'ICR: EBITDA 1.4m, interest 700k', expects: ['2.00x'] },
  // 1.14m / 912k
  {
    calculation: 'ICR',
    question: 'ICR if rent is $95,000 a month, debt $12m IO at 7.6%',
    expects: ['1.25x'],
  },
  // 560k + 80k
  {
    calculation: 'interest',
    question: 'Mezz of 4m at 14% plus a 2% fee, total cost over 12 months?',
    expects: ['$640,000'],
  },
  // 0.75% x 25m
  { calculation: 'line fee', question: 'Line fee on a $25m facility at 0.75% p.a.', expects: ['$187,500'] },
  // 150k + 5.5% x 2.2m
  {
    calculation: 'tiered duty',
    question: 'Stamp duty: $150,000 plus 5.5% over $3m, land at $5.2m',
    expects: ['$271,000'],
  },
  // 6.5m + 357k + 40k
  {
    calculation: 'all-in land cost',
    question: 'All-in site cost: $6.5m land, stamp duty $357k, legals $40k',
    expects: ['$6,897,000'],
  },
  // no sales or costs
  {
    calculation: 'declines',
    question: "What's the margin if we sell for 20% more?",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no TDC
  { calculation: 'declines', question: 'LTC? loan 8m', expects: [], refuses: [], declines: true },
  // no rate
  { calculation: 'declines', question: 'how much interest on 5m?', expects: [], refuses: [], declines: true },
  // no price
  {
    calculation: 'declines',
    question: "What's my GRV if I build 12 apartments?",
    expects: [],
    refuses: [],
    declines: true,
  },
  // no presales
  {
    calculation: 'declines',
    question: 'Presale cover on the 9m loan?',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no target margin
  {
    calculation: 'declines',
    question: 'Residual land value if GRV is 25m and build 15m?',
    expects: [],
    refuses: ['$10,000,000'],
    declines: true,
  },
  // no rate
  {
    calculation: 'declines',
    question: 'interest cover: rent 1.2m, loan 15m',
    expects: [],
    refuses: ['0.08x'],
    declines: true,
  },
  // 13m, 20% = 4m, 3m
  {
    calculation: 'capital stack',
    question: 'capital stack for a 20m TDC: senior 65%, mezz the balance, equity 15%',
    expects: ['$13,000,000', '$4,000,000', '$3,000,000'],
  },
  // 2.5 / 9.5 and 2 / 10
  {
    calculation: 'range',
    question: 'costs between 9.5m and 10m, GRV 12m - margin on cost?',
    expects: ['26.3%', '20%'],
  },
  // 6 / 10 and 6.5 / 10
  { calculation: 'range', question: 'debt 6-6.5m against land of 10m, LVR?', expects: ['60%', '65%'] },
  // 1.2m x 9% / 12
  {
    calculation: 'per month',
    question: 'What does 1.2 mil at 9 per cent cost me a month?',
    expects: ['$9,000'],
  },
  // 12 x 1.15m
  { calculation: 'units x price', question: 'GRV of 12 townhouses at 1,150k', expects: ['$13,800,000'] },
  // 24m / 4,000
  { calculation: 'per m2', question: 'price per sqm: sales 24m over 4,000 sqm NSA', expects: ['$6,000'] },
];
