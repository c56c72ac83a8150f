/**
 * The discharge waterfall (issue 34 item 7, decision 062): a settled lot's net proceeds repay the
 * loan in order — default interest, arrears and fees first, then interest, then principal — and
 * whatever is left once nothing is owed is the developer's surplus. Pure: the server and the property
 * tests call the same functions.
 */

import {
  type Account,
  type Journal,
  naturalBalance,
  owedCents,
  type SettlementApplication,
  settlementJournal,
} from './ledger';
import { minCents, mulDivHalfEven } from './money';

/** What is owed, by account, on the day of a settlement (all amounts ≥ 0). */
export type Owed = {
  principal_cents: bigint;
  capitalised_interest_cents: bigint;
  accrued_interest_cents: bigint;
  /** Capitalised fees (establishment and line fees). */
  fees_cents: bigint;
  /** Fees and interest that did not fit under the limit, payable in cash: arrears. */
  payable_in_cash_cents: bigint;
  /** The default margin's part of the interest charged and not yet repaid (inside accrued + capitalised). */
  default_interest_cents: bigint;
};

export type WaterfallResult = {
  net_proceeds_cents: bigint;
  /** Step 1: default interest, arrears and fees. */
  default_interest_cents: bigint;
  fees_cents: bigint;
  /** Step 2: ordinary interest (accrued first, then capitalised). */
  interest_cents: bigint;
  /** Step 3: principal. */
  principal_cents: bigint;
  /** What is left over once nothing is owed: paid to the developer. */
  surplus_cents: bigint;
  /** The same split account by account, for the journal. */
  applied: SettlementApplication;
  /** What is still owed after this settlement. */
  owed_after_cents: bigint;
};

const take = (wanted: bigint, available: bigint) => minCents(wanted < 0n ? 0n : wanted, available);

/** The net proceeds of a settlement: gross less approved selling costs (never below zero). */
export function netProceeds(gross_cents: bigint, selling_costs_cents: bigint): bigint {
  if (gross_cents < 0n || selling_costs_cents < 0n) throw new RangeError('Amounts cannot be negative');
  if (selling_costs_cents > gross_cents)
    throw new RangeError('Selling costs cannot exceed the gross proceeds');
  return gross_cents - selling_costs_cents;
}

/**
 * Applies `net_proceeds_cents` to what is owed, in order:
 *   1. default interest (from accrued, then capitalised interest), arrears payable in cash, capitalised fees;
 *   2. the rest of the interest (accrued, then capitalised);
 *   3. principal;
 * and returns the surplus. Never applies more to an account than it holds.
 */
export function applyWaterfall(net_proceeds_cents: bigint, owed: Owed): WaterfallResult {
  for (const [k, v] of Object.entries(owed)) if (v < 0n) throw new RangeError(`${k} cannot be negative`);
  if (net_proceeds_cents < 0n) throw new RangeError('Net proceeds cannot be negative');
  let left = net_proceeds_cents;
  let accrued = owed.accrued_interest_cents;
  let capitalised = owed.capitalised_interest_cents;

  // 1. Default interest: the default margin's part, never more than the interest outstanding.
  const defaultDue = minCents(owed.default_interest_cents, accrued + capitalised);
  const defaultPaid = take(defaultDue, left);
  left -= defaultPaid;
  const defaultFromAccrued = minCents(defaultPaid, accrued);
  accrued -= defaultFromAccrued;
  capitalised -= defaultPaid - defaultFromAccrued;
  const arrearsPaid = take(owed.payable_in_cash_cents, left);
  left -= arrearsPaid;
  const feesPaid = take(owed.fees_cents, left);
  left -= feesPaid;

  // 2. Interest.
  const accruedPaid = take(accrued, left);
  left -= accruedPaid;
  const capitalisedPaid = take(capitalised, left);
  left -= capitalisedPaid;

  // 3. Principal.
  const principalPaid = take(owed.principal_cents, left);
  left -= principalPaid;

  const applied: SettlementApplication = {
    payable_in_cash_cents: arrearsPaid,
    fees_cents: feesPaid,
    accrued_interest_cents: defaultFromAccrued + accruedPaid,
    capitalised_interest_cents: defaultPaid - defaultFromAccrued + capitalisedPaid,
    principal_cents: principalPaid,
    surplus_cents: left,
  };
  const owedTotal =
    owed.principal_cents +
    owed.capitalised_interest_cents +
    owed.accrued_interest_cents +
    owed.fees_cents +
    owed.payable_in_cash_cents;
  return {
    net_proceeds_cents,
    default_interest_cents: defaultPaid,
    fees_cents: arrearsPaid + feesPaid,
    interest_cents: accruedPaid + capitalisedPaid,
    principal_cents: principalPaid,
    surplus_cents: left,
    applied,
    owed_after_cents: owedTotal - (net_proceeds_cents - left),
  };
}

/** What is owed, from the ledger's signed balances and the default interest outstanding. */
export function owedFromBalances(b: Record<Account, bigint>, default_interest_cents: bigint): Owed {
  return {
    principal_cents: naturalBalance('principal', b.principal),
    capitalised_interest_cents: naturalBalance('capitalised_interest', b.capitalised_interest),
    accrued_interest_cents: naturalBalance('accrued_interest', b.accrued_interest),
    fees_cents: naturalBalance('fees', b.fees),
    payable_in_cash_cents: naturalBalance('payable_in_cash', b.payable_in_cash),
    default_interest_cents: default_interest_cents < 0n ? 0n : default_interest_cents,
  };
}

/**
 * The default margin's part of interest charged: for each accrual day at a rate above the base rate,
 * accrual × (rate − base) ÷ rate, half-even. Less what settlements already repaid as default interest,
 * it is what step 1 of the waterfall takes first.
 */
export function defaultInterestCharged(
  days: Iterable<{ rate_bps: number; accrual_cents: bigint }>,
  base_rate_bps: number,
): bigint {
  let total = 0n;
  for (const day of days)
    if (day.rate_bps > base_rate_bps && day.rate_bps > 0)
      total += mulDivHalfEven(day.accrual_cents, BigInt(day.rate_bps - base_rate_bps), BigInt(day.rate_bps));
  return total;
}

export type SettlementPlan = {
  waterfall: WaterfallResult;
  journal: Journal;
  /** True when nothing is owed after this settlement: the facility is repaid. */
  repaid: boolean;
};

/**
 * One settlement from the ledger's balances: the waterfall and its journal. `default_interest_cents`
 * is what is outstanding of the default margin's interest (see `defaultInterestCharged`).
 */
export function planSettlement({
  balances,
  gross_cents,
  selling_costs_cents,
  default_interest_cents,
}: {
  balances: Record<Account, bigint>;
  gross_cents: bigint;
  selling_costs_cents: bigint;
  default_interest_cents: bigint;
}): SettlementPlan {
  const net = netProceeds(gross_cents, selling_costs_cents);
  const waterfall = applyWaterfall(net, owedFromBalances(balances, default_interest_cents));
  const journal = settlementJournal({ gross_cents, selling_costs_cents, applied: waterfall.applied });
  const after = { ...balances };
  for (const p of journal.postings) after[p.account] += p.amount_cents;
  return { waterfall, journal, repaid: owedCents(after) === 0n };
}
