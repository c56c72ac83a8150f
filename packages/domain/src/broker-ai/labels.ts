/** What names a figure in a question. */
export type Label =
  | 'loan'
  | 'land'
  | 'grv'
  | 'revenue'
  | 'cost'
  | 'construction'
  | 'purchase'
  | 'sale'
  | 'profit'
  | 'equity'
  | 'income'
  | 'fee'
  | 'holding'
  | 'interest'
  | 'interestRate'
  | 'hurdle'
  | 'margin'
  | 'marginRevenue'
  | 'lvr'
  | 'loanToGrv'
  | 'loanToCost'
  | 'presales'
  | 'icr'
  | 'debtToEquity'
  | 'soft'
  | 'financeCost'
  | 'otherCost'
  | 'duty'
  | 'legals'
  | 'mezz'
  | 'prefEquity'
  | 'lineFee'
  | 'drawn'
  /** Words that name no figure but would otherwise lend one of theirs ('all-in cost', 'interest cover'). */
  | 'none';

/** The words that name each figure (parse.ts reads them). */
// The words that name a figure; longer phrases first so 'total development cost' wins over 'cost'.
export const labelWords: [Label, string[]][] = [
  [
    'none',
    [
      'all-in',
      'quote cost',
      'margin scheme',
      'stress test',
      'cost of the loan',
      'cost of the facility',
      'cost of finance',
    ],
  ],
  [
    'grv',
    [
      'gross realisation value',
      'gross realization value',
      'gross development value',
      'grossing',
      'gross',
      'gross realisation',
      'gross realization',
      'grv',
      'gdv',
      'end value',
      'end values',
      'on completion',
      'completed value',
      'completion value',
      'as if complete',
      'realisation',
    ],
  ],
  [
    'revenue',
    [
      'sales revenue',
      'revenue',
      'sell-out',
      'sellout',
      'sells out for',
      'sells out at',
      'sell out for',
      'sell out at',
      'sells out',
      'sell out',
      'sold out',
      'total sales',
      'sales',
      'turnover',
    ],
  ],
  [
    'cost',
    [
      'costs excluding land',
      'non-land costs',
      'non land costs',
      'costs excluding the land',
      'costs ex land',
      'costs excl land',
      'costs excl. land',
      'costs other than land',
      'costs before land',
      'cost excluding land',
      'cost ex land',
      'total development cost',
      'total development costs',
      'development costs',
      'development cost',
      'project costs',
      'project cost',
      'total costs',
      'total cost',
      'all up cost',
      'all-in cost',
      'all in cost',
      'tdc',
      'costs',
      'cost',
      'project',
      'budget',
    ],
  ],
  [
    'soft',
    [
      'soft costs',
      'soft cost',
      'professional fees',
      'consultant fees',
      'consultants',
      'design fees',
      'council fees',
      'council contributions',
      'contributions',
      'fees and charges',
      'approvals',
      'da costs',
      'soft',
    ],
  ],
  [
    'financeCost',
    [
      'finance',
      'finance costs',
      'finance cost',
      'financing costs',
      'financing cost',
      'finance charges',
      'interest and fees',
    ],
  ],
  [
    'otherCost',
    [
      'contingency',
      'valuation',
      'valuation fee',
      'due diligence',
      'dd',
      'marketing',
      'sales and marketing',
      'selling costs',
      'selling cost',
      'agents fees',
      "agents' fees",
      'agent fees',
      'commissions',
    ],
  ],
  ['duty', ['stamp duty', 'transfer duty', 'duty']],
  [
    'legals',
    [
      'legals and dd',
      'legals and due diligence',
      'legals',
      'legal fees',
      'legal costs',
      'legal',
      'conveyancing',
      'lawyers',
    ],
  ],
  [
    'mezz',
    [
      'mezzanine debt',
      'mezzanine loan',
      'mezzanine',
      'mezz debt',
      'mezz',
      'second mortgage',
      'junior debt',
      'stretch',
    ],
  ],
  ['prefEquity', ['preferred equity', 'pref equity', 'pref']],
  ['lineFee', ['line fee', 'line fees', 'commitment fee', 'undrawn fee']],
  [
    'drawn',
    [
      'average drawn balance',
      'average balance',
      'average draw',
      'average drawn',
      'averages',
      'drawn on average',
      'average utilisation',
      'average utilization',
      'drawn',
    ],
  ],
  [
    'construction',
    [
      'construction costs',
      'construction cost',
      'build costs',
      'build cost',
      'building costs',
      'building cost',
      'hard costs',
      'construction',
      'build',
      'builder',
      'build rate',
      'building',
    ],
  ],
  [
    'land',
    [
      'land value',
      'site value',
      'site cost',
      'land cost',
      'site costs',
      'land costs',
      'land',
      'site',
      'site acquisition',
      'land acquisition',
      'acquisition cost',
      'acquisition',
      'block valued at',
      'block worth',
      'block of land',
      'dirt',
    ],
  ],
  [
    'loan',
    [
      'interest only loan',
      'interest-only loan',
      'interest only facility',
      'interest only',
      'interest-only',
      'io loan',
      'facility limit',
      'limit',
      'construction facility',
      'construction loan',
      'construction finance',
      'development facility',
      'development loan',
      'land loan',
      'senior facility',
      'senior lender',
      'senior',
      'senior debt',
      'senior loan',
      'first mortgage',
      'loan amount',
      'facility',
      'borrowing',
      'borrowed',
      'borrows',
      'borrow',
      'loan',
      'debt',
      'lend me',
      'lend us',
      'lending me',
      'lending us',
      'lends',
      'lend',
      'lending',
      'advance',
    ],
  ],
  ['purchase', ['purchase price', 'purchased', 'bought', 'acquired', 'paid', 'purchase', 'acquisition']],
  ['sale', ['sale price', 'selling', 'sold', 'sells', 'sell', 'sale', 'price']],
  ['profit', ['development profit', 'net profit', 'profit']],
  [
    'equity',
    [
      'equity',
      'put in',
      'putting in',
      'puts in',
      'chip in',
      'chipping in',
      'tip in',
      'contribute',
      'contributing',
      'contribution',
      'cash',
      'own funds',
      'own money',
      'deposit',
    ],
  ],
  [
    'income',
    [
      'net operating income',
      'net income',
      'rental income',
      'net rental income',
      'income',
      'noi',
      'net rent',
      'net rents',
      'rent',
      'rents',
      'ebitda',
      'monthly rent',
    ],
  ],
  ['fee', ['establishment fee', 'establishment', 'est. fee', 'est fee', 'estab fee', 'fees', 'fee']],
  ['holding', ['holding costs', 'holding cost', 'holding']],
  [
    'interest',
    [
      'total interest',
      'interest in total',
      'interest over the term',
      'interest over the loan',
      'monthly interest',
      'annual interest',
      'yearly interest',
      'interest bill',
      'interest costs',
      'interest cost',
      'interest expense',
      'interest on the loan',
      'interest on the facility',
      'interest on the debt',
      'intrest on the loan',
      'interest',
      'intrest',
      'interst',
    ],
  ],
  ['interestRate', ['interest rate', 'rate', 'p.a.', 'pa', 'per annum', 'coupon', 'pricing']],
  ['hurdle', ['hurdle rate', 'hurdle', 'target margin', 'minimum margin', 'required margin', 'target']],
  ['margin', ['margin on cost', 'return on cost', 'on cost', 'margin', 'moc']],
  [
    'marginRevenue',
    [
      'margin on revenue',
      'margin on sales',
      'margin on gdv',
      'margin on grv',
      'revenue margin',
      'on revenue',
      'on gdv',
      'on sales',
    ],
  ],
  ['lvr', ['lvr', 'loan to value', 'loan-to-value']],
  ['loanToGrv', ['loan to grv', 'loan-to-grv', 'loan to gdv', 'loan-to-gdv']],
  ['loanToCost', ['loan to cost', 'loan-to-cost', 'ltc']],
  [
    'presales',
    [
      'exchanged contracts',
      'contracts exchanged',
      'exchanged',
      'off the plan sales',
      'presales',
      'pre-sales',
      'presold',
      'pre-sold',
      'presale',
      'pre-sale',
    ],
  ],
  // Named by a multiple only ('1.5x ICR', 'debt to equity of 3x'); for amounts they name nothing.
  ['icr', ['interest cover ratio', 'interest cover', 'interest coverage', 'icr']],
  ['debtToEquity', ['debt to equity', 'debt-to-equity', 'debt/equity', 'd/e']],
];
