import type { Db } from '../../db/database';

/** The project's owner and title: who may read its report, and what the report is called. */
export const findProject = (db: Db, projectId: string) =>
  db
    .selectFrom('project')
    .select(['id', 'title', 'borrower_id'])
    .where('id', '=', projectId)
    .executeTakeFirst();

/**
 * Each funder's latest access request on the project (any status), newest first, with the funder's
 * name and company and the undertaking signed for that request. A funder declined once may have
 * asked again: the report speaks of where they stand now, so older requests are left out. `limit`
 * rows at most.
 */
export function listLatestRequests(db: Db, projectId: string, limit: number) {
  const latest = db
    .selectFrom('access_request as ar')
    .select(['ar.id', 'ar.funder_id', 'ar.status', 'ar.requested_at'])
    .distinctOn('ar.funder_id')
    .where('ar.project_id', '=', projectId)
    .orderBy('ar.funder_id')
    .orderBy('ar.requested_at', 'desc')
    .orderBy('ar.id', 'desc');
  return db
    .selectFrom(latest.as('r'))
    .innerJoin('user as u', 'u.id', 'r.funder_id')
    .leftJoin('profile as p', 'p.user_id', 'r.funder_id')
    .leftJoin('undertaking_acceptance as ua', 'ua.access_request_id', 'r.id')
    .select([
      'r.id as access_request_id',
      'r.funder_id',
      'r.status',
      'r.requested_at',
      'u.name as funder_name',
      'u.email',
      'p.company_name',
      'ua.full_name as undertaking_full_name',
      'ua.account_name as undertaking_account_name',
      'ua.company_name as undertaking_company_name',
      'ua.version as undertaking_version',
      'ua.accepted_at as undertaking_accepted_at',
    ])
    .orderBy('r.requested_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
export type LatestRequestRow = Awaited<ReturnType<typeof listLatestRequests>>[number];

/** The funders among `funderIds` who opened a deal room on the project (their e-mail is shared there). */
export async function fundersWithDeals(db: Db, projectId: string, funderIds: readonly string[]) {
  if (funderIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('deal')
    .select('funder_id')
    .distinct()
    .where('project_id', '=', projectId)
    .where('funder_id', 'in', funderIds)
    .execute();
  return new Set(rows.map((r) => r.funder_id));
}

/**
 * Openings of the project's own documents by `funderIds`, counted per document, reader and kind,
 * with the latest time; each row carries what decides whether it counts (the reader's role).
 */
export function projectDocumentOpenings(db: Db, projectId: string, funderIds: readonly string[]) {
  return db
    .selectFrom('document_view as dv')
    .innerJoin('project_document as pd', 'pd.id', 'dv.project_document_id')
    .innerJoin('user as u', 'u.id', 'dv.viewer_id')
    .select((eb) => [
      'pd.id as document_id',
      'pd.file_name',
      'pd.document_type',
      'pd.view_only',
      'dv.viewer_id',
      'u.role as viewer_role',
      'dv.kind',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('dv.viewed_at').as('last_at'),
    ])
    .where('pd.project_id', '=', projectId)
    .where('dv.viewer_id', 'in', funderIds)
    .groupBy([
      'pd.id',
      'pd.file_name',
      'pd.document_type',
      'pd.view_only',
      'dv.viewer_id',
      'u.role',
      'dv.kind',
    ])
    .execute();
}

/** The same for the files shared in the project's deal rooms, with each file's uploader. */
export function dealDocumentOpenings(db: Db, projectId: string, funderIds: readonly string[]) {
  return db
    .selectFrom('document_view as dv')
    .innerJoin('deal_document as dd', 'dd.id', 'dv.deal_document_id')
    .innerJoin('deal as d', 'd.id', 'dd.deal_id')
    .innerJoin('user as u', 'u.id', 'dv.viewer_id')
    .select((eb) => [
      'dd.id as document_id',
      'dd.file_name',
      'dd.uploader_id',
      'dv.viewer_id',
      'u.role as viewer_role',
      'dv.kind',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('dv.viewed_at').as('last_at'),
    ])
    .where('d.project_id', '=', projectId)
    .where('dv.viewer_id', 'in', funderIds)
    .groupBy(['dd.id', 'dd.file_name', 'dd.uploader_id', 'dv.viewer_id', 'u.role', 'dv.kind'])
    .execute();
}

/** The credit summaries of the project's deals `funderIds` downloaded (issue 21 item 4), per deal. */
export function creditSummaryOpenings(db: Db, projectId: string, funderIds: readonly string[]) {
  return db
    .selectFrom('document_view as dv')
    .innerJoin('deal as d', 'd.id', 'dv.credit_summary_deal_id')
    .innerJoin('user as u', 'u.id', 'dv.viewer_id')
    .select((eb) => [
      'd.id as document_id',
      'dv.viewer_id',
      'u.role as viewer_role',
      'dv.kind',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('dv.viewed_at').as('last_at'),
    ])
    .where('d.project_id', '=', projectId)
    .where('dv.viewer_id', 'in', funderIds)
    .groupBy(['d.id', 'dv.viewer_id', 'u.role', 'dv.kind'])
    .execute();
}

/** The quotes `funderIds` sent on the project's deals, newest first. */
export function listQuotes(db: Db, projectId: string, funderIds: readonly string[]) {
  return db
    .selectFrom('proposal as p')
    .innerJoin('deal as d', 'd.id', 'p.deal_id')
    .select([
      'p.id',
      'p.funder_id',
      'p.loan_amount',
      'p.interest_rate',
      'p.loan_term',
      'p.status',
      'p.valid_until',
      'p.created_at',
      'p.responded_at',
    ])
    .where('d.project_id', '=', projectId)
    .where('p.funder_id', 'in', funderIds)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}
