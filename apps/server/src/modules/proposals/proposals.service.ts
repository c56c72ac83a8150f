import { dealAccessTransitions, dealMessages, dealRoomPath } from '@plinth/domain/deals';
import { formatAud } from '@plinth/domain/format';
import {
  type CreateProposalBody,
  compareQuotes,
  type dealProposalResponse,
  formatCounterOffer,
  isCounterOfferEmpty,
  isQuoteExpired,
  type Proposal,
  proposalMessages,
  proposalStatusAfter,
  quoteAllInCost,
  quoteBlockedBy,
  type quoteComparisonResponse,
  quoteStepIssues,
  quoteSummary,
  type RespondProposalBody,
  sydneyDate,
  validUntilOrDefault,
} from '@plinth/domain/proposals';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import {
  quoteAccepted,
  quoteCountered,
  quoteDeclined,
  quoteReceived,
} from '../../emails/templates/proposals';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { dealForParty, dealForReader } from '../deals/deal-access';
import { notify } from '../notifications/notifications.service';
import * as repo from './proposals.repository';

/**
 * Indicative quotes (spec 000 sections 2-5; DESIGN.md section 5): the deal's funder quotes, never
 * while a quote awaits an answer nor after one was accepted; its developer accepts (access moves to
 * term_sheet), declines with a reason, or counters with a comment that changes no status. Each
 * change commits with its audit entry, the other party's notification and e-mail.
 */

export type ProposalsDeps = Pick<AppDeps, 'db' | 'config'>;

const iso = (d: Date | string) => new Date(d).toISOString();
const actorOf = (viewer: Viewer): AuditActor => ({ id: viewer.id, name: viewer.name });
const link = (deps: ProposalsDeps, path: string) => new URL(path, deps.config.BASE_URL).toString();
const proposalNotFound = () => notFound(proposalMessages.notFound);

function toProposal(row: repo.ProposalRow): Proposal {
  return {
    ...row,
    loan_amount: Number(row.loan_amount),
    interest_rate: Number(row.interest_rate),
    loan_term: Number(row.loan_term),
    establishment_fee: Number(row.establishment_fee),
    responded_at: row.responded_at ? iso(row.responded_at) : null,
    created_at: iso(row.created_at),
  };
}

async function proposalById(db: Db, id: string): Promise<Proposal> {
  const row = await repo.findProposal(db, id);
  if (!row) throw proposalNotFound();
  return toProposal(row);
}

/** The funder as the developer knows them once in a deal: name and company. */
async function funderLabel(db: Db, viewer: Viewer) {
  const company = await repo.findCompanyName(db, viewer.id);
  return company ? `${viewer.name} (${company})` : viewer.name;
}

/**
 * POST /deals/{id}/proposals: the deal's funder sends an indicative quote. 'valid until' defaults
 * to 14 days ahead (Sydney's calendar) and may not be in the past.
 */
export async function submitProposal(
  deps: ProposalsDeps,
  options: { viewer: Viewer; dealId: string; body: CreateProposalBody },
): Promise<Proposal> {
  const { db } = deps;
  const { viewer, body } = options;
  const deal = await dealForParty(db, viewer, options.dealId, { open: true });
  if (deal.party !== 'funder') throw forbidden(proposalMessages.onlyFunderQuotes);
  const today = sydneyDate();
  const validity = quoteStepIssues(2, { ...body, valid_until: body.valid_until }, today);
  if (validity.length > 0) throw validationFailed(validity);
  const validUntil = validUntilOrDefault(body.valid_until, today);
  const funderName = await funderLabel(db, viewer);

  const id = await auditedTransaction(db, async (trx) => {
    const locked = await repo.lockDeal(trx, deal.id);
    if (!locked) throw notFound(proposalMessages.notFound);
    if (locked.status !== 'open') throw conflict(dealMessages.closed);
    const blocked = quoteBlockedBy(await repo.latestProposalStatus(trx, deal.id));
    if (blocked === 'pending') throw conflict(proposalMessages.pendingExists);
    if (blocked === 'accepted') throw conflict(proposalMessages.alreadyAccepted);
    const proposalId = await repo.insertProposal(trx, {
      deal_id: deal.id,
      funder_id: viewer.id,
      loan_amount: body.loan_amount,
      interest_rate: body.interest_rate,
      loan_term: body.loan_term,
      establishment_fee: body.establishment_fee,
      other_fees: body.other_fees,
      conditions: body.conditions,
      valid_until: validUntil,
    });
    // Another quote on this deal became pending in between.
    if (!proposalId) throw conflict(proposalMessages.pendingExists);
    const quote = { ...body, valid_until: validUntil };
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'proposal.submitted',
      targetType: 'proposal',
      targetId: proposalId,
      after: { status: 'pending', deal_id: deal.id, ...quote },
    });
    const fee = body.establishment_fee > 0 ? `, establishment fee ${formatAud(body.establishment_fee)}` : '';
    await notify(trx, {
      userId: locked.borrower_id,
      type: 'proposal_received',
      relatedId: deal.id,
      message: `${funderName} sent an indicative quote for "${locked.project_title}": ${quoteSummary(quote)}`,
      email: quoteReceived({
        funderName,
        title: locked.project_title,
        summary: quoteSummary(quote),
        fee,
        quote,
        otherFees: body.other_fees,
        conditions: body.conditions,
        url: link(deps, dealRoomPath(locked)),
      }),
    });
    return proposalId;
  });
  return proposalById(db, id);
}

