import type { Db } from '../../db/database';

/** The columns a listing is matched on (the server's full file), and who owns it. */
export const findMatchedListing = (db: Db, projectId: string) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'borrower_id',
      'property_type',
      'state',
      'development_stage',
      'loan_amount',
      'land_value',
      'total_project_cost',
      'expected_profit',
      'expected_gdc',
      'published_at',
    ])
    .where('id', '=', projectId)
    .executeTakeFirst();

/**
 * Every funder who might count, with their saved criteria, in one query: approved funders, not
 * erased, with an active subscription or a cancelled one (the domain's hasMarketplaceAccess then
 * decides, so the rule lives in one place). A funder with no saved criteria has no row to join.
 * Listing alerts add their own columns and filters to it.
 */
export const candidateFundersQuery = (db: Db) =>
  db
    .selectFrom('funder_criteria as c')
    .innerJoin('user as u', 'u.id', 'c.user_id')
    .select([
      'u.role',
      'u.approved',
      'u.subscription_status',
      'u.subscription_period_end',
      'c.property_types',
      'c.states',
      'c.development_stages',
      'c.min_loan',
      'c.max_loan',
      'c.max_loan_to_grv',
      'c.max_lvr',
      'c.min_margin_on_cost',
    ])
    .where('u.role', '=', 'funder')
    .where('u.approved', '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.subscription_status', 'in', ['active', 'cancelled']);

export const listCandidateFunders = (db: Db) => candidateFundersQuery(db).execute();
