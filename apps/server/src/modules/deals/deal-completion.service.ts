import { type Deal, dealAccessTransitions, dealCompletionRefusal, dealMessages } from '@plinth/domain/deals';
import type { Viewer } from '../../auth/guards';
import { dealCompleted, dealCompletedByTeam } from '../../emails/templates/deals';
import { conflict, forbidden, notFound } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { readerTimeZone } from '../users/reader-time-zone';
import { dealForParty } from './deal-access';
import * as repo from './deals.repository';
import { actorOf, type DealsDeps, nameWithCompany, readDeal, roomLink } from './deals.service';

/**
 * Completing a deal (spec 000 sections 2 and 4; DESIGN.md sections 5 and 8): the deal becomes
 * completed, its access request funded, and its project funded, which takes the listing off the
 * market. Each change has its audit entry, written in the one transaction with the change and the
 * parties' notifications; e-mails go through the outbox after commit.
 */

type Completion = { kind: 'developer'; viewer: Viewer } | { kind: 'forced'; viewer: Viewer; reason: string };

async function complete(deps: DealsDeps, dealId: string, how: Completion): Promise<Deal> {
  const { db } = deps;
  const { viewer } = how;
  const isForced = how.kind === 'forced';
  await auditedTransaction(db, async (trx) => {
    const deal = await repo.lockDealForCompletion(trx, dealId);
    if (!deal) throw notFound(dealMessages.notFound);
    const refusal = dealCompletionRefusal(deal, {
      hasAcceptedProposal: await repo.hasAcceptedProposal(trx, deal.id),
      isForced,
    });
    if (refusal) throw conflict(refusal);

    const to = dealAccessTransitions.complete.to;
    const actor = actorOf(viewer);
    const reason = isForced ? how.reason : null;
    await repo.markDealCompleted(trx, deal.id, viewer.id);
    await recordAudit(trx, {
      actor,
      action: isForced ? 'deal.force_completed' : 'deal.completed',
      targetType: 'deal',
      targetId: deal.id,
      reason,
      before: { status: deal.status },
      after: { status: 'completed', project_id: deal.project_id, funder_id: deal.funder_id },
    });
    await repo.setAccessStatus(trx, deal.access_request_id, to);
    await recordAudit(trx, {
      actor,
      action: 'access_request.funded',
      targetType: 'access_request',
      targetId: deal.access_request_id,
      reason,
      before: { status: deal.access_status },
      after: { status: to, deal_id: deal.id },
    });
    if (!deal.funded_at) {
      await repo.markProjectFunded(trx, deal.project_id);
      await recordAudit(trx, {
        actor,
        action: 'project.funded',
        targetType: 'project',
        targetId: deal.project_id,
        reason,
        before: { funded_at: null },
        after: { funded: true, deal_id: deal.id },
      });
    }

    const room = { id: deal.id, project_id: deal.project_id };
    const by = isForced ? 'the Plinth team' : nameWithCompany(await repo.findPartyNames(trx, viewer.id));
    const why = isForced ? ` Reason: ${how.reason}` : '';
    await notify(trx, {
      userId: deal.funder_id,
      type: 'deal_completed',
      relatedId: deal.id,
      message: `The deal on "${deal.title}" was completed by ${by}: the project is funded.${why}`,
      email: dealCompleted({
        title: deal.title,
        by,
        on: new Date(),
        timeZone: await readerTimeZone(trx, deal.funder_id),
        why,
        url: roomLink(deps, room),
      }),
    });
    // The developer's follow-up (spec 000 section 2: it appears 2 s after Complete Deal, when the
    // web app refreshes the bell); for a forced completion, the news itself.
    await notify(trx, {
      userId: deal.borrower_id,
      type: 'deal_completed',
      relatedId: deal.id,
      message: isForced
        ? `The deal on "${deal.title}" was completed by the Plinth team: the project is funded.${why}`
        : `Deal completed: "${deal.title}" is marked funded and has left the marketplace.`,
      ...(isForced
        ? {
            email: dealCompletedByTeam({
              title: deal.title,
              on: new Date(),
              timeZone: await readerTimeZone(trx, deal.borrower_id),
              why,
              url: roomLink(deps, room),
            }),
          }
        : {}),
    });
    await publishLiveEvent(trx, [deal.funder_id, deal.borrower_id], {
      type: 'deal',
      deal_id: deal.id,
      change: 'status',
    });
    await publishLiveEvent(trx, [deal.funder_id, deal.borrower_id], {
      type: 'access_request',
      access_request_id: deal.access_request_id,
      status: to,
    });
  });
  return readDeal(db, dealId);
}

/**
 * PUT /deals/{id}/complete: the developer completes the deal once a proposal is accepted (409
 * before, and once completed). The funder may not (403); anyone else is told the room does not
 * exist (404).
 */
export async function completeDeal(deps: DealsDeps, options: { viewer: Viewer; dealId: string }) {
  const deal = await dealForParty(deps.db, options.viewer, options.dealId);
  if (deal.party !== 'borrower') throw forbidden('Only the developer can complete a deal');
  return complete(deps, deal.id, { kind: 'developer', viewer: options.viewer });
}

/**
 * POST /admin/force-complete-deal/{dealId}: an admin override with a mandatory reason, at any stage
 * of an open deal, audited with the reason like every other override (DESIGN.md section 8).
 */
export function forceCompleteDeal(
  deps: DealsDeps,
  options: { viewer: Viewer; dealId: string; reason: string },
) {
  return complete(deps, options.dealId, { kind: 'forced', viewer: options.viewer, reason: options.reason });
}
