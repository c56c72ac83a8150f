import type { ProposalStatus } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Proposal rows with the funder's name, for the API shapes. */
function selectProposals(db: Db) {
  return db
    .selectFrom('proposal as p')
    .innerJoin('user as f', 'f.id', 'p.funder_id')
    .select([
      'p.id',
      'p.deal_id',
      'p.funder_id',
      'f.name as funder_name',
      'p.status',
      'p.loan_amount',
      'p.interest_rate',
      'p.loan_term',
      'p.establishment_fee',
      'p.other_fees',
      'p.conditions',
      'p.valid_until',
      'p.decline_reason',
      'p.responded_at',
      'p.created_at',
    ]);
}
export type ProposalRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectProposals>['executeTakeFirst']>>
>;

/** A deal's proposals, newest first. */
export const listDealProposals = (db: Db, dealId: string) =>
  selectProposals(db)
    .where('p.deal_id', '=', dealId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();

export const findProposal = (db: Db, id: string) =>
  selectProposals(db).where('p.id', '=', id).executeTakeFirst();

/** Every proposal on a project's deals (the developer's quote comparison). */
export const listProjectProposals = (db: Db, projectId: string) =>
  selectProposals(db)
    .innerJoin('deal as d', 'd.id', 'p.deal_id')
    .where('d.project_id', '=', projectId)
    .orderBy('p.created_at', 'desc')
    .execute();

/**
 * Locks the deal row: quotes and answers on one deal (and its completion) never interleave, so
 * "no second pending quote" and "none after an accepted one" hold under concurrent requests.
 */
export const lockDeal = (trx: Db, dealId: string) =>
  trx
    .selectFrom('deal as d')
    .innerJoin('project as pr', 'pr.id', 'd.project_id')
    .select([
      'd.id',
      'd.status',
      'd.project_id',
      'd.access_request_id',
      'd.borrower_id',
      'd.funder_id',
      'pr.title as project_title',
    ])
    .where('d.id', '=', dealId)
    .forUpdate('d')
    .executeTakeFirst();

export async function latestProposalStatus(db: Db, dealId: string): Promise<ProposalStatus | null> {
  const row = await db
    .selectFrom('proposal')
    .select('status')
    .where('deal_id', '=', dealId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Inserts a pending proposal; undefined when the deal already has one (the partial unique index
 * proposal_one_pending_per_deal), so a race ends in a refusal, never in two pending quotes.
 */
export async function insertProposal(
  trx: Db,
  values: {
    deal_id: string;
    funder_id: string;
    loan_amount: number;
    interest_rate: number;
    loan_term: number;
    establishment_fee: number;
    other_fees: string | null;
    conditions: string | null;
    valid_until: string;
  },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('proposal')
    .values(values)
    .onConflict((oc) =>
      // The predicate as a literal: PostgreSQL matches it against the partial index's own.
      oc.column('deal_id').where(sql<boolean>`status = 'pending'`).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A proposal's status, read again under the deal's lock. */
export const findProposalStatus = (trx: Db, id: string) =>
  trx.selectFrom('proposal').select(['status', 'valid_until']).where('id', '=', id).executeTakeFirst();

export async function answerProposal(
  trx: Db,
  id: string,
  answer: { status: 'accepted' | 'declined'; declineReason: string | null },
): Promise<void> {
  await trx
    .updateTable('proposal')
    .set({ status: answer.status, decline_reason: answer.declineReason, responded_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The access request a deal belongs to, locked for its next step. */
export const lockAccessRequest = (trx: Db, id: string) =>
  trx
    .selectFrom('access_request')
    .select(['id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function setAccessStatus(trx: Db, id: string, status: 'term_sheet'): Promise<void> {
  await trx
    .updateTable('access_request')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A counter-offer is a comment in the deal's thread. */
export async function insertComment(
  trx: Db,
  values: { deal_id: string; user_id: string; comment: string },
): Promise<string> {
  const row = await trx.insertInto('deal_comment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findCompanyName(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('profile')
    .select('company_name')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.company_name ?? null;
}

export const findProjectOwner = (db: Db, projectId: string) =>
  db.selectFrom('project').select(['id', 'borrower_id']).where('id', '=', projectId).executeTakeFirst();
