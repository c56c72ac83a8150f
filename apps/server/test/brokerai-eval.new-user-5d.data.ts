/*
 * Fifth new-user set, fourth batch (issue 35; decision 077): longer messages as developers, brokers
 * and analysts write them (greetings, context, two or three things asked at once, labels with
 * colons), written and committed before the changes that followed it. Same rules as
 * brokerai-eval.new-user-5.data.ts.
 */
import type { EvalCase2 } from './brokerai-eval.score';

export const newUser5dCases: EvalCase2[] = [
  // TDC 8.6m; 6.2 / 8.6 = 72.1%; equity 8.6 - 6.2 = 2.4m
  {
    calculation: 'TDC sum',
    question:
      "Hi there, we're looking at a townhouse site in Box Hill. Land is $2.4m, construction quote came in at $5.1m and we've budgeted $600k for fees and $500k for finance. The bank says they'll do $6.2m. What's our LTC and how much do we need to put in?",
    expects: ['$8,600,000', '72.1%', '$2,400,000'],
  },
  // 18 / 26; 18 / 31
  {
    calculation: 'ratios',
    question:
      'Quick sanity check before I send this to the credit committee - senior is $18m on a $26m TDC and the GRV is $31m ex GST. Can you give me LTC and loan to GRV?',
    expects: ['69.2%', '58.1%'],
  },
  // 14 x 780k = 10.92m; x 65%
  {
    calculation: 'units x price',
    question:
      'My broker says I can get 65% of the end value. We expect to sell 14 apartments averaging $780k. How much is that loan?',
    expects: ['$7,098,000'],
  },
  // 9.5m x 8.75% x 6/12
  {
    calculation: 'delay interest',
    question:
      "We've got a 6 month delay on our project, the loan is 9.5 million at 8.75 percent. The lender is asking what the additional interest cost will be",
    expects: ['$415,625'],
  },
  // equity is the 15% above 85%: 2.5m / 15%
  {
    calculation: 'share backwards',
    question:
      'Client has $2.5m cash for equity. Senior lender goes to 70% LTC, mezz will fund up to 85% of cost. What size project can he do?',
    expects: ['$16,666,667'],
  },
  // 2.4 / 11.8
  {
    calculation: 'margin',
    question:
      "Can you tell me what margin we're making? Total revenue from sales is projected at $14.2m (excl GST), total costs are $11.8m all in.",
    expects: ['$2,400,000', '20.3%'],
  },
  // 13.5m; 1.5 / 13.5
  {
    calculation: 'what-if',
    question:
      'Our QS reckons costs will blow out by 8%. Currently TDC is $12.5m and GRV $15m. Where does that leave our margin on cost?',
    expects: ['11.1%'],
  },
  // 1.1m / 1.25 = 880k; / 7.5%
  {
    calculation: 'max loan',
    question:
      "The lender needs 1.25x interest cover. Our net rent will be $1.1m a year. At 7.5% interest only, what's the most we can borrow?",
    expects: ['$11,733,333'],
  },
  // 9.02m / 10m; 980k / 820k -> 2
  {
    calculation: 'presales',
    question:
      "We have 11 of 18 units presold at an average of $820k. The loan is $10m. What's our presale cover and how many more do we need to sell to reach 100%?",
    expects: ['90.2%', '2'],
  },
  // 5.5% x 3.95m; + 35k
  {
    calculation: 'all-in land cost',
    question:
      "Question about stamp duty - if the rate is 5.5% on the full price and we're paying $3.95m for the site, what's the duty and the all-in land cost with $35k legals?",
    expects: ['$217,250', '$4,202,250'],
  },
  // 8.4 / 2.8
  {
    calculation: 'ratios',
    question: "What's our debt to equity ratio if the senior loan is $8.4m and we're contributing $2.8m?",
    expects: ['3.00x'],
  },
  // 6m x 9.2% x 14/12
  {
    calculation: 'average drawn',
    question: 'If we drew an average of $6m over 14 months at 9.2%, what would total interest come to?',
    expects: ['$644,000'],
  },
  // (2.9 - 1.8) / 11
  {
    calculation: 'GST',
    question:
      'Please work out the GST under the margin scheme: we bought the land for $1.8m and will sell the completed house for $2.9m.',
    expects: ['$100,000'],
  },
  // 55%, 10%, 15%, 20% of 45m
  {
    calculation: 'capital stack',
    question:
      'Can you break down the capital stack? TDC $45m: senior 55%, stretch senior another 10%, mezz 15%, and sponsor equity makes up the rest.',
    expects: ['$24,750,000', '$4,500,000', '$6,750,000', '$9,000,000'],
  },
  // 18% x 22m; 22 - 3.96
  {
    calculation: 'margin',
    question: "Margin on revenue is 18% and revenue is $22m - what's the profit and what's the TDC?",
    expects: ['$3,960,000', '$18,040,000'],
  },
  // TDC 10m x 1.2
  {
    calculation: 'GRV needed',
    question:
      'how much do I need to sell for to hit 20% margin on cost if the land was 3m and the build is 7m?',
    expects: ['$12,000,000'],
  },
  // 1.08m + 160k + 120k
  {
    calculation: 'interest',
    question:
      "We're paying a 2% establishment fee and 1% line fee on an $8m facility for 18 months at 9%. All-in cost?",
    expects: ['$1,360,000'],
  },
  // 2.1 / 3.2
  {
    calculation: 'ratios',
    question: "Hey mate, land's worth 3.2m and the bank will lend 2.1m against it - what LVR is that?",
    expects: ['65.6%'],
  },
  // 40 - 27 - 2 - 7.2
  {
    calculation: 'residual land value',
    question:
      'Residual land value please. GDV $40m, construction and soft costs $27m, finance $2m, developer margin 18% on GDV.',
    expects: ['$3,800,000'],
  },
  // 1.2m x 8.5% x 9/12; / 9
  {
    calculation: 'interest',
    question:
      "What's the interest on a 1.2m land loan at 8.5% for 9 months, and the monthly payment if it's serviced?",
    expects: ['$76,500', '$8,500'],
  },
  // 0.25% x 15m
  {
    calculation: 'bps',
    question:
      'If the cash rate goes up 0.25% and our margin stays the same, how much more will the $15m facility cost us each year?',
    expects: ['$37,500'],
  },
  // 3 / 5
  {
    calculation: 'ratios',
    question: 'Is 60% LVR on land conservative? Loan $3m, land $5m.',
    expects: ['60%'],
  },
  // 8.4m - 7.5m
  {
    calculation: 'presale shortfall',
    question: 'presales are $7.5m and we need 120% cover on the loan of $7m. are we there yet?',
    expects: ['$900,000'],
  },
  // GRV 15.29m; TDC 14.7m; 0.59 / 14.7
  {
    calculation: 'units x price',
    question:
      'Units: 22. Average price: $695,000. Total construction: $9.8m. Land: $2.9m. Soft: $1.1m. Finance: $0.9m. Margin on cost?',
    expects: ['$15,290,000', '4%'],
  },
  // no lender limit given: the authored set's rule (issue 11) answers at typical non-bank limits, 65% x 20m
  {
    calculation: 'max loan',
    question: "What's the max loan on this one? We've got a GRV of about $20m.",
    expects: ['$13,000,000'],
  },
  // no figures
  {
    calculation: 'declines',
    question: 'How much interest will I pay on my construction loan?',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no revenue
  {
    calculation: 'declines',
    question: 'Work out my margin on cost - costs are 10m',
    expects: [],
    refuses: [],
    declines: true,
  },
  // no construction figure
  {
    calculation: 'declines',
    question: 'LTC with a 7m loan and land of 3m plus construction',
    expects: [],
    refuses: ['233.3%'],
    declines: true,
  },
  // no income
  {
    calculation: 'declines',
    question: "What's the ICR on a $5m loan at 7%?",
    expects: [],
    refuses: [],
    declines: true,
  },
];
