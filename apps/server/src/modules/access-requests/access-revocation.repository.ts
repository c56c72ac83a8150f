import { revocableAccessStatuses } from '@plinth/domain/access-revocation';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Revoking granted access and letting it lapse (issue 19 item 5; decision 035).

/** Locks a request for revocation (not its project), with what the notices need and its deal room. */
export const lockRequestForRevocation = (trx: Db, id: string) =>
  trx
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .leftJoin('deal', 'deal.access_request_id', 'ar.id')
    .select([
      'ar.id',
      'ar.status',
      'ar.funder_id',
      'ar.project_id',
      'ar.access_until',
      'ar.expiry_notice_sent_at',
      'p.borrower_id',
      'p.title',
      'deal.id as deal_id',
    ])
    .where('ar.id', '=', id)
    .forUpdate(['ar'])
    .executeTakeFirst();
export type RevocableRow = NonNullable<Awaited<ReturnType<typeof lockRequestForRevocation>>>;

/** Status 'revoked' with who (null: it lapsed), why and when. */
export async function markRevoked(
  trx: Db,
  id: string,
  values: { revokedBy: string | null; reason: string },
): Promise<void> {
  await trx
    .updateTable('access_request')
    .set({
      status: 'revoked',
      revoked_at: sql`now()`,
      revoked_by: values.revokedBy,
      revoke_reason: values.reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Granted requests (not funded) whose access ends before `before`, soonest first, claimed with
 * FOR UPDATE SKIP LOCKED: a second job (another server process) skips them and takes the next ones,
 * so each request is handled by one job only. The partial index access_request_access_until_idx
 * serves the scan.
 */
export const claimEnding = (trx: Db, options: { before: Date; noticeOnly: boolean; limit: number }) =>
  trx
    .selectFrom('access_request')
    .select('id')
    .where('access_until', 'is not', null)
    .where('access_until', '<=', options.before)
    .where('status', 'in', revocableAccessStatuses)
    .$if(options.noticeOnly, (q) => q.where('expiry_notice_sent_at', 'is', null))
    .orderBy('access_until')
    .orderBy('id')
    .limit(options.limit)
    .forUpdate()
    .skipLocked()
    .execute();

export async function markExpiryNoticeSent(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('access_request')
    .set({ expiry_notice_sent_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
