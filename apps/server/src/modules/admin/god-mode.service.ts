import {
  type AdminPayment,
  canSyncPayment,
  godModeMessages,
  type UnpaidProject,
} from '@plinth/domain/admin-console';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { sendSystemMessage } from '../messages/messages.service';
import { syncProjectPayment } from '../payments/listing-payments';

/**
 * God Mode (spec 001 section 2.3): what it lists, and its quick actions. Each action takes the
 * override dialog's reason and writes its audit entry in the transaction of its effect.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });

/** Drafts that were never paid for: Force Publish's candidates, newest first. */
export async function listUnpaidProjects(db: Db): Promise<{ items: UnpaidProject[] }> {
  const rows = await db
    .selectFrom('project as p')
    .innerJoin('user as u', 'u.id', 'p.borrower_id')
    .select(['p.id', 'p.title', 'u.name as borrower_name', 'p.loan_amount', 'p.created_at'])
    .where('p.payment_status', '=', 'unpaid')
    .orderBy('p.created_at', 'desc')
    .limit(100)
    .execute();
  return { items: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
}

/** The newest payments of every kind, with who paid and for which project. */
export async function listPayments(db: Db, options: { limit: number }): Promise<{ items: AdminPayment[] }> {
  const rows = await db
    .selectFrom('payment as pay')
    .leftJoin('user as u', 'u.id', 'pay.user_id')
    .leftJoin('project as p', 'p.id', 'pay.project_id')
    .select([
      'pay.id',
      'pay.created_at',
      'pay.user_id',
      'u.name as user_name',
      'pay.type as payment_type',
      'pay.amount_cents as amount',
      'pay.status',
      'pay.project_id',
      'p.title as project_title',
    ])
    .orderBy('pay.created_at', 'desc')
    .orderBy('pay.id', 'desc')
    .limit(options.limit)
    .execute();
  return { items: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
}

/**
 * Sync Stripe on one payment: asks the provider for the real state of the payment's project and
 * applies it (audited with the reason by the payments service when it changes the project). When
 * nothing changes, the check itself is audited, so every God Mode action leaves an entry.
 */
export async function syncPayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  options: { viewer: Viewer; paymentId: string; reason: string },
) {
  const payment = await deps.db
    .selectFrom('payment')
    .select(['id', 'type', 'status', 'project_id'])
    .where('id', '=', options.paymentId)
    .executeTakeFirst();
  if (!payment) throw notFound(godModeMessages.paymentNotFound);
  if (!canSyncPayment({ ...payment, payment_type: payment.type }) || !payment.project_id)
    throw conflict(godModeMessages.notListingPayment);
  const result = await syncProjectPayment(deps, {
    projectId: payment.project_id,
    admin: actorOf(options.viewer),
    reason: options.reason,
  });
  if (!result.projectUpdated) {
    await auditedTransaction(deps.db, (trx) =>
      recordAudit(trx, {
        actor: actorOf(options.viewer),
        action: 'payment.synced',
        targetType: 'payment',
        targetId: payment.id,
        reason: options.reason,
        after: { project_id: payment.project_id, result: result.message },
      }),
    );
  }
  return result;
}

/** Send System Message: into the user's Plinth Support thread and bell, audited in that transaction. */
export async function sendSystemMessageWithReason(
  deps: Pick<AppDeps, 'db' | 'config'>,
  options: { viewer: Viewer; userId: string; text: string; reason: string },
) {
  await sendSystemMessage(deps, {
    viewer: options.viewer,
    userId: options.userId,
    text: options.text,
    alsoInTransaction: (trx, userId) =>
      recordAudit(trx, {
        actor: actorOf(options.viewer),
        action: 'user.system_message_sent',
        targetType: 'user',
        targetId: userId,
        reason: options.reason,
        after: { message: options.text },
      }),
  });
  return { message: 'System message sent' };
}

/**
 * View As User: the admin's look at a person is read and audited (admin, target, and the reason
 * when one is given) in one transaction; the answer names the person and their standing, nothing
 * more. Spec 001's call carries no input, so the reason is optional (decision 040).
 */
export async function viewAsUser(db: Db, options: { viewer: Viewer; userId: string; reason?: string }) {
  return auditedTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('user')
      .select(['id', 'name', 'role', 'approved', 'subscription_status', 'created_at'])
      .where('id', '=', options.userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw notFound(godModeMessages.userNotFound);
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'user.viewed_as',
      targetType: 'user',
      targetId: user.id,
      reason: options.reason ?? null,
    });
    return { user: { ...user, created_at: iso(user.created_at) } };
  });
}
