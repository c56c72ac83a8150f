/**
 * The facility's double-entry ledger (issue 33, decision 054). Each facility has its own accounts;
 * a posting is signed, debit positive and credit negative, and every journal's postings sum to zero.
 * Balances are derived from postings, never stored beside them.
 *
 * The ledger is kept from the project's side (sources and uses of funds):
 *   debit-normal:  undrawn, equity (equity in hand), project_costs, interest_cost, fee_cost,
 *                  selling_costs, surplus_to_developer
 *   credit-normal: commitment, principal, capitalised_interest, accrued_interest, fees,
 *                  equity_contributed, retention_held, payable_in_cash, sale_proceeds
 * `undrawn` and `commitment` are a memorandum pair: opening the facility debits undrawn and credits
 * commitment with the limit, and every use of the limit (principal, capitalised interest, fees) debits
 * commitment and credits undrawn, so undrawn = limit − principal − capitalised interest − fees.
 *
 * Settlements (issue 34 item 7, decision 062): a lot's gross proceeds are a source (sale_proceeds);
 * approved selling costs and any surplus paid to the developer are uses; what is left repays the loan
 * in the waterfall's order (waterfall.ts). A repayment never restores the undrawn limit (no redraw):
 * once the loan is repaid, what is left of the commitment is cancelled.
 */
import { minCents } from './money';

export const debitAccounts = [
  'undrawn',
  'equity',
  'project_costs',
  'interest_cost',
  'fee_cost',
  'selling_costs',
  'surplus_to_developer',
] as const;
export const creditAccounts = [
  'commitment',
  'principal',
  'capitalised_interest',
  'accrued_interest',
  'fees',
  'equity_contributed',
  'retention_held',
  'payable_in_cash',
  'sale_proceeds',
] as const;
export const accounts = [...debitAccounts, ...creditAccounts] as const;
export type Account = (typeof accounts)[number];

export const accountLabels: Record<Account, string> = {
  undrawn: 'Undrawn limit',
  equity: 'Equity in hand',
  project_costs: 'Project costs certified',
  interest_cost: 'Interest charged',
  fee_cost: 'Fees charged',
  commitment: 'Undrawn commitment (memorandum)',
  principal: 'Principal',
  capitalised_interest: 'Capitalised interest',
  accrued_interest: 'Accrued interest',
  fees: 'Fees capitalised',
  equity_contributed: 'Equity contributed',
  retention_held: 'Retention held',
  payable_in_cash: 'Payable in cash by the borrower',
  selling_costs: 'Selling costs of settled lots',
  surplus_to_developer: 'Surplus paid to the developer',
  sale_proceeds: 'Gross proceeds of settled lots',
};

export const normalSide = (account: Account): 'debit' | 'credit' =>
  (debitAccounts as readonly string[]).includes(account) ? 'debit' : 'credit';

/** A posting: debit positive, credit negative. */
export type Posting = { account: Account; amount_cents: bigint };

export const journalKinds = [
  'facility_opened',
  'establishment_fee',
  'line_fee',
  'draw_funded',
  'equity_received',
  'equity_spent',
  'interest_accrued',
  'interest_capitalised',
  'retention_released',
  'settlement',
  'commitment_cancelled',
  'limit_increased',
] as const;
export type JournalKind = (typeof journalKinds)[number];

export type Journal = { kind: JournalKind; postings: Posting[] };

const debit = (account: Account, amount_cents: bigint): Posting => ({ account, amount_cents });
const credit = (account: Account, amount_cents: bigint): Posting => ({
  account,
  amount_cents: -amount_cents,
});

/** Drops zero postings; throws when the postings do not sum to zero or an amount is negative input. */
function journal(kind: JournalKind, postings: Posting[]): Journal {
  const kept = postings.filter((p) => p.amount_cents !== 0n);
  if (journalTotal(kept) !== 0n) throw new Error(`Journal ${kind} does not balance`);
  return { kind, postings: kept };
}

const requireNonNegative = (what: string, value: bigint) => {
  if (value < 0n) throw new RangeError(`${what} cannot be negative`);
};

export const journalTotal = (postings: readonly Posting[]) => {
  let total = 0n;
  for (const p of postings) total += p.amount_cents;
  return total;
};

/** Signed balances (debit positive) of every account, 0 for accounts without postings. */
export function balances(postings: Iterable<Posting>): Record<Account, bigint> {
  const out = Object.fromEntries(accounts.map((a) => [a, 0n])) as Record<Account, bigint>;
  for (const p of postings) out[p.account] += p.amount_cents;
  return out;
}

/** A balance on its account's normal side (positive when the account holds what it should). */
export const naturalBalance = (account: Account, signed: bigint) =>
  normalSide(account) === 'debit' ? signed : -signed;

