/**
 * Retention withheld from the builder on construction lines (issue 33, decision 054): by default 5 % of
 * each certified amount, capped at 5 % of the line. Queensland caps retention at 5 % of the contract
 * price before practical completion and 2.5 % after it; where the parties choose more, Queensland refuses.
 */
import { maxCents, minCents, mulDivHalfEven } from './money';

export const defaultRetentionRateBps = 500;
export const defaultRetentionCapBps = 500;
const bpsDenominator = 10_000n;

export type RetentionInput = {
  certified_cents: bigint;
  line_budget_cents: bigint;
  /** Retention already held on this line (withheld before, less anything released). */
  held_before_cents: bigint;
  rate_bps?: number;
  cap_bps?: number;
};

/** The cap on a line's retention: `cap_bps` of the line's budget, half-even. */
export const retentionCapCents = (line_budget_cents: bigint, cap_bps = defaultRetentionCapBps) =>
  mulDivHalfEven(line_budget_cents, BigInt(cap_bps), bpsDenominator);

/**
 * Cents withheld from this certified amount: `rate_bps` of it (half-even), no more than what is left
 * under the line's cap, never below zero and never more than the certified amount.
 */
export function retentionFor({
  certified_cents,
  line_budget_cents,
  held_before_cents,
  rate_bps = defaultRetentionRateBps,
  cap_bps = defaultRetentionCapBps,
}: RetentionInput): bigint {
  if (certified_cents <= 0n) return 0n;
  const wanted = mulDivHalfEven(certified_cents, BigInt(rate_bps), bpsDenominator);
  const room = maxCents(0n, retentionCapCents(line_budget_cents, cap_bps) - held_before_cents);
  return minCents(certified_cents, minCents(wanted, room));
}

/** Queensland's caps on retention (Queensland Building and Construction Commission Act 1991, Part 4A). */
export const qldRetentionCapBps = {
  before_practical_completion: 500,
  after_practical_completion: 250,
} as const;

/** Why a retention rate or cap cannot be used in the project's state, or null. */
export function retentionTermsError(
  state: string,
  terms: { rate_bps: number; cap_bps: number },
): string | null {
  if (!Number.isInteger(terms.rate_bps) || terms.rate_bps < 0 || terms.rate_bps > 10_000)
    return 'The retention rate must be a whole number of basis points from 0 to 10000';
  if (!Number.isInteger(terms.cap_bps) || terms.cap_bps < 0 || terms.cap_bps > 10_000)
    return 'The retention cap must be a whole number of basis points from 0 to 10000';
  if (state === 'QLD' && terms.cap_bps > qldRetentionCapBps.before_practical_completion)
    return 'In Queensland retention cannot exceed 5% of the contract price before practical completion';
  return null;
}

/**
 * What is released at practical completion: half of what is held (half-even), and in Queensland at
 * least enough to bring the holding down to 2.5 % of the line. The rest is released at the end of the
 * defects liability period (or 12 months after practical completion where the contract sets none).
 */
export function retentionReleasedAtPracticalCompletion({
  held_cents,
  line_budget_cents,
  state,
}: {
  held_cents: bigint;
  line_budget_cents: bigint;
  state: string;
}): bigint {
  if (held_cents <= 0n) return 0n;
  let release = held_cents - mulDivHalfEven(held_cents, 1n, 2n);
  if (state === 'QLD') {
    const cap = retentionCapCents(line_budget_cents, qldRetentionCapBps.after_practical_completion);
    release = maxCents(release, held_cents - cap);
  }
  return minCents(held_cents, release);
}
