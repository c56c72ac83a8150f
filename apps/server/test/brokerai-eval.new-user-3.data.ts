/*
 * Third new-user set (issue 35): 60 questions in the voices of developers, brokers and credit analysts
 * on compositional arithmetic (sums of cost lines, units x price, per-unit figures, shares solved
 * backwards, stamp duty, all-in land cost, line fees, percentages, residual land value, capital
 * stacks, average drawn balances, delays, interest cover, presales, LVR on the site, basis points).
 * Written on 2026-11-29 by a helper agent that never read the parser. May be read and tuned against.
 * Each comment shows the arithmetic and the expected figures. A case with `declines: true` lacks a
 * figure the answer needs (or gives one ambiguously): the right reply asks for it and prints none of
 * the figures in `refuses` (what a careless calculator would print).
 */
import type { EvalCase } from './brokerai-eval.data';

/** An evaluation case that may be one the analyst should decline to compute (a figure is missing). */
export type EvalCase2 = EvalCase & { declines?: boolean };

export const newUser3Cases: EvalCase2[] = [
  // ---- TDC sum ----
  // TDC 2.6m + 6.9m + 0.9m + 0.6m = 11m; 8.8m / 11m → $11,000,000, 80%
  {
    calculation: 'TDC sum',
    question: 'ltc? land 2.6m build 6.9m soft 900k finance 600k and the bank is lending 8.8m',
    expects: ['$11,000,000', '80%'],
  },
  // TDC 4.1m + 9.35m + 1.3m + 1.25m = 16m; profit 3.52m; 3.52m / 16m → $16,000,000, $3,520,000, 22%
  {
    calculation: 'TDC sum',
    question:
      'Can you work out margin on cost: land $4.1m, construction $9.35m, soft costs $1.3m, finance $1.25m, sales revenue $19.52m',
    expects: ['$16,000,000', '$3,520,000', '22%'],
  },
  // TDC 1.2m + 2.95m + 0.385m + 0.265m = 4.8m; 265k / 4.8m → $4,800,000, 5.5%
  {
    calculation: 'TDC sum',
    question: 'finance costs as a share of TDC - land 1.2 mil, build 2.95 mil, soft 385k, finance 265k',
    expects: ['$4,800,000', '5.5%'],
  },
  // TDC 7m + 15.5m + 2.6m + 1.9m = 27m; 19.5m / 27m; 22.2m / 27m → $27,000,000, 72.2%, 82.2%
  {
    calculation: 'TDC sum',
    question:
      'land $7m, hard costs $15.5m, soft $2.6m, interest and fees $1.9m; senior $19.5m and mezz $2.7m. LTC on senior alone and on senior + mezz?',
    expects: ['$27,000,000', '72.2%', '82.2%'],
  },
  // ---- units x price ----
  // 9 x 1.08m → $9,720,000
  { calculation: 'units x price', question: 'GRV for 9 townhouses at 1.08m each', expects: ['$9,720,000'] },
  // per unit (1.1m − 440k) / 11 = 60,000; x 4 → $240,000
  {
    calculation: 'units x price',
    question: 'margin scheme gst: 4 units at $1.1m each, land attributable $440k each',
    expects: ['$240,000'],
  },
  // 30 x 640k = 19.2m; 6 x 890k = 5.34m; total → $24,540,000
  {
    calculation: 'units x price',
    question: '30 apartments @ 640k + 6 at 890k, what is total GRV',
    expects: ['$24,540,000'],
  },
  // per lot (495k − 165k) / 11 = 30,000; x 10 → $300,000
  {
    calculation: 'units x price',
    question:
      'Under the margin scheme what GST do we owe on 10 lots selling for $495,000 each where the land cost per lot is $165,000?',
    expects: ['$300,000'],
  },
  // ---- per unit ----
  // 27.3m / 42 → $650,000
  {
    calculation: 'per unit',
    question: 'average price per unit: GRV $27.3m, 42 units',
    expects: ['$650,000'],
  },
  // 6.6m / 550k = 12 → 12
  {
    calculation: 'per unit',
    question: 'how many presales to cover a 6.6m loan at 100% if each unit sells for 550k',
    expects: ['12'],
  },
  // 120% x 8m = 9.6m; 9.6m / 760k = 12.63 → 13 → $9,600,000, 13
  {
    calculation: 'per unit',
    question: 'bank wants 120% debt cover on $8m, average apartment price $760k - how many presales',
    expects: ['$9,600,000', '13'],
  },
  // ---- share backwards ----
  // 8.7m / 0.58 → $15,000,000
  {
    calculation: 'share backwards',
    question: 'build is 58% of TDC and costs $8.7m, whats TDC',
    expects: ['$15,000,000'],
  },
  // equity 25%: TDC 2.5m / 0.25 = 10m; loan 75% x 10m → $10,000,000, $7,500,000
  {
    calculation: 'share backwards',
    question: 'Lender will fund 75% of cost and we have $2.5m equity. TDC and loan amount?',
    expects: ['$10,000,000', '$7,500,000'],
  },
  // 1.04m / 0.08 → $13,000,000
  {
    calculation: 'share backwards',
    question: 'soft costs are 8 pc of TDC which is 1.04 mil, total cost?',
    expects: ['$13,000,000'],
  },
  // TDC 3.15m / 0.18 = 17.5m; loan 82% x 17.5m → $17,500,000, $14,350,000
  {
    calculation: 'share backwards',
    question:
      'equity is 18% of the project and the senior loan is the other 82%. if my equity is $3.15m what is the loan',
    expects: ['$17,500,000', '$14,350,000'],
  },
  // ---- stamp duty ----
  // 2.4m x 5.75% → $138,000
  {
    calculation: 'stamp duty',
    question: 'stamp duty at 5.75 per cent on a $2.4m site',
    expects: ['$138,000'],
  },
  // 1m x 3.5% = 35,000; 600k x 5.5% = 33,000; total → $68,000
  {
    calculation: 'stamp duty',
    question: 'duty on $1.6m: 3.5% up to $1m then 5.5% above',
    expects: ['$68,000'],
  },
  // 110,000 + 1.4m x 6.5% = 110,000 + 91,000 → $201,000
  {
    calculation: 'stamp duty',
    question: 'Duty is $110,000 plus 6.5% of the amount over $2m; the site is $3.4m',
    expects: ['$201,000'],
  },
  // ---- all-in land cost ----
  // duty 242,000; 4.4m + 242,000 + 30,000 → $242,000, $4,672,000
  {
    calculation: 'all-in land cost',
    question: 'all in land: price 4.4m, duty 5.5%, legals 30k',
    expects: ['$242,000', '$4,672,000'],
  },
  // 1.75m + 92,400 + 14,600 → $1,857,000
  {
    calculation: 'all-in land cost',
    question: 'total acquisition cost - purchase 1.75m, stamp duty 92,400, legals 14,600',
    expects: ['$1,857,000'],
  },
  // duty 180,000; 3m + 180,000 + 22,000 + 6,000 → $180,000, $3,208,000
  {
    calculation: 'all-in land cost',
    question: "site 3 mil, duty 6 pct, legals and DD 22k, valuation 6k. what's the land costing us all in",
    expects: ['$180,000', '$3,208,000'],
  },
  // ---- line fee ----
  // 16m x 1.5% / 12 → $20,000
  { calculation: 'line fee', question: 'line fee 1.5% on a $16m limit, per month?', expects: ['$20,000'] },
  // 7.2m x 2.25% / 12 → $13,500
  {
    calculation: 'line fee',
    question: 'monthly line fee on a 7.2 mil facility at 2.25 pc pa',
    expects: ['$13,500'],
  },
  // 30m x 1% / 12 = 25,000; x 20 → $25,000, $500,000
  {
    calculation: 'line fee',
    question: 'Line fee is 1% p.a. on the $30m limit over a 20 month term - monthly and total?',
    expects: ['$25,000', '$500,000'],
  },
  // ---- percent of ----
  // 2.2m x 6.5% → $143,000
  { calculation: 'percent of', question: 'what is 6.5% of 2.2 million', expects: ['$143,000'] },
  // 920k / 11.5m → 8%
  { calculation: 'percent of', question: '$920k is what % of $11.5m', expects: ['8%'] },
  // 540k / 0.036 → $15,000,000
  { calculation: 'percent of', question: '$540,000 is 3.6% of what?', expects: ['$15,000,000'] },
  // ---- residual land value ----
  // max TDC 15m / 1.2 = 12.5m; land 12.5m − 9.5m → $12,500,000, $3,000,000
  {
    calculation: 'residual land value',
    question: 'residual land value - GRV 15m, costs excl land 9.5m, target margin 20% on cost',
    expects: ['$12,500,000', '$3,000,000'],
  },
  // margin 15% x 28m = 4.2m; 28m − 15.5m − 2.2m − 1.4m − 4.2m → $4,200,000, $4,700,000
  {
    calculation: 'residual land value',
    question:
      'max I can pay for the site: GDV $28m, build $15.5m, soft $2.2m, finance $1.4m, 15% margin on GDV',
    expects: ['$4,200,000', '$4,700,000'],
  },
  // 11m − 7.3m − 1.65m → $2,050,000
  {
    calculation: 'residual land value',
    question: 'resid: sales 11m, non-land costs 7.3m, want 1.65m profit',
    expects: ['$2,050,000'],
  },
  // ---- capital stack ----
  // 60% = 15m; 20% = 5m; 20% = 5m → $15,000,000, $5,000,000
  {
    calculation: 'capital stack',
    question: 'cap stack on TDC of $25m, senior 60%, mezz 20%, equity 20%',
    expects: ['$15,000,000', '$5,000,000'],
  },
  // total 15m; 11.7 / 15; 2.6 / 15; 0.7 / 15 → $15,000,000, 78%, 17.3%, 4.7%
  {
    calculation: 'capital stack',
    question: 'senior 11.7m, mezz 2.6m, equity 0.7m - shares of total?',
    expects: ['$15,000,000', '78%', '17.3%', '4.7%'],
  },
  // 65% = 11.7m; 17.5% = 3.15m; 7.5% = 1.35m; 10% = 1.8m → $11,700,000, $3,150,000, $1,350,000, $1,800,000
  {
    calculation: 'capital stack',
    question: 'TDC 18m split senior 65 pc, mezz 17.5 pc, pref equity 7.5 pc, developer 10 pc',
    expects: ['$11,700,000', '$3,150,000', '$1,350,000', '$1,800,000'],
  },
  // TDC 9.1m / 0.65 = 14m; mezz 15% = 2.1m; equity 20% = 2.8m → $14,000,000, $2,100,000, $2,800,000
  {
    calculation: 'capital stack',
    question: 'if the senior is $9.1m at 65% of TDC, and mezz covers another 15%, how much mezz and equity',
    expects: ['$14,000,000', '$2,100,000', '$2,800,000'],
  },
  // ---- average drawn balance ----
  // 5m x 9% x 16 / 12 → $600,000
  {
    calculation: 'average drawn balance',
    question: 'interest on avg drawn balance of 5m at 9% over 16 months',
    expects: ['$600,000'],
  },
  // average 6m; 6m x 8.8% x 1.5 → $6,000,000, $792,000
  {
    calculation: 'average drawn balance',
    question: '$12m facility, expect it to average 50% drawn over 18 months at 8.8%. interest?',
    expects: ['$6,000,000', '$792,000'],
  },
  // 3.6m x 11% / 12 → $33,000
  {
    calculation: 'average drawn balance',
    question: 'monthly interest on an average drawn balance of 3.6 mil at 11 per cent',
    expects: ['$33,000'],
  },
  // ---- delay interest ----
  // 10m x 9.6% x 3 / 12 → $240,000
  {
    calculation: 'delay interest',
    question: '3 month delay on a $10m loan at 9.6%, extra interest?',
    expects: ['$240,000'],
  },
  // 5.5m x 10.2% x 6 / 12 → $280,500
  {
    calculation: 'delay interest',
    question: 'what does a six month hold up cost on 5.5m at 10.2 percent',
    expects: ['$280,500'],
  },
  // senior 14m x 8.1% x 4 / 12 = 378,000; mezz 2.4m x 15% x 4 / 12 = 120,000; total → $378,000, $120,000, $498,000
  {
    calculation: 'delay interest',
    question: 'completion slips 4 months, senior $14m at 8.1% and mezz $2.4m at 15%; how much more interest',
    expects: ['$378,000', '$120,000', '$498,000'],
  },
  // ---- ICR ----
  // interest 490,000; 735k / 490k → $490,000, 1.50x
  {
    calculation: 'ICR',
    question: 'interest only 7m at 7%, net rent 735k, ICR',
    expects: ['$490,000', '1.50x'],
  },
  // interest 272,000; 380.8k / 272k → $272,000, 1.40x
  {
    calculation: 'ICR',
    question: 'IO loan $3.2m @ 8.5%, NOI $380,800. interest cover?',
    expects: ['$272,000', '1.40x'],
  },
  // rent 660,000; interest 528,000; 660k / 528k → $660,000, $528,000, 1.25x
  {
    calculation: 'ICR',
    question: 'net rent 55k a month on an interest-only 8.25 mil loan at 6.4 pct - icr?',
    expects: ['$660,000', '$528,000', '1.25x'],
  },
  // interest 1.44m; 2.52m / 1.44m → $1,440,000, 1.75x
  {
    calculation: 'ICR',
    question: 'interest cover for an interest only facility of $20m at 7.2%, net income $2.52m',
    expects: ['$1,440,000', '1.75x'],
  },
  // ---- presales ----
  // 9.9m / 9m → 1.10x
  { calculation: 'presales', question: 'presales $9.9m, debt $9m, presale cover?', expects: ['1.10x'] },
  // 11m − 8.75m → $2,250,000
  {
    calculation: 'presales',
    question: 'bank needs 100% cover on the 11m debt and we have 8.75m exchanged, dollar shortfall?',
    expects: ['$2,250,000'],
  },
  // shortfall 1.8m; 1.8m / 700k = 2.57 → 3 → $1,800,000, 3
  {
    calculation: 'presales',
    question: 'presales 4.2m, loan 6m, need 100% cover, units avg 700k. how many more units to sell',
    expects: ['$1,800,000', '3'],
  },
  // required 9.9m; presales 9.02m; shortfall 880k; 880k / 820k = 1.07 → 2 → $9,900,000, $880,000, 2
  {
    calculation: 'presales',
    question:
      'Lender wants 110% of a $9m facility covered. We have 11 sales at $820k. shortfall $ and units?',
    expects: ['$9,900,000', '$880,000', '2'],
  },
  // ---- LVR / LTC site ----
  // 2.34m / 3.6m → 65%
  { calculation: 'LVR / LTC site', question: 'lvr with a 2.34m loan and the site at 3.6m', expects: ['65%'] },
  // 3.1m / 5m → 62%
  {
    calculation: 'LVR / LTC site',
    question: 'site valued 5m, interest only land loan 3.1m - LVR?',
    expects: ['62%'],
  },
  // LTC 10.4 / 13 = 80%; loan/GRV 10.4 / 16.25 = 64% → 80%, 64%
  {
    calculation: 'LVR / LTC site',
    question: 'loan 10.4m, site 4.5m, TDC 13m, GRV 16.25m: LTC and loan to GRV',
    expects: ['80%', '64%'],
  },
  // ---- basis points ----
  // 4.15% + 4.25% = 8.4%; 9m x 8.4% / 12 → 8.4%, $63,000
  {
    calculation: 'basis points',
    question: 'margin of 425 bps over BBSY at 4.15%, what is the rate and the monthly interest on 9m',
    expects: ['8.4%', '$63,000'],
  },
  // 14m x 0.5% → $70,000
  {
    calculation: 'basis points',
    question: 'how much does a 50 bps rate rise add per year on a 14m loan',
    expects: ['$70,000'],
  },
  // ---- units x price ----
  // no land cost attributable given: ask; never $0 nor 8 x 720k / 11 = 523,636
  {
    calculation: 'units x price',
    question: 'margin scheme GST on 8 units at 720k each',
    expects: [],
    refuses: ['$0', '$523,636', '$65,455'],
    declines: true,
  },
  // ---- ICR ----
  // no interest rate given: ask; never 480k / 6m = 8% or 0.08x
  {
    calculation: 'ICR',
    question: 'net rent 480k, interest only loan 6m, whats the interest cover',
    expects: [],
    refuses: ['8%', '0.08x'],
    declines: true,
  },
  // ---- residual land value ----
  // no target margin given: ask; never 16m − 11.5m = 4.5m
  {
    calculation: 'residual land value',
    question: 'residual land value? GDV 16m and costs other than land 11.5m',
    expects: [],
    refuses: ['$4,500,000'],
    declines: true,
  },
  // ---- LVR / LTC site ----
  // LVR needs the land (site) value: ask; never 4 / 6 = 66.7%
  {
    calculation: 'LVR / LTC site',
    question: "what's the LVR on a $4m loan with a TDC of $6m",
    expects: [],
    refuses: ['66.7%'],
    declines: true,
  },
  // ---- TDC sum ----
  // TDC not given: ask; never 9 / 13.5 = 66.7%
  {
    calculation: 'TDC sum',
    question: 'LTC? loan 9m and GRV 13.5m',
    expects: [],
    refuses: ['66.7%'],
    declines: true,
  },
  // ---- line fee ----
  // line fee runs on the facility limit, not given: ask; never TDC-based 14m x 1.5% / 12 = 17,500
  {
    calculation: 'line fee',
    question: 'line fee 1.5% pa - project TDC is $14m, whats the monthly fee',
    expects: [],
    refuses: ['$17,500', '$210,000'],
    declines: true,
  },
  // ---- units x price ----
  // no sale prices given: ask; never $0 nor 2.4m / 11 = 218,182
  {
    calculation: 'units x price',
    question: 'GST under the margin scheme on the 8 units, land cost was 2.4m all up',
    expects: [],
    refuses: ['$0', '$218,182', '$27,273'],
    declines: true,
  },
];
