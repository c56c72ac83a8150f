import {
  type AdminProject,
  adminActionMessages,
  type adminProjectsQuery,
  type adminProjectsResponse,
  type adminStatsResponse,
  type overrideHistoryResponse,
  type RejectionPaymentState,
  rejectionPaymentState,
  rejectionPaymentStateLabel,
} from '@plinth/domain/admin';
import {
  type AdminStatusChoice,
  adminListingLabel,
  applyListingEvent,
  type ListingEvent,
  type ListingState,
} from '@plinth/domain/listing';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { afterCommit } from '../../db/request-transaction';
import { listingPaymentFailed, projectLive, projectRejected } from '../../emails/templates/projects';
import { conflict, notFound } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { type DocumentsContext, documentKeysOf, removeDocumentFiles } from '../documents/documents.service';
import { queueListingAlerts } from '../listing-alerts/listing-alerts.service';
import { notify } from '../notifications/notifications.service';
import { checkProjectPayment, syncProjectPayment } from '../payments/listing-payments';
import { lockProject } from '../projects/projects.repository';
import { transitionListing } from '../projects/projects.service';
import * as repo from './admin.repository';

/** What the admin services need: the database, the public address for links, the payment provider. */
export type AdminDeps = Pick<AppDeps, 'db' | 'config' | 'payments' | 'jobs'>;

type ActionResponse = { message: string; project: AdminProject };

const iso = (d: Date | string) => new Date(d).toISOString();

const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });

export function toAdminProject(row: repo.AdminProjectRow): AdminProject {
  return {
    id: row.id,
    title: row.title,
    borrower_id: row.borrower_id,
    borrower_name: row.borrower_name,
    borrower_email: row.borrower_email,
    loan_amount: Number(row.loan_amount),
    payment_status: row.payment_status,
    payment_intent_id: row.stripe_payment_intent_id,
    visible: row.visible,
    submission_status: row.submission_status,
    status_label: adminListingLabel(row),
    funded_at: row.funded_at ? iso(row.funded_at) : null,
    property_type: row.property_type,
    suburb: row.suburb,
    development_stage: row.development_stage,
    project_size_sqm: row.project_size_sqm === null ? null : Number(row.project_size_sqm),
    documents_complete: row.documents_complete,
    last_rejection_reason: row.last_rejection_reason,
    created_at: iso(row.created_at),
  };
}

export async function listProjects(
  db: Db,
  query: z.output<typeof adminProjectsQuery>,
): Promise<z.infer<typeof adminProjectsResponse>> {
  const { rows, total, pendingReview } = await repo.listAdminProjects(db, query);
  return {
    items: rows.map(toAdminProject),
    page: query.page,
    limit: query.limit,
    total,
    pending_review_count: pendingReview,
  };
}

export async function getStats(db: Db): Promise<z.infer<typeof adminStatsResponse>> {
  const stats = await repo.adminStats(db);
  return {
    total_users: stats.users,
    total_projects: stats.projects,
    active_projects: stats.activeProjects,
    // Payments are kept in cents; the Overview card shows whole dollars.
    total_revenue: Math.round(stats.revenueCents / 100),
  };
}

export async function getOverrideHistory(
  db: Db,
  options: { limit: number },
): Promise<z.infer<typeof overrideHistoryResponse>> {
  const rows = await repo.listOverrideHistory(db, options.limit);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      created_at: iso(row.created_at),
      admin_name: row.actor_name,
      action_type: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      target_name: row.target_name,
      is_target_deleted: Boolean(row.is_target_deleted),
      reason: row.reason,
    })),
  };
}

// --- What the developer is told (in-app notification and, through the outbox, e-mail) ---

interface ProjectRef {
  id: string;
  title: string;
  borrower_id: string;
}

const projectLink = (deps: AdminDeps, project: ProjectRef) =>
  new URL(`/project/${project.id}`, deps.config.BASE_URL).toString();

