import type { AccessRequest } from '@plinth/domain/access';
import {
  canRevokeAccess,
  EXPIRY_NOTICE_DAYS,
  formatAccessLastDay,
  hasAccessLapsed,
  isExpiryNoticeDue,
  lapsedReason,
  revocationMessages,
} from '@plinth/domain/access-revocation';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { accessExpiring, accessRevoked, accessRevokedForDeveloper } from '../../emails/templates/access';
import { conflict, notFound } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { viewOf } from './access-requests.service';
import * as repo from './access-revocation.repository';

/**
 * Taking granted access back (issue 19 item 5; decision 035). Before the deal is funded the developer
 * may revoke a funder's access with a reason, and an admin may as an override; access the developer
 * granted 'until' a day lapses by itself at the end of that day, the funder told three days before.
 * From the commit on, on every instance, the funder is answered 404 for the whole file, its documents
 * and the deal room (the checks read the request's status from the database on every call).
 */

export type RevocationDeps = Pick<AppDeps, 'db' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const link = (deps: RevocationDeps, path: string) => new URL(path, deps.config.BASE_URL).toString();
const lapseActor: AuditActor = { id: null, name: 'Access expiry' };

/**
 * The funder's notices: in the app and by e-mail, each with the reason. `ended` opens both: 'The
 * developer revoked your access to "…"', or 'Your access to "…" has ended'.
 */
async function tellFunder(
  deps: RevocationDeps,
  trx: Db,
  request: repo.RevocableRow,
  how: { ended: string; reason: string },
) {
  await notify(trx, {
    userId: request.funder_id,
    type: 'access_revoked',
    relatedId: request.id,
    message: `${how.ended}. Reason: ${how.reason}`,
    email: accessRevoked({
      title: request.title,
      ended: how.ended,
      reason: how.reason,
      url: link(deps, '/messages'),
    }),
  });
}

/** Live events: both parties' lists, and the developer's open room, show the change at once. */
async function announce(trx: Db, request: repo.RevocableRow) {
  const parties = [request.funder_id, request.borrower_id];
  await publishLiveEvent(trx, parties, {
    type: 'access_request',
    access_request_id: request.id,
    status: 'revoked',
  });
  if (request.deal_id)
    await publishLiveEvent(trx, parties, { type: 'deal', deal_id: request.deal_id, change: 'status' });
}

/**
 * PUT /access-requests/{id}/revoke {reason}: the project's developer (anyone else's request is 404)
 * or an admin (an override, audited with the reason like every other) revokes granted access that is
 * not yet funded (409 otherwise). The new status, the audit entry, the notices and the e-mails commit
 * together.
 */
export async function revokeAccess(
  deps: RevocationDeps,
  options: { viewer: Viewer; accessRequestId: string; reason: string },
): Promise<AccessRequest> {
  const { db } = deps;
  const { viewer, accessRequestId, reason } = options;
  const isAdmin = viewer.role === 'admin';
  await auditedTransaction(db, async (trx) => {
    const request = await repo.lockRequestForRevocation(trx, accessRequestId);
    if (!request || (!isAdmin && request.borrower_id !== viewer.id))
      throw notFound('Access request not found');
    if (!canRevokeAccess(request.status)) throw conflict(revocationMessages.onlyGranted);
    await repo.markRevoked(trx, request.id, { revokedBy: viewer.id, reason });
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'access_request.revoked',
      targetType: 'access_request',
      targetId: request.id,
      reason,
      before: { status: request.status },
      after: {
        status: 'revoked',
        project_id: request.project_id,
        funder_id: request.funder_id,
        deal_id: request.deal_id,
        by: isAdmin ? 'admin' : 'developer',
      },
    });
    const by = isAdmin ? 'The Plinth team' : 'The developer';
    await tellFunder(deps, trx, request, {
      ended: `${by} revoked your access to "${request.title}"`,
      reason,
    });
    if (isAdmin) {
      // An override on the developer's project: they hear of it, as of a forced completion.
      await notify(trx, {
        userId: request.borrower_id,
        type: 'access_revoked',
        relatedId: request.id,
        message: `The Plinth team revoked a funder's access to "${request.title}". Reason: ${reason}`,
        email: accessRevokedForDeveloper({
          title: request.title,
          reason,
          url: link(deps, '/access-requests'),
        }),
      });
    }
    await announce(trx, request);
  });
  return viewOf(db, viewer, accessRequestId);
}

const BATCH = 100;

/**
 * One pass of the expiry job at `now`: every granted request whose access has ended lapses (status
 * revoked, no one's id, the reason 'Access period ended on …'), then the funders whose access ends
 * within three days and were not told yet are told (once per request: expiry_notice_sent_at).
 * Rows are claimed with FOR UPDATE SKIP LOCKED and checked again once locked, so two server
 * processes running it at the same moment handle each request once. Returns the counts.
 */
export async function runAccessExpiry(
  deps: RevocationDeps,
  now = new Date(),
): Promise<{ noticed: number; lapsed: number }> {
  const lapsed = await inBatches(deps.db, { before: now, noticeOnly: false }, async (trx, request) => {
    if (!hasAccessLapsed(request, now)) return false;
    const reason = lapsedReason(request.access_until!);
    await repo.markRevoked(trx, request.id, { revokedBy: null, reason });
    await recordAudit(trx, {
      actor: lapseActor,
      action: 'access_request.expired',
      targetType: 'access_request',
      targetId: request.id,
      reason,
      before: { status: request.status, access_until: new Date(request.access_until!).toISOString() },
      after: {
        status: 'revoked',
        project_id: request.project_id,
        funder_id: request.funder_id,
        deal_id: request.deal_id,
      },
    });
    await tellFunder(deps, trx, request, { ended: `Your access to "${request.title}" has ended`, reason });
    await announce(trx, request);
    return true;
  });
  const noticed = await inBatches(
    deps.db,
    { before: new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS), noticeOnly: true },
    async (trx, request) => {
      // One that has ended (its access_until passed since the lapse pass) lapses next time instead.
      if (!isExpiryNoticeDue(request, now) || hasAccessLapsed(request, now)) return false;
      await repo.markExpiryNoticeSent(trx, request.id);
      const lastDay = formatAccessLastDay(request.access_until!);
      await notify(trx, {
        userId: request.funder_id,
        type: 'access_expiring',
        relatedId: request.project_id,
        message: `Your access to "${request.title}" ends after ${lastDay}`,
        email: accessExpiring({
          title: request.title,
          lastDay,
          url: link(deps, `/project/${request.project_id}`),
        }),
      });
      return true;
    },
  );
  return { noticed, lapsed };
}

/** Claims due requests batch by batch, each batch in one transaction, until none is left. */
async function inBatches(
  db: Db,
  claim: { before: Date; noticeOnly: boolean },
  handle: (trx: Db, request: repo.RevocableRow) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await auditedTransaction(db, async (trx) => {
      const rows = await repo.claimEnding(trx, { ...claim, limit: BATCH });
      let handled = 0;
      for (const { id } of rows) {
        // Locked already by the claim; read again with what the notices need.
        const request = await repo.lockRequestForRevocation(trx, id);
        if (request && canRevokeAccess(request.status) && (await handle(trx, request))) handled++;
      }
      return { handled, full: rows.length === BATCH };
    });
    done += batch.handled;
    // A full batch may hide more; one that handled nothing must not spin.
    if (!batch.full || batch.handled === 0) return done;
  }
}