/** GET /deals/{id}/proposal: the latest proposal and the earlier ones, newest first. */
export async function getDealProposal(
  db: Db,
  options: { viewer: Viewer; dealId: string },
): Promise<z.infer<typeof dealProposalResponse>> {
  const deal = await dealForReader(db, options.viewer, options.dealId);
  const [latest, ...history] = (await repo.listDealProposals(db, deal.id)).map(toProposal);
  return { proposal: latest ?? null, history };
}

/**
 * PUT /proposals/{id}/respond: the deal's developer answers a pending quote. Accepting moves the
 * access request due_diligence → term_sheet; declining keeps the reason; a counter-offer is posted
 * as a formatted comment and the quote stays pending.
 */
export async function respondToProposal(
  deps: ProposalsDeps,
  options: { viewer: Viewer; proposalId: string; body: RespondProposalBody },
): Promise<Proposal> {
  const { db } = deps;
  const { viewer, body } = options;
  const proposal = await repo.findProposal(db, options.proposalId);
  if (!proposal) throw proposalNotFound();
  // Someone else's quote does not exist for the caller, exactly like a missing one.
  const deal = await dealForParty(db, viewer, proposal.deal_id, { open: true }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? proposalNotFound() : error;
  });
  if (deal.party !== 'borrower') throw forbidden(proposalMessages.onlyDeveloperResponds);
  if (body.response === 'counter' && isCounterOfferEmpty(body)) {
    throw validationFailed([{ field: 'message', message: proposalMessages.counterEmpty }]);
  }
  const next = proposalStatusAfter(body.response);

  await auditedTransaction(db, async (trx) => {
    const locked = await repo.lockDeal(trx, deal.id);
    if (!locked) throw proposalNotFound();
    if (locked.status !== 'open') throw conflict(dealMessages.closed);
    const current = await repo.findProposalStatus(trx, proposal.id);
    if (current?.status !== 'pending') throw conflict(proposalMessages.notPending);
    const roomLink = link(deps, dealRoomPath(locked));
    const summary = quoteSummary(toProposal(proposal));

    if (next === null) {
      const comment = formatCounterOffer(body.response === 'counter' ? body : {});
      await repo.insertComment(trx, { deal_id: deal.id, user_id: viewer.id, comment });
      await notify(trx, {
        userId: locked.funder_id,
        type: 'proposal_response',
        relatedId: deal.id,
        message: `The developer of "${locked.project_title}" countered your quote`,
        email: quoteCountered({
          developer: viewer.name,
          title: locked.project_title,
          summary,
          comment,
          url: roomLink,
        }),
      });
      return;
    }

    if (next === 'accepted') {
      if (isQuoteExpired(current.valid_until, sydneyDate())) throw conflict(proposalMessages.expired);
      const step = dealAccessTransitions.acceptProposal;
      const access = await repo.lockAccessRequest(trx, locked.access_request_id);
      if (!access || access.status !== step.from) throw conflict(proposalMessages.notInDueDiligence);
      await repo.setAccessStatus(trx, access.id, step.to);
      await recordAudit(trx, {
        actor: actorOf(viewer),
        action: 'access_request.term_sheet',
        targetType: 'access_request',
        targetId: access.id,
        before: { status: access.status },
        after: { status: step.to, deal_id: deal.id, proposal_id: proposal.id },
      });
    }
    const reason = body.response === 'decline' ? body.reason : null;
    await repo.answerProposal(trx, proposal.id, { status: next, declineReason: reason });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: next === 'accepted' ? 'proposal.accepted' : 'proposal.declined',
      targetType: 'proposal',
      targetId: proposal.id,
      reason,
      before: { status: 'pending' },
      after: { status: next, deal_id: deal.id },
    });
    await notify(
      trx,
      next === 'accepted'
        ? {
            userId: locked.funder_id,
            type: 'proposal_response',
            relatedId: deal.id,
            message: `Your quote for "${locked.project_title}" was accepted`,
            email: quoteAccepted({
              developer: viewer.name,
              title: locked.project_title,
              summary,
              quote: toProposal(proposal),
              url: roomLink,
            }),
          }
        : {
            userId: locked.funder_id,
            type: 'proposal_response',
            relatedId: deal.id,
            message: `Your quote for "${locked.project_title}" was declined`,
            email: quoteDeclined({
              developer: viewer.name,
              title: locked.project_title,
              summary,
              reason,
              url: roomLink,
            }),
          },
    );
  });
  return proposalById(db, proposal.id);
}

/**
 * GET /projects/{id}/proposals: every quote on the project's deals with its all-in cost, cheapest
 * first and expired ones last, for the project's developer and admins (anyone else: 404).
 */
export async function compareProjectQuotes(
  db: Db,
  options: { viewer: Viewer; projectId: string },
): Promise<z.infer<typeof quoteComparisonResponse>> {
  const { viewer } = options;
  const project = await repo.findProjectOwner(db, options.projectId);
  if (!project || (viewer.role !== 'admin' && project.borrower_id !== viewer.id)) {
    throw notFound('Project not found');
  }
  const proposals = (await repo.listProjectProposals(db, project.id)).map(toProposal);
  const items = compareQuotes(proposals, sydneyDate()).map((q) => ({
    ...q,
    interest_cost: quoteAllInCost(q).interest,
  }));
  return { items };
}