async function notifyPublished(trx: Db, deps: AdminDeps, project: ProjectRef) {
  // On the market: funders whose criteria it meets are alerted, by a job that exists only if this commits.
  await queueListingAlerts(trx, deps.jobs, project.id);
  await notify(trx, {
    userId: project.borrower_id,
    type: 'project_published',
    relatedId: project.id,
    message: `Your project "${project.title}" has been approved and is now live on the marketplace.`,
    email: projectLive({ title: project.title, url: projectLink(deps, project) }),
  });
}

const nextSteps: Record<RejectionPaymentState, string> = {
  returned_to_draft:
    'The listing fee was not received, so the project has been returned to your drafts. Make any changes needed and publish it again when you are ready.',
  paid_but_rejected:
    'Your listing fee has been received. Edit the project to address the reason above and resubmit it for review; you will not be charged again.',
};

async function notifyRejected(
  trx: Db,
  deps: AdminDeps,
  project: ProjectRef,
  options: { reason: string; paymentState: RejectionPaymentState },
) {
  const { reason, paymentState } = options;
  await notify(trx, {
    userId: project.borrower_id,
    type: 'project_rejected',
    relatedId: project.id,
    message: `Your project "${project.title}" was not approved. Reason: ${reason}`,
    email: projectRejected({
      title: project.title,
      reason,
      paymentState: rejectionPaymentStateLabel(paymentState),
      nextSteps: nextSteps[paymentState],
      url: projectLink(deps, project),
    }),
  });
}

/** Changes an admin made without a dedicated notification type: in-app only. */
async function notifySystem(trx: Db, project: ProjectRef, message: string, relatedId: string | null) {
  await notify(trx, { userId: project.borrower_id, type: 'system', relatedId, message });
}

// --- Actions on a project: one transaction each (state, audit entry, notifications) ---

async function requireProject(db: Db, projectId: string) {
  const row = await repo.findAdminProject(db, projectId);
  if (!row) throw notFound('Project not found');
  return row;
}

/** Runs `change` in one transaction and answers with its message and the project as it now is. */
async function runProjectAction(
  deps: AdminDeps,
  projectId: string,
  change: (trx: Db) => Promise<string>,
): Promise<ActionResponse> {
  const message = await auditedTransaction(deps.db, change);
  return { message, project: toAdminProject(await requireProject(deps.db, projectId)) };
}

interface ActionOptions {
  viewer: Viewer;
  projectId: string;
}

type Transition = Parameters<typeof transitionListing>[1];

/** An admin's listing event: the domain machine decides; 404 unknown, 409 wrong state. */
const adminTransition = (
  trx: Db,
  options: ActionOptions & Pick<Transition, 'event' | 'action' | 'reason' | 'extra'>,
) =>
  transitionListing(trx, {
    projectId: options.projectId,
    event: options.event,
    actor: actorOf(options.viewer),
    actorRole: 'admin',
    action: options.action,
    reason: options.reason,
    extra: options.extra,
  });

/** A listing the machine lets an admin re-approve (paid, hidden, rejected). */
const isRejectedListing = (s: ListingState) => applyListingEvent(s, { type: 'reapprove' }, 'admin').ok;

const rejectionFields = (reason: string) => ({ last_rejection_reason: reason, rejection_date: new Date() });

/**
 * Approve & Publish (payment_pending → published). The spec's Re-approve row action for a paid,
 * rejected project is sent by the web app as update-project-status 'published'; approve-project on
 * such a project is accepted too and applied as the machine's 'reapprove' event, so either call
 * publishes it with the same checks. Any other state is refused by the 'approve' rule (409).
 */
export function approveProject(deps: AdminDeps, options: ActionOptions & { reason: string | null }) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const current = await lockProject(trx, options.projectId);
    if (!current) throw notFound('Project not found');
    const isReapproval = isRejectedListing(current);
    const { project } = await adminTransition(trx, {
      ...options,
      event: { type: isReapproval ? 'reapprove' : 'approve' },
      action: isReapproval ? 'project.reapproved' : 'project.approved',
    });
    await notifyPublished(trx, deps, project);
    return isReapproval ? adminActionMessages.reapproved : adminActionMessages.approved;
  });
}

