import type { AuditAction } from '@plinth/domain/audit';
import { projectFigures } from '@plinth/domain/finance';
import {
  applyListingEvent,
  canEditListing,
  type ListingEvent,
  type ListingState,
  listingLabel,
} from '@plinth/domain/listing';
import { hasGrantedAccess, type ProjectDetailResponse } from '@plinth/domain/marketplace';
import type {
  MyProjectsResponse,
  myProjectsQuery,
  ProjectFields,
  ProjectResponse,
} from '@plinth/domain/projects';
import { projectIssues } from '@plinth/domain/projects';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { hasSharedContact } from '../contacts/contacts.service';
import { markAlertOpened } from '../listing-alerts/listing-alerts.repository';
import { findFunderRequest, findFunderRequestAndAlert } from './marketplace.repository';
import { assertFunderMayUseMarketplace } from './marketplace.service';
import { toProjectPreview } from './project-preview';
import { canReadWholeProject, isGrantedFunder, isOnMarketplace, isOwner } from './projects.policy';
import * as repo from './projects.repository';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toProjectResponse(row: repo.ProjectRow): ProjectResponse {
  // The response schema strips every column it does not name.
  return {
    ...row,
    document_count: Number(row.document_count ?? 0),
    deal_count: Number(row.deal_count ?? 0),
    status_label: listingLabel(row),
    rejection_date: iso(row.rejection_date),
    payment_date: iso(row.payment_date),
    published_at: iso(row.published_at),
    funded_at: iso(row.funded_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    ...projectFigures(row),
  };
}

export const listingStateOf = (row: ListingState): ListingState => ({
  payment_status: row.payment_status,
  visible: row.visible,
  submission_status: row.submission_status,
  payment_not_received: row.payment_not_received,
});

function checkFields(fields: ProjectFields) {
  const issues = projectIssues(fields);
  if (issues.length > 0) throw validationFailed(issues);
}

const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });

/** A project the viewer may read whole, or 404 (never revealing that someone else's exists). */
export async function getProject(
  db: Db,
  options: { viewer: Viewer; projectId: string },
): Promise<ProjectResponse> {
  const row = await repo.findProject(db, options.projectId);
  if (!row || !canReadWholeProject(options.viewer, row)) throw notFound('Project not found');
  return toProjectResponse(row);
}

/**
 * GET /projects/{id}: the whole file for its owner and admins; for a funder, a listing on the
 * marketplace (else 404), behind the marketplace gate, whole once the developer granted access and
 * as the preview fields until then. Everything else answers 404.
 */
export async function getProjectDetail(
  db: Db,
  options: { viewer: Viewer; projectId: string },
): Promise<ProjectDetailResponse> {
  const { viewer } = options;
  // A funder's own request and unopened alert are read with the project, in one statement.
  const forFunder =
    viewer.role === 'funder' ? await repo.findProjectForFunder(db, options.projectId, viewer.id) : undefined;
  const row = viewer.role === 'funder' ? forFunder?.project : await repo.findProject(db, options.projectId);
  if (!row) throw notFound('Project not found');
  if (canReadWholeProject(viewer, row)) {
    return {
      ...toProjectResponse(row),
      view: 'full',
      access_status: null,
      access_request_id: null,
      access_until: null,
    };
  }
  if (viewer.role !== 'funder' || !isOnMarketplace(row)) throw notFound('Project not found');
  await assertFunderMayUseMarketplace(db, viewer);
  const { request, unopenedAlert } =
    forFunder?.funder ?? (await findFunderRequestAndAlert(db, viewer.id, row.id));
  // Access taken back (revoked or lapsed): neither the file nor its preview, as if it did not exist.
  if (request?.status === 'revoked') throw notFound('Project not found');
  // A funder alerted about this listing has now opened it (what its developer is told: issue 22);
  // without an unopened alert there is nothing to write.
  if (unopenedAlert) await markAlertOpened(db, viewer.id, row.id);
  const access = { access_status: request?.status ?? null, access_request_id: request?.id ?? null };
  if (hasGrantedAccess(request?.status)) {
    return {
      ...toProjectResponse(row),
      // The developer's e-mail only once they shared their contact with this funder (decision 042).
      borrower_email: (await hasSharedContact(db, row.borrower_id, viewer.id)) ? row.borrower_email : null,
      // Between the developer and the platform: the payment reference and any earlier rejection.
      stripe_payment_intent_id: null,
      last_rejection_reason: null,
      rejection_date: null,
      view: 'full',
      ...access,
      access_until: await findAccessUntil(db, request!.id),
    };
  }
  // A funded listing has left the market: only those already granted still read it.
  if (row.funded_at) throw notFound('Project not found');
  return { ...toProjectPreview(row, request), view: 'preview' };
}

/** A granted request's end of access (issue 37 item 2), as an ISO instant, or null. */
async function findAccessUntil(db: Db, accessRequestId: string): Promise<string | null> {
  const row = await db
    .selectFrom('access_request')
    .select('access_until')
    .where('id', '=', accessRequestId)
    .executeTakeFirst();
  return row?.access_until ? new Date(row.access_until).toISOString() : null;
}

/**
 * Lets through whoever may read a project's whole file, documents included: its owner, admins, and
 * a funder whose access the developer granted to a listing still on the marketplace. Such a funder
 * who no longer passes the marketplace gate gets its 403; everyone else gets `notFound()`, never a
 * hint that the file exists.
 */
export async function assertCanReadProjectFile(
  db: Db,
  options: {
    viewer: Viewer;
    project: { id: string; borrower_id: string; payment_status: string; visible: boolean };
    notFound: () => AppError;
  },
): Promise<void> {
  const { viewer, project } = options;
  if (canReadWholeProject(viewer, project)) return;
  if (viewer.role === 'funder' && isOnMarketplace(project)) {
    const request = await findFunderRequest(db, viewer.id, project.id);
    if (isGrantedFunder(project, request)) {
      await assertFunderMayUseMarketplace(db, viewer);
      return;
    }
  }
  throw options.notFound();
}

