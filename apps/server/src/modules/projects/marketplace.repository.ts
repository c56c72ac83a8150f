import type { AccessStatus } from '@plinth/domain/marketplace';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';
import { closedRequestsLast, onMarketplace, previewColumns } from './marketplace-page.repository';

// The marketplace's smaller queries: the gate's standing, a funder's own requests, and the
// recommendations. The page and its stats are one statement of their own (marketplace-page.repository.ts).

type ProjectScope = ExpressionBuilder<Database, 'project'>;

/** A funder's standing for the marketplace gate. */
export const findFunderStanding = (db: Db, userId: string) =>
  db
    .selectFrom('user')
    .select(['role', 'approved', 'subscription_status', 'subscription_period_end'])
    .where('id', '=', userId)
    .executeTakeFirst();

/**
 * A funder's request for one project: the open one if there is one (at most one, by the partial
 * unique index), else the latest declined or closed one.
 */
export const findFunderRequest = (db: Db, funderId: string, projectId: string) =>
  db
    .selectFrom('access_request')
    .select(['id', 'status'])
    .where('funder_id', '=', funderId)
    .where('project_id', '=', projectId)
    .orderBy(closedRequestsLast)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * As findFunderRequest, and whether an alert about the listing to this funder is still unopened, in
 * one statement: a preview marks the alert opened only when there is one (issue 31: before, every
 * preview wrote, which also woke every server's change listener).
 */
export const findFunderRequestAndAlert = async (db: Db, funderId: string, projectId: string) => {
  const row = await db
    .selectNoFrom((eb) => funderRequestAndAlertColumns(eb, funderId, projectId))
    .executeTakeFirstOrThrow();
  return readFunderRequestAndAlert(row);
};

/**
 * The two columns of findFunderRequestAndAlert, for a statement of its own or beside a project's
 * row (`projectId` then names the outer statement's project.id: one statement for a preview).
 */
export const funderRequestAndAlertColumns = (
  eb: ExpressionBuilder<Database, never>,
  funderId: string,
  projectId: string | Expression<string>,
) => [
  eb
    .selectFrom('access_request')
    .select(sql<string>`json_build_array(access_request.id, access_request.status)::text`.as('r'))
    .where('access_request.funder_id', '=', funderId)
    .where('access_request.project_id', '=', projectId)
    .orderBy(closedRequestsLast)
    .orderBy('access_request.requested_at', 'desc')
    .limit(1)
    .as('funder_request'),
  eb
    .exists(
      eb
        .selectFrom('listing_alert')
        .select(sql`1`.as('one'))
        .where('listing_alert.funder_id', '=', funderId)
        .where('listing_alert.project_id', '=', projectId)
        .where('listing_alert.opened_at', 'is', null),
    )
    .as('funder_unopened_alert'),
];

/** The funder's request and unopened alert from the columns of `funderRequestAndAlertColumns`. */
export function readFunderRequestAndAlert(row: {
  funder_request: string | null;
  funder_unopened_alert: unknown;
}) {
  const [id, status] = row.funder_request ? (JSON.parse(row.funder_request) as [string, AccessStatus]) : [];
  return {
    request: id && status ? { id, status } : undefined,
    unopenedAlert: Boolean(row.funder_unopened_alert),
  };
}

/** The parts of a funder's profile that recommendations are fitted to. */
export const findFitProfile = (db: Db, userId: string) =>
  db
    .selectFrom('profile')
    .select(['investment_focus', 'typical_deal_size_min', 'typical_deal_size_max'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

const ownRequests = (eb: ProjectScope, funderId: string) =>
  eb
    .selectFrom('access_request')
    .select(sql.lit(1).as('one'))
    .whereRef('access_request.project_id', '=', 'project.id')
    .where('access_request.funder_id', '=', funderId);

/**
 * A funder's current request (the open one, else the latest) and its deal on each of `projectIds`:
 * the state of their recommendation cards.
 */
export async function findFunderCardStates(db: Db, funderId: string, projectIds: readonly string[]) {
  if (projectIds.length === 0)
    return new Map<string, { id: string; status: AccessStatus; deal_id: string | null }>();
  const rows = await db
    .selectFrom('access_request')
    .leftJoin('deal', 'deal.access_request_id', 'access_request.id')
    .select(['access_request.project_id', 'access_request.id', 'access_request.status', 'deal.id as deal_id'])
    .where('access_request.funder_id', '=', funderId)
    .where('access_request.project_id', 'in', projectIds)
    .orderBy(closedRequestsLast, 'desc')
    .orderBy('access_request.requested_at')
    .execute();
  // Ordered so that the current request of each project comes last and wins.
  return new Map(
    rows.map((row) => [row.project_id, { id: row.id, status: row.status, deal_id: row.deal_id }]),
  );
}

export interface CandidateTier {
  propertyTypes?: readonly string[];
  states?: readonly string[];
  developmentStages?: readonly string[];
  loanRange?: { min: number | null; max: number | null };
  /** How many of the newest to take (the call's `perTier` otherwise). */
  limit?: number;
}

/**
 * Recommendation candidates: for each tier, the newest few listings the domain's `isRecommendable`
 * lets through (never asked about: no access status and no deal), in one statement. The domain's fit ranking
 * then picks from these.
 */
export function recommendationCandidates(
  db: Db,
  options: { funderId: string; tiers: CandidateTier[]; perTier: number },
) {
  const tierQuery = (tier: CandidateTier) =>
    db
      .selectFrom('project')
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [
          onMarketplace,
          // isRecommendable: never asked about (no access status, hence no deal).
          eb.not(eb.exists(ownRequests(eb, options.funderId))),
        ];
        if (tier.propertyTypes) {
          conditions.push(eb('project.property_type', 'in', tier.propertyTypes as never[]));
        }
        if (tier.states) conditions.push(eb('project.state', 'in', tier.states as never[]));
        if (tier.developmentStages)
          conditions.push(eb('project.development_stage', 'in', tier.developmentStages as never[]));
        if (tier.loanRange?.min != null) conditions.push(eb('project.loan_amount', '>=', tier.loanRange.min));
        if (tier.loanRange?.max != null) conditions.push(eb('project.loan_amount', '<=', tier.loanRange.max));
        return eb.and(conditions);
      })
      // The figures a funder's confidential limits are matched on, never sent (toProjectPreview).
      .select([
        ...previewColumns,
        'project.land_value',
        'project.total_project_cost',
        'project.expected_profit',
        'project.expected_gdc',
      ])
      .orderBy('project.created_at', 'desc')
      .orderBy('project.id', 'desc')
      .limit(tier.limit ?? options.perTier);
  const [first, ...rest] = options.tiers.map((tier, i) =>
    db.selectFrom(tierQuery(tier).as(`t${i}`)).selectAll(),
  );
  if (!first) return Promise.resolve([]);
  return rest.reduce((union, next) => union.unionAll(next), first).execute();
}
