import { z } from 'zod';
import { idParam } from './api-errors';
import { MAX_INTEREST_RATE, MAX_LOAN_TERM_MONTHS, QUOTE_VALIDITY_DAYS } from './constants';
import { formatAud, formatDate, formatRate } from './format';

/**
 * Indicative quotes (proposals) and the four-step quote wizard (spec 000 sections 2-5; DESIGN.md
 * section 5): pending → accepted | declined by the developer; after a decline the funder may quote
 * again; a counter-offer is a formatted comment and changes no status.
 */

export const proposalStatuses = ['pending', 'accepted', 'declined'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

export const proposalMessages = {
  // Step 1 (and the server): spec 000 section 5, word for word.
  loanAmountRequired: 'Loan amount is required and must be greater than 0',
  interestRateRequired: 'Interest rate is required and must be greater than 0',
  loanTermRequired: 'Loan term is required and must be greater than 0',
  // Step 4 rechecks step 1 with shorter messages.
  loanAmountRequiredShort: 'Loan amount is required',
  interestRateRequiredShort: 'Interest rate is required',
  loanTermRequiredShort: 'Loan term is required',
  interestRateTooHigh: `Interest rate must be between 0% and ${MAX_INTEREST_RATE}%`,
  loanTermTooLong: `Loan term must be between 1 and ${MAX_LOAN_TERM_MONTHS} months`,
  loanAmountWhole: 'Loan amount must be in whole dollars',
  loanTermWhole: 'Loan term must be a whole number of months',
  // Step 2.
  establishmentFeeNegative: 'Establishment fee cannot be negative',
  otherFeesNegative: 'Other fees cannot be negative',
  // Step 3.
  validUntilPast: 'Valid until date cannot be in the past',
  validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
  validationErrorTitle: 'Validation Error',
  validationError: 'Please correct the errors before proceeding',
  submitFailedTitle: 'Submission Failed',
  submittedTitle: 'Quote Submitted',
  submitted: 'Your indicative quote has been sent to the developer',
  pendingExists: 'This deal already has a proposal awaiting the developer’s response',
  notPending: 'Only a pending proposal can be answered',
  alreadyAccepted: 'A quote on this deal has already been accepted',
  onlyFunderQuotes: 'Only the funder of this deal can submit a quote',
  onlyDeveloperResponds: 'Only the developer of this deal can answer its quote',
  notInDueDiligence: 'A quote can be accepted only while the deal is in due diligence',
  counterEmpty: 'A counter offer needs a loan amount, an interest rate, a loan term or a message',
  notFound: 'Proposal not found',
  declineReasonTitle: 'Reason Required',
  declineReason: 'Please provide a reason for declining',
  acceptFailed: 'Failed to accept proposal',
  declineFailed: 'Failed to decline proposal',
  counterFailed: 'Failed to send counter offer',
  acceptedTitle: 'Proposal Accepted',
  declinedTitle: 'Proposal Declined',
  counterSentTitle: 'Counter Offer Sent',
  expired: 'This quote has expired',
  /** The developer's quote comparison before any funder has quoted. */
  comparisonEmpty: 'No quotes yet',
  /** Issue 37 item 3: said above the comparison when the live quotes lend different amounts. */
  comparisonAmountsDiffer:
    'These quotes offer different loan amounts, so they are ranked by cost per dollar lent (the all-in cost as a yearly rate on the amount offered), not by dollars.',
} as const;

/** A proposal's status as the screens name it. */
export const proposalStatusLabels: Record<ProposalStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const quoteWizardSteps = ['Loan Terms', 'Fees', 'Conditions', 'Review'] as const;

/** The wizard's values as typed (numbers may be empty). */
export interface QuoteValues {
  loan_amount: number | null;
  interest_rate: number | null;
  loan_term: number | null;
  establishment_fee: number | null;
  other_fees: string | null;
  conditions: string | null;
  valid_until: string | null;
}

export interface QuoteIssue {
  field: keyof QuoteValues;
  message: string;
}

const positive = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/** A fee written as a negative amount ('-500', '-$1,000'): other fees are text, but never below zero. */
const isNegativeAmount = (text: string | null | undefined) => !!text && /^\s*-\s*\$?\s*\d/.test(text);

function loanTermIssues(v: QuoteValues, short: boolean): QuoteIssue[] {
  const m = proposalMessages;
  const issues: QuoteIssue[] = [];
  if (!positive(v.loan_amount))
    issues.push({ field: 'loan_amount', message: short ? m.loanAmountRequiredShort : m.loanAmountRequired });
  if (!positive(v.interest_rate))
    issues.push({
      field: 'interest_rate',
      message: short ? m.interestRateRequiredShort : m.interestRateRequired,
    });
  else if (v.interest_rate > MAX_INTEREST_RATE)
    issues.push({ field: 'interest_rate', message: m.interestRateTooHigh });
  if (!positive(v.loan_term))
    issues.push({ field: 'loan_term', message: short ? m.loanTermRequiredShort : m.loanTermRequired });
  else if (v.loan_term > MAX_LOAN_TERM_MONTHS)
    issues.push({ field: 'loan_term', message: m.loanTermTooLong });
  return issues;
}

function feeIssues(v: QuoteValues): QuoteIssue[] {
  const issues: QuoteIssue[] = [];
  if (v.establishment_fee != null && v.establishment_fee < 0)
    issues.push({ field: 'establishment_fee', message: proposalMessages.establishmentFeeNegative });
  if (isNegativeAmount(v.other_fees))
    issues.push({ field: 'other_fees', message: proposalMessages.otherFeesNegative });
  return issues;
}

function validityIssues(v: QuoteValues, today: string): QuoteIssue[] {
  if (!v.valid_until) return [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.valid_until) || Number.isNaN(Date.parse(v.valid_until)))
    return [{ field: 'valid_until', message: proposalMessages.validUntilInvalid }];
  return v.valid_until < today ? [{ field: 'valid_until', message: proposalMessages.validUntilPast }] : [];
}