/**
 * Deny with a reason: a paid project becomes rejected (hidden, editable, resubmittable); with
 * 'payment not received' it returns to an unpaid draft, and the payment row that claimed otherwise
 * is marked failed so revenue does not count it.
 */
export function denyProject(
  deps: AdminDeps,
  options: ActionOptions & { reason: string; paymentNotReceived: boolean },
) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const { project, after } = await adminTransition(trx, {
      ...options,
      event: { type: 'deny', paymentNotReceived: options.paymentNotReceived },
      action: 'project.denied',
      reason: options.reason,
      extra: rejectionFields(options.reason),
    });
    if (options.paymentNotReceived) {
      await repo.markLatestPaymentFailed(
        trx,
        { projectId: project.id },
        'Payment not received (denied by an admin)',
      );
    }
    await notifyRejected(trx, deps, project, {
      reason: options.reason,
      paymentState: rejectionPaymentState(after.payment_status),
    });
    return options.paymentNotReceived
      ? adminActionMessages.deniedPaymentNotReceived
      : adminActionMessages.denied;
  });
}

/** Mark Payment as Failed: the project under review returns to draft and its payment is marked failed. */
export function markPaymentFailed(deps: AdminDeps, options: ActionOptions) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const { project } = await adminTransition(trx, {
      ...options,
      event: { type: 'payment_failed' },
      action: 'project.payment_failed',
    });
    await repo.markLatestPaymentFailed(trx, { projectId: project.id }, 'Marked as failed by an admin');
    await notify(trx, {
      userId: project.borrower_id,
      type: 'system',
      relatedId: project.id,
      message: `The payment for your project "${project.title}" could not be confirmed, so it has been returned to your drafts. You can publish it again from My Projects.`,
      email: listingPaymentFailed({ title: project.title, url: projectLink(deps, project) }),
    });
    return adminActionMessages.paymentFailed;
  });
}

/**
 * Force publish an unpaid project, skipping payment verification. The client's
 * stripePaymentVerified flag is not trusted for anything: the reason is what the audit keeps.
 */
export function forcePublishProject(deps: AdminDeps, options: ActionOptions & { reason: string }) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const { project } = await adminTransition(trx, {
      ...options,
      event: { type: 'force_publish' },
      action: 'project.force_published',
      reason: options.reason,
    });
    await notifyPublished(trx, deps, project);
    return adminActionMessages.forcePublished;
  });
}

export function revertToDraft(deps: AdminDeps, options: ActionOptions & { reason: string }) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const { project } = await adminTransition(trx, {
      ...options,
      event: { type: 'revert_to_draft' },
      action: 'project.reverted_to_draft',
      reason: options.reason,
    });
    await notifySystem(
      trx,
      project,
      `Your project "${project.title}" was returned to draft by the Plinth team. Reason: ${options.reason}`,
      project.id,
    );
    return adminActionMessages.revertedToDraft;
  });
}

export function rejectProject(deps: AdminDeps, options: ActionOptions & { reason: string }) {
  return runProjectAction(deps, options.projectId, async (trx) => {
    const { project, after } = await adminTransition(trx, {
      ...options,
      event: { type: 'reject' },
      action: 'project.rejected',
      reason: options.reason,
      extra: rejectionFields(options.reason),
    });
    await notifyRejected(trx, deps, project, {
      reason: options.reason,
      paymentState: rejectionPaymentState(after.payment_status),
    });
    return adminActionMessages.rejected;
  });
}

const statusNames: Record<AdminStatusChoice, string> = {
  draft: 'Draft',
  payment_pending: 'Under Review',
  paid_unpublished: 'Paid (not published)',
  published: 'Published',
  rejected: 'Rejected',
};

const sameListingState = (a: ListingState, b: ListingState) =>
  a.payment_status === b.payment_status &&
  a.visible === b.visible &&
  a.submission_status === b.submission_status &&
  a.payment_not_received === b.payment_not_received;

