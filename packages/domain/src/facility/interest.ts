/**
 * Interest, Actual/365 Fixed, on principal + capitalised interest, accrued daily and capitalised at the
 * end of each calendar month (issue 33, decision 054).
 *
 * One day's exact interest is balance × rate_bps ÷ 3,650,000 (10,000 basis points × 365 days). Rounding
 * every day on its own drifts (12,400,000.00 at 10 % for 30 days: 30 × 3,397.26 = 101,917.80, while the
 * period's interest is 101,917.81), so within a capitalisation period the exact numerators are summed and
 * day n posts round(N_n ÷ D) − round(N_(n−1) ÷ D), half-even: the days add up exactly to the period's
 * rounded figure, whatever the balance did during the period.
 */
import { addDays, daysBetween, lastDayOfMonth, laterDate } from './dates';
import { mulDivHalfEven } from './money';

/** 10,000 basis points × 365 days. */
export const act365Denominator = 3_650_000n;

/** Interest for `days` days on a constant balance, half-even. */
export const interestForDays = (balance_cents: bigint, rate_bps: number, days: number) =>
  mulDivHalfEven(balance_cents * BigInt(rate_bps), BigInt(days), act365Denominator);

/** The exact (unrounded) numerator of one day's interest: balance × rate. */
export const dayNumerator = (balance_cents: bigint, rate_bps: number) => balance_cents * BigInt(rate_bps);

export type DayAccrual = { accrual_cents: bigint; numerator: bigint };

/**
 * One day's posting inside a capitalisation period. `numerator_before` is the sum of the period's earlier
 * days' numerators (0 on the period's first day); keep the returned `numerator` for the next day.
 */
export function accrualForDay({
  numerator_before,
  balance_cents,
  rate_bps,
}: {
  numerator_before: bigint;
  balance_cents: bigint;
  rate_bps: number;
}): DayAccrual {
  const numerator = numerator_before + dayNumerator(balance_cents, rate_bps);
  const accrual_cents =
    mulDivHalfEven(numerator, 1n, act365Denominator) -
    mulDivHalfEven(numerator_before, 1n, act365Denominator);
  return { accrual_cents, numerator };
}

/** Each day's posting for the days of one period, given each day's balance and rate. */
export function periodAccruals(days: readonly { balance_cents: bigint; rate_bps: number }[]): bigint[] {
  let numerator = 0n;
  return days.map((day) => {
    const next = accrualForDay({ numerator_before: numerator, ...day });
    numerator = next.numerator;
    return next.accrual_cents;
  });
}

export type BalanceMovement = { date: string; amount_cents: bigint };

export type ScheduleDay = {
  date: string;
  /** Interest-bearing balance for the day (principal + capitalised interest at the start of the day, after that day's movements). */
  balance_cents: bigint;
  rate_bps: number;
  accrual_cents: bigint;
  /** Interest capitalised at the end of this day (the last day of a month, or the schedule's last day when `capitalise_at_end`). */
  capitalised_cents: bigint;
};

export type AccrualScheduleInput = {
  /** First day that accrues (inclusive). */
  from: string;
  /** Day after the last day that accrues (exclusive): Actual/365 counts `to − from` days. */
  to: string;
  /** Principal + capitalised interest at the start of `from`. */
  opening_balance_cents: bigint;
  rate_bps: number;
  /** Changes in principal (draws funded, repayments) dated the day they take effect; they bear interest that day. */
  movements?: readonly BalanceMovement[];
  /** The open period's numerator so far when `from` is not the first day of a period (default 0). */
  numerator_before?: bigint;
  /** Capitalise at each month end (default true); when false interest accrues but is never added to the balance. */
  capitalise?: boolean;
  /** Capitalise what is open on the last day too, even mid-month (default false). */
  capitalise_at_end?: boolean;
};

/**
 * Daily accrual from `from` to `to`, capitalising at each month end: day by day balance, accrual and
 * capitalisation. The sum of a period's accruals equals its capitalised amount exactly.
 */
export function accrualSchedule(input: AccrualScheduleInput): ScheduleDay[] {
  const { from, to, rate_bps, capitalise = true, capitalise_at_end = false } = input;
  const movements = new Map<string, bigint>();
  for (const m of input.movements ?? [])
    movements.set(m.date, (movements.get(m.date) ?? 0n) + m.amount_cents);
  const days: ScheduleDay[] = [];
  let balance = input.opening_balance_cents;
  let numerator = input.numerator_before ?? 0n;
  let open = mulDivHalfEven(numerator, 1n, act365Denominator);
  const count = daysBetween(from, to);
  // Day arithmetic on UTC milliseconds: this loop runs for every day of every forecast.
  const startMs = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    const at = new Date(startMs + i * 86_400_000);
    const date = at.toISOString().slice(0, 10);
    balance += movements.get(date) ?? 0n;
    const { accrual_cents, numerator: n } = accrualForDay({
      numerator_before: numerator,
      balance_cents: balance,
      rate_bps,
    });
    numerator = n;
    open += accrual_cents;
    let capitalised_cents = 0n;
    const monthEnds = new Date(startMs + (i + 1) * 86_400_000).getUTCDate() === 1;
    const periodEnds = monthEnds || (capitalise_at_end && i === count - 1);
    if (periodEnds) {
      if (capitalise) {
        capitalised_cents = open;
        balance += open;
      }
      open = 0n;
      numerator = 0n;
    }
    days.push({
      date,
      balance_cents: balance - capitalised_cents,
      rate_bps,
      accrual_cents,
      capitalised_cents,
    });
  }
  return days;
}

