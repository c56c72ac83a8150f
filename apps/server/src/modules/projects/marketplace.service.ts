import { RECOMMENDED_LIMIT } from '@plinth/domain/constants';
import { type FunderCriteria, rankByCriteria } from '@plinth/domain/funder-criteria';
import {
  type MarketplaceQuery,
  type MarketplaceResponse,
  marketplaceResponse,
  type ProjectPreview,
  propertyTypesForFocus,
  type Recommendation,
  rankRecommendations,
  trendingAssetClass,
} from '@plinth/domain/marketplace';
import { averageReturnCellKey, averageReturnCellOf, averageReturnOf } from '@plinth/domain/marketplace-stats';
import { propertyTypes } from '@plinth/domain/projects';
import { averageMinListingsValue } from '@plinth/domain/system-settings';
import { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import { changesOf, type Db } from '../../db/database';
import { createReadCache, type ReadCache } from '../../db/read-cache';
import { AppError } from '../../errors';
import { savedCriteria } from '../funder-criteria/funder-criteria.service';
import { funderSide } from './funder-side';
import { type MarketSums, marketIndexOf } from './market-index';
import { isBehind } from './market-index.repository';
import * as repo from './marketplace.repository';
import { type MarketplaceFilters, readMarketplacePage } from './marketplace-page.repository';
import { marketplaceDayOf, type ReturnSnapshot, returnSnapshotOf } from './marketplace-return-snapshot';
import { toProjectPreview, withOwnRequest } from './project-preview';
import { assertMarketplaceAccess, type FunderStanding } from './projects.policy';

/**
 * The marketplace's read caches, one set per database (docs/decisions/012-read-caches.md): a
 * funder's standing (until their user row is written), and a funder's page for a query as the JSON
 * sent (until a project, an access request or a deal is written: a card carries its deal's id; or a
 * system setting: the stats header's threshold is one), and that threshold itself. The gate is
 * still decided on every request, against the clock, from the cached standing.
 */
interface MarketplaceCaches {
  standings: ReadCache<{ standing: FunderStanding | undefined }>;
  pages: ReadCache<{ json: string }>;
}

const cachesByDb = new WeakMap<Db, MarketplaceCaches>();

function cachesOf(db: Db): MarketplaceCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    const changes = changesOf(db);
    caches = {
      standings: createReadCache(changes, { tables: ['user'], max: 10_000, ttlMs: 60_000 }),
      pages: createReadCache<{ json: string }>(changes, {
        tables: ['project', 'access_request', 'deal', 'system_setting'],
        max: 2_000,
        ttlMs: 60_000,
        // Pages are 6 KB at 20 cards, 30 KB at 100: at most 32 M characters of JSON in all.
        maxSize: { total: 32_000_000, sizeOf: (page) => page.json.length },
      }),
    };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** Databases whose marketplace is answered by the SQL statements (MARKET_INDEX=off). */
const withoutIndex = new WeakSet<Db>();

/**
 * Whether `db`'s marketplace is answered by the search index (MARKET_INDEX, on by default) or, to
 * diagnose one against the other, by the SQL statements alone.
 */
export function setMarketIndex(db: Db, on: boolean): void {
  if (on) withoutIndex.delete(db);
  else withoutIndex.add(db);
}

export const usesMarketIndex = (db: Db) => !withoutIndex.has(db);

/** The marketplace gate for a signed-in funder: 403 ACCOUNT_PENDING_APPROVAL or SUBSCRIPTION_REQUIRED. */
export async function assertFunderMayUseMarketplace(db: Db, viewer: Viewer): Promise<void> {
  const { standing } = await cachesOf(db).standings.get(viewer.id, async () => ({
    standing: await repo.findFunderStanding(db, viewer.id),
  }));
  if (!standing) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  assertMarketplaceAccess(standing);
}

/**
 * GET /projects for a funder, as the JSON body to send: the gate, then the page from the cache or
 * read afresh (`readMarketplace`), checked against the response schema once, when it is read.
 * `cached` says which (the response's x-read-cache header, so a benchmark can report hit rates).
 * A page is kept for the day it was read on: its average return is that day's snapshot's.
 */
export async function listMarketplaceJson(
  db: Db,
  options: { viewer: Viewer; query: MarketplaceQuery },
): Promise<{ json: string; cached: boolean }> {
  const { viewer, query } = options;
  await assertFunderMayUseMarketplace(db, viewer);
  // The parsed query, so equivalent addresses share an entry; the funder, whose requests shape it.
  const day = marketplaceDayOf(db);
  const key = `${viewer.id}:${day}:${JSON.stringify(query)}`;
  const page = await cachesOf(db).pages.lookup(key, async () => ({
    json: JSON.stringify(z.encode(marketplaceResponse, await readMarketplace(db, viewer, query, day))),
  }));
  return { json: page.value.json, cached: page.hit };
}

/**
 * The marketplace for a funder: the listings they may find (never asked about, declined, or
 * granted and not yet funded, each with their own request and deal), filtered, sorted and
 * paginated, with the stats header's counts over the whole filtered set and its average return
 * from `day`'s snapshot. Filters, sorts and pages are answered from the search index, brought up to
 * date first if a listing changed (decision 031); a text search, or any read with
 * MARKET_INDEX=off, by the SQL statements (marketplace-page.repository.ts).
 */
async function readMarketplace(
  db: Db,
  viewer: Viewer,
  query: MarketplaceQuery,
  day: string,
): Promise<MarketplaceResponse> {
  const filters: MarketplaceFilters = {
    property_type: query.property_type,
    state: query.state,
    development_stage: query.development_stage,
    min_loan: query.min_loan,
    max_loan: query.max_loan,
    q: query.q || undefined,
  };
  const offset = (query.page - 1) * query.limit;
  if (filters.q || withoutIndex.has(db)) {
    const { stats, rows } = await readMarketplacePage(db, {
      funderId: viewer.id,
      filters,
      sort: query.sort,
      limit: query.limit,
      offset,
    });
    const items = rows.map((row) =>
      toProjectPreview(
        row,
        row.access_request_id && row.access_status
          ? { id: row.access_request_id, status: row.access_status, deal_id: row.deal_id }
          : null,
      ),
    );
    return marketplaceAnswer(
      query,
      items,
      {
        listings: stats.active_opportunities,
        capital: stats.total_capital_seeking,
        residential: stats.residential,
        commercial: stats.commercial,
      },
      { snapshot: await returnSnapshotOf(db, day), minListings: stats.average_min_listings },
    );
  }
  const index = marketIndexOf(db);
  if (index.outOfStep(db)) await index.catchUp(db);
  const asked = index.snapshot as string;
  const side = await funderSide(db, viewer.id, asked);
  // A statement sent after the index's snapshot was taken cannot see fewer transactions, unless
  // the ids went back (a restore, a failover into another cluster): then the index is rebuilt.
  if (isBehind(side.snapshot, asked)) await index.rebuild(db);
  else if (side.stale) await index.catchUp(db);
  else index.sawNothingNewUntil(side.snapshot);
  const { current, offMarket } = side.requests;
  const stats = index.stats(filters, offMarket);
  const page = index.page(filters, offMarket, query.sort, offset, query.limit);
  return marketplaceAnswer(
    query,
    page.map((listing) => withOwnRequest(listing.preview, current.get(listing.id))),
    stats,
    { snapshot: await returnSnapshotOf(db, day), minListings: side.averageMinListings },
  );
}

/**
 * The response: a page of cards, and the stats header from the filtered set's counts and, for the
 * cell the query falls in (its property type × state, else the whole market), the average return
 * of the day's snapshot (docs/decisions/032-stats-that-leak-nothing.md). Nothing of the average
 * depends on the query's other filters, its sort or its page.
 */
function marketplaceAnswer(
  query: MarketplaceQuery,
  items: ProjectPreview[],
  stats: MarketSums,
  average: { snapshot: ReturnSnapshot; minListings: string | null },
): MarketplaceResponse {
  // The admin's threshold for the average (system setting); when it is missing, unreadable or under
  // the domain's privacy floor (as the '3' stored before issue 19 is), the floor applies.
  const threshold = averageMinListingsValue.safeParse(average.minListings ?? '');
  const cell = averageReturnCellOf(query);
  return {
    items,
    page: query.page,
    limit: query.limit,
    total: stats.listings,
    stats: {
      total_capital_seeking: stats.capital,
      active_opportunities: stats.listings,
      trending_asset_class: trendingAssetClass(stats.residential, stats.commercial),
      average_expected_return: averageReturnOf(
        average.snapshot.cells.get(averageReturnCellKey(cell)),
        threshold.success ? threshold.data : undefined,
      ),
      average_return_cell: cell,
      average_return_as_of: average.snapshot.day,
    },
  };
}

/**
 * 'Recommended for You': up to 3 listings the funder has never asked about or is dealing on
 * (`isRecommendable`), ranked by fit with their profile (the domain's rule), each card with the
 * funder's own state (Engage, Deal Room). The candidates are the newest few of each fit tier, which is enough
 * for the ranking to find the true top 3 (see `fitOf`).
 */
export async function recommendProjects(db: Db, options: { viewer: Viewer }): Promise<Recommendation[]> {
  const criteria = await savedCriteria(db, options.viewer.id);
  const ranked = criteria
    ? await rankedByCriteria(db, options.viewer.id, criteria)
    : await rankedByProfile(db, options.viewer.id);
  const states = await repo.findFunderCardStates(
    db,
    options.viewer.id,
    ranked.map((r) => r.id),
  );
  return ranked.map((r) => {
    const own = states.get(r.id);
    return own ? { ...r, access_status: own.status, access_request_id: own.id, deal_id: own.deal_id } : r;
  });
}

/** The candidates by fit with the onboarding profile (a funder who never saved criteria). */
async function rankedByProfile(db: Db, funderId: string) {
  const profile = (await repo.findFitProfile(db, funderId)) ?? {
    investment_focus: null,
    typical_deal_size_min: null,
    typical_deal_size_max: null,
  };
  const focusTypes = propertyTypesForFocus(profile.investment_focus);
  // Every type in focus is no filter at all.
  const typeFilter =
    focusTypes.length === 0 ? null : focusTypes.length === propertyTypes.length ? undefined : focusTypes;
  const range = { min: profile.typical_deal_size_min, max: profile.typical_deal_size_max };
  const hasRange = range.min !== null || range.max !== null;
  const tiers: repo.CandidateTier[] = [];
  if (typeFilter !== null && hasRange) tiers.push({ propertyTypes: typeFilter, loanRange: range });
  if (typeFilter !== null) tiers.push({ propertyTypes: typeFilter });
  if (hasRange) tiers.push({ loanRange: range });
  tiers.push({});
  const distinct = [...new Map(tiers.map((tier) => [JSON.stringify(tier), tier])).values()];
  const candidates = await repo.recommendationCandidates(db, {
    funderId,
    tiers: distinct,
    perTier: RECOMMENDED_LIMIT,
  });
  return rankRecommendations(
    profile,
    candidates.map((row) => toProjectPreview(row, null)),
    RECOMMENDED_LIMIT,
  );
}

/** How many of the newest listings meeting a funder's open criteria are checked on the confidential ones. */
const CRITERIA_CANDIDATES = 50;

/**
 * The candidates by a funder's saved criteria (issue 22): the newest listings meeting the open
 * criteria in SQL, checked on the confidential limits by the domain, with the newest of all behind
 * them, so three cards show even when few or none match.
 */
async function rankedByCriteria(db: Db, funderId: string, criteria: FunderCriteria) {
  const rows = await repo.recommendationCandidates(db, {
    funderId,
    tiers: [
      {
        propertyTypes: criteria.property_types ?? undefined,
        states: criteria.states ?? undefined,
        developmentStages: criteria.development_stages ?? undefined,
        loanRange: { min: criteria.min_loan, max: criteria.max_loan },
        limit: CRITERIA_CANDIDATES,
      },
      {},
    ],
    perTier: RECOMMENDED_LIMIT,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const candidates = rows.map((row) => ({
    ...row,
    loan_amount: Number(row.loan_amount),
    created_at: new Date(row.created_at).toISOString(),
  }));
  return rankByCriteria(criteria, candidates, RECOMMENDED_LIMIT).map((r) => ({
    ...toProjectPreview(byId.get(r.id)!, null),
    reason: r.reason,
  }));
}
