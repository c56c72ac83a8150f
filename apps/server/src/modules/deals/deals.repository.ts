import type { AccessStatus } from '@plinth/domain/marketplace';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * A deal as its room shows it: both parties (names, e-mails, the funder's company), its access
 * request's status, its latest proposal's status and the project's figures. One statement.
 */
function selectDealViews(db: Db) {
  return db
    .selectFrom('deal')
    .innerJoin('project as p', 'p.id', 'deal.project_id')
    .innerJoin('access_request as ar', 'ar.id', 'deal.access_request_id')
    .innerJoin('user as borrower', 'borrower.id', 'deal.borrower_id')
    .innerJoin('user as funder', 'funder.id', 'deal.funder_id')
    .leftJoin('profile as funder_profile', 'funder_profile.user_id', 'deal.funder_id')
    .select((eb) => [
      'deal.id',
      'deal.project_id',
      'deal.access_request_id',
      'deal.status',
      'ar.status as access_status',
      'ar.revoked_at',
      'ar.revoke_reason',
      'ar.revoked_by',
      'ar.access_until',
      'deal.borrower_id',
      'borrower.name as borrower_name',
      'borrower.email as borrower_email',
      'deal.funder_id',
      'funder.name as funder_name',
      'funder.email as funder_email',
      'funder_profile.company_name as funder_company',
      'deal.created_at',
      'deal.completed_at',
      eb
        .selectFrom('proposal')
        .select('proposal.status')
        .whereRef('proposal.deal_id', '=', 'deal.id')
        .orderBy('proposal.created_at', 'desc')
        .orderBy('proposal.id', 'desc')
        .limit(1)
        .as('proposal_status'),
      // Whether each party shared their contact with the other (a pair, whichever deal it came
      // from): the room shows the other's details, or offers to share, without a failing read.
      eb
        .exists(
          eb
            .selectFrom('contact_share')
            .select('contact_share.id')
            .whereRef('contact_share.user_id', '=', 'deal.borrower_id')
            .whereRef('contact_share.target_user_id', '=', 'deal.funder_id'),
        )
        .as('borrower_shared_contact'),
      eb
        .exists(
          eb
            .selectFrom('contact_share')
            .select('contact_share.id')
            .whereRef('contact_share.user_id', '=', 'deal.funder_id')
            .whereRef('contact_share.target_user_id', '=', 'deal.borrower_id'),
        )
        .as('funder_shared_contact'),
      'p.title',
      'p.suburb',
      'p.state',
      'p.property_type',
      'p.development_stage',
      'p.loan_amount',
      'p.interest_rate',
      'p.loan_term',
      'p.total_project_cost',
      'p.construction_cost',
      'p.equity_contribution',
      'p.land_value',
      'p.expected_gdc',
      'p.expected_profit',
      'p.funded_at',
    ]);
}
export type DealViewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectDealViews>['executeTakeFirst']>>
>;

export const findDealView = (db: Db, id: string) =>
  selectDealViews(db).where('deal.id', '=', id).executeTakeFirst();

/** A project's deals for its developer's selector and project page, oldest first. */
export const listProjectDeals = (db: Db, projectId: string) =>
  selectDealViews(db)
    .where('deal.project_id', '=', projectId)
    .orderBy('deal.created_at')
    .orderBy('deal.id')
    .execute();

/** The project's owner, for the check of who may list its deals. */
export const findProjectOwner = (db: Db, projectId: string) =>
  db.selectFrom('project').select(['id', 'borrower_id']).where('id', '=', projectId).executeTakeFirst();

/** Locks an access request (not its project) for Engage, with the project's state and names. */
export const lockAccessRequestForEngage = (trx: Db, id: string) =>
  trx
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select([
      'ar.id',
      'ar.status',
      'ar.funder_id',
      'ar.project_id',
      'p.borrower_id',
      'p.title',
      'p.payment_status',
      'p.visible',
      'p.funded_at',
    ])
    .where('ar.id', '=', id)
    .forUpdate(['ar'])
    .executeTakeFirst();

export const findDealIdByAccessRequest = async (db: Db, accessRequestId: string) =>
  (
    await db
      .selectFrom('deal')
      .select('id')
      .where('access_request_id', '=', accessRequestId)
      .executeTakeFirst()
  )?.id;

/**
 * Inserts the deal of an access request, or nothing when it already has one (a concurrent Engage
 * that got there first): the unique access_request_id decides, and undefined comes back instead of
 * a unique violation that would abort the transaction.
 */
export async function insertDeal(
  trx: Db,
  values: { projectId: string; accessRequestId: string; borrowerId: string; funderId: string },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('deal')
    .values({
      project_id: values.projectId,
      access_request_id: values.accessRequestId,
      borrower_id: values.borrowerId,
      funder_id: values.funderId,
    })
    .onConflict((oc) => oc.column('access_request_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setAccessStatus(trx: Db, id: string, status: AccessStatus): Promise<void> {
  await trx
    .updateTable('access_request')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Locks a deal, its access request and its project for completion, with what completion needs. */
export const lockDealForCompletion = (trx: Db, id: string) =>
  trx
    .selectFrom('deal')
    .innerJoin('access_request as ar', 'ar.id', 'deal.access_request_id')
    .innerJoin('project as p', 'p.id', 'deal.project_id')
    .select([
      'deal.id',
      'deal.status',
      'deal.project_id',
      'deal.access_request_id',
      'deal.borrower_id',
      'deal.funder_id',
      'ar.status as access_status',
      'p.title',
      'p.funded_at',
    ])
    .where('deal.id', '=', id)
    .forUpdate(['deal', 'ar', 'p'])
    .executeTakeFirst();

export const hasAcceptedProposal = async (db: Db, dealId: string) =>
  Boolean(
    await db
      .selectFrom('proposal')
      .select('id')
      .where('deal_id', '=', dealId)
      .where('status', '=', 'accepted')
      .executeTakeFirst(),
  );

export async function markDealCompleted(trx: Db, id: string, completedBy: string): Promise<void> {
  await trx
    .updateTable('deal')
    .set({ status: 'completed', completed_at: sql`now()`, completed_by: completedBy })
    .where('id', '=', id)
    .execute();
}

/** Marks the project funded (once: a later completion keeps the first date); it leaves the market. */
export async function markProjectFunded(trx: Db, projectId: string): Promise<void> {
  await trx
    .updateTable('project')
    .set({ funded_at: sql`coalesce(funded_at, now())`, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .execute();
}

/** Whom e-mails and notifications name: a person's name and company. */
export const findPartyNames = (db: Db, userId: string) =>
  db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.name', 'profile.company_name'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