/** Line fee on the limit, `line_fee_bps` per annum, Actual/365, for `days` days, half-even. */
export const lineFeeForDays = (limit_cents: bigint, line_fee_bps: number, days: number) =>
  interestForDays(limit_cents, line_fee_bps, Math.max(0, days));

/** The day the facility's money must last to: the later of maturity and latest practical completion moved by the surveyor's delay. */
export const financeEndDate = ({
  maturity_date,
  latest_practical_completion_date,
  delay_days = 0,
}: {
  maturity_date: string;
  latest_practical_completion_date: string;
  delay_days?: number;
}) => laterDate(maturity_date, addDays(latest_practical_completion_date, Math.max(0, delay_days)));

export type ForecastFinanceInput = {
  /** First day not yet accrued (usually today). */
  from: string;
  maturity_date: string;
  latest_practical_completion_date: string;
  /** The surveyor's latest reported delay to practical completion, in days. */
  delay_days?: number;
  rate_bps: number;
  line_fee_bps: number;
  limit_cents: bigint;
  /** Principal + capitalised interest now. */
  balance_cents: bigint;
  /** Interest accrued in the open period and not yet capitalised (it still needs the limit). */
  accrued_cents?: bigint;
  /** The open period's numerator so far (see `accrualForDay`), so the forecast continues it exactly. */
  numerator_before?: bigint;
  /** Draws still to come (the remaining debt-funded cost), dated; they bear interest from their date. */
  planned_draws?: readonly BalanceMovement[];
  /**
   * Movements already in the ledger but dated on or after `from` (a draw funded on a day the daily
   * accrual has not reached yet): `balance_cents` leaves them out and they bear interest from their
   * own date, as the accrual will charge them (decision 070).
   */
  booked_movements?: readonly BalanceMovement[];
  capitalise?: boolean;
  /** First day of the open period when its line fee is not yet charged: the fee then runs from here, not from `from`. */
  line_fee_from?: string;
};

export type FinanceForecast = {
  end_date: string;
  days: number;
  interest_cents: bigint;
  line_fee_cents: bigint;
  total_cents: bigint;
};

/**
 * Interest and line fees still to be paid out of the facility from `from` to the finance end date:
 * the interest already accrued and not capitalised, plus daily accrual (capitalised monthly, compounding)
 * on today's balance and the planned draws, plus the line fee on the whole limit for the days left.
 */
export function forecastFinance(input: ForecastFinanceInput): FinanceForecast {
  const end_date = financeEndDate(input);
  const days = Math.max(0, daysBetween(input.from, end_date));
  const schedule =
    days === 0
      ? []
      : accrualSchedule({
          from: input.from,
          to: end_date,
          opening_balance_cents: input.balance_cents,
          rate_bps: input.rate_bps,
          movements: [...(input.booked_movements ?? []), ...(input.planned_draws ?? [])],
          numerator_before: input.numerator_before ?? 0n,
          capitalise: input.capitalise ?? true,
        });
  let interest_cents = input.accrued_cents ?? 0n;
  for (const day of schedule) interest_cents += day.accrual_cents;
  const feeFrom = input.line_fee_from && input.line_fee_from < input.from ? input.line_fee_from : input.from;
  const line_fee_cents = lineFeeForDays(
    input.limit_cents,
    input.line_fee_bps,
    daysBetween(feeFrom, end_date),
  );
  return { end_date, days, interest_cents, line_fee_cents, total_cents: interest_cents + line_fee_cents };
}

/** The finance line's requirement for the in-balance test: forecast interest + line fees, in cents. */
export const forecastFinanceCents = (input: ForecastFinanceInput) => forecastFinance(input).total_cents;

/**
 * An amount still to be drawn, spread evenly over the first day of each month after `from` up to and
 * including `until` (the remainder on the last instalment); all at `from` when no such month remains.
 * The finance forecast's assumption about when the remaining debt-funded costs are drawn (decision 054).
 */
export function evenMonthlyDraws(amount_cents: bigint, from: string, until: string): BalanceMovement[] {
  if (amount_cents <= 0n) return [];
  const dates: string[] = [];
  for (let d = addDays(lastDayOfMonth(from), 1); d <= until; d = addDays(lastDayOfMonth(d), 1)) dates.push(d);
  if (dates.length === 0) return [{ date: from, amount_cents }];
  const each = amount_cents / BigInt(dates.length);
  return dates.map((date, i) => ({
    date,
    amount_cents: i === dates.length - 1 ? amount_cents - each * BigInt(dates.length - 1) : each,
  }));
}
