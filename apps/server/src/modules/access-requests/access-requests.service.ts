import {
  type AccessDecision,
  type AccessRequest,
  accessDecisions,
  accessMessages,
  type accessRequestsQuery,
  canDecideAccess,
  type createAccessRequestBody,
  developerIdFor,
  developerNameFor,
} from '@plinth/domain/access';
import { accessUntilIssue } from '@plinth/domain/access-dates';
import { accessEndsAt, formatAccessLastDay, revocationMessages } from '@plinth/domain/access-revocation';
import { hasGrantedAccess } from '@plinth/domain/marketplace';
import type { UndertakingSignature } from '@plinth/domain/undertaking';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { accessDeclined, accessGranted, accessRequested } from '../../emails/templates/access';
import { conflict, notFound, validationFailed } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { type ConversationSummary, summariseConversations } from '../messages/messages.service';
import { notify } from '../notifications/notifications.service';
import { assertFunderMayUseMarketplace } from '../projects/marketplace.service';
import { findMarketplaceListing } from '../projects/projects.service';
import { signaturesOf } from '../undertaking/undertaking.repository';
import { type SigningClient, signUndertaking, toSignature } from '../undertaking/undertaking.service';
import * as repo from './access-requests.repository';

/** What the access-request services need: the database and the public address for e-mail links. */
export type AccessRequestsDeps = Pick<AppDeps, 'db' | 'config'>;

const iso = (d: Date | string) => new Date(d).toISOString();
const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
const requestNotFound = () => notFound(accessMessages.notFound);
const { cannotRequestAgain } = revocationMessages;
const link = (deps: AccessRequestsDeps, path: string) => new URL(path, deps.config.BASE_URL).toString();

/** How a project is named to a funder who has not (or no longer) been granted its whole file. */
const previewName = (project: { property_type: string; suburb: string }) =>
  `the ${project.property_type.toLowerCase()} project in ${project.suburb}`;

const noConversation: ConversationSummary = { last_message: null, last_message_time: null, unread_count: 0 };

/**
 * A request as `viewer` may see it. A funder without granted access learns neither the project's
 * title nor the developer's name (the preview fields only); admins only read conversations, so
 * nothing in them is unread for an admin.
 */
function toAccessRequest(
  row: repo.AccessRequestRow,
  viewer: Viewer,
  conversation: ConversationSummary = noConversation,
  signature: UndertakingSignature | null = null,
): AccessRequest {
  const isFunder = row.funder_id === viewer.id;
  return {
    ...row,
    project_title: isFunder && !hasGrantedAccess(row.status) ? null : row.project_title,
    borrower_id: developerIdFor(row.borrower_id, { viewerIsFunder: isFunder, status: row.status }),
    borrower_name: developerNameFor(row.borrower_name, { viewerIsFunder: isFunder, status: row.status }),
    loan_amount: Number(row.loan_amount),
    requested_at: iso(row.requested_at),
    approved_at: row.approved_at ? iso(row.approved_at) : null,
    access_until: row.access_until ? iso(row.access_until) : null,
    revoked_at: row.revoked_at ? iso(row.revoked_at) : null,
    ...conversation,
    unread_count: viewer.role === 'admin' ? 0 : conversation.unread_count,
    undertaking: signature,
  };
}

/**
 * The end of the developer's 'Access until' day, given only when approving and only a real day from
 * today (Sydney) to three years ahead (accessUntilIssue; 400 naming the field before anything is read
 * or written). No day (absent or null) is access without an end.
 */
function accessUntilFor(decision: AccessDecision, day: string | null | undefined): Date | null {
  if (day === undefined || day === null) return null;
  const message =
    decision === 'approve' ? accessUntilIssue(day) : revocationMessages.accessUntilOnlyOnApprove;
  if (message) throw validationFailed([{ field: 'access_until', message }]);
  return accessEndsAt(day);
}

export async function viewOf(db: Db, viewer: Viewer, id: string): Promise<AccessRequest> {
  const row = await repo.findAccessRequest(db, id);
  if (!row) throw requestNotFound();
  const summaries = await summariseConversations(db, { viewerId: viewer.id, accessRequestIds: [id] });
  const signature = (await signaturesOf(db, [id])).get(id);
  return toAccessRequest(row, viewer, summaries.get(id), signature ? toSignature(signature) : null);
}

/**
 * POST /access-requests: a funder with marketplace access asks for a listing's whole file, with an
 * optional introduction. One open request per funder and project (409 for a second). The request,
 * its audit entry, the developer's notification and e-mail commit together.
 */
