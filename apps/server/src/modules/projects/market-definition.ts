import { type SqlBool, sql } from 'kysely';

// What "on the market" means and which of a listing's columns the marketplace reads, said once
// (docs/decisions/031-marketplace-search-index.md). The SQL statements' filter, the search
// index's reads, and the columns whose change the `market_change` trigger records are all built
// from here; test/market-index-definition.test.ts reads the trigger and the kept summary's
// function back from the database and fails if they say anything else.

/** The market's filter on one row (`project`, or a trigger's `old` / `new`). */
export const marketFilterOf = (row: string) =>
  `${row}.payment_status = 'paid' and ${row}.visible and ${row}.funded_at is null`;

/** The columns the filter reads. */
export const marketFilterColumns = ['payment_status', 'visible', 'funded_at'] as const;

/**
 * The columns a listing's card, the filters and the sorts read (besides `id`): the preview fields,
 * and profit and cost, whose quotient is the return potential.
 */
export const marketListingColumns = [
  'suburb',
  'state',
  'development_stage',
  'property_type',
  'loan_amount',
  'project_size_sqm',
  'created_at',
  'expected_profit',
  'total_project_cost',
] as const;

/** A change to any of these takes a listing onto or off the market, or changes what it shows. */
export const marketWatchedColumns: readonly string[] = [...marketFilterColumns, ...marketListingColumns];

/**
 * Literal, not bound, so the planner matches the partial indexes of migration
 * 20261125700000_marketplace_covering_indexes whatever the parameters.
 */
export const onMarketplace = sql<SqlBool>`${sql.raw(marketFilterOf('project'))}`;

/** The `when` clause of the `market_change` update trigger: a watched column changed. */
export const marketChangeCondition = () =>
  marketWatchedColumns.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
