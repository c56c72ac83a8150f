import { z } from 'zod';
import { revenueOf } from './broker-ai/feasibility';
import { compactAud, propertyTypesForFocus, recommendationReasons } from './marketplace';
import { RETURN_BAND_POINTS } from './marketplace-stats';
import { australianStates, developmentStages, propertyTypes } from './projects';

/**
 * A funder's lending criteria, their buy-box (issue 22): what they lend on, checked against a
 * listing when it reaches the market (alerts) and by a developer before paying (how many funders
 * lend on a deal like theirs). An omitted criterion is 'any'. The loan-to-GRV, LVR and margin
 * limits are matched on the server's figures and never repeated to anyone but the funder.
 */

export const funderCriteriaMessages = {
  loanRangeOrder: 'The minimum loan cannot be above the maximum loan',
  loanAmount: 'Loan amounts are whole dollars from $1 to $100,000,000,000',
  maxLoanToGrv: 'The maximum loan / GRV is a percentage from 1 to 100',
  maxLvr: 'The maximum LVR is a percentage from 1 to 500',
  minMarginOnCost: 'The minimum margin on cost is a percentage from 0 to 100',
  saveFirst: 'Save your lending criteria first',
} as const;

const MAX_LOAN = 100_000_000_000;
const loanAmount = z
  .number({ error: funderCriteriaMessages.loanAmount })
  .int(funderCriteriaMessages.loanAmount)
  .min(1, funderCriteriaMessages.loanAmount)
  .max(MAX_LOAN, funderCriteriaMessages.loanAmount)
  .nullish();
const percent = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, message).max(max, message).nullish();
// A list names what is accepted; omitted, null or empty means any.
const anyOf = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).nullish();

/** `PUT /api/funder-criteria`'s body; every key may be omitted (any). */
export const funderCriteriaBody = z
  .strictObject({
    property_types: anyOf(propertyTypes),
    states: anyOf(australianStates),
    development_stages: anyOf(developmentStages),
    min_loan: loanAmount,
    max_loan: loanAmount,
    max_loan_to_grv: percent(1, 100, funderCriteriaMessages.maxLoanToGrv),
    max_lvr: percent(1, 500, funderCriteriaMessages.maxLvr),
    min_margin_on_cost: percent(0, 100, funderCriteriaMessages.minMarginOnCost),
  })
  .superRefine((body, ctx) => {
    if (body.min_loan != null && body.max_loan != null && body.min_loan > body.max_loan)
      ctx.addIssue({ code: 'custom', path: ['min_loan'], message: funderCriteriaMessages.loanRangeOrder });
  });
export type FunderCriteriaBody = z.infer<typeof funderCriteriaBody>;

/** Criteria as stored and matched: null is 'any'. */
export interface FunderCriteria {
  property_types: (typeof propertyTypes)[number][] | null;
  states: (typeof australianStates)[number][] | null;
  development_stages: (typeof developmentStages)[number][] | null;
  min_loan: number | null;
  max_loan: number | null;
  max_loan_to_grv: number | null;
  max_lvr: number | null;
  min_margin_on_cost: number | null;
}

/** The criteria of a row that carries them among other columns (a stored row, a funder joined to them). */
export const criteriaOf = (row: FunderCriteria): FunderCriteria => ({
  property_types: row.property_types,
  states: row.states,
  development_stages: row.development_stages,
  min_loan: row.min_loan,
  max_loan: row.max_loan,
  max_loan_to_grv: row.max_loan_to_grv,
  max_lvr: row.max_lvr,
  min_margin_on_cost: row.min_margin_on_cost,
});