export async function createAccessRequest(
  deps: AccessRequestsDeps,
  options: { viewer: Viewer; body: z.output<typeof createAccessRequestBody>; client: SigningClient },
): Promise<AccessRequest> {
  const { db } = deps;
  const { viewer, body } = options;
  await assertFunderMayUseMarketplace(db, viewer);
  const project = await findMarketplaceListing(db, body.project_id);
  if (!project) throw notFound('Project not found');
  const companyName = await repo.findCompanyName(db, viewer.id);
  const funderName = companyName ? `${viewer.name} (${companyName})` : viewer.name;

  const id = await auditedTransaction(db, async (trx) => {
    const open = await repo.findOpenRequest(trx, viewer.id, project.id);
    // A revoked request keeps its slot: access taken back is not asked for again (decision 035).
    if (open)
      throw conflict(open.status === 'revoked' ? cannotRequestAgain : accessMessages.alreadyRequested);
    const requestId = await repo.insertAccessRequest(trx, {
      funderId: viewer.id,
      projectId: project.id,
      initialMessage: body.initial_message,
    });
    // Another request of this funder for this project committed in between.
    if (!requestId) throw conflict(accessMessages.alreadyRequested);
    // The confidentiality undertaking is signed with the request, or neither is stored (decision 033).
    const undertaking = await signUndertaking(trx, {
      accessRequestId: requestId,
      funderId: viewer.id,
      companyName,
      input: body.undertaking,
      client: options.client,
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'access_request.created',
      targetType: 'access_request',
      targetId: requestId,
      after: { status: 'pending', project_id: project.id, funder_id: viewer.id, undertaking },
    });
    // E-mail type access_request_received (spec 000 section 7): project_title and funder_name.
    await notify(trx, {
      userId: project.borrower_id,
      type: 'access_request',
      relatedId: requestId,
      message: `${funderName} requested access to "${project.title}"`,
      email: accessRequested({
        funderName,
        title: project.title,
        introduction: body.initial_message,
        url: link(deps, '/access-requests'),
      }),
    });
    await publishLiveEvent(trx, [viewer.id, project.borrower_id], {
      type: 'access_request',
      access_request_id: requestId,
      status: 'pending',
    });
    return requestId;
  });
  return viewOf(db, viewer, id);
}

/**
 * PUT /access-requests/{id}/approve and /decline: the owning developer decides a pending request
 * (409 for any other status; someone else's request is 404). The new status, the audit entry and
 * the funder's notification and e-mail commit together.
 */
export async function decideAccessRequest(
  deps: AccessRequestsDeps,
  options: { viewer: Viewer; accessRequestId: string; decision: AccessDecision; accessUntil?: string | null },
): Promise<AccessRequest> {
  const { db } = deps;
  const { viewer, accessRequestId, decision } = options;
  const next = accessDecisions[decision];
  const accessUntil = accessUntilFor(decision, options.accessUntil);
  await auditedTransaction(db, async (trx) => {
    const request = await repo.lockAccessRequest(trx, accessRequestId);
    if (!request || request.borrower_id !== viewer.id) throw requestNotFound();
    if (!canDecideAccess(request.status)) throw conflict(accessMessages.onlyPending);
    await repo.setAccessStatus(trx, request.id, next, accessUntil);
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: `access_request.${next}`,
      targetType: 'access_request',
      targetId: request.id,
      before: { status: request.status },
      after: {
        status: next,
        project_id: request.project_id,
        funder_id: request.funder_id,
        ...(accessUntil ? { access_until: accessUntil.toISOString() } : {}),
      },
    });
    await notify(
      trx,
      next === 'approved'
        ? {
            userId: request.funder_id,
            type: 'access_granted',
            relatedId: request.project_id,
            // Issue 37 item 2: the funder reads when their access ends, if it does.
            message: accessUntil
              ? `Your access request for "${request.title}" was approved: access until ${formatAccessLastDay(accessUntil)}`
              : `Your access request for "${request.title}" was approved`,
            email: accessGranted({
              approver: viewer.name,
              title: request.title,
              lastDay: accessUntil ? formatAccessLastDay(accessUntil) : null,
              url: link(deps, `/project/${request.project_id}`),
            }),
          }
        : {
            userId: request.funder_id,
            type: 'access_declined',
            relatedId: request.project_id,
            message: `Your access request for ${previewName(request)} was declined`,
            email: accessDeclined({ projectName: previewName(request), url: link(deps, '/projects') }),
          },
    );
    await publishLiveEvent(trx, [request.funder_id, viewer.id], {
      type: 'access_request',
      access_request_id: request.id,
      status: next,
    });
  });
  return viewOf(db, viewer, accessRequestId);
}

/**
 * GET /access-requests: a funder's own requests, the requests on a developer's projects, or all of
 * them for an admin; newest first, with each conversation's last message and unread count.
 */
export async function listAccessRequests(
  db: Db,
  options: { viewer: Viewer; query: z.output<typeof accessRequestsQuery> },
): Promise<{ items: AccessRequest[]; total: number }> {
  const { viewer, query } = options;
  const scope: repo.AccessRequestScope =
    viewer.role === 'admin'
      ? 'all'
      : viewer.role === 'funder'
        ? { funderId: viewer.id }
        : { borrowerId: viewer.id };
  const [rows, total] = await Promise.all([
    repo.listAccessRequests(db, {
      scope,
      status: query.status,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    repo.countAccessRequests(db, { scope, status: query.status }),
  ]);
  const summaries = await summariseConversations(db, {
    viewerId: viewer.id,
    accessRequestIds: rows.map((r) => r.id),
  });
  const signatures = await signaturesOf(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((row) => {
    const signature = signatures.get(row.id);
    return toAccessRequest(row, viewer, summaries.get(row.id), signature ? toSignature(signature) : null);
  });
  return { items, total };
}

/** The funder dashboard's counts: open deals, access approved without a deal, pending requests. */
export async function countFunderActivity(db: Db, funderId: string) {
  const counts = await repo.funderCounts(db, funderId);
  return {
    active_deals: Number(counts.active_deals ?? 0),
    in_due_diligence: Number(counts.in_due_diligence ?? 0),
    pending_requests: Number(counts.pending_requests ?? 0),
  };
}
