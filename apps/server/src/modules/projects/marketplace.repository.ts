import {
  type AccessStatus,
  inDealAccessStatuses,
  type MarketplaceQuery,
  MIN_LISTINGS_FOR_AVERAGE_RETURN,
  offMarketAccessStatuses,
} from '@plinth/domain/marketplace';
import { AVERAGE_MIN_LISTINGS_KEY, averageMinListingsValue } from '@plinth/domain/system-settings';
import {
  type Expression,
  type ExpressionBuilder,
  type OrderByModifiers,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

// The marketplace's queries. Every one starts from the same predicate as the partial indexes of
// migration 20261123000300_marketplace_indexes (payment_status = 'paid' and visible), written as a
// literal so the planner can match those indexes whatever the parameters; a funded listing has
// left the market (migration 20261125100000_funded_leaves_market).

type ProjectScope = ExpressionBuilder<Database, 'project'>;

const onMarketplace = sql<SqlBool>`project.payment_status = 'paid' and project.visible and project.funded_at is null`;

/** The columns of a listing's preview card (`toProjectPreview`), for the page and the recommendations. */
const previewColumns = [
  'project.id',
  'project.suburb',
  'project.state',
  'project.development_stage',
  'project.loan_amount',
  'project.property_type',
  'project.project_size_sqm',
  'project.created_at',
] as const;

/** The sort key of 'return potential': profit / cost, null when either is missing (sorted last). */
const returnPotential = sql<number | null>`project.expected_profit / project.total_project_cost`;

/** A LIKE pattern matching `text` anywhere, with the user's own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type MarketplaceFilters = Pick<
  MarketplaceQuery,
  'property_type' | 'state' | 'development_stage' | 'min_loan' | 'max_loan' | 'q'
>;

/**
 * Listings a funder may find: on the marketplace, matching the filters, and not taken out of their
 * market by a request of theirs (the domain's `offMarketAccessStatuses`: pending or funded). Never
 * asked, declined, closed and granted listings stay, the granted ones with Engage or Deal Room.
 */
function marketplaceWhere(eb: ProjectScope, funderId: string, f: MarketplaceFilters) {
  const conditions: Expression<SqlBool>[] = [
    onMarketplace,
    eb.not(
      eb.exists(
        eb
          .selectFrom('access_request')
          .select(sql.lit(1).as('one'))
          .whereRef('access_request.project_id', '=', 'project.id')
          .where('access_request.funder_id', '=', funderId)
          .where('access_request.status', 'in', offMarketAccessStatuses),
      ),
    ),
  ];
  if (f.property_type) conditions.push(eb('project.property_type', '=', f.property_type));
  if (f.state) conditions.push(eb('project.state', '=', f.state));
  if (f.development_stage) conditions.push(eb('project.development_stage', '=', f.development_stage));
  if (f.min_loan !== undefined) conditions.push(eb('project.loan_amount', '>=', f.min_loan));
  if (f.max_loan !== undefined) conditions.push(eb('project.loan_amount', '<=', f.max_loan));
  if (f.q) {
    // Title and suburb, any case, anywhere in the text (a trigram index serves it on PostgreSQL).
    const pattern = containsPattern(f.q);
    conditions.push(eb.or([eb('project.title', 'ilike', pattern), eb('project.suburb', 'ilike', pattern)]));
  }
  return eb.and(conditions);
}

type Sort = MarketplaceQuery['sort'];

/**
 * Each sort and its tie-break on id, in the same direction so one index scan yields both: newest
 * (created_at desc), loan amount high-low and low-high, return potential (nulls last).
 */
function sortKeys(
  sort: Sort,
  table: 'project' | 'page' | 'matched',
): [Expression<unknown>, OrderByModifiers][] {
  const ref = (column: string) => sql.ref(`${table}.${column}`);
  const id = ref('id');
  switch (sort) {
    case 'newest':
      return [
        [ref('created_at'), 'desc'],
        [id, 'desc'],
      ];
    case 'loan_amount_desc':
      return [
        [ref('loan_amount'), 'desc'],
        [id, 'desc'],
      ];
    case 'loan_amount_asc':
      return [
        [ref('loan_amount'), 'asc'],
        [id, 'asc'],
      ];
    case 'return_potential':
      return [
        [table === 'project' ? returnPotential : ref('return_potential'), (ob) => ob.desc().nullsLast()],
        [id, 'desc'],
      ];
  }
}

function sortedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: [Expression<unknown>, OrderByModifiers][],
) {
  return keys.reduce((q, [expression, modifiers]) => q.orderBy(expression, modifiers), query);
}

