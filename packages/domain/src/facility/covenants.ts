/**
 * Financial covenants of a development facility (issue 34 item 5; decision 067): what each one
 * measures, whether a measurement meets its threshold, the cure period that runs from a breach to an
 * event of default, and the portfolio's traffic light. Pure: the server loads the figures, calls
 * these, and keeps what they answer.
 *
 *   lvr                   limit ÷ latest valuation                      at most the threshold (bps)
 *   loan_to_cost          limit ÷ total development cost (budget)       at most the threshold (bps)
 *   presale_cover         qualifying presales ex GST ÷ limit            at least the threshold (bps)
 *   in_balance            shortfall of the in-balance test              at most the threshold (cents)
 *   practical_completion  forecast completion − latest PC date (days)   at most the threshold (days)
 *   interest_cover        annual net income ÷ annual interest           at least the threshold (bps)
 *
 * The loan in LVR and loan to cost is the facility limit — the peak debt the lender is committed to,
 * capitalised interest included — not today's drawn balance, which only says how far the build is.
 */
import { addDays, daysBetween, formatLongDate } from './dates';
import { formatAud, mulDivHalfEven } from './money';

export const covenantKinds = [
  'lvr',
  'loan_to_cost',
  'presale_cover',
  'in_balance',
  'practical_completion',
  'interest_cover',
] as const;
export type CovenantKind = (typeof covenantKinds)[number];

export const covenantFrequencies = ['monthly', 'quarterly'] as const;
export type CovenantFrequency = (typeof covenantFrequencies)[number];

export type CovenantUnit = 'bps' | 'cents' | 'days';
export type CovenantDirection = 'max' | 'min';

export const covenantRules: Record<
  CovenantKind,
  { label: string; unit: CovenantUnit; direction: CovenantDirection; default_threshold: number }
> = {
  lvr: { label: 'Loan to value (LVR)', unit: 'bps', direction: 'max', default_threshold: 6_500 },
  loan_to_cost: { label: 'Loan to cost', unit: 'bps', direction: 'max', default_threshold: 8_000 },
  presale_cover: { label: 'Presale cover', unit: 'bps', direction: 'min', default_threshold: 10_000 },
  in_balance: { label: 'In balance', unit: 'cents', direction: 'max', default_threshold: 0 },
  practical_completion: {
    label: 'Latest practical completion date',
    unit: 'days',
    direction: 'max',
    default_threshold: 0,
  },
  interest_cover: { label: 'Interest cover', unit: 'bps', direction: 'min', default_threshold: 15_000 },
};

export type CovenantDefinition = {
  kind: CovenantKind;
  threshold: number;
  frequency: CovenantFrequency;
  cure_days: number;
  /** Interest cover only: the annual net income the project earns (null: no income, not tested). */
  annual_income_cents?: bigint | null;
};

/** Everything a facility's covenants are measured on; null where the figure does not exist yet. */
export type CovenantFigures = {
  limit_cents: bigint;
  /** The latest valuation (on-completion value), null before any. */
  valuation_cents: bigint | null;
  valued_on?: string | null;
  /** Total development cost: the approved budget's total. */
  total_cost_cents: bigint | null;
  /** Qualifying presales ex GST (null when the register is not available). */
  qualifying_presales_cents: bigint | null;
  in_balance_shortfall_cents: bigint;
  latest_practical_completion_date: string;
  forecast_completion_date: string;
  /** Interest-bearing balance and the rate that applies, for a year's interest. */
  interest_bearing_cents: bigint;
  rate_bps: number;
};

export type CovenantStatus = 'pass' | 'breach' | 'not_tested';

export type CovenantMeasure = {
  kind: CovenantKind;
  status: CovenantStatus;
  /** The measured value in the covenant's unit (null when not tested). */
  value: number | null;
  threshold: number;
  /** Room left before a breach, in the unit (negative: by how much it is breached). */
  headroom: number | null;
  /** The figures the value is worked from, for the notice. */
  workings: [string, string][];
  message: string;
};

const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;
const times = (bps: number) => `${(bps / 10_000).toFixed(2)}x`;

/** A ratio in basis points, half-even; null when the denominator is not positive. */
export const ratioBps = (numerator: bigint, denominator: bigint): number | null =>
  denominator <= 0n ? null : Number(mulDivHalfEven(numerator, 10_000n, denominator));

export const lvrBps = (f: Pick<CovenantFigures, 'limit_cents' | 'valuation_cents'>) =>
  f.valuation_cents === null ? null : ratioBps(f.limit_cents, f.valuation_cents);

export const loanToCostBps = (f: Pick<CovenantFigures, 'limit_cents' | 'total_cost_cents'>) =>
  f.total_cost_cents === null ? null : ratioBps(f.limit_cents, f.total_cost_cents);

export const presaleCoverBps = (f: Pick<CovenantFigures, 'limit_cents' | 'qualifying_presales_cents'>) =>
  f.qualifying_presales_cents === null ? null : (ratioBps(f.qualifying_presales_cents, f.limit_cents) ?? 0);

