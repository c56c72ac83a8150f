import type { Role } from '@plinth/domain/roles';

/** The full page's suggested questions (spec 000 section 2): four for borrowers, four for funders. */
export const suggestedQuestions = {
  borrower: [
    'What is the LVR of a $2.6m loan on $4m of land?',
    'What is 18% margin on cost as a margin on revenue?',
    'Margin scheme GST on a site bought for $1.5m and sold for $2.4m?',
    'How many presales do the banks want?',
  ],
  funder: [
    'Stress test: TDC $10m, GRV $12.5m, loan $7m at 9%, hurdle 15%',
    'Max loan with 65% of GRV and 80% of cost, GRV $20m, TDC $15m',
    'All-in cost of $5m at 10% for 18 months with a $100,000 establishment fee',
    'What is mezzanine finance?',
  ],
} as const;

/** Admins read the funders' questions: they look at deals from the lending side. */
export const suggestionsFor = (role: Role) =>
  role === 'borrower' ? suggestedQuestions.borrower : suggestedQuestions.funder;

/** A new chat about a facility: its five questions (decision 069). */
export const facilitySuggestions = [
  'How much is left to draw?',
  'Is the loan in balance, and by how much?',
  'When is the next payment schedule due?',
  'What is the presale cover?',
  'Which covenant is closest to breach?',
] as const;
