import type { CovenantsResponse, PutCovenantsBody } from '@plinth/domain/covenants';
import {
  type CovenantFrequency,
  type CovenantKind,
  covenantKinds,
  covenantRules,
} from '@plinth/domain/facility/covenants';
import type { FieldIssue } from '../api/api-with-details';
import type { PresaleSettings, PresaleSettingsBody, VariationSettingsBody } from '../api/settings-api';
import { centsToDollars, dollarsToCents } from './money';
import { percentToBps } from './rates';

/**
 * The facility's settings as people type them (decision 072): ratios in percent or times, money in
 * dollars, periods in days or months; sent as the API's basis points, integer cents and whole
 * numbers, parsed from the text digit by digit (never through a float).
 */

/** Basis points as the percent a person types back ('6500' → '65', '1234' → '12.34'). */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** Times a person typed ('1.5', '2x') as basis points (1.5x → 15000), four decimals at most. */
export function timesToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.replace(/[x×\s]/gi, ''));
  if (!match) return null;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** Basis points as times ('15000' → '1.5', '15050' → '1.505'). */
export function bpsToTimesText(bps: number): string {
  const whole = Math.trunc(bps / 10_000);
  const rest = bps % 10_000;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(4, '0').replace(/0+$/, '')}`;
}

/** A whole number a person typed ('30', ' 6 '), or null. */
export function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

/** How each covenant's threshold is typed: the unit a credit team says it in. */
export const thresholdInput: Record<CovenantKind, { label: string; hint: string; unit: string }> = {
  lvr: { label: 'At most (%)', hint: 'for example 65', unit: '%' },
  loan_to_cost: { label: 'At most (%)', hint: 'for example 80', unit: '%' },
  presale_cover: { label: 'At least (% of the limit)', hint: 'for example 100', unit: '%' },
  in_balance: { label: 'Shortfall at most (AUD)', hint: 'for example 0', unit: 'AUD' },
  practical_completion: { label: 'Days late at most', hint: 'for example 0', unit: 'days' },
  interest_cover: { label: 'At least (times)', hint: 'for example 1.5', unit: 'x' },
};

/** The threshold in the API's unit (bps, cents or days) as the text a person types back. */
export function thresholdText(kind: CovenantKind, threshold: number): string {
  if (kind === 'interest_cover') return bpsToTimesText(threshold);
  const unit = covenantRules[kind].unit;
  if (unit === 'bps') return bpsToPercentText(threshold);
  if (unit === 'cents') return centsToDollars(threshold);
  return String(threshold);
}

/** The text typed for a threshold in the API's unit, or null when it is not one. */
export function parseThreshold(kind: CovenantKind, text: string): number | null {
  if (kind === 'interest_cover') return timesToBps(text);
  const unit = covenantRules[kind].unit;
  if (unit === 'bps') return percentToBps(text);
  if (unit === 'cents') return dollarsToCents(text);
  return wholeNumber(text);
}

export type CovenantRowValues = {
  kind: CovenantKind;
  isSet: boolean;
  threshold: string;
  frequency: CovenantFrequency;
  cureDays: string;
  /** Interest cover only: the project's annual net income (AUD). */
  income: string;
};
export type CovenantFormValues = { covenants: CovenantRowValues[] };

/** Cure days offered for a covenant not set yet: a month, the usual cure period in a facility agreement. */
export const DEFAULT_CURE_DAYS = 30;

/** Every kind, in the domain's order, filled from the facility's covenants (the rule's default where unset). */
export function covenantValuesOf(current: CovenantsResponse['covenants']): CovenantFormValues {
  return {
    covenants: covenantKinds.map((kind) => {
      const c = current.find((x) => x.kind === kind);
      return {
        kind,
        isSet: Boolean(c),
        threshold: thresholdText(kind, c ? c.threshold : covenantRules[kind].default_threshold),
        frequency: c?.frequency ?? 'monthly',
        cureDays: String(c?.cure_days ?? DEFAULT_CURE_DAYS),
        income: c?.annual_income_cents != null ? centsToDollars(c.annual_income_cents) : '',
      };
    }),
  };
}

type Checked<B> = { body: B; errors: null } | { body: null; errors: Record<string, string> };

/** The PUT body of the covenants ticked, or each field a person must fix first (form paths). */
export function covenantsBody(values: CovenantFormValues): Checked<PutCovenantsBody> {
  const errors: Record<string, string> = {};
  const covenants: PutCovenantsBody['covenants'] = [];
  values.covenants.forEach((row, i) => {
    if (!row.isSet) return;
    const threshold = parseThreshold(row.kind, row.threshold);
    if (threshold === null)
      errors[`covenants.${i}.threshold`] =
        `Enter the threshold in ${thresholdInput[row.kind].unit === 'AUD' ? 'dollars' : thresholdInput[row.kind].unit}, ${thresholdInput[row.kind].hint}`;
    const cure = wholeNumber(row.cureDays);
    if (cure === null || cure > 365) errors[`covenants.${i}.cureDays`] = 'Enter whole days from 0 to 365';
    let income: number | null = null;
    if (row.kind === 'interest_cover' && row.income.trim()) {
      income = dollarsToCents(row.income);
      if (income === null || income <= 0)
        errors[`covenants.${i}.income`] = 'Enter the annual net income in dollars, for example 850000';
    }
    if (threshold !== null && cure !== null)
      covenants.push({
        kind: row.kind,
        threshold,
        frequency: row.frequency,
        cure_days: cure,
        ...(row.kind === 'interest_cover' ? { annual_income_cents: income } : {}),
      });
  });
  return Object.keys(errors).length ? { body: null, errors } : { body: { covenants }, errors: null };
}

/**
 * The server's field refusals of a covenants PUT ('covenants.1.threshold') at the form's fields: the
 * body sent holds only the ticked rows, so its index is mapped back to the row of that kind.
 */
export function covenantFieldErrors(
  details: FieldIssue[],
  sent: PutCovenantsBody,
  values: CovenantFormValues,
): Record<string, string> {
  const fields = {
    threshold: 'threshold',
    cure_days: 'cureDays',
    annual_income_cents: 'income',
    kind: 'threshold',
  };
  const errors: Record<string, string> = {};
  for (const d of details) {
    const m = /^covenants\.(\d+)\.(\w+)$/.exec(d.field);
    if (!m) continue;
    const kind = sent.covenants[Number(m[1])]?.kind;
    const row = values.covenants.findIndex((r) => r.kind === kind);
    const field = fields[m[2] as keyof typeof fields];
    if (row >= 0 && field) errors[`covenants.${row}.${field}`] = d.message;
  }
  return errors;
}

export type PresaleSettingsValues = {
  minDeposit: string;
  maxBondShare: string;
  bondMonths: string;
  sunsetMonths: string;
};

export const presaleValuesOf = (s: PresaleSettings): PresaleSettingsValues => ({
  minDeposit: bpsToPercentText(s.min_deposit_bps),
  maxBondShare: bpsToPercentText(s.max_bond_share_bps),
  bondMonths: String(s.bond_months_after_sunset),
  sunsetMonths: String(s.sunset_months_after_completion),
});

/** The server's field names of the presale settings, at the form's. */
export const presaleFields: Record<keyof Required<PresaleSettingsBody>, keyof PresaleSettingsValues> = {
  min_deposit_bps: 'minDeposit',
  max_bond_share_bps: 'maxBondShare',
  bond_months_after_sunset: 'bondMonths',
  sunset_months_after_completion: 'sunsetMonths',
};

export function presaleSettingsBody(v: PresaleSettingsValues): Checked<Required<PresaleSettingsBody>> {
  const errors: Record<string, string> = {};
  const percent = (field: keyof PresaleSettingsValues, text: string) => {
    const bps = percentToBps(text);
    if (bps === null || bps > 10_000) errors[field] = 'Enter a percentage from 0 to 100, for example 10';
    return bps ?? 0;
  };
  const months = (field: keyof PresaleSettingsValues, text: string) => {
    const n = wholeNumber(text);
    if (n === null || n > 60) errors[field] = 'Enter whole months from 0 to 60';
    return n ?? 0;
  };
  const body = {
    min_deposit_bps: percent('minDeposit', v.minDeposit),
    max_bond_share_bps: percent('maxBondShare', v.maxBondShare),
    bond_months_after_sunset: months('bondMonths', v.bondMonths),
    sunset_months_after_completion: months('sunsetMonths', v.sunsetMonths),
  };
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}

export type VariationSettingsValues = { threshold: string; defectsMonths: string };

export const variationFields = {
  variation_consent_threshold_cents: 'threshold',
  defects_liability_months: 'defectsMonths',
} as const;

/** Only what was typed is sent: an empty field leaves the setting as it is (the API's PATCH). */
export function variationSettingsBody(v: VariationSettingsValues): Checked<VariationSettingsBody> {
  const errors: Record<string, string> = {};
  const body: VariationSettingsBody = {};
  if (v.threshold.trim()) {
    const cents = dollarsToCents(v.threshold);
    if (cents === null) errors.threshold = 'Enter the threshold in dollars, for example 250000';
    else body.variation_consent_threshold_cents = cents;
  }
  if (v.defectsMonths.trim()) {
    const months = wholeNumber(v.defectsMonths);
    if (months === null || months > 120) errors.defectsMonths = 'Enter whole months from 0 to 120';
    else body.defects_liability_months = months;
  }
  if (!Object.keys(errors).length && Object.keys(body).length === 0)
    errors.threshold = 'Enter the threshold, the defects liability period or both';
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}

/** Server field refusals ('min_deposit_bps') at the form's fields through a map of names. */
export function mappedFieldErrors(
  details: FieldIssue[],
  map: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of details) {
    const field = map[d.field];
    if (field) errors[field] = d.message;
  }
  return errors;
}
