/**
 * What variations and reallocations do to an approved budget (issue 34 items 1 and 2, decision 061),
 * and when a variation needs the lender's consent. Pure: the server loads the approved budget with
 * what is already certified on each line, asks here, and writes the new version it is given.
 *
 * A line's `used_cents` is what draws certified on it (funded, or certified and approved awaiting
 * funding) plus equity spent on it: a budget line is never taken below it. Contingency left is the
 * contingency lines' budget less what is used of them; it never goes below zero.
 */
import type { BudgetCategory } from './budget';
import { formatAud, maxCents, minCents } from './money';

export const variationFundings = ['contingency', 'equity', 'limit_increase'] as const;
export type VariationFunding = (typeof variationFundings)[number];

export const variationFundingLabels: Record<VariationFunding, string> = {
  contingency: 'From contingency',
  equity: 'Equity called from the developer',
  limit_increase: 'Facility limit increased',
};

/** Lender consent is needed above this cost unless the facility sets its own: $100,000. */
export const defaultConsentThresholdCents = 10_000_000n;

export type BudgetPosition = {
  id: string;
  name: string;
  category: BudgetCategory;
  amount_cents: bigint;
  /** Certified (funded or pending) and equity spent on the line: the floor of its budget. */
  used_cents: bigint;
};

/** The contingency lines' budget not yet used (never below zero). */
export function contingencyLeft(lines: readonly BudgetPosition[]): bigint {
  let left = 0n;
  for (const l of lines)
    if (l.category === 'contingency') left += maxCents(0n, l.amount_cents - l.used_cents);
  return left;
}

export const budgetTotal = (lines: readonly Pick<BudgetPosition, 'amount_cents'>[]) =>
  lines.reduce((sum, l) => sum + l.amount_cents, 0n);

/** Why a line cannot take a variation, or null. The finance line follows the interest forecast. */
export function variationLineError(line: BudgetPosition | undefined): string | null {
  if (!line) return "This budget line is not in the facility's approved budget";
  if (line.category === 'finance')
    return 'The finance line follows the interest forecast; a variation changes a cost line';
  if (line.category === 'contingency')
    return 'A variation changes a cost line, not contingency (contingency may fund it)';
  return null;
}

export type VariationInput = { budget_line_id: string; cost_cents: bigint; funding: VariationFunding };

export type VariationEffect<T extends BudgetPosition = BudgetPosition> = {
  lines: T[];
  contingency_used_cents: bigint;
  equity_called_cents: bigint;
  limit_increase_cents: bigint;
};

export type VariationResult<T extends BudgetPosition = BudgetPosition> =
  | ({ ok: true } & VariationEffect<T>)
  | { ok: false; message: string };

/**
 * The budget after incorporating a variation: the line's cost goes up by `cost_cents`; contingency
 * comes down by as much (contingency lines in budget order, each no lower than what is used of it),
 * or the developer is called for that much equity, or the facility's limit rises by it.
 */
export function applyVariation<T extends BudgetPosition>(
  lines: readonly T[],
  input: VariationInput,
): VariationResult<T> {
  const line = lines.find((l) => l.id === input.budget_line_id);
  const lineError = variationLineError(line);
  if (lineError) return { ok: false, message: lineError };
  if (input.cost_cents < 0n) return { ok: false, message: 'The cost of a variation cannot be negative' };
  const left = contingencyLeft(lines);
  if (input.funding === 'contingency' && input.cost_cents > left)
    return {
      ok: false,
      message: `Contingency has only ${formatAud(left)} left; it cannot fund ${formatAud(input.cost_cents)}`,
    };
  let toTake = input.funding === 'contingency' ? input.cost_cents : 0n;
  const next = lines.map((l) => {
    if (l.id === input.budget_line_id) return { ...l, amount_cents: l.amount_cents + input.cost_cents };
    if (toTake > 0n && l.category === 'contingency') {
      const take = minCents(toTake, maxCents(0n, l.amount_cents - l.used_cents));
      toTake -= take;
      return { ...l, amount_cents: l.amount_cents - take };
    }
    return { ...l };
  });
  return {
    ok: true,
    lines: next,
    contingency_used_cents: input.funding === 'contingency' ? input.cost_cents : 0n,
    equity_called_cents: input.funding === 'equity' ? input.cost_cents : 0n,
    limit_increase_cents: input.funding === 'limit_increase' ? input.cost_cents : 0n,
  };
}

