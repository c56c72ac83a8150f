import { z } from 'zod';
import { revenueOf } from './broker-ai/feasibility';
import { loanToGrv } from './broker-ai/tools';
import { lvr, profitMargin } from './finance';
import {
  type CriteriaListing,
  type CriteriaMatch,
  type CriterionKey,
  type FunderCriteria,
  MIN_SHOWN_FUNDER_COUNT,
  matchCriteria,
  nearMisses,
  type ShownFunderCount,
  shownFunderCount,
} from './funder-criteria';
import { compactAud } from './marketplace';
import { hasMarketplaceAccess } from './subscriptions';

/**
 * The developer sees the market before paying (issue 22 item 4; decision 041): how many active
 * funders' saved criteria a listing meets, and the criteria that alone keep more of them out. No
 * number or sentence lets the developer read one funder's criteria: a count under 3 is 'fewer than
 * 3', a near miss is named only for 3 or more funders, and its sentence carries no figure but the
 * developer's own (never a funder's limit); a confidential limit is named, never its figure.
 */

export const criterionKeys = [
  'property_types',
  'states',
  'development_stages',
  'loan_range',
  'max_loan_to_grv',
  'max_lvr',
  'min_margin_on_cost',
] as const satisfies readonly CriterionKey[];
// Every criterion is listed (a new one fails to compile here until added).
type Unlisted = Exclude<CriterionKey, (typeof criterionKeys)[number]>;
export const everyCriterionListed: [Unlisted] extends [never] ? true : never = true;

const shownCount = z.union([z.number().int().min(MIN_SHOWN_FUNDER_COUNT), z.literal('fewer than 3')]);
/** A count after publication: none is said as 0; otherwise as `shownCount`. */
const shownAlertCount = z.union([z.literal(0), shownCount]);

/** `GET /api/projects/{id}/funder-matches`'s answer. */
export const funderMatchesResponse = z.object({
  /** Active funders whose saved criteria the listing meets: 3 or more as it is, else 'fewer than 3'. */
  matching_funders: shownCount,
  /** The criteria that alone exclude 3 or more active funders, the one excluding most first. */
  near_misses: z.array(
    z.object({
      criterion: z.enum(criterionKeys),
      funders: z.number().int().min(MIN_SHOWN_FUNDER_COUNT),
      text: z.string(),
    }),
  ),
  /**
   * Once the listing was published: how many funders its alerts reached, and how many of those
   * opened its preview since (each 0, 'fewer than 3' or the number); null before publication.
   */
  after_publication: z.object({ alerted: shownAlertCount, opened: shownAlertCount }).nullable(),
});
export type FunderMatches = z.infer<typeof funderMatchesResponse>;
export type FunderNearMiss = FunderMatches['near_misses'][number];

/** An active funder's standing and saved criteria, as the server loads them in one query. */
export interface FunderWithCriteria {
  role: string | null;
  approved: boolean;
  subscription_status: string;
  subscription_period_end: Date | string | null;
  criteria: FunderCriteria;
}

/** The developer's listing as matched: the server's full file. */
export type MatchedListing = CriteriaListing;

/** Which side of a funder's loan range the listing's loan falls, when the range is what fails. */
const loanSide = (c: FunderCriteria, loan: number): 'below' | 'above' =>
  c.min_loan !== null && loan < c.min_loan ? 'below' : 'above';

/** The listing's own open fields, as the lead of a near-miss sentence, leaving out the failed one. */
function leadPhrase(listing: MatchedListing, failed: CriterionKey): string {
  const parts = [
    failed === 'property_types' ? null : `on ${listing.property_type}`,
    failed === 'states' || listing.state === null ? null : `in ${listing.state}`,
  ].filter(Boolean);
  return parts.length > 0 ? `lend ${parts.join(' ')}` : 'lend on projects like this';
}

