import { openAccessStatuses } from '@plinth/domain/access';
import { type MarketplaceQuery, offMarketAccessStatuses } from '@plinth/domain/marketplace';
import { AVERAGE_MIN_LISTINGS_KEY } from '@plinth/domain/system-settings';
import {
  type Expression,
  type ExpressionBuilder,
  type InferResult,
  type OrderByModifiers,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Db } from '../../db/database';
import { runPrepared, type SlotOf } from '../../db/prepared';
import type { Database } from '../../db/types';
import { onMarketplace } from './market-definition';
import { coveredLoanBands } from './marketplace-loan-bands';

// The marketplace page (docs/decisions/029-marketplace-statements-built-once.md): the stats
// header over the whole filtered set, with the page's plan chosen from its exact count, then the
// page itself with each card's own request and deal. Both statements are built once per shape
// (which filters, which sort) and bound to each request's values (db/prepared.ts); on PostgreSQL
// the stats are a named prepared statement, planned once per connection.
//
// Every query starts from the market's one definition (market-definition.ts), the same predicate
// as the partial indexes of migration 20261125700000_marketplace_covering_indexes.

type ProjectScope = ExpressionBuilder<Database, 'project'>;

export { onMarketplace };

/**
 * Orders a funder's requests on one listing current first: the open one (the domain's
 * `openAccessStatuses`: at most one is open), then the declined and closed ones; `requested_at desc`
 * after it makes the latest of those the current one when none is open.
 */
export const closedRequestsLast = sql<boolean>`access_request.status not in (${sql.join(
  openAccessStatuses.map((status) => sql.lit(status)),
)})`;

/** The columns of a listing's preview card (`toProjectPreview`), for the page and the recommendations. */
export const previewColumns = [
  'project.id',
  'project.suburb',
  'project.state',
  'project.development_stage',
  'project.loan_amount',
  'project.property_type',
  'project.project_size_sqm',
  'project.created_at',
] as const;

/**
 * The sort key of 'return potential': the listing's return band (2.5 points of profit / cost, the
 * domain's `returnBandOf`; null when either is missing, sorted last), never the ratio itself, so the
 * order tells no more than the band (decision 032). The function of migration 20261202100000, as
 * the sort's index is built on it.
 */
const returnBand = sql<
  number | null
>`marketplace_return_band(project.expected_profit, project.total_project_cost)`;

/** A LIKE pattern matching `text` anywhere, with the user's own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type MarketplaceFilters = Pick<
  MarketplaceQuery,
  'property_type' | 'state' | 'development_stage' | 'min_loan' | 'max_loan' | 'q'
>;

type Sort = MarketplaceQuery['sort'];

/**
 * How a page is chosen (docs/decisions/027): `sort_index` walks the sort's index and stops after the
 * page's rows, best when matches are dense; `filtered_first` reads the few matching rows first (on
 * the filter index) and sorts them, where walking the sort index would pass over most of the
 * market to find them. The statement decides from the exact match count its stats already have.
 */
export type PagePlan = 'sort_index' | 'filtered_first';

/** A request's values, bound into the statement of its shape. */
interface Values extends MarketplaceFilters {
  funder: string;
  /** The text search as a LIKE pattern. */
  pattern: string | undefined;
  /** The whole loan bands' range [band_lo, band_hi). */
  band_lo: number | undefined;
  band_hi: number | undefined;
  /** The partly covered bands' rows: loans below `below`, and from `from` up. */
  below: number | undefined;
  from: number | undefined;
  limit: number;
  offset: number;
  rows_needed: number;
}

/** What fixes a statement's text: the filters present, the loan bands' cover, the sort, the plan. */
interface Shape {
  filters: { [K in keyof MarketplaceFilters]-?: boolean };
  /** The whole loan bands the filters select: none (a text search, or a range inside one band). */
  bands: 'none' | 'from' | 'between';
  /** The partly covered bands below and above the whole ones, counted row by row. */
  below: boolean;
  above: boolean;
  sort: Sort;
  /** 'auto': chosen by the statement from the match count; otherwise forced (tests). */
  plan: PagePlan | 'auto';
}

