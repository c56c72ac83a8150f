import { accessMessages } from '@plinth/domain/access';
import {
  type createDealBody,
  type Deal,
  dealAccessTransitions,
  dealMessages,
  type dealNotificationBody,
  dealRoomPath,
  type ProjectDealSummary,
} from '@plinth/domain/deals';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { dealEngagement, dealNote } from '../../emails/templates/deals';
import { conflict, forbidden, notFound } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { assertFunderMayUseMarketplace } from '../projects/marketplace.service';
import { isOnMarketplace } from '../projects/projects.policy';
import { dealForParty, dealForReader, otherPartyOf } from './deal-access';
import * as repo from './deals.repository';

/** What the deal services need: the database and the public address for e-mail links. */
export type DealsDeps = Pick<AppDeps, 'db' | 'config'>;

const iso = (d: Date | string) => new Date(d).toISOString();
export const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
export const roomLink = (deps: DealsDeps, deal: { id: string; project_id: string }) =>
  new URL(dealRoomPath(deal), deps.config.BASE_URL).toString();
/** A person as the other party reads them: 'Jane Smith (Harbour Capital)'. */
export const nameWithCompany = (person: { name: string; company_name: string | null } | undefined) =>
  person
    ? person.company_name
      ? `${person.name} (${person.company_name})`
      : person.name
    : 'The other party';

export function toDeal(row: repo.DealViewRow): Deal {
  // Spelled out: the response schema would strip extras anyway, but the project's own fields are
  // named here so that nothing beyond the room's figures is read into it.
  return {
    id: row.id,
    project_id: row.project_id,
    access_request_id: row.access_request_id,
    status: row.status,
    proposal_status: row.proposal_status ?? null,
    access_status: row.access_status,
    borrower_id: row.borrower_id,
    borrower_name: row.borrower_name,
    borrower_email: row.borrower_email,
    funder_id: row.funder_id,
    funder_name: row.funder_name,
    funder_email: row.funder_email,
    funder_company: row.funder_company,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
    access_revoked: accessRevokedOf(row),
    access_until: row.access_until ? iso(row.access_until) : null,
    contact_shared: { borrower: !!row.borrower_shared_contact, funder: !!row.funder_shared_contact },
    project: {
      title: row.title,
      suburb: row.suburb,
      state: row.state,
      property_type: row.property_type,
      development_stage: row.development_stage,
      loan_amount: row.loan_amount,
      interest_rate: row.interest_rate,
      loan_term: row.loan_term,
      total_project_cost: row.total_project_cost,
      construction_cost: row.construction_cost,
      equity_contribution: row.equity_contribution,
      land_value: row.land_value,
      expected_gdc: row.expected_gdc,
      expected_profit: row.expected_profit,
      funded_at: row.funded_at ? iso(row.funded_at) : null,
    },
  };
}

/** A revoked (or lapsed) access request as the room shows it; revoked_by null means it lapsed. */
function accessRevokedOf(row: repo.DealViewRow): Deal['access_revoked'] {
  if (row.access_status !== 'revoked' || !row.revoked_at) return null;
  // The expiry job revokes with no one's id, at or after the end of the access period.
  const lapsed =
    row.revoked_by === null &&
    row.access_until !== null &&
    new Date(row.revoked_at).getTime() >= new Date(row.access_until).getTime();
  return {
    revoked_at: iso(row.revoked_at),
    reason: row.revoke_reason ?? '',
    by_admin: !lapsed && row.revoked_by !== null && row.revoked_by !== row.borrower_id,
    lapsed,
  };
}

export async function readDeal(db: Db, dealId: string): Promise<Deal> {
  const row = await repo.findDealView(db, dealId);
  if (!row) throw notFound(dealMessages.notFound);
  return toDeal(row);
}

/**
 * GET /deals/{id}: the deal for its developer, its funder and admins; anyone else is told it does
 * not exist (404), as for an id that does not.
 */
export async function getDeal(db: Db, options: { viewer: Viewer; dealId: string }): Promise<Deal> {
  await dealForReader(db, options.viewer, options.dealId);
  return dealAsSeenBy(await readDeal(db, options.dealId), options.viewer);
}

/**
 * A deal as one of its readers sees it: the developer's e-mail reaches the funder only once the
 * developer shared their contact (decision 042); the developer and admins see both e-mails.
 */
export function dealAsSeenBy(deal: Deal, viewer: Viewer): Deal {
  const isFunder = viewer.id === deal.funder_id && viewer.role !== 'admin';
  return isFunder && !deal.contact_shared.borrower ? { ...deal, borrower_email: null } : deal;
}

/**
 * POST /deals (Engage): the funder whose access request the developer approved opens the deal
 * room. One deal per access request: a second call, also one racing the first, answers the same
 * deal with `created: false`. Opening moves the request approved → due_diligence; the deal, the
 * new status, their audit entries and the developer's notification and e-mail commit together.
 */