/** `GET` and `PUT /api/funder-criteria`'s answer: the criteria, and whether they were ever saved. */
export const funderCriteriaResponse = z.object({
  property_types: z.array(z.enum(propertyTypes)).nullable(),
  states: z.array(z.enum(australianStates)).nullable(),
  development_stages: z.array(z.enum(developmentStages)).nullable(),
  min_loan: z.number().nullable(),
  max_loan: z.number().nullable(),
  max_loan_to_grv: z.number().nullable(),
  max_lvr: z.number().nullable(),
  min_margin_on_cost: z.number().nullable(),
  /** False while they are the onboarding profile's prefill, never saved. */
  is_saved: z.boolean(),
  /** When the funder last saved or confirmed them (ISO 8601), null until saved. */
  confirmed_at: z.string().nullable(),
});
export type FunderCriteriaResponse = z.infer<typeof funderCriteriaResponse>;

/** The body as criteria: an empty or complete list is no limit, so it is stored as any (null). */
export function normaliseCriteria(body: FunderCriteriaBody): FunderCriteria {
  const list = <T>(values: T[] | null | undefined, all: readonly T[]) => {
    const unique = values ? all.filter((v) => values.includes(v)) : [];
    return unique.length === 0 || unique.length === all.length ? null : unique;
  };
  return {
    property_types: list(body.property_types, propertyTypes),
    states: list(body.states, australianStates),
    development_stages: list(body.development_stages, developmentStages),
    min_loan: body.min_loan ?? null,
    max_loan: body.max_loan ?? null,
    max_loan_to_grv: body.max_loan_to_grv ?? null,
    max_lvr: body.max_lvr ?? null,
    min_margin_on_cost: body.min_margin_on_cost ?? null,
  };
}

/** The first criteria of a funder who never saved any: their onboarding focus and deal sizes. */
export function criteriaFromProfile(profile: {
  investment_focus: string | null;
  typical_deal_size_min: number | null;
  typical_deal_size_max: number | null;
}): FunderCriteria {
  const types = propertyTypesForFocus(profile.investment_focus);
  return normaliseCriteria({
    property_types: [...types],
    min_loan: profile.typical_deal_size_min,
    max_loan: profile.typical_deal_size_max,
  });
}

export type CriterionKey =
  | 'property_types'
  | 'states'
  | 'development_stages'
  | 'loan_range'
  | 'max_loan_to_grv'
  | 'max_lvr'
  | 'min_margin_on_cost';

/** The limits matched on figures only the server and the listing's reader with access see. */
export const confidentialCriteria: readonly CriterionKey[] = [
  'max_loan_to_grv',
  'max_lvr',
  'min_margin_on_cost',
];

/** A listing's fields the criteria are matched on (the server's full file). */
export interface CriteriaListing {
  property_type: string;
  state: string | null;
  development_stage: string;
  loan_amount: number;
  land_value?: number | null;
  total_project_cost?: number | null;
  expected_profit?: number | null;
  expected_gdc?: number | null;
}

export interface CriteriaMatch {
  isMatch: boolean;
  /** The criteria set and met, in order: the alert's 'why it matched'. */
  met: CriterionKey[];
  /** The criteria set and not met (a missing figure fails a limit on it). */
  failed: CriterionKey[];
}

/**
 * The steps, in percentage points, each confidential limit is matched in. A funder's limit is
 * applied at the step at or beyond it on the generous side (a 21 % minimum margin as 20 %, a 62 %
 * maximum LVR as 65 %), so whether a listing matches depends only on which step its ratio falls in:
 * no run of saved limits, however chosen, tells a funder more of the figure than its step. Margin
 * on cost uses the public return band's 2.5 points, so a match says nothing the band does not;
 * LVR and loan / GRV, which no listing shows, use 5 (docs/decisions/060-criteria-matched-in-steps.md).
 */
export const confidentialStepPoints = {
  max_loan_to_grv: 5,
  max_lvr: 5,
  min_margin_on_cost: RETURN_BAND_POINTS,
} as const satisfies Partial<Record<CriterionKey, number>>;

/** The limit as matched: the funder's limit moved to the step on its generous side. */
export function limitAsMatched(key: keyof typeof confidentialStepPoints, limit: number): number {
  const step = confidentialStepPoints[key];
  const steps =
    key === 'min_margin_on_cost' ? Math.floor(limit / step + 1e-9) : Math.ceil(limit / step - 1e-9);
  return steps * step;
}