/** Principal + capitalised interest + capitalised fees: what the facility has used of its limit. */
export const drawnCents = (b: Record<Account, bigint>) =>
  naturalBalance('principal', b.principal) +
  naturalBalance('capitalised_interest', b.capitalised_interest) +
  naturalBalance('fees', b.fees);

/** The balance interest accrues on: principal + capitalised interest (decision 054). */
export const interestBearingCents = (b: Record<Account, bigint>) =>
  naturalBalance('principal', b.principal) + naturalBalance('capitalised_interest', b.capitalised_interest);

// ---- journal builders -------------------------------------------------------------------------

export function facilityOpenedJournal(limit_cents: bigint): Journal {
  requireNonNegative('The limit', limit_cents);
  return journal('facility_opened', [debit('undrawn', limit_cents), credit('commitment', limit_cents)]);
}

/**
 * The limit raised after opening (a variation funded by a limit increase, decision 061): the same
 * memorandum pair as opening, for the increase, under a kind of its own so the ledger tells them apart.
 */
export function limitIncreasedJournal(amount_cents: bigint): Journal {
  requireNonNegative('The increase', amount_cents);
  return journal('limit_increased', [debit('undrawn', amount_cents), credit('commitment', amount_cents)]);
}

/** Uses `amount` of the limit: what fits under the undrawn limit is capitalised, the rest is payable in cash. */
function limitUse(amount_cents: bigint, undrawn_cents: bigint) {
  const fits = minCents(amount_cents, undrawn_cents < 0n ? 0n : undrawn_cents);
  return { fits, cash: amount_cents - fits };
}

function feeJournal(kind: 'establishment_fee' | 'line_fee', amount_cents: bigint, undrawn_cents: bigint) {
  requireNonNegative('A fee', amount_cents);
  const { fits, cash } = limitUse(amount_cents, undrawn_cents);
  return journal(kind, [
    debit('fee_cost', amount_cents),
    credit('fees', fits),
    credit('payable_in_cash', cash),
    debit('commitment', fits),
    credit('undrawn', fits),
  ]);
}

/** The establishment fee, capitalised into the loan (as far as the undrawn limit allows). */
export const establishmentFeeJournal = ({
  amount_cents,
  undrawn_cents,
}: {
  amount_cents: bigint;
  undrawn_cents: bigint;
}) => feeJournal('establishment_fee', amount_cents, undrawn_cents);

/** A period's line fee, capitalised into the loan (as far as the undrawn limit allows). */
export const lineFeeJournal = ({
  amount_cents,
  undrawn_cents,
}: {
  amount_cents: bigint;
  undrawn_cents: bigint;
}) => feeJournal('line_fee', amount_cents, undrawn_cents);

export function equityReceivedJournal(amount_cents: bigint): Journal {
  requireNonNegative('Equity received', amount_cents);
  return journal('equity_received', [
    debit('equity', amount_cents),
    credit('equity_contributed', amount_cents),
  ]);
}

/** Equity in hand paid towards project costs outside a draw (e.g. an equity-funded cost the funder pays). */
export function equitySpentJournal(amount_cents: bigint): Journal {
  requireNonNegative('Equity spent', amount_cents);
  return journal('equity_spent', [debit('project_costs', amount_cents), credit('equity', amount_cents)]);
}

/** How a payment is met: equity in hand first, then debt. */
export function fundingSplit(amount_cents: bigint, equity_in_hand_cents: bigint) {
  const equity_cents = minCents(amount_cents, equity_in_hand_cents < 0n ? 0n : equity_in_hand_cents);
  return { equity_cents, debt_cents: amount_cents - equity_cents };
}

export type DrawFundedInput = {
  certified_cents: bigint;
  retention_cents: bigint;
  equity_in_hand_cents: bigint;
  undrawn_cents: bigint;
};

/**
 * A funded draw: the certified cost is recognised, retention is withheld (owed to the builder later),
 * the rest is paid from equity in hand first and then from the limit. Throws when the debt part exceeds
 * the undrawn limit (the server refuses that first, with the in-balance message).
 */
export function drawFundedJournal(input: DrawFundedInput): Journal {
  requireNonNegative('The certified amount', input.certified_cents);
  requireNonNegative('Retention', input.retention_cents);
  if (input.retention_cents > input.certified_cents)
    throw new RangeError('Retention cannot exceed the certified amount');
  const { equity_cents, debt_cents } = fundingSplit(
    input.certified_cents - input.retention_cents,
    input.equity_in_hand_cents,
  );
  if (debt_cents > input.undrawn_cents) throw new RangeError('The draw needs more than the undrawn limit');
  return journal('draw_funded', [
    debit('project_costs', input.certified_cents),
    credit('retention_held', input.retention_cents),
    credit('equity', equity_cents),
    credit('principal', debt_cents),
    debit('commitment', debt_cents),
    credit('undrawn', debt_cents),
  ]);
}