/** The figure a confidential limit is checked on is missing from the listing: name what to add. */
function missingFigure(listing: MatchedListing, criterion: CriterionKey): string | null {
  if (criterion === 'max_loan_to_grv' && loanToGrv(listing.loan_amount, revenueOf({ ...listing })) === null)
    return 'the gross realisation value (or total cost and profit)';
  if (criterion === 'max_lvr' && lvr(listing.loan_amount, listing.land_value) === null)
    return 'the land value';
  if (
    criterion === 'min_margin_on_cost' &&
    profitMargin(listing.expected_profit, listing.total_project_cost) === null
  )
    return 'the expected profit and total project cost';
  return null;
}

const confidentialName: Partial<Record<CriterionKey, string>> = {
  max_loan_to_grv: 'maximum loan / GRV',
  max_lvr: 'maximum LVR',
  min_margin_on_cost: 'minimum margin on cost',
};

/**
 * One near miss as a sentence: '7 more lend on Residential in NSW but only for loans smaller than
 * your $4.5m'. It names the listing's own fields and figure only; the loan's side is said only when
 * every one of the funders is on it, and a confidential limit is named without any figure.
 */
export function nearMissText(
  listing: MatchedListing,
  miss: { criterion: CriterionKey; funders: number },
  loanSides: { below: number; above: number } = { below: 0, above: 0 },
): string {
  const more = `${miss.funders} more`;
  const lead = leadPhrase(listing, miss.criterion);
  const loan = compactAud(listing.loan_amount);
  switch (miss.criterion) {
    case 'property_types':
      return `${more} ${lead} but not on ${listing.property_type}`;
    case 'states':
      return listing.state === null
        ? `${more} ${lead} but need your project's state`
        : `${more} ${lead} but not in ${listing.state}`;
    case 'development_stages':
      return `${more} ${lead} but not at the ${listing.development_stage} stage`;
    case 'loan_range':
      if (loanSides.above === miss.funders)
        return `${more} ${lead} but only for loans smaller than your ${loan}`;
      if (loanSides.below === miss.funders)
        return `${more} ${lead} but only for loans larger than your ${loan}`;
      return `${more} ${lead} but not for a loan of ${loan}`;
    default: {
      const name = confidentialName[miss.criterion] ?? miss.criterion;
      const missing = missingFigure(listing, miss.criterion);
      return missing
        ? `${more} ${lead} but need ${missing} to check their ${name}`
        : `${more} ${lead} but this project is outside their ${name}`;
    }
  }
}

/**
 * What the developer is shown: the active funders (approved, with an active subscription or a
 * cancelled one still in its period) whose saved criteria the listing meets, and the near misses.
 */
export function funderMatches(
  listing: MatchedListing,
  funders: readonly FunderWithCriteria[],
  now = new Date(),
  alerts: { alerted: number; opened: number } | null = null,
): FunderMatches {
  const active = funders.filter((f) => hasMarketplaceAccess(f, now));
  const matches: CriteriaMatch[] = active.map((f) => matchCriteria(f.criteria, listing));
  const sides = { below: 0, above: 0 };
  active.forEach((f, i) => {
    const failed = matches[i]!.failed;
    if (failed.length === 1 && failed[0] === 'loan_range') sides[loanSide(f.criteria, listing.loan_amount)]++;
  });
  const matching: ShownFunderCount = shownFunderCount(matches.filter((m) => m.isMatch).length);
  return {
    matching_funders: matching,
    near_misses: nearMisses(matches).map((miss) => ({
      ...miss,
      text: nearMissText(listing, miss, miss.criterion === 'loan_range' ? sides : undefined),
    })),
    after_publication: alerts && {
      alerted: shownAlertCountOf(alerts.alerted),
      opened: shownAlertCountOf(alerts.opened),
    },
  };
}

/** 0 as it is (nobody), else as any count shown to a developer ('fewer than 3' under 3). */
export const shownAlertCountOf = (count: number): 0 | ShownFunderCount =>
  count === 0 ? 0 : shownFunderCount(count);

/** The card's headline: 'N active funders lend on projects like this' or 'Fewer than 3 …'. */
export function matchingFundersHeadline(count: ShownFunderCount): string {
  return count === 'fewer than 3'
    ? 'Fewer than 3 active funders lend on projects like this'
    : `${count} active funders lend on projects like this`;
}