/**
 * Whether numerator / denominator × 100 is within `limit` (at most, or at least), worked out in
 * integers so a ratio on a step's edge is never mistaken; false when a figure is missing.
 */
function ratioWithin(
  numerator: number | null | undefined,
  denominator: number | null | undefined,
  limitPoints: number,
  isMax: boolean,
): boolean {
  if (numerator == null || denominator == null) return false;
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator)) return false;
  if (!(denominator > 0) || !(numerator >= 0)) return false;
  // The figures are whole dollars and a limit as matched is a multiple of a step with at most one
  // decimal (2.5 or 5): 1,000 × numerator against 10 × limit × denominator, exactly in BigInt.
  const left = 1000n * BigInt(Math.round(numerator));
  const right = BigInt(Math.round(limitPoints * 10)) * BigInt(Math.round(denominator));
  return isMax ? left <= right : left >= right;
}

const confidential = (
  key: keyof typeof confidentialStepPoints,
  limit: number | null,
  numerator: number | null | undefined,
  denominator: number | null | undefined,
) =>
  limit === null
    ? null
    : ratioWithin(numerator, denominator, limitAsMatched(key, limit), key !== 'min_margin_on_cost');

/** Whether a listing meets every criterion set; each criterion met or failed, by key. */
export function matchCriteria(c: FunderCriteria, listing: CriteriaListing): CriteriaMatch {
  const oneOf = <T extends string>(allowed: T[] | null, value: string | null) =>
    allowed === null ? null : value !== null && (allowed as string[]).includes(value);
  const revenue = revenueOf({ ...listing });
  const loan = listing.loan_amount;
  const checks: [CriterionKey, boolean | null][] = [
    ['property_types', oneOf(c.property_types, listing.property_type)],
    ['states', oneOf(c.states, listing.state)],
    ['development_stages', oneOf(c.development_stages, listing.development_stage)],
    [
      'loan_range',
      c.min_loan === null && c.max_loan === null
        ? null
        : (c.min_loan === null || loan >= c.min_loan) && (c.max_loan === null || loan <= c.max_loan),
    ],
    ['max_loan_to_grv', confidential('max_loan_to_grv', c.max_loan_to_grv, loan, revenue)],
    ['max_lvr', confidential('max_lvr', c.max_lvr, loan, listing.land_value)],
    [
      'min_margin_on_cost',
      confidential(
        'min_margin_on_cost',
        c.min_margin_on_cost,
        listing.expected_profit,
        listing.total_project_cost,
      ),
    ],
  ];
  const met = checks.filter(([, ok]) => ok === true).map(([key]) => key);
  const failed = checks.filter(([, ok]) => ok === false).map(([key]) => key);
  return { isMatch: failed.length === 0, met, failed };
}

function loanRangePhrase(c: FunderCriteria) {
  if (c.min_loan !== null && c.max_loan !== null)
    return `a loan within your ${compactAud(c.min_loan)}–${compactAud(c.max_loan)} range`;
  if (c.min_loan !== null) return `a loan of your ${compactAud(c.min_loan)} minimum or more`;
  return `a loan within your ${compactAud(c.max_loan ?? 0)} maximum`;
}

/** A limit in points as the funder saved it (stored to two decimals): '20%', '17.5%', '173.45%'. */
const points = (n: number) => `${Number(n.toFixed(2))}%`;

/** '20%', or '20% (your 21% minimum, matched in 2.5-point steps)' when the step moved it. */
function stepPhrase(key: keyof typeof confidentialStepPoints, limit: number | null) {
  const asMatched = limitAsMatched(key, limit ?? 0);
  if (limit === null || asMatched === limit) return points(asMatched);
  const kind = key === 'min_margin_on_cost' ? 'minimum' : 'maximum';
  return `${points(asMatched)} (your ${points(limit)} ${kind}, matched in ${confidentialStepPoints[key]}-point steps)`;
}