/** The stats' counts over a set of project rows (the average return is the daily snapshot's). */
const projectSums = (eb: ProjectScope) => [
  eb.fn.countAll<number>().as('listings'),
  eb.fn.coalesce(eb.fn.sum<number>('project.loan_amount'), sql<number>`0`).as('capital'),
  eb.fn
    .count<number>('project.id')
    .filterWhere('project.property_type', '=', 'Residential')
    .as('residential'),
  eb.fn.count<number>('project.id').filterWhere('project.property_type', '=', 'Commercial').as('commercial'),
];

/**
 * Listings a funder may find: on the marketplace, matching the filters, and not taken out of their
 * market by a request of theirs (the domain's `offMarketAccessStatuses`: pending or funded). Never
 * asked, declined, closed and granted listings stay, the granted ones with Engage or Deal Room.
 */
function marketplaceWhere(eb: ProjectScope, shape: Shape, slot: SlotOf<Values>) {
  const f = shape.filters;
  const conditions: Expression<SqlBool>[] = [
    onMarketplace,
    eb.not(
      eb.exists(
        eb
          .selectFrom('access_request')
          .select(sql.lit(1).as('one'))
          .whereRef('access_request.project_id', '=', 'project.id')
          .where('access_request.funder_id', '=', slot('funder'))
          .where('access_request.status', 'in', offMarketAccessStatuses),
      ),
    ),
  ];
  if (f.property_type) conditions.push(eb('project.property_type', '=', slot('property_type')));
  if (f.state) conditions.push(eb('project.state', '=', slot('state')));
  if (f.development_stage) conditions.push(eb('project.development_stage', '=', slot('development_stage')));
  if (f.min_loan) conditions.push(eb('project.loan_amount', '>=', slot('min_loan')));
  if (f.max_loan) conditions.push(eb('project.loan_amount', '<=', slot('max_loan')));
  if (f.q) {
    // Title and suburb, any case, anywhere in the text (a trigram index serves it on PostgreSQL).
    const pattern = slot('pattern');
    conditions.push(eb.or([eb('project.title', 'ilike', pattern), eb('project.suburb', 'ilike', pattern)]));
  }
  return eb.and(conditions);
}

/**
 * Each sort and its tie-break on id, in the same direction so one index scan yields both: newest
 * (created_at desc), loan amount high-low and low-high; return potential by band (none last), then
 * newest, then id: within a band the order is of preview fields only.
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
        [table === 'project' ? returnBand : ref('return_band'), (ob) => ob.desc().nullsLast()],
        [ref('created_at'), 'desc'],
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
 * The kept summary's columns (migrations 20261123000300 and 20261126000000): per property type,
 * state, stage and loan band, and the roll-ups over any of the first three ('*').
 */
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

/**
 * The stats header over the whole filtered set: the kept totals of the group the filters select
 * (one summary row per whole loan band), minus the listings in it that the funder's own requests
 * took out of their market, plus the matching listings outside it (a loan range's partly covered
 * bands) counted row by row. With a text search no group is selected and every matching row is
 * counted. Also the market's size, the admin's threshold for the average return, and the page's
 * plan.
 */