/**
 * The issues of one wizard step (0-based). Step 4 (Review) rechecks step 1 with the shorter
 * messages, and everything else as well, so nothing invalid is ever sent.
 */
export function quoteStepIssues(step: number, v: QuoteValues, today: string): QuoteIssue[] {
  if (step === 0) return loanTermIssues(v, false);
  if (step === 1) return feeIssues(v);
  if (step === 2) return validityIssues(v, today);
  return [...loanTermIssues(v, true), ...feeIssues(v), ...validityIssues(v, today)];
}

/** YYYY-MM-DD of a date in Australia/Sydney (quotes are dated as the parties read them). */
export const sydneyDate = (at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);

/** The default 'valid until': 14 days after `today` (YYYY-MM-DD). */
export function defaultValidUntil(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + QUOTE_VALIDITY_DAYS);
  return d.toISOString().slice(0, 10);
}

export const isQuoteExpired = (validUntil: string | null, today: string) =>
  !!validUntil && validUntil < today;

/**
 * Why the funder may not quote now, given the status of the deal's latest proposal: one awaiting
 * an answer ('pending'), or one already accepted ('accepted'); null before the first quote and
 * after a decline.
 */
export function quoteBlockedBy(latestStatus: ProposalStatus | null): 'pending' | 'accepted' | null {
  if (latestStatus === 'pending' || latestStatus === 'accepted') return latestStatus;
  return null;
}

/** The 'valid until' a quote is stored with: the one given, else 14 days after `today`. */
export const validUntilOrDefault = (given: string | null | undefined, today: string) =>
  given ?? defaultValidUntil(today);

/** What an answer does to a pending proposal's status; a counter-offer changes nothing. */
export const proposalStatusAfter = (
  response: 'accept' | 'decline' | 'counter',
): Exclude<ProposalStatus, 'pending'> | null =>
  response === 'accept' ? 'accepted' : response === 'decline' ? 'declined' : null;

// ---------------------------------------------------------------------------------------------
// All-in cost of a quote (beyond the spec: the developer's quote comparison)

/**
 * What a quote costs the developer over its term: interest on the full facility for the whole
 * term (simple, not compounded, as an indicative quote prices it: loan x rate x months / 12) plus
 * the establishment fee. 'Other fees' are free text and cannot be summed, so they are shown beside
 * the figure, never guessed into it. Whole dollars.
 */
