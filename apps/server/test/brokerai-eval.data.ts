/**
 * BrokerAI's evaluation set: questions a developer or a lender would ask, each with the words and
 * figures (worked by hand in the comment) the built-in analyst's answer must contain, and any it
 * must not. Run by brokerai-eval.test.ts.
 */
export interface EvalCase {
  /** The calculation or topic the question is about (for reading the scores). */
  calculation?: string;
  question: string;
  /** Every one must appear in the answer. */
  expects: string[];
  /** None may appear. */
  refuses?: string[];
}

const NOTE = 'General information only, not financial advice.';

export const evalCases: EvalCase[] = [
  // --- LVR on land (loan / land x 100) ---
  // 2.6 / 4.0 = 0.65
  { question: 'What is the LVR of a $2.6m loan on $4.0m land?', expects: ['65%', NOTE] },
  // 3.2 / 4.0 = 0.80
  {
    question: "We're borrowing 3,200,000 against a site valued at $4 million — what's our LVR?",
    expects: ['80%'],
  },
  // 600 / 850 = 0.70588
  { question: 'LVR if the land is worth $850k and I borrow 600k?', expects: ['70.6%'] },
  // --- Loan / GRV ex GST ---
  // 6.5 / 10 = 0.65
  { question: "What's the loan to GRV on a $6.5m facility with a GRV of $10 million?", expects: ['65%'] },
  // 11m inc GST / 1.1 = 10m; 6 / 10 = 0.60
  {
    question: 'GRV is $11m including GST and the senior loan is $6m. Loan to GRV ex GST?',
    expects: ['$10,000,000', '60%'],
  },
  // --- Loan / TDC ---
  // 8 / 10 = 0.80
  { question: 'Loan to cost for an $8m loan with a TDC of $10m?', expects: ['80%'] },
  // 9.375 / 12.5 = 0.75
  { question: 'Total development cost $12.5m, debt 9,375,000 — what is the LTC?', expects: ['75%'] },
  // --- ICR (net income / annual interest) ---
  // 5m x 8 % = 400,000; 600,000 / 400,000 = 1.5
  { question: 'ICR with net rent of $600,000 on a $5m loan at 8%?', expects: ['$400,000', '1.50x'] },
  // 10m x 6 % = 600,000; 1.2m / 600,000 = 2.0
  {
    question: 'Interest cover on $1.2m net operating income with a $10m loan at 6 per cent?',
    expects: ['$600,000', '2.00x'],
  },
  // --- Margins ---
  // 0.18 / 1.18 = 0.15254
  { question: 'What is 18% margin on cost as a margin on revenue?', expects: ['15.3%'] },
  // 0.20 / 1.20 = 0.16667
  { question: 'Convert a 20% margin on cost to a margin on revenue', expects: ['16.7%'] },
  // 0.15 / 0.85 = 0.17647
  { question: '15% margin on revenue is what margin on cost?', expects: ['17.6%'] },
  // profit 12.5 − 10 = 2.5m; 2.5 / 10 = 25 % on cost; 2.5 / 12.5 = 20 % on revenue
  {
    question: "What's my margin if total cost is $10m and revenue is $12.5m?",
    expects: ['$2,500,000', '25%', '20%'],
  },
  // 1.8 / 6 = 30 % on cost; 0.3 / 1.3 = 23.08 % on revenue
  { question: 'Profit of $1.8m on a total cost of $6m: margin on cost?', expects: ['30%', '23.1%'] },
  // --- Debt / equity ---
  // 6 / 2 = 3
  { question: 'Debt to equity with a $6m loan and $2m of equity?', expects: ['3.00x'] },
  // --- Interest ---
  // 3m x 9.5 % / 12 = 23,750
  { question: 'Monthly interest on $3m at 9.5%?', expects: ['$23,750'] },
  // 4.5m x 9 % / 12 = 33,750
  { question: 'How much interest per month on a 4,500,000 loan at 9 per cent?', expects: ['$33,750'] },
  // simple 3m x 0.095 x 18 / 12 = 427,500; compounded 3m x (1.0079167^18 − 1) = 457,519
  {
    question: 'Capitalised interest on $3m at 9.5% over 18 months?',
    expects: ['$427,500', '$457,519'],
  },
  // simple 2m x 0.12 x 2 = 480,000; compounded 2m x (1.01^24 − 1) = 2m x 0.269735 = 539,469
  { question: 'Total interest on a $2m loan at 12% for 2 years', expects: ['$480,000', '$539,469'] },
  // --- GST ---
  // (2.4m − 1.5m) / 11 = 81,818.18
  {
    question: 'Margin scheme GST on a site bought for $1.5m and sold for $2.4m?',
    expects: ['$81,818', NOTE],
  },
  // (1.35m − 0.9m) / 11 = 40,909.09
  {
    question: 'GST under the margin scheme if we paid $900k for the land and sell for $1.35m',
    expects: ['$40,909'],
  },
  // 850,000 x 7 % = 59,500
  {
    question:
      'How much GST does the buyer withhold on a new apartment sold for $850k under the margin scheme?',
    expects: ['$59,500'],
  },
  // 1.1m / 11 = 100,000
  { question: 'GST withholding on a $1.1m new townhouse sale, fully taxable', expects: ['$100,000'] },
  // Only the sale price: it asks for the purchase price rather than guessing one.
  {
    question: 'Margin scheme GST on a sale of $2m?',
    expects: ['purchase price'],
    refuses: ['$0', '$181,818'],
  },
  // --- Stress tests ---
  // base 2.5/10 = 25 %; cost+10 % 1.5/11 = 13.6 %; revenue−10 % 1.25/10 = 12.5 %;
  // delay: 7m x 9 % / 12 x 6 = 315,000 → 2.185 / 10.315 = 21.2 %; combined 11.315 vs 11.25 → −0.6 %
  {
    question: 'Stress test: TDC $10m, GRV $12.5m, loan $7m at 9%, hurdle 15%',
    expects: ['25%', '13.6%', '12.5%', '21.2%', '-0.6%'],
  },
  // base 5/20 = 25 %; cost+10 % 3/22 = 13.6 %; revenue−10 % 2.5/20 = 12.5 %; combined 0.5/22 = 2.3 %
  {
    question: 'Run the lender stress tests on costs of $20m and revenue of $25m with a 20% hurdle',
    expects: ['25%', '13.6%', '12.5%', '2.3%', 'fails'],
  },
  // --- Largest loan ---
  // 65 % x 20m = 13m; 80 % x 15m = 12m → 12m
  {
    question: 'Max loan with 65% of GRV and 80% of cost, GRV $20m, TDC $15m',
    expects: ['$12,000,000', 'loan to cost'],
  },
  // 70 % x 30m = 21m; 85 % x 25m = 21.25m → 21m
  {
    question:
      'How much can I borrow if the lender goes to 70% of GRV and 85% of TDC, with GRV $30m and TDC $25m?',
    expects: ['$21,000,000', 'loan to GRV'],
  },
  // typical non-bank limits: 65 % x 10m = 6.5m; 85 % x 9m = 7.65m → 6.5m
  { question: 'Maximum loan on a GRV of $10m and a TDC of $9m', expects: ['$6,500,000', '$7,650,000'] },
  // --- All-in cost of a quote ---
  // 5m x 10 % x 18/12 = 750,000 + 100,000 = 850,000; 850,000 / 5m / 1.5 = 11.33 %
  {
    question: 'All-in cost of $5m at 10% for 18 months with a $100,000 establishment fee',
    expects: ['$850,000', '11.3%'],
  },
  // 2m x 12 % x 1 = 240,000; fee 2 % = 40,000; total 280,000; 14 % a year
  {
    question:
      "What's the all in cost of a 2,000,000 facility at 12 per cent over 12 months with a 2% establishment fee?",
    expects: ['$240,000', '$40,000', '$280,000', '14%'],
  },
  // --- Concepts (knowledge base, with the kind of source) ---
  {
    question: 'What is mezzanine finance?',
    expects: ['second mortgage', '12–25 %', 'lender or broker marketing'],
  },
  { question: 'What is preferred equity and how is it different from mezz?', expects: ['no mortgage'] },
  { question: 'How many presales do the banks want?', expects: ['100', 'regulator'] },
  { question: 'What does GRV mean?', expects: ['excluding GST'] },
  { question: 'How does the GST margin scheme work?', expects: ['1/11', 'ato.gov.au'] },
  { question: "What's a typical interest rate for private development lenders?", expects: ['9–18 %'] },
  { question: 'What stress tests do lenders run?', expects: ['+10 %', '6-month delay'] },
  {
    question: 'What security does a development lender take?',
    expects: ['first mortgage', 'director guarantees'],
  },
  {
    question: 'Is a development loan to my company covered by the NCCP?',
    expects: ['National Consumer Credit'],
  },
  { question: 'What is a typical loan to cost for a non-bank?', expects: ['80–85 %'] },
  { question: 'What is the LVR?', expects: ['land value'] },
  { question: 'What does APRA mean by hard equity?', expects: ['hard equity', 'APRA'] },
  // --- Declines: guarantees and personal advice ---
  { question: 'Can you guarantee my loan will be approved?', expects: ['can’t guarantee', NOTE] },
  { question: 'Should I invest my super in this development?', expects: ['personal financial advice'] },
  { question: 'Will I get approved for a $5m loan?', expects: ['can’t guarantee'], refuses: ['65%'] },
  // --- Cannot answer: says what it can do; never a figure from nowhere ---
  { question: "What's the weather in Sydney tomorrow?", expects: ['I can work out'], refuses: [NOTE] },
  { question: 'Work out the LVR on a loan of $2m', expects: ['land value'], refuses: ['%'] },
  { question: 'What is the monthly interest at 9%?', expects: ['loan amount'], refuses: ['$0'] },
  // --- Shares of a named base (issue 21): a percentage OF a figure is that share of it ---
  // 65 % x 10m = 6.5m
  { calculation: 'share', question: 'what loan is 65% of a $10m GRV', expects: ['$6,500,000'] },
  // equity 25 % x 8m = 2m; loan 8m − 2m = 6m; 6 / 2 = 3.00x
  {
    calculation: 'share',
    question: "If I put in 25% of a $8m TDC, what's debt to equity",
    expects: ['$2,000,000', '$6,000,000', '3.00x'],
  },
  // equity 30 % x 12m = 3.6m; loan 12m − 3.6m = 8.4m
  {
    calculation: 'share',
    question: 'equity is 30% of cost on a $12m project, how much debt?',
    expects: ['$3,600,000', '$8,400,000'],
  },
  // 60 % x 15m = 9m
  {
    calculation: 'share',
    question: 'loan at 60% of GRV, GRV is $15m - what is the loan amount?',
    expects: ['$9,000,000'],
  },
  // 50 % x 6m = 3m
  {
    calculation: 'share',
    question: 'presales cover 50% of the debt and the debt is $6m. How much presales is that?',
    expects: ['$3,000,000'],
  },
  // loan 70 % x 10m = 7m; equity 10m − 7m = 3m
  {
    calculation: 'share',
    question: 'how much equity do I need if the bank lends 70% of a $10m TDC',
    expects: ['$7,000,000', '$3,000,000'],
  },
  // loan 80 % x 5m = 4m; equity 5m − 4m = 1m
  {
    calculation: 'share',
    question: 'The lender funds 80% of a $5m TDC — how much do I have to put in?',
    expects: ['$1,000,000'],
  },
  // loan 65 % x 20m = 13m; equity 16m − 13m = 3m
  {
    calculation: 'share',
    question: 'bank will fund 65% of a 20 mil GRV; how much equity do I need if TDC is 16 mil?',
    expects: ['$13,000,000', '$3,000,000'],
  },
  // 55 % x 18m = 9.9m
  {
    calculation: 'share',
    question: 'GRV of 18 mil, the loan is 55% of it - what is the loan?',
    expects: ['$9,900,000'],
  },
  // loan 70 % x 10m = 7m; equity 3m; 7 / 3 = 2.333 → 2.33x
  {
    calculation: 'share',
    question: 'debt to equity if the loan is 70% of a $10m TDC',
    expects: ['$3,000,000', '2.33x'],
  },
  // 18 % x 20m = 3.6m
  {
    calculation: 'share',
    question: 'profit is 18% of revenue on $20m of sales - how much profit?',
    expects: ['$3,600,000'],
  },
  // 1.5 % x 8m = 120,000
  {
    calculation: 'share',
    question: 'fee is 1.5% of the loan on $8m — what is the establishment fee?',
    expects: ['$120,000'],
  },
  // 3m / 12m = 25 %
  {
    calculation: 'share',
    question: 'equity as a percentage of cost with $3m equity and a $12m TDC',
    expects: ['25%'],
  },
  // --- Servicing: 'does it service' is the ICR (net income / interest a year) ---
  // 9m x 7 % = 630,000; 750,000 / 630,000 = 1.190 → 1.19x, below 1.5x → fail
  {
    calculation: 'ICR',
    question: 'NOI 750k, loan 9m at 7%, does it service?',
    expects: ['$630,000', '1.19x', 'fail'],
  },
  // 12m x 6.5 % = 780,000; 1.1m / 780,000 = 1.410 → 1.41x → fail
  {
    calculation: 'ICR',
    question: "What's the serviceability on NOI of $1.1m with $12m of debt at 6.5%?",
    expects: ['$780,000', '1.41x', 'fail'],
  },
  // 6m x 8 % = 480,000; 520,000 / 480,000 = 1.083 → 1.08x → fail
  {
    calculation: 'ICR',
    question: 'Can the net rent of 520k cover the interest on a 6 mil loan at 8 per cent?',
    expects: ['$480,000', '1.08x', 'fail'],
  },
  // 15m x 7 % = 1,050,000; 2m / 1.05m = 1.905 → 1.90x → watch
  {
    calculation: 'ICR',
    question: 'How many times does EBITDA of $2m cover the interest on a $15m facility at 7%?',
    expects: ['$1,050,000', '1.90x', 'watch'],
  },
  // 45k x 12 = 540,000; 6m x 7.5 % = 450,000; 540 / 450 = 1.20x
  {
    calculation: 'ICR',
    question: 'ICR on a 6 mil loan at 7.5% with net rent of $45k a month',
    expects: ['$540,000', '$450,000', '1.20x'],
  },
  // --- Reverse questions: the figure a ratio needs ---
  // 70 % x 3m = 2.1m
  {
    calculation: 'reverse',
    question: 'how much can I borrow at 70% LVR on a $3m site',
    expects: ['$2,100,000'],
  },
  // 6.5m / 0.65 = 10m
  {
    calculation: 'reverse',
    question: 'what GRV do I need for a 65% loan to GRV on a $6.5m loan',
    expects: ['$10,000,000'],
  },
  // 1.95m / 0.65 = 3m
  {
    calculation: 'reverse',
    question: "what's the land value if I'm borrowing $1.95m at 65% LVR",
    expects: ['$3,000,000'],
  },
  // 9m / 0.75 = 12m
  {
    calculation: 'reverse',
    question: 'I want a $9m loan at 75% loan to cost - what TDC do I need?',
    expects: ['$12,000,000'],
  },
  // 45k x 12 = 540,000; 540,000 / 6m = 9 %
  {
    calculation: 'reverse',
    question: 'what rate am I paying if interest is $45k a month on $6m',
    expects: ['$540,000', '9%'],
  },
  // 600,000 / 7.5m = 8 %
  { calculation: 'reverse', question: 'what rate is $600k a year on a 7.5 mil loan', expects: ['8%'] },
  // 360,000 / 4m = 9 %
  {
    calculation: 'reverse',
    question: 'rate needed: $360k interest a year on a $4m loan',
    expects: ['9%'],
  },
  // 2.5m x 2 = 5m
  {
    calculation: 'reverse',
    question: 'what loan gives 2x debt to equity if I put in $2.5m',
    expects: ['$5,000,000'],
  },
  // 2m x 3 = 6m
  {
    calculation: 'reverse',
    question: 'debt to equity is 3x and equity is $2m, how much debt?',
    expects: ['$6,000,000'],
  },
  // 6m x 8 % = 480,000; x 1.5 = 720,000
  {
    calculation: 'reverse',
    question: 'what NOI do I need for a 1.5x ICR on a $6m loan at 8%',
    expects: ['$480,000', '$720,000'],
  },
  // 750,000 / 1.5 = 500,000 a year of interest; 500,000 / 7 % = 7,142,857.14
  {
    calculation: 'reverse',
    question: 'how much can I borrow at a 1.5x ICR with NOI of $750k at 7%',
    expects: ['$500,000', '$7,142,857'],
  },
  // 2m / 0.20 = 10m
  {
    calculation: 'reverse',
    question: 'profit of $2m is 20% on cost - what is the total cost?',
    expects: ['$10,000,000'],
  },
  // 3m / 0.20 = 15m
  {
    calculation: 'reverse',
    question: 'what revenue do I need for a $3m profit at a 20% margin on revenue',
    expects: ['$15,000,000'],
  },
  // 540,000 / 30,000 = 18
  {
    calculation: 'reverse',
    question: 'how long is the term if the total interest is $540k and the monthly interest is $30k',
    expects: ['18 months'],
  },
  // 10m − 3.5m = 6.5m
  {
    calculation: 'reverse',
    question: 'how much is the build if TDC is $10m and land is $3.5m',
    expects: ['$6,500,000'],
  },
  // --- Two results named together ---
  // 4.2 / 6 = 70 %; 4.2 / 7 = 60 %
  {
    calculation: 'two results',
    question:
      'What are the LVR and the loan to cost on 4.2 mil borrowed, land worth 6 mil and a TDC of 7 mil?',
    expects: ['70%', '60%'],
  },
  // 10m x 6 % = 600,000; 900 / 600 = 1.50x; 10 / 4 = 2.50x
  {
    calculation: 'two results',
    question: 'ICR and debt to equity: NOI $900k, loan $10m at 6%, equity $4m',
    expects: ['1.50x', '2.50x'],
  },
  // 5 / 7 = 71.43 %; 5 / 9 = 55.56 %
  {
    calculation: 'two results',
    question: 'what are the LVR and loan to GRV for a $5m loan, $7m land and a $9m GRV',
    expects: ['71.4%', '55.6%'],
  },
  // --- Figures in words and slang ---
  // 3 / 5 = 60 %
  {
    calculation: 'slang',
    question: "borrowing 3 mil bucks against a site worth five mil, what's my lvr",
    expects: ['60%'],
  },
  // 600k / 1.2m = 50 %
  { calculation: 'slang', question: 'six hundred k loan on 1.2 mil of land, lvr?', expects: ['50%'] },
  // 4.5 / 1.5 = 3.00x
  {
    calculation: 'slang',
    question: 'debt to equity if I borrow 4 and a half mil and chip in one and a half mil',
    expects: ['3.00x'],
  },
  // --- Missing figures: names every one missing, or exactly the one ---
  {
    calculation: 'missing',
    question: "what's the ICR? I've got a $4m loan",
    expects: ['I need the net income', 'the interest rate'],
    refuses: ['x.'],
  },
  {
    calculation: 'missing',
    question: "what's the LTC on a $7.5m loan",
    expects: ['I need the total development cost'],
    refuses: ['and the', '%'],
  },
  {
    calculation: 'missing',
    question: 'how much interest a month on a loan at 9%?',
    expects: ['I need the loan amount'],
    refuses: ['and the', '$0'],
  },
];