function statsQuery(db: Db, shape: Shape, slot: SlotOf<Values>) {
  const f = shape.filters;
  const summaryDb = db.withTables<{ marketplace_summary: MarketplaceSummaryTable }>();
  // Without a type filter the totals are the roll-up rows over any type ('*'), read beside the
  // Residential and Commercial rows that the trending asset class compares; with one, its own rows.
  const totalRows = f.property_type ? sql`true` : sql`property_type = '*'`;
  let market = summaryDb
    .selectFrom('marketplace_summary')
    .select([
      sql<number>`coalesce(sum(listings) filter (where ${totalRows}), 0)`.as('listings'),
      sql<number>`coalesce(sum(capital) filter (where ${totalRows}), 0)`.as('capital'),
      sql<number>`coalesce(sum(listings) filter (where property_type = 'Residential'), 0)`.as('residential'),
      sql<number>`coalesce(sum(listings) filter (where property_type = 'Commercial'), 0)`.as('commercial'),
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
        .where('access_request.funder_id', '=', slot('funder'))
        .where('access_request.status', 'in', offMarketAccessStatuses),
    )
    .select(projectSums);
  if (shape.bands === 'none') {
    market = market.where(sql<boolean>`false`);
    asked = asked.where(sql<boolean>`false`);
  } else {
    market = market.where('loan_band', '>=', slot('band_lo'));
    asked = asked.where('project.loan_amount', '>=', slot('band_lo'));
    if (shape.bands === 'between') {
      market = market.where('loan_band', '<', slot('band_hi'));
      asked = asked.where('project.loan_amount', '<', slot('band_hi'));
    }
    // The summary's roll-up rows ('*': any) stand for a filter that is not set.
    const group = (column: 'property_type' | 'state' | 'development_stage') =>
      f[column] ? slot(column) : ('*' as never);
    market = market
      .where(
        'property_type',
        'in',
        f.property_type ? [slot('property_type')] : ['*' as never, 'Residential', 'Commercial'],
      )
      .where('state', '=', group('state'))
      .where('development_stage', '=', group('development_stage'));
    if (f.property_type) asked = asked.where('project.property_type', '=', slot('property_type'));
    if (f.state) asked = asked.where('project.state', '=', slot('state'));
    if (f.development_stage) {
      asked = asked.where('project.development_stage', '=', slot('development_stage'));
    }
  }
  // What the whole bands leave out (a loan range's partly covered bands, or everything under a text
  // search), row by row with the funder's own requests taken out: a part per side of a loan range,
  // so each is one range of the loan index.
  const rest = (range: 'all' | 'below' | 'above' | 'none') =>
    db
      .selectFrom('project')
      .where((eb) => {
        if (range === 'none') return sql<boolean>`false`;
        const conditions = [marketplaceWhere(eb, shape, slot)];
        if (range === 'below') conditions.push(eb('project.loan_amount', '<', slot('below')));
        if (range === 'above') conditions.push(eb('project.loan_amount', '>=', slot('from')));
        return eb.and(conditions);
      })
      .select(projectSums);
  const [restA, restB] =
    shape.bands === 'none'
      ? (['all', 'none'] as const)
      : ([shape.below ? 'below' : 'none', shape.above ? 'above' : 'none'] as const);

  const total = (column: string) =>
    sql<number>`(market.${sql.ref(column)} - asked.${sql.ref(column)} + rest_a.${sql.ref(column)} + rest_b.${sql.ref(column)})`;
  const totals = summaryDb
    .with('market', () => market)
    .with('asked', () => asked)
    .with('rest_a', () => rest(restA))
    .with('rest_b', () => rest(restB))
    .selectFrom(['market', 'asked', 'rest_a', 'rest_b'])
    .select([
      total('listings').as('active_opportunities'),
      total('capital').as('total_capital_seeking'),
      total('residential').as('residential'),
      total('commercial').as('commercial'),
      sql<number>`(select coalesce(sum(listings), 0) from marketplace_summary
        where property_type = '*' and state = '*' and development_stage = '*')`.as('market_size'),
      sql<string | null>`(select value from system_setting where key = ${AVERAGE_MIN_LISTINGS_KEY})`.as(
        'average_min_listings',
      ),
    ]);
  // Walking a sort index reads about `rows needed × market / matches` entries to fill the page (the
  // matches spread through the market); reading the matches first reads `matches` and sorts them,
  // at about twice the cost an entry. The cheaper one is chosen.
  const plan =
    shape.plan === 'auto'
      ? sql<PagePlan>`case when 2 * totals.active_opportunities * totals.active_opportunities
          <= ${slot('rows_needed')}::numeric * totals.market_size then 'filtered_first' else 'sort_index' end`
      : sql<PagePlan>`${sql.lit(shape.plan)}::text`;
  return db
    .with('totals', () => totals)
    .selectFrom('totals')
    .selectAll('totals')
    .select(plan.as('page_plan'));
}

/**
 * The page of a shape, read with the plan the stats chose: the preview rows, each with the funder's
 * own request (the open one, else the latest) and the deal opened from it, if any.
 */
function pageStatement(db: Db, shape: Shape, plan: PagePlan, slot: SlotOf<Values>) {
  const matching = db
    .selectFrom('project')
    .where((eb) => marketplaceWhere(eb, shape, slot))
    .select([...previewColumns, returnBand.as('return_band')]);
  const page =
    plan === 'filtered_first'
      ? sortedBy(
          db
            .with(
              (cte) => cte('matched').materialized(),
              () => matching,
            )
            .selectFrom('matched')
            .selectAll(),
          sortKeys(shape.sort, 'matched'),
        )
          .limit(slot('limit'))
          .offset(slot('offset'))
      : sortedBy(matching, sortKeys(shape.sort, 'project')).limit(slot('limit')).offset(slot('offset'));
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
            .where('access_request.funder_id', '=', slot('funder'))
            .orderBy(closedRequestsLast)
            .orderBy('access_request.requested_at', 'desc')
            .limit(1)
            .as('own'),
        (join) => join.onTrue(),
      )
      .selectAll('page')
      .select(['own.id as access_request_id', 'own.status as access_status', 'own.deal_id']),
    sortKeys(shape.sort, 'page'),
  );
}