export function interestAccruedJournal(amount_cents: bigint): Journal {
  requireNonNegative('Interest', amount_cents);
  return journal('interest_accrued', [
    debit('interest_cost', amount_cents),
    credit('accrued_interest', amount_cents),
  ]);
}

/** Month-end capitalisation of the accrued interest; what does not fit under the limit is payable in cash. */
export function interestCapitalisedJournal({
  amount_cents,
  undrawn_cents,
}: {
  amount_cents: bigint;
  undrawn_cents: bigint;
}): Journal {
  requireNonNegative('Interest', amount_cents);
  const { fits, cash } = limitUse(amount_cents, undrawn_cents);
  return journal('interest_capitalised', [
    debit('accrued_interest', amount_cents),
    credit('capitalised_interest', fits),
    credit('payable_in_cash', cash),
    debit('commitment', fits),
    credit('undrawn', fits),
  ]);
}

/** Retention paid to the builder: from equity in hand first, then the limit. */
export function retentionReleasedJournal({
  amount_cents,
  equity_in_hand_cents,
  undrawn_cents,
}: {
  amount_cents: bigint;
  equity_in_hand_cents: bigint;
  undrawn_cents: bigint;
}): Journal {
  requireNonNegative('Retention released', amount_cents);
  const { equity_cents, debt_cents } = fundingSplit(amount_cents, equity_in_hand_cents);
  if (debt_cents > undrawn_cents) throw new RangeError('The release needs more than the undrawn limit');
  return journal('retention_released', [
    debit('retention_held', amount_cents),
    credit('equity', equity_cents),
    credit('principal', debt_cents),
    debit('commitment', debt_cents),
    credit('undrawn', debt_cents),
  ]);
}

// ---- settlements and discharge (issue 34 item 7, decision 062) ----------------------------------

/** What a settlement's net proceeds repay, account by account, and the surplus left for the developer. */
export type SettlementApplication = {
  payable_in_cash_cents: bigint;
  fees_cents: bigint;
  accrued_interest_cents: bigint;
  capitalised_interest_cents: bigint;
  principal_cents: bigint;
  surplus_cents: bigint;
};

/**
 * A lot's settlement: gross proceeds in, approved selling costs out, the rest applied to the loan as
 * `applied` says (the waterfall decides it) and any surplus paid to the developer. Throws when the
 * selling costs exceed the gross or the parts do not add up to the net proceeds.
 */
export function settlementJournal({
  gross_cents,
  selling_costs_cents,
  applied,
}: {
  gross_cents: bigint;
  selling_costs_cents: bigint;
  applied: SettlementApplication;
}): Journal {
  requireNonNegative('The gross proceeds', gross_cents);
  requireNonNegative('Selling costs', selling_costs_cents);
  if (selling_costs_cents > gross_cents)
    throw new RangeError('Selling costs cannot exceed the gross proceeds');
  const parts = Object.values(applied);
  for (const part of parts) requireNonNegative('An amount applied', part);
  let total = 0n;
  for (const part of parts) total += part;
  if (total !== gross_cents - selling_costs_cents)
    throw new RangeError('The amounts applied must add up to the net proceeds');
  return journal('settlement', [
    credit('sale_proceeds', gross_cents),
    debit('selling_costs', selling_costs_cents),
    debit('payable_in_cash', applied.payable_in_cash_cents),
    debit('fees', applied.fees_cents),
    debit('accrued_interest', applied.accrued_interest_cents),
    debit('capitalised_interest', applied.capitalised_interest_cents),
    debit('principal', applied.principal_cents),
    debit('surplus_to_developer', applied.surplus_cents),
  ]);
}

/** On repayment, what is left of the undrawn commitment is cancelled: the memorandum pair closes at zero. */
export function commitmentCancelledJournal(undrawn_cents: bigint): Journal {
  requireNonNegative('The undrawn limit', undrawn_cents);
  return journal('commitment_cancelled', [
    debit('commitment', undrawn_cents),
    credit('undrawn', undrawn_cents),
  ]);
}

/** Everything the borrower owes: principal, capitalised and accrued interest, capitalised fees, arrears in cash. */
export const owedCents = (b: Record<Account, bigint>) =>
  naturalBalance('principal', b.principal) +
  naturalBalance('capitalised_interest', b.capitalised_interest) +
  naturalBalance('accrued_interest', b.accrued_interest) +
  naturalBalance('fees', b.fees) +
  naturalBalance('payable_in_cash', b.payable_in_cash);
