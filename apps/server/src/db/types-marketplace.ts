import type { ColumnType, Generated } from 'kysely';

// The marketplace's daily snapshot of the average return (migration 20261202100000;
// docs/decisions/032-stats-that-leak-nothing.md), beside types.ts.

type Day = ColumnType<string, string, never>;

/** One row per day (Australia/Sydney) a snapshot was taken; written once, never updated. */
export interface MarketplaceReturnSnapshotTable {
  taken_on: Day;
  taken_at: Generated<Date>;
}

/** A snapshot's cells: the whole market ('*', '*') and each property type × state. */
export interface MarketplaceReturnCellTable {
  taken_on: Day;
  property_type: string;
  state: string;
  /** Listings stating profit and cost. */
  listings: number;
  /** The sum of their return bands (`marketplace_return_band`). */
  band_sum: number;
}

export interface MarketplaceReturnTables {
  marketplace_return_snapshot: MarketplaceReturnSnapshotTable;
  marketplace_return_cell: MarketplaceReturnCellTable;
}
