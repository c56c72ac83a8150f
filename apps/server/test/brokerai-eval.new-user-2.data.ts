// Second half of the tuned new-user set; header and provenance in brokerai-eval.new-user-1.data.ts.
import type { EvalCase } from './brokerai-eval.data';

// Margin conversion, what-if, stress tests, GST, largest loan, all-in cost, knowledge, declines,
// missing figures.
export const newUserCases2: EvalCase[] = [
  // 0.20 / 1.20 = 0.1667 → 16.7%
  {
    calculation: 'margin conversion',
    question: "20% margin on cost, what's that on revenue",
    expects: ['16.7%'],
  },
  // 0.15 / 0.85 = 0.1765 → 17.6%
  {
    calculation: 'margin conversion',
    question: 'convert a 15% margin on revenue to margin on cost',
    expects: ['17.6%'],
  },
  // 0.25 / 1.25 = 0.20 → 20%
  {
    calculation: 'margin conversion',
    question: "if I'm making 25 per cent on cost what's the margin on GDV",
    expects: ['20%'],
  },
  // 0.18 / 0.82 = 0.2195 → 22%
  {
    calculation: 'margin conversion',
    question: 'lender wants 18% on revenue. what does that equal as margin on cost',
    expects: ['22%'],
  },
  // new cost = 10m x 1.1 = 11m; profit = 12 - 11 = 1,000,000
  {
    calculation: 'what-if cost',
    question: "GRV $12m, TDC $10m. If costs rise 10%, what's the new profit?",
    expects: ['$1,000,000'],
  },
  // new revenue = 12m x 0.9 = 10.8m; profit = 0.8m; 0.8 / 10 = 8%
  {
    calculation: 'what-if revenue',
    question: "if sales come in 10% lower on a $12m GRV with $10m total cost, what's my margin on cost",
    expects: ['$800,000', '8%'],
  },
  // new cost = 16m x 1.15 = 18.4m; profit = 20 - 18.4 = 1.6m; 1.6 / 18.4 = 0.0870 → 8.7%
  {
    calculation: 'what-if cost',
    question:
      'revenue 20 million, total cost 16 million, if total costs blow out by 15% whats the new margin on cost',
    expects: ['$1,600,000', '8.7%'],
  },
  // new revenue = 30m x 0.95 = 28.5m; profit = 28.5 - 25 = 3,500,000
  {
    calculation: 'what-if revenue',
    question: 'what if sales drop 5%? GDV $30m, TDC $25m, new profit',
    expects: ['$3,500,000'],
  },
  // new cost = 8.5m x 1.08 = 9.18m; profit = 10.2 - 9.18 = 1.02m; 1.02 / 9.18 = 0.1111 → 11.1%
  {
    calculation: 'what-if cost',
    question: "TDC 8.5 mil, GRV 10.2 mil; if costs go up 8% what's the margin on cost then",
    expects: ['$1,020,000', '11.1%'],
  },
  // new revenue = 4.8m x 0.88 = 4,224,000; profit = 4,224,000 - 4,000,000 = 224,000
  {
    calculation: 'what-if revenue',
    question: "revenue down 12% - revenue was $4.8m and costs are $4m. what's the profit now",
    expects: ['$224,000'],
  },
  // new cost = 14m x 1.05 = 14.7m; profit = 17.5 - 14.7 = 2.8m; 2.8 / 14.7 = 0.1905 → 19%
  {
    calculation: 'what-if cost',
    question:
      'costs up 5 per cent on a project costing $14m that sells for $17.5m, new profit and margin on cost?',
    expects: ['$2,800,000', '19%'],
  },
  // cost +10%: 16 x 1.1 = 17.6m, profit 2.4m, 2.4 / 17.6 = 13.6%; revenue -10%: 18 - 16 = 2m, 2 / 16 =
  // 12.5%; (delay: 12m x 9% / 12 x 6 = 540,000, 3.46 / 16.54 = 20.9%)
  {
    calculation: 'stress test',
    question: 'stress test my deal: GRV $20m, TDC $16m, loan $12m at 9%',
    expects: ['13.6%', '12.5%'],
  },
  // delay interest = 8m x 10% / 12 x 6 = 400,000; cost 11.9m; profit 14 - 11.9 = 2.1m; 2.1 / 11.9 = 0.1765
  // → 17.6%
  {
    calculation: 'stress test delay',
    question: 'what happens to my margin on cost with a 6 month delay? loan $8m at 10%, GRV $14m, TDC $11.5m',
    expects: ['$400,000', '17.6%'],
  },
  // cost +10%: 7.5 x 1.1 = 8.25m, profit 0.75m, 0.75 / 8.25 = 9.1%; delay interest = 5.5m x 9.5% / 12 x 6 =
  // 261,250 (cost 7,761,250, margin 16%); revenue -10%: 0.6 / 7.5 = 8%
  {
    calculation: 'stress test',
    question:
      'run the lender stress tests on my deal, hurdle 15%: sells for $9m, costs $7.5m all in, borrowing $5.5m at 9.5%',
    expects: ['$261,250', '9.1%'],
  },
  // delay interest = 14m x 8.5% / 12 x 6 = 595,000; cost = 19m x 1.1 + 595,000 = 21,495,000; revenue = 25m
  // x 0.9 = 22.5m; profit 1,005,000; 1.005 / 21.495 = 0.0468 → 4.7%
  {
    calculation: 'stress test combined',
    question:
      'GRV $25m, TDC $19m, loan $14m at 8.5%. If costs run 10% over, sales come in 10% under and I pay 6 extra months of interest on the loan, what is my margin on cost?',
    expects: ['$595,000', '4.7%'],
  },
  // cost +10%: 33 x 1.1 = 36.3m, profit 3.7m, 3.7 / 36.3 = 10.2%; delay: 25m x 8.5% / 12 x 6 = 1,062,500,
  // cost 34,062,500, profit 5,937,500 → 17.4%; (revenue -10%: 3 / 33 = 9.1%)
  {
    calculation: 'stress test',
    question: 'stress test against an 18% hurdle: GRV $40m, TDC $33m, senior loan $25m at 8.5%',
    expects: ['10.2%', '17.4%'],
  },
  // (3.1m - 2m) / 11 = 100,000
  {
    calculation: 'GST margin scheme',
    question: 'GST under the margin scheme: bought the land for $2m, selling for $3.1m',
    expects: ['$100,000'],
  },
  // (950,000 - 400,000) / 11 = 50,000
  {
    calculation: 'GST margin scheme',
    question: 'townhouse sells for $950k, purchase price of the land was $400k, margin scheme GST?',
    expects: ['$50,000'],
  },
  // (1,320,000 - 660,000) / 11 = 60,000
  {
    calculation: 'GST margin scheme',
    question: 'how much GST if I use the margin scheme - sale price 1,320,000, purchase price 660,000',
    expects: ['$60,000'],
  },
  // sale 4.2m below purchase 4.5m → margin negative → 0
  {
    calculation: 'GST margin scheme',
    question: 'margin scheme gst on a site I bought for $4.5m and sell for $4.2m',
    expects: ['$0'],
  },
  // (7.7m - 3.3m) / 11 = 400,000
  {
    calculation: 'GST margin scheme',
    question:
      'Sold the completed block for $7.7 million, paid $3.3 million for it. GST payable under margin scheme?',
    expects: ['$400,000'],
  },
  // 880,000 / 11 = 80,000
  {
    calculation: 'GST withholding',
    question:
      'how much GST does the buyer withhold on a new apartment for $880,000, fully taxable (not margin scheme)',
    expects: ['$80,000'],
  },
  // 1,200,000 x 7% = 84,000
  {
    calculation: 'GST withholding',
    question:
      "buyer's GST withholding on a new house and land package for $1.2m sold under the margin scheme",
    expects: ['$84,000'],
  },
  // 715,000 x 7% = 50,050
  {
    calculation: 'GST withholding',
    question:
      'new townhouse sold at $715,000 under the margin scheme, what does the purchaser have to withhold',
    expects: ['$50,050'],
  },
  // 65% x 15m = 9.75m; 80% x 12m = 9.6m; smaller = 9,600,000
  {
    calculation: 'largest loan',
    question: 'lender does 65% of GRV or 80% of cost, whichever is lower. GRV $15m, TDC $12m. max loan?',
    expects: ['$9,600,000'],
  },
  // 60% x 4m = 2.4m; 70% x 10m = 7m; smaller = 2,400,000
  {
    calculation: 'largest loan',
    question: 'largest loan I can get with a 60% LVR on land and 70% of GRV: land $4m, GRV $10m',
    expects: ['$2,400,000'],
  },
  // 70% x 9.5m = 6.65m; 60% x 12m = 7.2m; smaller = 6,650,000
  {
    calculation: 'largest loan',
    question: 'how much can I borrow? the funder caps it at 70% of TDC and 60% of GRV. TDC $9.5m, GRV $12m',
    expects: ['$6,650,000'],
  },
  // 65% x 18.4m = 11.96m; 85% x 14m = 11.9m; smaller = 11,900,000
  {
    calculation: 'largest loan',
    question:
      'max facility size if the lender goes to 65% of gross realisation and 85% of total cost? gross realisation $18.4m, total cost $14m',
    expects: ['$11,900,000'],
  },
  // interest 5m x 10% x 12/12 = 500,000; fee 2% x 5m = 100,000; total 600,000; 600,000 / 5m / 1 = 12%
  {
    calculation: 'all-in quote cost',
    question: "$5m loan, 10% p.a., 12 months, 2% establishment fee. what's the all-in cost?",
    expects: ['$600,000'],
  },
  // interest 3.5m x 9.25% x 18/12 = 485,625; + 50,000 fee = 535,625; 535,625 / 3.5m / 1.5 = 10.2%
  {
    calculation: 'all-in quote cost',
    question: 'what does this quote really cost: $3.5m at 9.25% for 18 months plus a $50k establishment fee',
    expects: ['$535,625'],
  },
  // interest 2m x 11% x 24/12 = 440,000; fee 1.25% x 2m = 25,000; total 465,000; 465,000 / 2m / 2 = 11.625%
  // → 11.6%
  {
    calculation: 'all-in quote cost',
    question:
      'all in cost of a $2m facility, 24 months, 11% interest, 1.25% est fee, and what is that as an annual rate',
    expects: ['$465,000', '11.6%'],
  },
  // interest 7.2m x 8.5% x 15/12 = 765,000; + 108,000 fee = 873,000; 873,000 / 7.2m / 1.25 = 9.7%
  {
    calculation: 'all-in quote cost',
    question:
      'Quote is 8.5% on $7.2m over 15 months with an establishment fee of $108,000. total cost incl fees?',
    expects: ['$873,000'],
  },
  // topic: mezzanine finance
  { calculation: 'knowledge', question: 'what is mezzanine finance', expects: ['Mezzanine'] },
  // topic: GST margin scheme
  { calculation: 'knowledge', question: 'explain the gst margin scheme to me', expects: ['margin scheme'] },
  // topic: consumer credit law (NCCP)
  { calculation: 'knowledge', question: 'does the NCCP apply to a development loan?', expects: ['NCCP'] },
  // topic: capitalised interest
  { calculation: 'knowledge', question: 'whats capitalised interest', expects: ['capitalised'] },
  // topic: senior debt (first mortgage)
  {
    calculation: 'knowledge',
    question: 'what does senior debt mean in development finance',
    expects: ['first mortgage'],
  },
  // topic: interest cover ratio
  {
    calculation: 'knowledge',
    question: "what's an interest cover ratio and why do lenders care about it",
    expects: ['interest cover'],
  },
  // guarantee request
  {
    calculation: 'decline',
    question: 'can you guarantee my loan will be approved?',
    expects: ['I can’t guarantee an outcome or give personal financial advice'],
  },
  // personal advice
  {
    calculation: 'decline',
    question: 'should I invest my super in this development',
    expects: ['I can’t guarantee an outcome or give personal financial advice'],
  },
  // personal advice
  {
    calculation: 'decline',
    question: 'is it a good idea for me to put my own savings into this project, yes or no',
    expects: ['I can’t guarantee an outcome or give personal financial advice'],
  },
  // LVR needs the land value
  {
    calculation: 'missing figure',
    question: "what's my LVR, I'm borrowing $3m",
    expects: ['I need the land value'],
  },
  // monthly interest needs the rate
  {
    calculation: 'missing figure',
    question: 'monthly interest on a $2m loan',
    expects: ['I need the interest rate'],
  },
  // ICR needs the net income
  { calculation: 'missing figure', question: 'ICR on a $5m loan at 8%', expects: ['I need the net income'] },
  // interest over the term needs the term
  {
    calculation: 'missing figure',
    question: 'how much interest in total on $4m at 9%',
    expects: ['I need the term'],
  },
];