/**
 * Issue 35's tuned questions, written before the code that answers them, in the voices of
 * developers, brokers and credit analysts: figures built from parts, shares solved backwards,
 * plain arithmetic with units, qualifiers (average drawn balance, a delay, interest only, a
 * mezzanine layer, presale shortfalls) and the percent words. `declines` marks a question whose
 * right reply asks for a figure it could not place and prints no derived figure.
 */
export type EvalCase2 = EvalCase & { declines?: boolean };

export const compositionCases: EvalCase2[] = [
  // --- Sums of named parts ---
  // TDC = 3.2 + 5.5 + 0.8 + 0.6 = 10.1m; 7.5 / 10.1 = 74.26 %
  {
    calculation: 'parts',
    question:
      'Land is $3.2m, build $5.5m, soft costs $800k and finance costs $600k. The senior loan is $7.5m. What is the LTC?',
    expects: ['$10,100,000', '74.3%'],
    refuses: ['937.5%'],
  },
  // TDC = 2 + 4.5 + 0.5 = 7m; profit 8.4 − 7 = 1.4m; 1.4 / 7 = 20 %
  {
    calculation: 'parts',
    question: 'site 2 mil, construction 4.5 mil, professional fees 500k, GRV 8.4 mil. margin on cost?',
    expects: ['$7,000,000', '20%'],
  },
  // TDC = 2.5 + 6 + 1 + 0.5 = 10m; 6 / 10 = 60 %
  {
    calculation: 'parts',
    question:
      'Credit wants the build as a share of TDC. Land $2.5m, build $6m, soft costs $1m, finance costs $0.5m. What % of TDC is the build?',
    expects: ['$10,000,000', '60%'],
  },
  // 1.8 + 3.9 + 0.45 = 6.15m
  {
    calculation: 'parts',
    question: 'What is my total development cost? Land $1.8m, construction $3.9m, soft costs $450k',
    expects: ['$6,150,000'],
  },
  // --- Units × price, and per unit ---
  // 12 × 950k = 11.4m
  {
    calculation: 'units',
    question: "We're doing 12 townhouses at $950k each. What's the GRV?",
    expects: ['$11,400,000'],
  },
  // 6 × 1.1m = 6.6m; (6.6 − 2.4) / 11 = 381,818
  {
    calculation: 'units',
    question: 'Margin scheme GST on 6 townhouses selling at $1.1m each? We bought the site for $2.4m.',
    expects: ['$6,600,000', '$381,818'],
    refuses: ['$0.'],
  },
  // 18m / 24 = 750k
  {
    calculation: 'units',
    question: 'GRV of $18m across 24 apartments — average price per unit?',
    expects: ['$750,000'],
  },
  // 15m / 20 = 750k
  {
    calculation: 'units',
    question: 'I need $15m of sales out of 20 units. What does each one have to sell for?',
    expects: ['$750,000'],
  },
  // 3,200 × 2,500 = 8m
  {
    calculation: 'per sqm',
    question: 'Build rate is $3,200 per sqm over 2,500 sqm of GFA. What is the construction cost?',
    expects: ['$8,000,000'],
  },
  // --- Shares solved backwards ---
  // 6 / 0.6 = 10m
  {
    calculation: 'share backwards',
    question: 'Construction is $6m and that is 60% of TDC. What is the TDC?',
    expects: ['$10,000,000'],
  },
  // equity 25 % of TDC = 2.5m → TDC 10m; loan 7.5m
  {
    calculation: 'share backwards',
    question: "The lender funds 75% of TDC and I'm putting in $2.5m of equity. What's the TDC and the loan?",
    expects: ['$10,000,000', '$7,500,000'],
  },
  // --- 'X is Y % of Z' every way ---
  // 4.8m × 5.5 % = 264,000
  { calculation: 'percent of', question: 'what is 5.5 pc of $4.8m', expects: ['$264,000'] },
  // 450k / 6m = 7.5 %
  { calculation: 'percent of', question: '$450k is what percent of $6m?', expects: ['7.5%'] },
  // 1.2m / 15 % = 8m
  { calculation: 'percent of', question: '$1.2m is 15% of what?', expects: ['$8,000,000'] },
  // --- Duty, legals, land all in ---
  // 4.8m × 5.5 % = 264,000
  {
    calculation: 'duty',
    question: 'Stamp duty at 5.5% on a $4.8m site — how much?',
    expects: ['$264,000'],
  },
  // 1m × 1.25 % + 2m × 5.5 % = 12,500 + 110,000 = 122,500
  {
    calculation: 'duty tiers',
    question: 'Duty is 1.25% on the first $1m and 5.5% above that. Site is $3m — how much duty?',
    expects: ['$12,500', '$110,000', '$122,500'],
  },
  // 3m + 165k + 25k = 3.19m
  {
    calculation: 'land all in',
    question: 'Land $3m, stamp duty 5.5 per cent, legals $25k. All-in land cost?',
    expects: ['$165,000', '$3,190,000'],
  },
  // --- Fees per period ---
  // 10m × 1.2 % = 120,000 a year; / 12 = 10,000
  {
    calculation: 'fee per period',
    question: 'Line fee of 1.2% pa on a $10m facility — how much is that per month?',
    expects: ['$10,000'],
  },
  // 6.5m × 2 % = 130,000
  {
    calculation: 'fee',
    question: 'a 2 per cent establishment fee on $6.5m, how much is the fee?',
    expects: ['$130,000'],
  },
  // --- Residual land value ---
  // 20m / 1.2 = 16,666,667; − 13m = 3,666,667
  {
    calculation: 'residual',
    question:
      'Residual land value: GRV $20m, build and soft costs $13m, I want a 20% margin on cost. What can I pay for the land?',
    expects: ['$16,666,667', '$3,666,667'],
  },
  // 20m × (1 − 20 %) = 16m; − 13m = 3m
  {
    calculation: 'residual',
    question:
      'GDV $20m, costs excluding land $13m, target 20% margin on GDV. What is the residual land value?',
    expects: ['$3,000,000'],
  },
  // --- Capital stacks ---
  // 20m × 60/20/20
  {
    calculation: 'capital stack',
    question: 'TDC is $20m. Senior at 60%, mezz at 20% and equity 20% of TDC. How much is each tranche?',
    expects: ['$12,000,000', '$4,000,000'],
  },
  // 12 / 20 = 60 %, 3 / 20 = 15 %, 5 / 20 = 25 %
  {
    calculation: 'capital stack',
    question: 'Senior debt $12m, mezzanine $3m, equity $5m. What share of the stack is each?',
    expects: ['$20,000,000', '60%', '15%', '25%'],
  },
  // --- Interest qualifiers ---
  // 8m × 55 % = 4.4m; × 9.5 % × 18 / 12 = 627,000
  {
    calculation: 'average drawn',
    question: '$8m construction facility at 9.5 pc, average drawn balance 55% over 18 months. Interest?',
    expects: ['$4,400,000', '$627,000'],
  },
  // 6m × 10 % / 12 × 4 = 200,000
  {
    calculation: 'delay interest',
    question: 'Loan is $6m at 10%. What does a 4-month delay cost us in interest?',
    expects: ['$200,000'],
  },
  // 5m × 7.5 % = 375k; 520 / 375 = 1.39x
  {
    calculation: 'icr interest only',
    question: 'Net rent $520k pa, interest only loan of $5m at 7.5pct. ICR?',
    expects: ['$375,000', '1.39x'],
    refuses: ['10.4%'],
  },
  // 4m × 8.5 % / 12 = 28,333
  {
    calculation: 'bps',
    question: "What's the monthly interest on $4m at 850bps?",
    expects: ['$28,333'],
  },
  // 2m × 9 % = 180,000
  { calculation: 'pct', question: 'interest on $2m at 9 pct for 12 months', expects: ['$180,000'] },
  // --- Presales ---
  // cover 7.2 / 10 = 72 %; shortfall 10 − 7.2 = 2.8m
  {
    calculation: 'presale shortfall',
    question:
      "Bank wants 100% presale cover on a $10m loan and we've got $7.2m presold. What's the shortfall?",
    expects: ['72%', '$2,800,000'],
  },
  // 2.8m / 800k = 3.5 → 4 more
  {
    calculation: 'presale units',
    question:
      "Bank wants 100% presale cover on a $10m loan, we've presold $7.2m and units average $800k. How many more presales do we need?",
    expects: ['$2,800,000', '4'],
  },
  // 9m / 750k = 12
  {
    calculation: 'presale units',
    question: 'Presales need to cover 100% of a $9m loan and apartments average $750k. How many presales?',
    expects: ['12 presales'],
  },
  // --- Figures it cannot place: it asks, and prints no derived figure ---
  {
    calculation: 'unplaced',
    question: 'Land $3m, build $5m, plus another $700k, loan $6m. LTC?',
    expects: ['$700,000'],
    refuses: ['75%', '69%', 'Rating'],
    declines: true,
  },
  {
    calculation: 'unplaced',
    question: 'margin if GRV is $12m and the other bit is $2m?',
    expects: [],
    refuses: ['16.7%', 'Rating', 'GST'],
    declines: true,
  },
  {
    calculation: 'unplaced',
    question: 'whats the margin on $9m',
    expects: [],
    refuses: ['Rating', 'GST'],
    declines: true,
  },
];
