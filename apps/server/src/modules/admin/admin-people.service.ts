import {
  type AdminUser,
  adminPeopleMessages,
  type adminUsersQuery,
  type adminUsersResponse,
} from '@plinth/domain/admin';
import type { AuditAction } from '@plinth/domain/audit';
import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatDate } from '@plinth/domain/format';
import { derivedSubscriptionStatus, type SubscriptionEvent } from '@plinth/domain/subscriptions';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { accountApproved } from '../../emails/templates/account';
import { conflict, notFound } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { stopSubscriptionRenewals } from '../payments/subscription-billing';
import {
  checkSubscriptionEvent,
  notifySubscriptionApproved,
  notifySubscriptionDenied,
  notifySubscriptionFailed,
  transitionSubscription,
} from '../subscriptions/subscriptions.service';
import { readerTimeZone } from '../users/reader-time-zone';
import { markLatestPaymentFailed } from './admin.repository';
import type { AdminDeps } from './admin.service';
import * as repo from './admin-people.repository';

/**
 * The admin's people tabs (spec 001 sections 2.3, 4.3): Users (approve), Subscriptions (approve,
 * deny with a reason, payment failed) and Funders (force approve through the override dialog).
 * Each action is one transaction: the state change, its audit entry and the funder's notification
 * with its e-mail (queued in the outbox).
 */

type ActionResponse = { message: string; user: AdminUser };

const iso = (d: Date | string) => new Date(d).toISOString();

const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });

export function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    approved: row.approved,
    // Approval gates only a funder (the marketplace): an onboarded developer, surveyor or admin is
    // active without it, so they read Approved (issue 37 item 14); someone with no role yet is Pending.
    verification_status:
      row.approved || (row.role !== null && row.role !== 'funder') ? 'Approved' : 'Pending',
    company_name: row.company_name,
    company_type: row.company_type,
    subscription_status: row.subscription_status,
    derived_subscription_status: derivedSubscriptionStatus(row),
    subscription_period_end: row.subscription_period_end ? iso(row.subscription_period_end) : null,
    cancel_at_period_end: row.cancel_at_period_end,
    created_at: iso(row.created_at),
  };
}

export async function listUsers(
  db: Db,
  query: z.output<typeof adminUsersQuery>,
): Promise<z.infer<typeof adminUsersResponse>> {
  const { rows, total, counts } = await repo.listAdminUsers(db, query);
  return { items: rows.map(toAdminUser), page: query.page, limit: query.limit, total, counts };
}

async function requireUser(db: Db, userId: string) {
  const row = await repo.findAdminUser(db, userId);
  if (!row) throw notFound(adminPeopleMessages.userNotFound);
  return row;
}

/** One person (not deleted), for the View drawer a link opens; 404 otherwise. */
export async function getUser(db: Db, userId: string): Promise<AdminUser> {
  return toAdminUser(await requireUser(db, userId));
}

/** Runs `change` in one transaction and answers with its message and the user as they now are. */
async function runUserAction(
  deps: AdminDeps,
  userId: string,
  change: (trx: Db) => Promise<string>,
): Promise<ActionResponse> {
  const message = await auditedTransaction(deps.db, change);
  return { message, user: toAdminUser(await requireUser(deps.db, userId)) };
}

interface ActionOptions {
  viewer: Viewer;
  userId: string;
}

const appLink = (deps: AdminDeps, path: string) => new URL(path, deps.config.BASE_URL).toString();

async function notifyAccountApproved(
  trx: Db,
  deps: AdminDeps,
  user: { id: string; name: string; role: string | null },
  extra = '',
) {
  const next =
    user.role === 'funder'
      ? { path: '/projects', text: 'You can now browse the marketplace once your subscription is active.' }
      : { path: '/dashboard', text: 'You now have full access to Plinth.' };
  await notify(trx, {
    userId: user.id,
    type: 'account_approved',
    relatedId: null,
    message: `Your Plinth account has been approved.${extra ? ` ${extra}` : ''}`,
    email: accountApproved({ next: extra || next.text, url: appLink(deps, next.path) }),
  });
}

