import { activeDealAccessStatuses } from '@plinth/domain/deals';
import type { AccessStatus } from '@plinth/domain/marketplace';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Whose requests a list holds: a funder's own, those on a developer's projects, or all (admins). */
export type AccessRequestScope = { funderId: string } | { borrowerId: string } | 'all';

/** A request with its project's preview fields, both parties' names and the funder's company. */
function selectAccessRequests(db: Db) {
  return db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .innerJoin('user as funder', 'funder.id', 'ar.funder_id')
    .innerJoin('user as borrower', 'borrower.id', 'p.borrower_id')
    .leftJoin('profile as funder_profile', 'funder_profile.user_id', 'ar.funder_id')
    .select([
      'ar.id',
      'ar.status',
      'ar.project_id',
      'p.title as project_title',
      'p.suburb',
      'p.loan_amount',
      'ar.funder_id',
      'funder.name as funder_name',
      'funder_profile.company_name',
      'funder_profile.company_type',
      'p.borrower_id',
      'borrower.name as borrower_name',
      'ar.initial_message',
      'ar.requested_at',
      'ar.approved_at',
      'ar.access_until',
      'ar.revoked_at',
      'ar.revoke_reason',
    ]);
}
export type AccessRequestRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAccessRequests>['executeTakeFirst']>>
>;

function scoped<T extends ReturnType<typeof selectAccessRequests>>(query: T, scope: AccessRequestScope): T {
  if (scope === 'all') return query;
  if ('funderId' in scope) return query.where('ar.funder_id', '=', scope.funderId) as T;
  return query.where('p.borrower_id', '=', scope.borrowerId) as T;
}

export const findAccessRequest = (db: Db, id: string) =>
  selectAccessRequests(db).where('ar.id', '=', id).executeTakeFirst();

/** One page of requests, newest first. */
export function listAccessRequests(
  db: Db,
  options: { scope: AccessRequestScope; status?: AccessStatus; limit: number; offset: number },
) {
  let query = scoped(selectAccessRequests(db), options.scope);
  if (options.status) query = query.where('ar.status', '=', options.status);
  return query
    .orderBy('ar.requested_at', 'desc')
    .orderBy('ar.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countAccessRequests(
  db: Db,
  options: { scope: AccessRequestScope; status?: AccessStatus },
): Promise<number> {
  let query = db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (options.scope !== 'all') {
    query =
      'funderId' in options.scope
        ? query.where('ar.funder_id', '=', options.scope.funderId)
        : query.where('p.borrower_id', '=', options.scope.borrowerId);
  }
  if (options.status) query = query.where('ar.status', '=', options.status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The funder's open request for a project, if any (at most one: the partial unique index). */
export const findOpenRequest = (db: Db, funderId: string, projectId: string) =>
  db
    .selectFrom('access_request')
    .select(['id', 'status'])
    .where('funder_id', '=', funderId)
    .where('project_id', '=', projectId)
    .where('status', 'not in', ['declined', 'closed'])
    .executeTakeFirst();

/**
 * Inserts a pending request, or nothing when the funder already has an open one for the project
 * (a concurrent request that got there first): the partial unique index decides, and undefined
 * comes back instead of a unique violation that would abort the transaction.
 */
export async function insertAccessRequest(
  trx: Db,
  values: { funderId: string; projectId: string; initialMessage: string | null },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('access_request')
    .values({
      funder_id: values.funderId,
      project_id: values.projectId,
      initial_message: values.initialMessage,
    })
    .onConflict((oc) =>
      oc
        .columns(['funder_id', 'project_id'])
        .where(sql<boolean>`status <> 'declined' and status <> 'closed'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Locks a request (not its project) for a decision, with what the decision needs to know. */
export const lockAccessRequest = (trx: Db, id: string) =>
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
      'p.suburb',
      'p.property_type',
    ])
    .where('ar.id', '=', id)
    .forUpdate(['ar'])
    .executeTakeFirst();

export async function setAccessStatus(
  trx: Db,
  id: string,
  status: 'approved' | 'declined',
  accessUntil: Date | null = null,
): Promise<void> {
  await trx
    .updateTable('access_request')
    .set({
      status,
      ...(status === 'approved'
        ? { approved_at: sql`now()`, access_until: accessUntil }
        : { declined_at: sql`now()` }),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The funder dashboard's counts, in one statement. */
export function funderCounts(db: Db, funderId: string) {
  return db
    .selectNoFrom((eb) => [
      // Active deals by the domain's one definition (isActiveDeal, issue 37 item 4).
      eb
        .selectFrom('deal')
        .innerJoin('access_request as deal_ar', 'deal_ar.id', 'deal.access_request_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('deal.funder_id', '=', funderId)
        .where('deal.status', '=', 'open')
        .where('deal_ar.status', 'in', activeDealAccessStatuses)
        .as('active_deals'),
      // Access approved and no deal room opened from it yet.
      eb
        .selectFrom('access_request')
        .select(eb.fn.countAll<number>().as('n'))
        .where('access_request.funder_id', '=', funderId)
        .where('access_request.status', '=', 'approved')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('deal')
                .select(sql.lit(1).as('one'))
                .whereRef('deal.access_request_id', '=', 'access_request.id'),
            ),
          ),
        )
        .as('in_due_diligence'),
      eb
        .selectFrom('access_request')
        .select(eb.fn.countAll<number>().as('n'))
        .where('access_request.funder_id', '=', funderId)
        .where('access_request.status', '=', 'pending')
        .as('pending_requests'),
    ])
    .executeTakeFirstOrThrow();
}

/** The funder's company, for the developer's e-mail. */
export const findCompanyName = async (db: Db, userId: string) =>
  (await db.selectFrom('profile').select('company_name').where('user_id', '=', userId).executeTakeFirst())
    ?.company_name ?? null;