export function quoteAllInCost(q: {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
}) {
  const interest = Math.round((q.loan_amount * q.interest_rate * q.loan_term) / 100 / 12);
  const establishmentFee = Math.round(q.establishment_fee);
  return { interest, establishment_fee: establishmentFee, total: interest + establishmentFee };
}

/**
 * Cost per dollar lent (issue 37 item 3, decision 059): the all-in cost as a yearly rate on the
 * amount offered, all-in cost / loan amount / (term in years) x 100, in percent. Quotes for
 * different amounts compare on this, never on dollars: $3.8m at 10.5 % costs fewer dollars than
 * $4.0m at 9.9 % over the same term only because it lends less. Unrounded (screens round it).
 */
export function quoteCostRate(q: {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
}) {
  if (q.loan_amount <= 0 || q.loan_term <= 0) return Number.POSITIVE_INFINITY;
  return (quoteAllInCost(q).total / q.loan_amount / (q.loan_term / 12)) * 100;
}

/** A quote that can still be taken: not expired, not declined. */
const isLiveQuote = (q: { expired: boolean; status?: string }) => !q.expired && q.status !== 'declined';

/**
 * Quotes side by side, lowest cost per dollar lent first (quoteCostRate; the all-in dollars break
 * ties); expired quotes after the live ones (and greyed out by the screen). Ties keep the newest
 * first. `all_in_rate` is the cost per dollar lent rounded to two decimals.
 */
export function compareQuotes<
  T extends {
    loan_amount: number;
    interest_rate: number;
    loan_term: number;
    establishment_fee: number;
    valid_until: string | null;
    created_at: string;
  },
>(quotes: readonly T[], today: string) {
  return quotes
    .map((q) => {
      const rate = quoteCostRate(q);
      return {
        ...q,
        all_in_cost: quoteAllInCost(q).total,
        all_in_rate: Math.round(rate * 100) / 100,
        cost_rate: rate,
        expired: isQuoteExpired(q.valid_until, today),
      };
    })
    .sort(
      (a, b) =>
        Number(a.expired) - Number(b.expired) ||
        a.cost_rate - b.cost_rate ||
        a.all_in_cost - b.all_in_cost ||
        b.created_at.localeCompare(a.created_at),
    )
    .map(({ cost_rate: _, ...q }) => q);
}

/** The 'Lowest cost' quote: the first live one in compareQuotes' order, or null. */
export const lowestCostQuoteId = <Q extends { id: string; expired: boolean; status?: string }>(
  ranked: readonly Q[],
) => ranked.find(isLiveQuote)?.id ?? null;

/** Whether the live quotes lend different amounts (the comparison then says it ranks per dollar lent). */
export const quoteAmountsDiffer = (
  quotes: readonly { loan_amount: number; expired: boolean; status?: string }[],
) => new Set(quotes.filter(isLiveQuote).map((q) => q.loan_amount)).size > 1;

// ---------------------------------------------------------------------------------------------
// Counter-offers: a formatted comment

export interface CounterOffer {
  loan_amount?: number | null;
  interest_rate?: number | null;
  loan_term?: number | null;
  message?: string | null;
}

/** A counter-offer with no figure and no words says nothing: it is refused. */
export const isCounterOfferEmpty = (c: CounterOffer) =>
  !positive(c.loan_amount) && !positive(c.interest_rate) && !positive(c.loan_term) && !c.message?.trim();