export interface MarketplaceStats {
  active_opportunities: number;
  total_capital_seeking: number;
  residential: number;
  commercial: number;
  /** Every listing on the market, whatever the filters (for the page's plan). */
  market_size: number;
  /** The system setting `marketplace_average_min_listings` as stored, if any. */
  average_min_listings: string | null;
  /** The plan the page was read with. */
  page_plan: PagePlan;
}

/** A page's row: the preview's columns, return band, and the funder's own request and deal. */
export type MarketplaceRow = InferResult<ReturnType<typeof pageStatement>>[number];

/**
 * A funder's marketplace page in two statements: the stats over everything the filters match (with
 * the page's plan, chosen from their exact count), then the page's preview rows with the funder's
 * own request (the open one, else the latest) and its deal. `plan` forces a page plan (tests compare
 * the two); by default the stats statement picks the cheaper.
 */
export async function readMarketplacePage(
  db: Db,
  options: {
    funderId: string;
    filters: MarketplaceFilters;
    sort: Sort;
    limit: number;
    offset: number;
    plan?: PagePlan;
  },
): Promise<{ stats: MarketplaceStats; rows: MarketplaceRow[] }> {
  const f = options.filters;
  const q = f.q || undefined;
  const bands = q ? null : coveredLoanBands(f.min_loan, f.max_loan);
  const below = !!bands && f.min_loan !== undefined && f.min_loan < bands.lo;
  const above = !!bands && bands.hi !== null && f.max_loan !== undefined && f.max_loan >= bands.hi;
  const shape: Shape = {
    filters: {
      property_type: !!f.property_type,
      state: !!f.state,
      development_stage: !!f.development_stage,
      min_loan: f.min_loan !== undefined,
      max_loan: f.max_loan !== undefined,
      q: !!q,
    },
    bands: !bands ? 'none' : bands.hi === null ? 'from' : 'between',
    below,
    above,
    sort: options.sort,
    plan: options.plan ?? 'auto',
  };
  const values: Values = {
    ...f,
    funder: options.funderId,
    pattern: q ? containsPattern(q) : undefined,
    band_lo: bands?.lo,
    band_hi: bands?.hi ?? undefined,
    below: bands?.lo,
    from: bands?.hi ?? undefined,
    limit: options.limit,
    offset: options.offset,
    rows_needed: options.offset + options.limit,
  };
  const key = JSON.stringify(shape);
  // The stats: a prepared statement PostgreSQL plans once per connection (its choices do not depend
  // on the values: the summary's key, the funder's requests, the narrow partial bands).
  const [first] = await runPrepared(db, key, (slot) => statsQuery(db, shape, slot), values, {
    prepare: true,
  });
  if (!first) throw new Error('The marketplace stats statement returned no row');
  const stats: MarketplaceStats = {
    active_opportunities: Number(first.active_opportunities),
    total_capital_seeking: Number(first.total_capital_seeking),
    residential: Number(first.residential),
    commercial: Number(first.commercial),
    market_size: Number(first.market_size),
    average_min_listings: first.average_min_listings,
    page_plan: first.page_plan,
  };
  // The page: planned for its values each time, since the best index for a loan range depends on
  // how much of the market the range covers (decision 029).
  const plan = stats.page_plan;
  const rows = await runPrepared(
    db,
    `${key}:${plan}`,
    (slot) => pageStatement(db, shape, plan, slot),
    values,
    { prepare: false },
  );
  return { stats, rows };
}