/** The Change Status dropdown (spec 001 section 4.1): any of the five states, with a reason. */
export function updateProjectStatus(
  deps: AdminDeps,
  options: ActionOptions & { status: AdminStatusChoice; reason: string },
) {
  const { status, reason } = options;
  return runProjectAction(deps, options.projectId, async (trx) => {
    const event: ListingEvent = { type: 'set_status', status };
    const { project, before, after } = await adminTransition(trx, {
      ...options,
      event,
      action: 'project.status_changed',
      reason,
      extra: status === 'rejected' ? rejectionFields(reason) : undefined,
    });
    // Setting the state a listing already has is audited but tells the developer nothing new.
    if (!sameListingState(before, after)) {
      if (status === 'published') await notifyPublished(trx, deps, project);
      else if (status === 'rejected')
        await notifyRejected(trx, deps, project, {
          reason,
          paymentState: rejectionPaymentState(after.payment_status),
        });
      else
        await notifySystem(
          trx,
          project,
          `The status of your project "${project.title}" was changed to ${statusNames[status]} by the Plinth team. Reason: ${reason}`,
          project.id,
        );
    }
    return adminActionMessages.statusUpdated;
  });
}

/**
 * Deletes a project and everything that hangs off it. The audit entry keeps the whole row and the
 * list of its document files (removing those files from storage is the documents module's job).
 */
export async function deleteProject(
  deps: AdminDeps & Pick<DocumentsContext, 'storage' | 'log'>,
  options: ActionOptions & { reason: string },
): Promise<ActionResponse> {
  const { project, fileKeys } = await auditedTransaction(deps.db, async (trx) => {
    if (!(await lockProject(trx, options.projectId))) throw notFound('Project not found');
    const shown = await repo.findAdminProject(trx, options.projectId);
    const snapshot = await repo.projectSnapshot(trx, options.projectId);
    if (!shown || !snapshot) throw notFound('Project not found');
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'project.deleted',
      targetType: 'project',
      targetId: options.projectId,
      reason: options.reason,
      before: snapshot,
      after: null,
    });
    await notifySystem(
      trx,
      shown,
      `Your project "${shown.title}" was removed by the Plinth team. Reason: ${options.reason}`,
      null,
    );
    // The rows cascade with the project; their files go once the deletion has committed.
    const keys = await documentKeysOf(trx, options.projectId);
    await repo.deleteProject(trx, options.projectId);
    return { project: shown, fileKeys: keys };
  });
  await afterCommit(() => removeDocumentFiles(deps, fileKeys));
  return { message: adminActionMessages.deleted, project: toAdminProject(project) };
}

/** Check payment: what the provider says about the project's latest listing payment; changes nothing. */
export async function checkPayment(deps: AdminDeps, options: { projectId: string }) {
  await requireProject(deps.db, options.projectId);
  return checkProjectPayment(deps, options.projectId);
}

/**
 * Sync payment: applies the provider's real state of the project's latest listing payment, through
 * the payments service (a succeeded payment moves an unpaid project under review, audited with the
 * admin as actor).
 */
export async function syncPayment(deps: AdminDeps, options: ActionOptions) {
  await requireProject(deps.db, options.projectId);
  return syncProjectPayment(deps, {
    projectId: options.projectId,
    admin: { id: options.viewer.id, name: options.viewer.name },
  });
}

/**
 * Confirm payment: the admin names the provider's payment for this project (the webhook was missed,
 * say). The payments service asks the provider and applies it only if the provider reports it
 * succeeded for this project's listing: payment completed, project under review, audited with the
 * admin's reason. Anything that changes no project (unknown or unfinished payment, another
 * project's, a project not awaiting payment) answers 409 with the service's explanation.
 */
export async function confirmPayment(
  deps: AdminDeps,
  options: ActionOptions & { paymentIntentId: string; reason: string },
): Promise<ActionResponse> {
  await requireProject(deps.db, options.projectId);
  const sync = await syncProjectPayment(deps, {
    projectId: options.projectId,
    admin: { id: options.viewer.id, name: options.viewer.name },
    paymentIntentId: options.paymentIntentId,
    reason: options.reason,
  });
  if (!sync.projectUpdated) throw conflict(sync.message);
  return { message: sync.message, project: toAdminProject(await requireProject(deps.db, options.projectId)) };
}