export const consentReasons = [
  'above_threshold',
  'contingency_exhausted',
  'out_of_balance',
  'limit_increase',
] as const;
export type ConsentReason = (typeof consentReasons)[number];

export type ConsentInput = {
  cost_cents: bigint;
  funding: VariationFunding;
  threshold_cents: bigint;
  /** Contingency left before this variation. */
  contingency_left_cents: bigint;
  /** The in-balance test's shortfall with this variation incorporated (its cost, days and funding). */
  shortfall_after_cents: bigint;
};

/**
 * Why the lender must consent to a variation (empty: the developer's approval incorporates it):
 * its cost is above the facility's threshold; it would exhaust contingency (leave none); the loan
 * would be out of balance with it; or it raises the facility's limit, which only the lender can do.
 */
export function consentRequiredFor(input: ConsentInput): ConsentReason[] {
  const reasons: ConsentReason[] = [];
  if (input.cost_cents > input.threshold_cents) reasons.push('above_threshold');
  if (
    input.funding === 'contingency' &&
    input.cost_cents > 0n &&
    input.cost_cents >= input.contingency_left_cents
  )
    reasons.push('contingency_exhausted');
  if (input.shortfall_after_cents > 0n) reasons.push('out_of_balance');
  if (input.funding === 'limit_increase' && input.cost_cents > 0n) reasons.push('limit_increase');
  return reasons;
}

/** Each reason in words, with the figures. */
export function consentReasonText(
  reason: ConsentReason,
  figures: { cost_cents: bigint; threshold_cents: bigint; shortfall_after_cents: bigint },
): string {
  switch (reason) {
    case 'above_threshold':
      return `The cost of ${formatAud(figures.cost_cents)} is above the facility's consent threshold of ${formatAud(figures.threshold_cents)}`;
    case 'contingency_exhausted':
      return 'It would use up the contingency';
    case 'out_of_balance':
      return `The loan would be out of balance by ${formatAud(figures.shortfall_after_cents)}`;
    case 'limit_increase':
      return "It raises the facility's limit, which only the lender can agree to";
  }
}

// ---- reallocations ------------------------------------------------------------------------------

export type ReallocationInput = { from_line_id: string; to_line_id: string; amount_cents: bigint };

export type ReallocationResult<T extends BudgetPosition = BudgetPosition> =
  | { ok: true; lines: T[] }
  | { ok: false; message: string };

/**
 * The budget after moving `amount_cents` from one line to another: the total does not change, the
 * from-line never goes below what is already certified or spent on it (so contingency never goes
 * below zero), and the finance line, which follows the interest forecast, takes no part.
 */
export function applyReallocation<T extends BudgetPosition>(
  lines: readonly T[],
  input: ReallocationInput,
): ReallocationResult<T> {
  if (input.from_line_id === input.to_line_id)
    return { ok: false, message: 'A reallocation moves money between two different lines' };
  const from = lines.find((l) => l.id === input.from_line_id);
  const to = lines.find((l) => l.id === input.to_line_id);
  if (!from || !to) return { ok: false, message: "Both lines must be in the facility's approved budget" };
  if (from.category === 'finance' || to.category === 'finance')
    return { ok: false, message: 'The finance line follows the interest forecast; it cannot be reallocated' };
  if (input.amount_cents <= 0n) return { ok: false, message: 'The amount must be above $0' };
  const free = maxCents(0n, from.amount_cents - from.used_cents);
  if (input.amount_cents > free)
    return {
      ok: false,
      message:
        from.category === 'contingency'
          ? `Contingency has only ${formatAud(free)} left; ${formatAud(input.amount_cents)} cannot be moved out of it`
          : `${from.name} has only ${formatAud(free)} not yet certified; ${formatAud(input.amount_cents)} cannot be moved out of it`,
    };
  return {
    ok: true,
    lines: lines.map((l) =>
      l.id === from.id
        ? { ...l, amount_cents: l.amount_cents - input.amount_cents }
        : l.id === to.id
          ? { ...l, amount_cents: l.amount_cents + input.amount_cents }
          : { ...l },
    ),
  };
}