/**
 * A listing on the marketplace (paid, visible and not yet funded), as other modules need it;
 * undefined otherwise.
 */
export async function findMarketplaceListing(db: Db, projectId: string) {
  const row = await repo.findListing(db, projectId);
  return row && isOnMarketplace(row) && !row.funded_at ? row : undefined;
}

export async function createProject(db: Db, options: { viewer: Viewer; fields: ProjectFields }) {
  checkFields(options.fields);
  const id = await auditedTransaction(db, async (trx) => {
    const projectId = await repo.insertProject(trx, options.viewer.id, options.fields);
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'project.created',
      targetType: 'project',
      targetId: projectId,
      after: { payment_status: 'unpaid', visible: false },
    });
    return projectId;
  });
  return getProject(db, { viewer: options.viewer, projectId: id });
}

/** Only the owner edits, and only an unpaid draft or a rejected (paid, hidden) listing. */
export async function updateProject(
  db: Db,
  options: { viewer: Viewer; projectId: string; fields: ProjectFields },
) {
  const { viewer, projectId, fields } = options;
  await auditedTransaction(db, async (trx) => {
    const project = await repo.lockProject(trx, projectId);
    if (!project) throw notFound('Project not found');
    if (!isOwner(viewer, project)) {
      if (viewer.role === 'admin') throw forbidden('Only the developer who owns a project can edit it');
      throw notFound('Project not found');
    }
    if (!canEditListing(project))
      throw conflict('A project can be edited only while it is a draft or after rejection');
    checkFields(fields);
    await repo.updateProjectFields(trx, projectId, fields);
  });
  return getProject(db, { viewer, projectId });
}

/**
 * Applies a listing event inside the caller's transaction: locks the row, asks the domain state
 * machine, writes the new state and the audit entry. Used by resubmission, payments and admin review.
 */
export async function transitionListing(
  trx: Db,
  options: {
    projectId: string;
    event: ListingEvent;
    actor: AuditActor;
    actorRole: Parameters<typeof applyListingEvent>[2];
    action: AuditAction;
    reason?: string | null;
    extra?: Partial<{
      last_rejection_reason: string | null;
      rejection_date: Date | null;
      stripe_payment_intent_id: string | null;
      payment_date: Date | null;
    }>;
  },
) {
  const project = await repo.lockProject(trx, options.projectId);
  if (!project) throw notFound('Project not found');
  const before = listingStateOf(project);
  const result = applyListingEvent(before, options.event, options.actorRole);
  if (!result.ok) {
    throw result.reason === 'role' ? forbidden(result.message) : new AppError('CONFLICT', result.message);
  }
  await trx
    .updateTable('project')
    .set({
      ...result.next,
      ...options.extra,
      // Becoming visible is publication: the Timeline's 'Published to funders' date.
      ...(result.next.visible && !before.visible ? { published_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', project.id)
    .execute();
  await recordAudit(trx, {
    actor: options.actor,
    action: options.action,
    targetType: 'project',
    targetId: project.id,
    reason: options.reason ?? null,
    before,
    after: result.next,
  });
  return { project, before, after: result.next };
}

/** A rejected listing goes back under review once the developer has edited it. */
export async function resubmitProject(db: Db, options: { viewer: Viewer; projectId: string }) {
  const { viewer, projectId } = options;
  await auditedTransaction(db, async (trx) => {
    const project = await repo.lockProject(trx, projectId);
    if (!project || !isOwner(viewer, project)) throw notFound('Project not found');
    await transitionListing(trx, {
      projectId,
      event: { type: 'resubmit' },
      actor: actorOf(viewer),
      actorRole: 'borrower',
      action: 'project.resubmitted',
    });
  });
  return getProject(db, { viewer, projectId });
}

/** The developer's own projects: tab, sort and page, with tab counts and the dashboard stats. */
export async function listMyProjects(
  db: Db,
  options: { viewer: Viewer; query: z.output<typeof myProjectsQuery> },
): Promise<MyProjectsResponse> {
  const { viewer, query } = options;
  let list = repo.selectProjects(db).where('project.borrower_id', '=', viewer.id);
  if (query.tab === 'published') list = list.where('project.payment_status', '=', 'paid');
  if (query.tab === 'drafts') list = list.where('project.payment_status', '=', 'unpaid');
  list =
    query.sort === 'loan_amount'
      ? list.orderBy('project.loan_amount', 'desc').orderBy('project.created_at', 'desc')
      : query.sort === 'title'
        ? list.orderBy(sql`lower(project.title)`).orderBy('project.created_at', 'desc')
        : list.orderBy('project.created_at', 'desc');
  const [rows, summary] = await Promise.all([
    list
      .orderBy('project.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom('project')
      .where('borrower_id', '=', viewer.id)
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.count<number>('id').filterWhere('payment_status', '=', 'paid').as('published'),
        eb.fn.count<number>('id').filterWhere('payment_status', '=', 'unpaid').as('drafts'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>('loan_amount').filterWhere('payment_status', '=', 'paid'),
            sql<number>`0`,
          )
          .as('funding'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const counts = {
    all: Number(summary.all),
    published: Number(summary.published),
    drafts: Number(summary.drafts),
  };
  return {
    items: rows.map(toProjectResponse),
    page: query.page,
    limit: query.limit,
    total: query.tab === 'all' ? counts.all : counts[query.tab],
    counts,
    stats: {
      active_projects: counts.published,
      total_funding_sought: Number(summary.funding),
      drafts: counts.drafts,
    },
  };
}
