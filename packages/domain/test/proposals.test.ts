import { describe, expect, it } from 'vitest';
import { dealAccessTransitions, dealPartyOf, mayFulfilDocumentRequest, portfolioTotals } from '../src/deals';
import {
  compareQuotes,
  createProposalBody,
  defaultValidUntil,
  formatCounterOffer,
  isCounterOfferEmpty,
  isQuoteExpired,
  proposalMessages as m,
  proposalStatusAfter,
  type QuoteValues,
  quoteAllInCost,
  quoteBlockedBy,
  quoteStepIssues,
  respondProposalBody,
  validUntilOrDefault,
} from '../src/proposals';

const values = (overrides: Partial<QuoteValues> = {}): QuoteValues => ({
  loan_amount: 4_500_000,
  interest_rate: 9.5,
  loan_term: 18,
  establishment_fee: 45_000,
  other_fees: 'Line fee 0.5% p.a.',
  conditions: null,
  valid_until: '2026-12-08',
  ...overrides,
});
const today = '2026-11-24';
const messagesOf = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('quote wizard rules', () => {
  it('step 1: missing or non-positive loan amount, rate and term give the spec’s messages', () => {
    expect(
      messagesOf(quoteStepIssues(0, values({ loan_amount: null, interest_rate: 0, loan_term: -1 }), today)),
    ).toEqual([
      'Loan amount is required and must be greater than 0',
      'Interest rate is required and must be greater than 0',
      'Loan term is required and must be greater than 0',
    ]);
    expect(quoteStepIssues(0, values(), today)).toEqual([]);
  });

  it('step 1: a rate above 50 % and a term above 120 months are refused', () => {
    expect(messagesOf(quoteStepIssues(0, values({ interest_rate: 50.5, loan_term: 121 }), today))).toEqual([
      m.interestRateTooHigh,
      m.loanTermTooLong,
    ]);
  });

  it('step 2: a negative establishment fee or other fees written as a negative amount are refused', () => {
    expect(
      messagesOf(quoteStepIssues(1, values({ establishment_fee: -1, other_fees: '-$500' }), today)),
    ).toEqual(['Establishment fee cannot be negative', 'Other fees cannot be negative']);
    expect(
      quoteStepIssues(1, values({ establishment_fee: 0, other_fees: 'Legal costs at cost' }), today),
    ).toEqual([]);
  });

  it('step 3: valid until today is fine; yesterday is in the past', () => {
    expect(quoteStepIssues(2, values({ valid_until: today }), today)).toEqual([]);
    expect(messagesOf(quoteStepIssues(2, values({ valid_until: '2026-11-23' }), today))).toEqual([
      m.validUntilPast,
    ]);
  });

  it('step 4 rechecks step 1 with the shorter messages', () => {
    expect(
      messagesOf(
        quoteStepIssues(3, values({ loan_amount: null, interest_rate: null, loan_term: null }), today),
      ),
    ).toEqual(['Loan amount is required', 'Interest rate is required', 'Loan term is required']);
  });

  it('valid until defaults to 14 days ahead, across a month end', () => {
    expect(defaultValidUntil('2026-11-24')).toBe('2026-12-08');
    expect(defaultValidUntil('2026-12-25')).toBe('2027-01-08');
    expect(isQuoteExpired('2026-11-23', today)).toBe(true);
    expect(isQuoteExpired(today, today)).toBe(false);
    expect(isQuoteExpired(null, today)).toBe(false);
  });
});