export async function createDeal(
  deps: DealsDeps,
  options: { viewer: Viewer; body: z.output<typeof createDealBody> },
): Promise<{ deal_id: string; created: boolean }> {
  const { db } = deps;
  const { viewer, body } = options;
  await assertFunderMayUseMarketplace(db, viewer);
  const requestNotFound = () => notFound(accessMessages.notFound);
  const existing = await repo.findDealIdByAccessRequest(db, body.access_request_id);
  const funderName = nameWithCompany(await repo.findPartyNames(db, viewer.id));

  return auditedTransaction(db, async (trx) => {
    const request = await repo.lockAccessRequestForEngage(trx, body.access_request_id);
    // Someone else's request, or one for another project, is not the caller's to know about.
    if (!request || request.funder_id !== viewer.id || request.project_id !== body.project_id)
      throw requestNotFound();
    // Access taken back: the request and its room are gone as far as this funder knows.
    if (request.status === 'revoked') throw requestNotFound();
    // The lock waits for a concurrent Engage to commit: its deal is then found here.
    const dealId = existing ?? (await repo.findDealIdByAccessRequest(trx, request.id));
    if (dealId) return { deal_id: dealId, created: false };
    const { engage } = dealAccessTransitions;
    if (request.status !== engage.from) throw forbidden(dealMessages.accessNotApproved);
    if (!isOnMarketplace(request) || request.funded_at) throw conflictNotLive();

    const inserted = await repo.insertDeal(trx, {
      projectId: request.project_id,
      accessRequestId: request.id,
      borrowerId: request.borrower_id,
      funderId: viewer.id,
    });
    // Unreachable while the request is locked; kept so a race can never answer two deals.
    if (!inserted) {
      const raced = await repo.findDealIdByAccessRequest(trx, request.id);
      if (raced) return { deal_id: raced, created: false };
      throw conflictNotLive();
    }
    await repo.setAccessStatus(trx, request.id, engage.to);
    const actor = actorOf(viewer);
    await recordAudit(trx, {
      actor,
      action: 'deal.created',
      targetType: 'deal',
      targetId: inserted,
      after: {
        status: 'open',
        project_id: request.project_id,
        access_request_id: request.id,
        borrower_id: request.borrower_id,
        funder_id: viewer.id,
      },
    });
    await recordAudit(trx, {
      actor,
      action: 'access_request.due_diligence',
      targetType: 'access_request',
      targetId: request.id,
      before: { status: engage.from },
      after: { status: engage.to, deal_id: inserted },
    });
    const room = { id: inserted, project_id: request.project_id };
    await notify(trx, {
      userId: request.borrower_id,
      type: 'deal_engagement',
      relatedId: inserted,
      message: `${funderName} opened a deal room for "${request.title}"`,
      email: dealEngagement({ funderName, title: request.title, url: roomLink(deps, room) }),
    });
    await publishLiveEvent(trx, [viewer.id, request.borrower_id], {
      type: 'access_request',
      access_request_id: request.id,
      status: engage.to,
    });
    return { deal_id: inserted, created: true };
  });
}

const conflictNotLive = () => conflict(dealMessages.projectNotLive);

/**
 * GET /projects/{id}/deals: every deal on a project, oldest first, for its developer and admins
 * (the selector modal, the project page); anyone else is told the project does not exist.
 */
export async function listProjectDeals(
  db: Db,
  options: { viewer: Viewer; projectId: string },
): Promise<{ items: ProjectDealSummary[] }> {
  const { viewer, projectId } = options;
  const project = await repo.findProjectOwner(db, projectId);
  if (!project || (viewer.role !== 'admin' && project.borrower_id !== viewer.id))
    throw notFound('Project not found');
  const rows = await repo.listProjectDeals(db, projectId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      funder_id: row.funder_id,
      funder_name: row.funder_name,
      funder_email: row.funder_email,
      funder_company: row.funder_company,
      status: row.status,
      proposal_status: row.proposal_status ?? null,
      created_at: iso(row.created_at),
    })),
  };
}

/**
 * POST /deals/{id}/notifications: a party nudges the other (an in-app notification, and an e-mail
 * when the other party has deal e-mails on). Only the parties of an open deal.
 */
export async function sendDealNotification(
  deps: DealsDeps,
  options: { viewer: Viewer; dealId: string; body: z.output<typeof dealNotificationBody> },
): Promise<{ sent: true }> {
  const { db } = deps;
  const { viewer, body } = options;
  const deal = await dealForParty(db, viewer, options.dealId, { open: true });
  const view = await readDeal(db, deal.id);
  const sender = nameWithCompany(await repo.findPartyNames(db, viewer.id));
  await auditedTransaction(db, (trx) =>
    notify(trx, {
      userId: otherPartyOf(deal, deal.party),
      type: 'deal_message',
      relatedId: deal.id,
      message: `${sender} on "${view.project.title}": ${body.message}`,
      email: dealNote({
        sender,
        title: view.project.title,
        message: body.message,
        url: roomLink(deps, deal),
      }),
    }),
  );
  return { sent: true };
}
