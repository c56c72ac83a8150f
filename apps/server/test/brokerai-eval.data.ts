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
];