describe('proposal bodies', () => {
  const issuesOf = (body: unknown) => {
    const result = createProposalBody.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('the server gives step 1’s messages for missing figures', () => {
    expect(issuesOf({})).toEqual([m.loanAmountRequired, m.interestRateRequired, m.loanTermRequired]);
    expect(issuesOf({ loan_amount: 0, interest_rate: 0, loan_term: 0 })).toEqual([
      m.loanAmountRequired,
      m.interestRateRequired,
      m.loanTermRequired,
    ]);
  });

  it('a fee below zero is refused; a missing fee is 0; blank text is null', () => {
    expect(issuesOf({ loan_amount: 1, interest_rate: 1, loan_term: 1, establishment_fee: -5 })).toEqual([
      m.establishmentFeeNegative,
    ]);
    const ok = createProposalBody.parse({
      loan_amount: 1,
      interest_rate: 9.75,
      loan_term: 12,
      other_fees: '  ',
    });
    expect(ok).toMatchObject({ establishment_fee: 0, other_fees: null, conditions: null, valid_until: null });
  });

  it('decline needs a reason: blank gives the spec’s message', () => {
    const result = respondProposalBody.safeParse({ response: 'decline', reason: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please provide a reason for declining');
    expect(respondProposalBody.parse({ response: 'accept' })).toEqual({ response: 'accept' });
  });
});

describe('all-in cost of a quote (hand-worked)', () => {
  it('$4.5m at 9.5 % for 18 months with a $45,000 fee: 641,250 interest + 45,000 = $686,250', () => {
    // 4,500,000 x 0.095 = 427,500 a year; x 1.5 years = 641,250
    expect(
      quoteAllInCost({
        loan_amount: 4_500_000,
        interest_rate: 9.5,
        loan_term: 18,
        establishment_fee: 45_000,
      }),
    ).toEqual({
      interest: 641_250,
      establishment_fee: 45_000,
      total: 686_250,
    });
  });

  it('$2m at 12.75 % for 7 months, no fee: 2,000,000 x 0.1275 x 7 / 12 = $148,750', () => {
    expect(
      quoteAllInCost({ loan_amount: 2_000_000, interest_rate: 12.75, loan_term: 7, establishment_fee: 0 })
        .total,
    ).toBe(148_750);
  });

  it('rounds to whole dollars: $1,234,567 at 8.33 % for 13 months = $111,409 (111,409.38) + $1,500 fee', () => {
    // 1,234,567 x 8.33 = 10,283,943.11; x 13 = 133,691,260.43; / 1200 = 111,409.38
    expect(
      quoteAllInCost({ loan_amount: 1_234_567, interest_rate: 8.33, loan_term: 13, establishment_fee: 1500 }),
    ).toEqual({ interest: 111_409, establishment_fee: 1500, total: 112_909 });
  });

  it('compares quotes cheapest first, expired ones last', () => {
    const quote = (id: string, rate: number, fee: number, validUntil: string) => ({
      id,
      loan_amount: 1_000_000,
      interest_rate: rate,
      loan_term: 12,
      establishment_fee: fee,
      valid_until: validUntil,
      created_at: `2026-11-0${id}T00:00:00Z`,
    });
    // all-in: 1: 100,000 + 20,000 = 120,000; 2: 110,000 + 0 = 110,000; 3 (expired): 90,000
    const ranked = compareQuotes(
      [quote('1', 10, 20_000, '2026-12-01'), quote('2', 11, 0, '2026-12-01'), quote('3', 9, 0, '2026-11-01')],
      today,
    );
    expect(ranked.map((q) => [q.id, q.all_in_cost, q.expired])).toEqual([
      ['2', 110_000, false],
      ['1', 120_000, false],
      ['3', 90_000, true],
    ]);
  });
});

describe('counter-offers, parties and the portfolio', () => {
  it('a counter-offer is a formatted comment with the figures in AUD and the rate as entered', () => {
    expect(
      formatCounterOffer({
        loan_amount: 4_200_000,
        interest_rate: 9.25,
        loan_term: 18,
        message: ' Can you do this? ',
      }),
    ).toBe(
      'Counter offer\nLoan amount: $4,200,000\nInterest rate: 9.25%\nLoan term: 18 months\n\nCan you do this?',
    );
  });

  it('the deal moves access approved → due_diligence → term_sheet → funded', () => {
    expect(Object.values(dealAccessTransitions).map((t) => `${t.from}→${t.to}`)).toEqual([
      'approved→due_diligence',
      'due_diligence→term_sheet',
      'term_sheet→funded',
    ]);
  });

  it('parties: the borrower and the funder are parties, anyone else is not; the requester cannot fulfil', () => {
    const d = { borrower_id: 'b', funder_id: 'f' };
    expect([dealPartyOf('b', d), dealPartyOf('f', d), dealPartyOf('x', d)]).toEqual([
      'borrower',
      'funder',
      null,
    ]);
    expect(mayFulfilDocumentRequest('f', { requester_id: 'f' })).toBe(false);
    expect(mayFulfilDocumentRequest('b', { requester_id: 'f' })).toBe(true);
  });

  it('portfolio totals: funded amount (agreed where accepted) and 12.5 % of it', () => {
    expect(
      portfolioTotals([
        { status: 'funded', loan_amount: 2_000_000, agreed_amount: 1_800_000, deal_status: 'completed' },
        { status: 'funded', loan_amount: 1_000_000, agreed_amount: null, deal_status: 'completed' },
        { status: 'due_diligence', loan_amount: 5_000_000, agreed_amount: null, deal_status: 'open' },
      ]),
    ).toEqual({
      deals: 3,
      active_deals: 1,
      funded_count: 2,
      funded_amount: 2_800_000,
      total_returns: 350_000,
      average_return_percent: 12.5,
    });
  });
});

describe('when a quote may be sent and what an answer does', () => {
  it('quoteBlockedBy: free before the first quote and after a decline; blocked by a pending or accepted one', () => {
    expect(quoteBlockedBy(null)).toBeNull();
    expect(quoteBlockedBy('declined')).toBeNull();
    expect(quoteBlockedBy('pending')).toBe('pending');
    expect(quoteBlockedBy('accepted')).toBe('accepted');
  });

  it('validUntilOrDefault: the date given, else 14 days ahead', () => {
    expect(validUntilOrDefault('2026-12-01', today)).toBe('2026-12-01');
    expect(validUntilOrDefault(null, today)).toBe('2026-12-08');
    expect(validUntilOrDefault(undefined, '2026-02-20')).toBe('2026-03-06');
  });

  it('proposalStatusAfter: accept → accepted, decline → declined, counter → unchanged', () => {
    expect(proposalStatusAfter('accept')).toBe('accepted');
    expect(proposalStatusAfter('decline')).toBe('declined');
    expect(proposalStatusAfter('counter')).toBeNull();
  });

  it('isCounterOfferEmpty: nothing at all (or only blanks and zeros) is empty; one figure or words are not', () => {
    expect(isCounterOfferEmpty({})).toBe(true);
    expect(isCounterOfferEmpty({ loan_amount: null, interest_rate: 0, message: '   ' })).toBe(true);
    expect(isCounterOfferEmpty({ interest_rate: 8.5 })).toBe(false);
    expect(isCounterOfferEmpty({ message: 'Could you do 8.5%?' })).toBe(false);
  });
});