/**
 * How a page is chosen (docs/decisions/027): `sort_index` walks the sort's index and stops after the
 * page's rows, best when matches are dense; `filtered_first` reads the few matching rows first (on
 * the filter index) and sorts them, where walking the sort index would pass over most of the
 * market to find them. The caller decides from the exact match count the stats header already has.
 */
export type PagePlan = 'sort_index' | 'filtered_first';

/**
 * Walking a sort index reads about `rowsNeeded × market / matches` entries to fill the page (the
 * matches spread through the market); reading the matches first reads `matches` and sorts them, at
 * about twice the cost an entry. The cheaper one is chosen.
 */
export const pagePlanFor = (o: { matches: number; market: number; rowsNeeded: number }): PagePlan =>
  2 * o.matches * o.matches <= o.rowsNeeded * o.market ? 'filtered_first' : 'sort_index';

/**
 * One page of the marketplace as preview rows, in one statement: the page is chosen first (see
 * PagePlan), then only those rows look up the funder's own request (the open one, else the
 * latest) and the deal opened from it, if any.
 */
export function listMarketplacePage(
  db: Db,
  options: {
    funderId: string;
    filters: MarketplaceFilters;
    sort: Sort;
    limit: number;
    offset: number;
    plan: PagePlan;
  },
) {
  const { funderId, filters, sort } = options;
  const matching = db
    .selectFrom('project')
    .where((eb) => marketplaceWhere(eb, funderId, filters))
    .select([...previewColumns, returnPotential.as('return_potential')]);
  const page =
    options.plan === 'filtered_first'
      ? sortedBy(
          db
            .with(
              (cte) => cte('matched').materialized(),
              () => matching,
            )
            .selectFrom('matched')
            .selectAll(),
          sortKeys(sort, 'matched'),
        )
          .limit(options.limit)
          .offset(options.offset)
      : sortedBy(matching, sortKeys(sort, 'project')).limit(options.limit).offset(options.offset);
  return sortedBy(
    db
      .with('page', () => page)
      .selectFrom('page')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('access_request')
            .leftJoin('deal', 'deal.access_request_id', 'access_request.id')
            .select(['access_request.id', 'access_request.status', 'deal.id as deal_id'])
            .whereRef('access_request.project_id', '=', 'page.id')
            .where('access_request.funder_id', '=', funderId)
            .orderBy(sql`access_request.status in ('declined', 'closed')`)
            .orderBy('access_request.requested_at', 'desc')
            .limit(1)
            .as('own'),
        (join) => join.onTrue(),
      )
      .selectAll('page')
      .select(['own.id as access_request_id', 'own.status as access_status', 'own.deal_id']),
    sortKeys(sort, 'page'),
  ).execute();
}
export type MarketplaceRow = Awaited<ReturnType<typeof listMarketplacePage>>[number];

/**
 * The lower edges of the loan bands `marketplace_summary` is kept in: the same list as the SQL
 * function marketplace_loan_band() of migration 20261123000300 (a test checks they agree).
 */
export const LOAN_BANDS = [
  0, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000,
  6_000_000, 7_500_000, 10_000_000, 12_500_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000,
  50_000_000, 75_000_000, 100_000_000, 200_000_000,
] as const;

/**
 * The loan bands a range covers whole, as [lo, hi) (hi null: no upper end), or null when it covers
 * none. A range that starts and ends on band edges (up to $5m means up to and including 5,000,000)
 * leaves almost nothing outside.
 */
export function coveredLoanBands(min: number | undefined, max: number | undefined) {
  const lo = min === undefined ? 0 : LOAN_BANDS.find((edge) => edge >= min);
  const hi = max === undefined ? null : ([...LOAN_BANDS].reverse().find((edge) => edge <= max + 1) ?? 0);
  if (lo === undefined || (hi !== null && hi <= lo)) return null;
  return { lo, hi };
}