/** Days the forecast completion runs past the latest practical completion date (negative: early). */
export const completionSlipDays = (
  f: Pick<CovenantFigures, 'latest_practical_completion_date' | 'forecast_completion_date'>,
) => daysBetween(f.latest_practical_completion_date, f.forecast_completion_date);

/** A year's interest on the interest-bearing balance at the rate that applies (cents, half-even). */
export const annualInterestCents = (f: Pick<CovenantFigures, 'interest_bearing_cents' | 'rate_bps'>) =>
  mulDivHalfEven(f.interest_bearing_cents, BigInt(f.rate_bps), 10_000n);

/** Income ÷ a year's interest in bps; null without income; 'no interest' when nothing bears interest. */
export function interestCoverBps(
  f: Pick<CovenantFigures, 'interest_bearing_cents' | 'rate_bps'>,
  annual_income_cents: bigint | null | undefined,
): number | 'no_interest' | null {
  if (annual_income_cents == null) return null;
  const interest = annualInterestCents(f);
  if (interest <= 0n) return 'no_interest';
  return ratioBps(annual_income_cents, interest);
}

const formatValue = (kind: CovenantKind, value: number) => {
  const { unit } = covenantRules[kind];
  if (unit === 'cents') return formatAud(BigInt(value));
  if (unit === 'days') return `${value} day${Math.abs(value) === 1 ? '' : 's'}`;
  return kind === 'interest_cover' ? times(value) : pct(value);
};

/** A covenant's threshold in words, e.g. 'at most 65.00%', 'at least 1.50x', 'no shortfall'. */
export function thresholdText(kind: CovenantKind, threshold: number): string {
  if (kind === 'in_balance')
    return threshold === 0 ? 'no shortfall' : `a shortfall of at most ${formatAud(BigInt(threshold))}`;
  if (kind === 'practical_completion')
    return threshold === 0 ? 'no later than the latest date' : `at most ${formatValue(kind, threshold)} late`;
  const { direction } = covenantRules[kind];
  return `${direction === 'max' ? 'at most' : 'at least'} ${formatValue(kind, threshold)}`;
}

function judged(
  definition: CovenantDefinition,
  value: number,
  workings: [string, string][],
): CovenantMeasure {
  const { kind, threshold } = definition;
  const rule = covenantRules[kind];
  const headroom = rule.direction === 'max' ? threshold - value : value - threshold;
  const ok = headroom >= 0;
  const label = rule.label;
  return {
    kind,
    status: ok ? 'pass' : 'breach',
    value,
    threshold,
    headroom,
    workings,
    message: ok
      ? `${label}: ${formatValue(kind, value)}, within ${thresholdText(kind, threshold)}`
      : `${label} breached: ${formatValue(kind, value)} against ${thresholdText(kind, threshold)}`,
  };
}

const notTested = (definition: CovenantDefinition, why: string): CovenantMeasure => ({
  kind: definition.kind,
  status: 'not_tested',
  value: null,
  threshold: definition.threshold,
  headroom: null,
  workings: [],
  message: `${covenantRules[definition.kind].label}: not tested — ${why}`,
});

/** One covenant measured against its threshold. */
export function measureCovenant(definition: CovenantDefinition, f: CovenantFigures): CovenantMeasure {
  const limit: [string, string] = ['Facility limit', formatAud(f.limit_cents)];
  switch (definition.kind) {
    case 'lvr': {
      const value = lvrBps(f);
      if (value === null) return notTested(definition, 'the facility has no valuation yet');
      return judged(definition, value, [
        limit,
        [
          `Latest valuation${f.valued_on ? ` (${formatLongDate(f.valued_on)})` : ''}`,
          formatAud(f.valuation_cents!),
        ],
        ['LVR', pct(value)],
      ]);
    }
    case 'loan_to_cost': {
      const value = loanToCostBps(f);
      if (value === null) return notTested(definition, 'the facility has no approved budget');
      return judged(definition, value, [
        limit,
        ['Total development cost', formatAud(f.total_cost_cents!)],
        ['Loan to cost', pct(value)],
      ]);
    }
    case 'presale_cover': {
      const value = presaleCoverBps(f);
      if (value === null) return notTested(definition, 'the presale register is not available');
      return judged(definition, value, [
        ['Qualifying presales (ex GST)', formatAud(f.qualifying_presales_cents!)],
        limit,
        ['Presale cover', pct(value)],
      ]);
    }
    case 'in_balance':
      return judged(definition, Number(f.in_balance_shortfall_cents), [
        ['Shortfall of the in-balance test', formatAud(f.in_balance_shortfall_cents)],
      ]);
    case 'practical_completion': {
      const slip = completionSlipDays(f);
      return judged(definition, slip, [
        ['Latest practical completion date', formatLongDate(f.latest_practical_completion_date)],
        ['Forecast practical completion', formatLongDate(f.forecast_completion_date)],
        ['Days late', String(Math.max(0, slip))],
      ]);
    }
    case 'interest_cover': {
      const value = interestCoverBps(f, definition.annual_income_cents);
      if (value === null) return notTested(definition, 'the project has no income');
      const income: [string, string] = ['Annual net income', formatAud(definition.annual_income_cents!)];
      if (value === 'no_interest')
        return {
          ...judged(definition, Number.MAX_SAFE_INTEGER, [income, ['Annual interest', formatAud(0n)]]),
          value: null,
          headroom: null,
          message: `${covenantRules.interest_cover.label}: no interest is payable yet`,
        };
      return judged(definition, value ?? 0, [
        income,
        [`Annual interest at ${pct(f.rate_bps)}`, formatAud(annualInterestCents(f))],
        ['Interest cover', times(value ?? 0)],
      ]);
    }
  }
}

