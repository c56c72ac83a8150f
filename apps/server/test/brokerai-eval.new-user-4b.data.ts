/*
 * Fourth new-user set, batches 2 to 5 (issue 35), each written on 2026-11-29 before the changes
 * that followed it: figures outside the usual ratios, figures beside the point, mixed periods,
 * casual and memo voices. Same rules as brokerai-eval.new-user-4.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser4bCases: EvalCase2[] = [
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
  // ---- fifth batch (casual and memo voices) ----
  // TDC 2.5 + 4 = 6.5m; profit 2m; 2 / 6.5 = 30.8%
  {
    calculation: 'margin',
    question:
      "hey so site's 2.5m, build is about 4m, we're hoping to sell for 8.5m all up. what margin is that",
    expects: ['30.8%'],
  },
  // GRV 12 x 1.2m = 14.4m; profit 3.4m; 3.4 / 11 = 30.9%
  {
    calculation: 'margin',
    question: 'Looking at 12 townhouses, each selling at $1.2m. TDC is $11m. Is the margin OK?',
    expects: ['30.9%'],
  },
  // 7.5 / 11 = 68.2%; 7.5 / 14 = 53.6%
  {
    calculation: 'ratios',
    question:
      'Broker here — client wants 7.5m senior on a 11m TDC / 14m GRV deal, 18 months @ 9.75%. LTC and loan to GRV?',
    expects: ['68.2%', '53.6%'],
  },
  // 22.5 / 31 = 72.6%; 22.5 / 27.4 = 82.1%
  {
    calculation: 'ratios',
    question:
      'Credit memo: facility limit $22.5m, GRV (ex GST) $31m, TDC $27.4m. Report loan to GRV and LTC.',
    expects: ['72.6%', '82.1%'],
  },
  // 50% x 6.5m = 3.25m; x 10.25% x 20/12 = 555,208
  {
    calculation: 'average drawn',
    question:
      "what's the interest bill on a 6.5m facility at 10.25% if on average it's 50% drawn over 20 months",
    expects: ['$555,208'],
  },
  // duty 1.8m x 5.5% = 99k; 1.8m + 99k + 25k = 1.924m
  {
    calculation: 'all-in land',
    question: "land's 1.8m, duty on that at 5.5 per cent plus 25k legals — all in land cost?",
    expects: ['$1,924,000'],
  },
  // 3,100 x 4,200 = 13.02m
  {
    calculation: 'per m2',
    question: "my QS says build is $3,100 a square metre and we've got 4,200 sqm. what's the build cost",
    expects: ['$13,020,000'],
  },
  // 9m x 1.5% = 135k
  {
    calculation: 'bps',
    question: 'if the rate goes up 150 bps on a $9m loan, how much more interest a year?',
    expects: ['$135,000'],
  },
  // need 1.2 x 5m = 6m; 6m − 2.4m = 3.6m
  {
    calculation: 'presale shortfall',
    question: "we've got 2.4m in presales and the bank wants 120% cover on a 5m loan. how short are we?",
    expects: ['$3,600,000'],
  },
  // senior 70% x 9.8m = 6.86m; mezz 10% = 0.98m; equity the rest 1.96m
  {
    calculation: 'capital stack',
    question: 'need the equity: TDC 9.8m, senior at 70% of TDC, mezz 10% of TDC, the rest equity',
    expects: ['$1,960,000'],
  },
  // 4% x 25m = 1m
  { calculation: 'percent of', question: "Investor asks: what's 4% of a 25m GDV", expects: ['$1,000,000'] },
  // 9 / 12 = 75%
  {
    calculation: 'LTC',
    question: 'can you check the LTC - I make it 75 pct - loan 9m, TDC 12m',
    expects: ['75%'],
  },
  // 16m x 8.25% / 12 x 2 = 220k
  {
    calculation: 'delay interest',
    question: 'delay of 2 months on a 16m loan at 8.25pc, how much extra interest?',
    expects: ['$220,000'],
  },
  // interest 14m x 6.5% = 910k; 1.1m / 910k = 1.21x
  { calculation: 'ICR', question: 'NOI 1.1m, loan 14m IO at 6.5% — ICR?', expects: ['1.21x'] },
  // 0.5% a quarter x 4 = 2% a year x 10m = 200k (a rate per quarter: asking is also right)
  {
    calculation: 'line fee',
    question: "the bank's line fee is 0.5% per quarter on a 10m facility, what's that a year?",
    expects: ['$200,000'],
    refuses: ['$50,000'],
  },
];