/** The totals of the market per property type, state, stage and loan band, kept by a trigger. */
interface MarketplaceSummaryTable {
  property_type: string;
  /** '' for listings without a state. */
  state: string;
  development_stage: string;
  loan_band: number;
  listings: number;
  capital: number;
  return_sum: number;
  return_count: number;
}

export interface MarketplaceStatsRow {
  active_opportunities: number;
  total_capital_seeking: number;
  residential: number;
  commercial: number;
  /** Sum and count of profit / cost over the listings that state both. */
  return_sum: number;
  return_count: number;
  /** Every listing on the market, whatever the filters (for the page's plan). */
  market_size: number;
}

/** The stats' sums over a set of project rows. */
const projectSums = (eb: ProjectScope) => [
  eb.fn.countAll<number>().as('listings'),
  eb.fn.coalesce(eb.fn.sum<number>('project.loan_amount'), sql<number>`0`).as('capital'),
  eb.fn
    .count<number>('project.id')
    .filterWhere('project.property_type', '=', 'Residential')
    .as('residential'),
  eb.fn.count<number>('project.id').filterWhere('project.property_type', '=', 'Commercial').as('commercial'),
  sql<number>`coalesce(sum(${returnPotential}), 0)`.as('return_sum'),
  // count skips nulls: only the listings that state both profit and cost.
  sql<number>`count(${returnPotential})`.as('return_count'),
];

/**
 * The stats header over the whole filtered set, in one statement: the kept totals of the groups the
 * filters select (whole loan bands only), minus the listings in those groups the funder's own
 * requests took out of their market, plus the matching listings outside them (a loan range's partly covered bands) counted row
 * by row. With a text search no group is selected and every matching row is counted.
 */
export function marketplaceStats(
  db: Db,
  options: { funderId: string; filters: MarketplaceFilters },
): Promise<MarketplaceStatsRow> {
  const { funderId, filters: f } = options;
  const bands = f.q ? null : coveredLoanBands(f.min_loan, f.max_loan);
  const summaryDb = db.withTables<{ marketplace_summary: MarketplaceSummaryTable }>();

  let market = summaryDb
    .selectFrom('marketplace_summary')
    .select([
      sql<number>`coalesce(sum(listings), 0)`.as('listings'),
      sql<number>`coalesce(sum(capital), 0)`.as('capital'),
      sql<number>`coalesce(sum(listings) filter (where property_type = 'Residential'), 0)`.as('residential'),
      sql<number>`coalesce(sum(listings) filter (where property_type = 'Commercial'), 0)`.as('commercial'),
      sql<number>`coalesce(sum(return_sum), 0)`.as('return_sum'),
      sql<number>`coalesce(sum(return_count), 0)`.as('return_count'),
    ]);
  let asked = db
    .selectFrom('project')
    .where(onMarketplace)
    .where(
      'project.id',
      'in',
      db
        .selectFrom('access_request')
        .select('access_request.project_id')
        .where('access_request.funder_id', '=', funderId)
        .where('access_request.status', 'in', offMarketAccessStatuses),
    )
    .select(projectSums);
  if (bands) {
    market = market.where('loan_band', '>=', bands.lo);
    asked = asked.where('project.loan_amount', '>=', bands.lo);
    if (bands.hi !== null) {
      market = market.where('loan_band', '<', bands.hi);
      asked = asked.where('project.loan_amount', '<', bands.hi);
    }
    if (f.property_type) {
      market = market.where('property_type', '=', f.property_type);
      asked = asked.where('project.property_type', '=', f.property_type);
    }
    if (f.state) {
      market = market.where('state', '=', f.state);
      asked = asked.where('project.state', '=', f.state);
    }
    if (f.development_stage) {
      market = market.where('development_stage', '=', f.development_stage);
      asked = asked.where('project.development_stage', '=', f.development_stage);
    }
  } else {
    market = market.where(sql<boolean>`false`);
    asked = asked.where(sql<boolean>`false`);
  }
  // What the whole bands leave out (a loan range's partly covered bands, or everything under a text
  // search), row by row with the funder's own requests taken out: a part per side of a loan range,
  // so each is one range of the loan index.
  const outside: { from?: number; below?: number }[] = !bands
    ? [{}]
    : [
        ...(f.min_loan !== undefined && f.min_loan < bands.lo ? [{ below: bands.lo }] : []),
        ...(bands.hi !== null && f.max_loan !== undefined && f.max_loan >= bands.hi
          ? [{ from: bands.hi }]
          : []),
      ];
  const rest = (range: { from?: number; below?: number } | undefined) =>
    db
      .selectFrom('project')
      .where((eb) => {
        if (!range) return sql<boolean>`false`;
        const conditions = [marketplaceWhere(eb, funderId, f)];
        if (range.below !== undefined) conditions.push(eb('project.loan_amount', '<', range.below));
        if (range.from !== undefined) conditions.push(eb('project.loan_amount', '>=', range.from));
        return eb.and(conditions);
      })
      .select(projectSums);

  const total = (column: string) =>
    sql<number>`(market.${sql.ref(column)} - asked.${sql.ref(column)} + rest_a.${sql.ref(column)} + rest_b.${sql.ref(column)})`;
  return summaryDb
    .with('market', () => market)
    .with('asked', () => asked)
    .with('rest_a', () => rest(outside[0]))
    .with('rest_b', () => rest(outside[1]))
    .selectFrom(['market', 'asked', 'rest_a', 'rest_b'])
    .select([
      total('listings').as('active_opportunities'),
      total('capital').as('total_capital_seeking'),
      total('residential').as('residential'),
      total('commercial').as('commercial'),
      total('return_sum').as('return_sum'),
      total('return_count').as('return_count'),
      sql<number>`(select coalesce(sum(listings), 0) from marketplace_summary)`.as('market_size'),
    ])
    .executeTakeFirstOrThrow();
}

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
    .orderBy(sql`status in ('declined', 'closed')`)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();

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
    .orderBy(sql`access_request.status in ('declined', 'closed')`, 'desc')
    .orderBy('access_request.requested_at')
    .execute();
  // Ordered so that the current request of each project comes last and wins.
  return new Map(
    rows.map((row) => [row.project_id, { id: row.id, status: row.status, deal_id: row.deal_id }]),
  );
}