/** The comment a counter-offer posts (the proposal's status does not change). */
export function formatCounterOffer(c: CounterOffer): string {
  const lines = ['Counter offer'];
  if (positive(c.loan_amount)) lines.push(`Loan amount: ${formatAud(c.loan_amount)}`);
  if (positive(c.interest_rate)) lines.push(`Interest rate: ${formatRate(c.interest_rate)}`);
  if (positive(c.loan_term)) lines.push(`Loan term: ${c.loan_term} months`);
  if (c.message?.trim()) lines.push('', c.message.trim());
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// API shapes

const money = (message: string) => z.number({ error: message });

/** POST /deals/{id}/proposals: the server applies the wizard's rules with step 1's messages. */
export const createProposalBody = z
  .strictObject({
    loan_amount: money(proposalMessages.loanAmountRequired)
      .positive(proposalMessages.loanAmountRequired)
      .int(proposalMessages.loanAmountWhole)
      .max(99_999_999_999_999),
    interest_rate: money(proposalMessages.interestRateRequired)
      .positive(proposalMessages.interestRateRequired)
      .max(MAX_INTEREST_RATE, proposalMessages.interestRateTooHigh)
      .multipleOf(0.01, 'Interest rate can have at most two decimals'),
    loan_term: money(proposalMessages.loanTermRequired)
      .positive(proposalMessages.loanTermRequired)
      .int(proposalMessages.loanTermWhole)
      .max(MAX_LOAN_TERM_MONTHS, proposalMessages.loanTermTooLong),
    establishment_fee: z
      .number({ error: proposalMessages.establishmentFeeNegative })
      .min(0, proposalMessages.establishmentFeeNegative)
      .max(99_999_999_999)
      .nullish()
      .transform((v) => v ?? 0),
    other_fees: z
      .string()
      .max(1000)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine((v) => !isNegativeAmount(v), proposalMessages.otherFeesNegative),
    conditions: z
      .string()
      .max(5000)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    valid_until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, proposalMessages.validUntilInvalid)
      .refine((v) => !Number.isNaN(Date.parse(v)), proposalMessages.validUntilInvalid)
      .nullish(),
  })
  .transform((body) => ({ ...body, valid_until: body.valid_until ?? null }));
export type CreateProposalBody = z.output<typeof createProposalBody>;

export const proposalIdParams = z.object({ id: idParam() });

/** PUT /proposals/{id}/respond: accept, decline with a reason, or counter (a comment). */
export const respondProposalBody = z.discriminatedUnion('response', [
  z.strictObject({ response: z.literal('accept') }),
  z.strictObject({
    response: z.literal('decline'),
    reason: z
      .string({ error: proposalMessages.declineReason })
      .trim()
      .min(1, proposalMessages.declineReason)
      .max(2000),
  }),
  z.strictObject({
    response: z.literal('counter'),
    loan_amount: z.number().positive().int().nullish(),
    interest_rate: z.number().positive().max(MAX_INTEREST_RATE).nullish(),
    loan_term: z.number().positive().int().max(MAX_LOAN_TERM_MONTHS).nullish(),
    message: z.string().max(2000).nullish(),
  }),
]);
export type RespondProposalBody = z.infer<typeof respondProposalBody>;

export const proposal = z.object({
  id: z.string(),
  deal_id: z.string(),
  funder_id: z.string(),
  funder_name: z.string(),
  status: z.enum(proposalStatuses),
  loan_amount: z.number(),
  interest_rate: z.number(),
  loan_term: z.number(),
  establishment_fee: z.number(),
  other_fees: z.string().nullable(),
  conditions: z.string().nullable(),
  valid_until: z.string().nullable(),
  decline_reason: z.string().nullable(),
  responded_at: z.string().nullable(),
  created_at: z.string(),
});
export type Proposal = z.infer<typeof proposal>;

/** GET /deals/{id}/proposal: the latest proposal (null before the first) and every earlier one, newest first. */
export const dealProposalResponse = z.object({ proposal: proposal.nullable(), history: z.array(proposal) });

/** GET /projects/{id}/proposals: every quote on the project, for the developer's comparison. */
export const quoteComparisonItem = proposal.extend({
  all_in_cost: z.number(),
  /** Cost per dollar lent: the all-in cost as a yearly rate (percent) on the amount offered. */
  all_in_rate: z.number(),
  interest_cost: z.number(),
  expired: z.boolean(),
});
export const quoteComparisonResponse = z.object({ items: z.array(quoteComparisonItem) });

/** Quote figures for screens and e-mails, in one place. */
export const quoteSummary = (
  q: Pick<Proposal, 'loan_amount' | 'interest_rate' | 'loan_term' | 'valid_until'>,
) =>
  `${formatAud(q.loan_amount)} at ${formatRate(q.interest_rate)} over ${q.loan_term} months` +
  (q.valid_until ? `, valid until ${formatDate(q.valid_until)}` : '');