/**
 * Why a listing matched, for the funder who set the criteria: the open criteria by the listing's
 * own preview fields, the confidential ones by the limit as matched (never the listing's figure).
 */
export function matchReasons(
  c: FunderCriteria,
  listing: Pick<CriteriaListing, 'property_type' | 'state' | 'development_stage'>,
  match: CriteriaMatch,
): string[] {
  const phrases: Record<CriterionKey, () => string> = {
    property_types: () => `${listing.property_type}, one of your property types`,
    states: () => `in ${listing.state}, one of your states`,
    development_stages: () => `${listing.development_stage} stage, one of your stages`,
    loan_range: () => loanRangePhrase(c),
    max_loan_to_grv: () => `loan / GRV at or under ${stepPhrase('max_loan_to_grv', c.max_loan_to_grv)}`,
    max_lvr: () => `LVR at or under ${stepPhrase('max_lvr', c.max_lvr)}`,
    min_margin_on_cost: () =>
      `margin on cost at or above ${stepPhrase('min_margin_on_cost', c.min_margin_on_cost)}`,
  };
  if (match.met.length === 0) return ['Any listing: you have set no criteria'];
  return match.met.map((key) => phrases[key]());
}

/** A count of funders shown to a developer: 3 or more as it is, else 'fewer than 3'. */
export const MIN_SHOWN_FUNDER_COUNT = 3;
export type ShownFunderCount = number | 'fewer than 3';
export const shownFunderCount = (count: number): ShownFunderCount =>
  count >= MIN_SHOWN_FUNDER_COUNT ? count : 'fewer than 3';

/** How many funders fail on one criterion only, by that criterion (counts under 3 left out). */
export function nearMisses(matches: CriteriaMatch[]): { criterion: CriterionKey; funders: number }[] {
  const byCriterion = new Map<CriterionKey, number>();
  for (const m of matches)
    if (m.failed.length === 1) byCriterion.set(m.failed[0]!, (byCriterion.get(m.failed[0]!) ?? 0) + 1);
  return [...byCriterion]
    .filter(([, funders]) => funders >= MIN_SHOWN_FUNDER_COUNT)
    .map(([criterion, funders]) => ({ criterion, funders }))
    .sort((a, b) => b.funders - a.funders);
}

/** A recommendation candidate: its preview fields and the figures its confidential limits need. */
export interface CriteriaCandidate extends CriteriaListing {
  id: string;
  created_at: string;
}

/**
 * 'Recommended for You' for a funder with saved criteria: listings meeting every criterion first,
 * then those meeting the most of them, newest first (then id, so the order is stable). Each
 * carries why, without a confidential figure.
 */
export function rankByCriteria<T extends CriteriaCandidate>(
  c: FunderCriteria,
  candidates: readonly T[],
  limit: number,
): (T & { reason: string })[] {
  const unique = [...new Map(candidates.map((candidate) => [candidate.id, candidate])).values()];
  return unique
    .map((candidate) => ({ candidate, match: matchCriteria(c, candidate) }))
    .sort(
      (a, b) =>
        Number(b.match.isMatch) - Number(a.match.isMatch) ||
        b.match.met.length - a.match.met.length ||
        Date.parse(b.candidate.created_at) - Date.parse(a.candidate.created_at) ||
        (a.candidate.id < b.candidate.id ? 1 : a.candidate.id > b.candidate.id ? -1 : 0),
    )
    .slice(0, limit)
    .map(({ candidate, match }) => ({ ...candidate, reason: criteriaReason(c, candidate, match) }));
}

function criteriaReason(c: FunderCriteria, listing: CriteriaListing, match: CriteriaMatch): string {
  if (match.isMatch && match.met.length > 0)
    return `Matches your lending criteria: ${matchReasons(c, listing, match).join('; ')}`;
  if (match.met.length > 0)
    return `Meets ${match.met.length} of your ${match.met.length + match.failed.length} lending criteria`;
  return recommendationReasons.fallback;
}