// ---- periods ------------------------------------------------------------------------------------

/** The period a scheduled test of `frequency` on `date` belongs to: '2026-11' or '2026-Q4'. */
export function covenantPeriod(frequency: CovenantFrequency, date: string): string {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  return frequency === 'monthly' ? date.slice(0, 7) : `${year}-Q${Math.ceil(month / 3)}`;
}

// ---- the cure period and the event of default ---------------------------------------------------

/**
 * The last day a breach found on `breached_on` may be cured: `cure_days` days later. Still breached
 * on the day after it, the breach becomes an event of default on that day (0 cure days: the day of
 * the breach itself).
 */
export const cureEndsOn = (breached_on: string, cure_days: number) => addDays(breached_on, cure_days);

/** The day an uncured breach becomes an event of default. */
export const defaultOn = (breached_on: string, cure_days: number) =>
  cure_days === 0 ? breached_on : addDays(cureEndsOn(breached_on, cure_days), 1);

/** Whether a breach still open on `today` is now an event of default. */
export const cureExpired = (breached_on: string, cure_days: number, today: string) =>
  today >= defaultOn(breached_on, cure_days);

/** Whole days left to cure on `today` (0 on the last day; negative once expired). */
export const cureDaysLeft = (breached_on: string, cure_days: number, today: string) =>
  daysBetween(today, cureEndsOn(breached_on, cure_days));

export type OpenBreach = { breached_on: string; cure_days: number };

export type BreachStep =
  | { action: 'none' }
  | { action: 'breach'; cure_ends_on: string; default_on: string }
  | { action: 'default'; default_on: string }
  | { action: 'cured' };

/**
 * What one test means for a covenant given any open breach: a new breach starts its cure period
 * (ending in default at once when there are no cure days); a breach still there once the cure period
 * has run is an event of default; a pass cures an open breach. A test that could not measure changes
 * nothing.
 */
export function breachStep(
  status: CovenantStatus,
  open: OpenBreach | null,
  today: string,
  cure_days: number,
): BreachStep {
  if (status === 'not_tested') return { action: 'none' };
  if (status === 'pass') return open ? { action: 'cured' } : { action: 'none' };
  if (!open) {
    if (cure_days === 0) return { action: 'default', default_on: today };
    return {
      action: 'breach',
      cure_ends_on: cureEndsOn(today, cure_days),
      default_on: defaultOn(today, cure_days),
    };
  }
  if (cureExpired(open.breached_on, open.cure_days, today)) return { action: 'default', default_on: today };
  return { action: 'none' };
}

// ---- the portfolio's light ----------------------------------------------------------------------

export type CovenantLight = 'green' | 'amber' | 'red';

/** Headroom under which a passing covenant shows amber: 5 % of its threshold (bps), $1 (cents), 0 days. */
export function nearBreach(kind: CovenantKind, threshold: number, headroom: number | null): boolean {
  if (headroom === null || headroom < 0) return false;
  const { unit } = covenantRules[kind];
  if (unit === 'bps') return headroom < Math.max(1, Math.round(threshold * 0.05));
  return false;
}

/**
 * A facility's light: red in default or with a breach past its cure period; amber with a breach in
 * its cure period or a covenant within 5 % of its threshold; green otherwise.
 */
export function covenantLight(input: {
  in_default: boolean;
  measures: readonly Pick<CovenantMeasure, 'kind' | 'status' | 'threshold' | 'headroom'>[];
  open_breaches: readonly OpenBreach[];
  today: string;
}): CovenantLight {
  if (input.in_default) return 'red';
  if (input.open_breaches.some((b) => cureExpired(b.breached_on, b.cure_days, input.today))) return 'red';
  if (input.open_breaches.length > 0) return 'amber';
  if (input.measures.some((m) => m.status === 'breach')) return 'amber';
  if (input.measures.some((m) => nearBreach(m.kind, m.threshold, m.headroom))) return 'amber';
  return 'green';
}

/** The measure closest to breach (least headroom relative to its threshold), for summaries. */
export function closestToBreach<T extends Pick<CovenantMeasure, 'kind' | 'threshold' | 'headroom'>>(
  measures: readonly T[],
): T | null {
  let best: T | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const m of measures) {
    if (m.headroom === null) continue;
    const scale = covenantRules[m.kind].unit === 'bps' ? Math.max(1, m.threshold) : 1;
    const score = m.headroom / scale;
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

export const formatCovenantValue = formatValue;