export interface CandidateTier {
  propertyTypes?: readonly string[];
  loanRange?: { min: number | null; max: number | null };
}

/**
 * Recommendation candidates: for each tier, the newest few listings the domain's `isRecommendable`
 * lets through (never asked about, or granted and not funded: at most one request is open, so an
 * open granted one is the funder's current request), in one statement. The domain's fit ranking
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
          eb.or([
            eb.not(eb.exists(ownRequests(eb, options.funderId))),
            eb.exists(
              ownRequests(eb, options.funderId).where('access_request.status', 'in', inDealAccessStatuses),
            ),
          ]),
        ];
        if (tier.propertyTypes) {
          conditions.push(eb('project.property_type', 'in', tier.propertyTypes as never[]));
        }
        if (tier.loanRange?.min != null) conditions.push(eb('project.loan_amount', '>=', tier.loanRange.min));
        if (tier.loanRange?.max != null) conditions.push(eb('project.loan_amount', '<=', tier.loanRange.max));
        return eb.and(conditions);
      })
      .select(previewColumns)
      .orderBy('project.created_at', 'desc')
      .orderBy('project.id', 'desc')
      .limit(options.perTier);
  const [first, ...rest] = options.tiers.map((tier, i) =>
    db.selectFrom(tierQuery(tier).as(`t${i}`)).selectAll(),
  );
  if (!first) return Promise.resolve([]);
  return rest.reduce((union, next) => union.unionAll(next), first).execute();
}

/**
 * The admin's threshold for the stats header's average return (system setting
 * `marketplace_average_min_listings`); the privacy floor when it is missing or unreadable.
 */
export async function averageMinListings(db: Db): Promise<number> {
  const row = await db
    .selectFrom('system_setting')
    .select('value')
    .where('key', '=', AVERAGE_MIN_LISTINGS_KEY)
    .executeTakeFirst();
  const parsed = averageMinListingsValue.safeParse(row?.value ?? '');
  return parsed.success ? parsed.data : MIN_LISTINGS_FOR_AVERAGE_RETURN;
}