/** Users tab Approve: a person not yet approved becomes approved (audited; told in-app and by e-mail). */
export function approveUser(deps: AdminDeps, options: ActionOptions) {
  return runUserAction(deps, options.userId, async (trx) => {
    const user = await repo.lockUser(trx, options.userId);
    if (!user || user.deleted_at) throw notFound(adminPeopleMessages.userNotFound);
    if (user.approved) throw conflict(adminPeopleMessages.alreadyApproved);
    await repo.setApproved(trx, user.id);
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'user.approved',
      targetType: 'user',
      targetId: user.id,
      before: { approved: false },
      after: { approved: true },
    });
    await notifyAccountApproved(trx, deps, user);
    return adminPeopleMessages.userApproved;
  });
}

/** An admin's subscription event: the domain machine decides; 404 unknown, 409 not a funder or wrong state. */
const adminTransition = (
  trx: Db,
  options: ActionOptions & { event: SubscriptionEvent; action: AuditAction; reason?: string | null },
) =>
  transitionSubscription(trx, {
    userId: options.userId,
    event: options.event,
    actor: actorOf(options.viewer),
    actorRole: 'admin',
    action: options.action,
    reason: options.reason,
  });

/** Approve: payment_pending → active, for one month from now. */
export function approveSubscription(deps: AdminDeps, options: ActionOptions) {
  return runUserAction(deps, options.userId, async (trx) => {
    const { user, after } = await adminTransition(trx, {
      ...options,
      event: { type: 'approve', now: new Date() },
      action: 'subscription.approved',
    });
    await notifySubscriptionApproved(trx, deps.config.BASE_URL, user, after.subscription_period_end);
    return adminPeopleMessages.subscriptionApproved;
  });
}

/**
 * Checks the state before the provider is asked to stop renewals, so a refused action (409)
 * changes nothing anywhere; the provider goes first, so if it fails nothing changes here either.
 */
async function stopRenewalsFor(deps: AdminDeps, options: ActionOptions & { event: SubscriptionEvent }) {
  await checkSubscriptionEvent(deps.db, { userId: options.userId, event: options.event, actorRole: 'admin' });
  await stopSubscriptionRenewals(deps, options.userId);
}

/** Deny with a reason: payment_pending → denied; the funder is told why and may subscribe again. */
export async function denySubscription(deps: AdminDeps, options: ActionOptions & { reason: string }) {
  const event: SubscriptionEvent = { type: 'deny' };
  await stopRenewalsFor(deps, { ...options, event });
  return runUserAction(deps, options.userId, async (trx) => {
    const { user } = await adminTransition(trx, {
      ...options,
      event,
      action: 'subscription.denied',
      reason: options.reason,
    });
    await notifySubscriptionDenied(trx, deps.config.BASE_URL, user, options.reason);
    return adminPeopleMessages.subscriptionDenied;
  });
}

/** Payment Failed (after the admin confirms): payment_pending → failed; the payment is marked failed. */
export async function markSubscriptionFailed(deps: AdminDeps, options: ActionOptions) {
  const event: SubscriptionEvent = { type: 'payment_failed' };
  await stopRenewalsFor(deps, { ...options, event });
  return runUserAction(deps, options.userId, async (trx) => {
    const { user } = await adminTransition(trx, {
      ...options,
      event,
      action: 'subscription.payment_failed',
    });
    await markLatestPaymentFailed(trx, { userId: user.id }, 'Marked as failed by an admin');
    await notifySubscriptionFailed(trx, deps.config.BASE_URL, user);
    return adminPeopleMessages.subscriptionFailed;
  });
}

/**
 * The approve-funder override (Funders tab, God Mode): the funder becomes approved with an active
 * subscription, whatever their state, with the admin's reason in the audit log.
 */
export function forceApproveFunder(deps: AdminDeps, options: ActionOptions & { reason: string }) {
  return runUserAction(deps, options.userId, async (trx) => {
    const { user, before, after } = await adminTransition(trx, {
      ...options,
      event: { type: 'force_approve', now: new Date() },
      action: 'funder.force_approved',
      reason: options.reason,
    });
    const until = after.subscription_period_end
      ? ` until ${formatDate(after.subscription_period_end, await readerTimeZone(trx, user.id))}`
      : '';
    const activated = `Your ${SUBSCRIPTION_PLAN_NAME} subscription is active${until}, with full marketplace access.`;
    if (!before.approved) {
      await notifyAccountApproved(trx, deps, user, activated);
    } else {
      await notifySubscriptionApproved(trx, deps.config.BASE_URL, user, after.subscription_period_end);
    }
    return adminPeopleMessages.funderForceApproved;
  });
}
