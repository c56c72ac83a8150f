import type { certifyBody, fundBody } from '@plinth/domain/facilities';
import { carriesRetention } from '@plinth/domain/facility/budget';
import { formatLongDate } from '@plinth/domain/facility/dates';
import { checkCertification } from '@plinth/domain/facility/draw-lines';
import { type DrawAction, type DrawState, nextDrawState } from '@plinth/domain/facility/draw-machine';
import {
  type FacilityStatus,
  facilityAcceptsDraws,
  facilityNotActiveMessage,
} from '@plinth/domain/facility/facility-machine';
import { outOfBalanceMessage } from '@plinth/domain/facility/in-balance';
import { drawFundedJournal } from '@plinth/domain/facility/ledger';
import { formatAud } from '@plinth/domain/facility/money';
import { defaultRetentionCapBps, qldRetentionCapBps, retentionFor } from '@plinth/domain/facility/retention';
import { type AuState, scheduleDueText } from '@plinth/domain/facility/sop-clock';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { DrawStatus, FacilityPartyRole } from '../../db/types-facility';
import { conflict, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import { type FacilitiesDeps, facilityChanged, facilityLink } from '../facilities/facilities.service';
import { type FacilityRow, partyIdsOf } from '../facilities/facility-access';
import {
  facilityBalances,
  facilityInBalance,
  lineFigures,
  nat,
  postJournal,
} from '../facilities/facility-figures';
import { restateAccruals } from '../facilities/reaccrual';
import { notify } from '../notifications/notifications.service';
import { withVariations } from '../variations/variation-tables';

/**
 * Draws (issue 33 items 3 and 6; decisions 055 and 056): the developer's drafts and claims, the
 * quantity surveyor's certification, the funder's decision and funding, the thread every party
 * reads, and the Security of Payment clock. The state machine, the line checks, retention, the
 * in-balance test, the journal and the business-day calendar are the domain's; this file loads,
 * checks who may act, and writes each move with its journal, audit entry and notices in one
 * transaction.
 */

import { actorOf, checkedClaim, type DrawRow, drawForActor, invalid, toDraw } from './draws.service';

const partyRole: Record<
  'submit' | 'certify' | 'approve' | 'return' | 'reject' | 'fund' | 'cancel',
  FacilityPartyRole[]
> = {
  submit: ['developer'],
  cancel: ['developer'],
  certify: ['surveyor'],
  approve: ['funder'],
  return: ['funder'],
  reject: ['funder'],
  fund: ['funder'],
};

/** Checks the state machine and the facility's status for `action`; 409 with the domain's words. */
function assertMove(draw: DrawRow, facility: FacilityRow, action: DrawAction) {
  const move = nextDrawState(draw.status as DrawState, action);
  if (!move.ok) throw conflict(move.message);
  if (
    action !== 'cancel' &&
    action !== 'return' &&
    action !== 'reject' &&
    !facilityAcceptsDraws(facility.status as FacilityStatus)
  )
    throw conflict(facilityNotActiveMessage(facility.status as FacilityStatus));
  return move.state as DrawStatus;
}

async function announce(
  deps: FacilitiesDeps,
  trx: Db,
  facility: FacilityRow,
  draw: DrawRow,
  except: string,
  message: string,
) {
  const project = await trx
    .selectFrom('project')
    .select('title')
    .where('id', '=', facility.project_id)
    .executeTakeFirst();
  const text = `Draw ${draw.number} on "${project?.title ?? ''}": ${message}`;
  for (const userId of await partyIdsOf(trx, facility.id))
    if (userId !== except)
      await notify(trx, {
        userId,
        type: 'system',
        relatedId: draw.id,
        message: text,
        email: {
          subject: text.slice(0, 150),
          text: `${text}\n\nOpen the facility: ${facilityLink(deps, facility.id)}`,
        },
      });
  await facilityChanged(trx, facility.id, 'draw', draw.id);
}

/** POST /draws/{id}/submit: the developer submits a draft or a returned draw to the surveyor. */
export async function submitDraw(deps: FacilitiesDeps, options: { viewer: Viewer; drawId: string }) {
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.submit);
    const to = assertMove(draw, facility, 'submit');
    const lines = await trx
      .selectFrom('draw_line')
      .select(['budget_line_id', 'claimed_cents'])
      .where('draw_id', '=', draw.id)
      .execute();
    await checkedClaim(trx, facility, lines);
    // A resubmitted draw is certified afresh.
    await trx
      .updateTable('draw_line')
      .set({ certified_cents: null, cost_to_complete_cents: null, retention_cents: null, reason: null })
      .where('draw_id', '=', draw.id)
      .execute();
    const updated = await trx
      .updateTable('draw')
      .set({
        status: to,
        submitted_at: sql`now()`,
        certified_at: null,
        certified_by: null,
        decision_reason: null,
        updated_at: sql`now()`,
      })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.submitted',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: { status: to },
    });
    await announce(
      deps,
      trx,
      facility,
      updated,
      options.viewer.id,
      `submitted for certification. ${scheduleDueText(facility.state as AuState, updated.payment_schedule_due!)}.`,
    );
    return toDraw(trx, updated, facility);
  });
}

/** POST /draws/{id}/certify: the surveyor certifies each claimed line (domain checks), with reasons. */
export async function certifyDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof certifyBody> },
) {
  const { body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.certify);
    const to = assertMove(draw, facility, 'certify');
    const claim = await trx
      .selectFrom('draw_line')
      .select(['budget_line_id', 'claimed_cents'])
      .where('draw_id', '=', draw.id)
      .execute();
    const claimed = new Map(claim.map((l) => [l.budget_line_id, BigInt(l.claimed_cents)]));
    const figures = new Map((await lineFigures(trx, facility.id)).map((f) => [f.id, f]));
    const errors = checkCertification(
      body.lines.map((l) => {
        const f = figures.get(l.budget_line_id);
        return {
          budget_line_id: l.budget_line_id,
          name: f?.name ?? '',
          claimed_cents: claimed.get(l.budget_line_id) ?? 0n,
          certified_cents: BigInt(l.certified_cents),
          certified_before_cents: f ? f.paid_cents + f.pending_cents : 0n,
          budget_cents: f?.budget_cents ?? 0n,
          cost_to_complete_cents: BigInt(l.cost_to_complete_cents),
          reason: l.reason,
        };
      }),
      claimed.keys(),
    );
    if (errors.length > 0) throw invalid(errors);
    for (const l of body.lines)
      await trx
        .updateTable('draw_line')
        .set({
          certified_cents: l.certified_cents,
          cost_to_complete_cents: l.cost_to_complete_cents,
          reason: l.reason.trim() || null,
        })
        .where('draw_id', '=', draw.id)
        .where('budget_line_id', '=', l.budget_line_id)
        .execute();
    const updated = await trx
      .updateTable('draw')
      .set({
        status: to,
        certified_at: sql`now()`,
        certified_by: options.viewer.id,
        inspected_on: body.inspected_on,
        percent_complete_bps: Math.round(body.percent_complete * 100),
        delay_days: body.delay_days,
        updated_at: sql`now()`,
      })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The delay moves the forecast completion, the costs to complete the in-balance test.
    await testCovenants({ ...deps, db: trx }, facility.id, 'draw');
    const total = body.lines.reduce((s, l) => s + BigInt(l.certified_cents), 0n);
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.certified',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: { status: to, certified_cents: Number(total), delay_days: body.delay_days },
    });
    await announce(deps, trx, facility, updated, options.viewer.id, `certified at ${formatAud(total)}.`);
    return toDraw(trx, updated, facility);
  });
}

/**
 * The cap on a line's retention for a draw funded now (decision 061): the contract's cap (5 % of the
 * line) until practical completion. From practical completion half the security is released and no
 * draw refills it: the cap is half the contract's, and in Queensland no more than the Act's 2.5 %
 * after practical completion. Once the rest has been released at the end of the defects liability
 * period nothing would release more, so none is withheld.
 */
export async function retentionCapBpsNow(trx: Db, facility: FacilityRow): Promise<number> {
  const vdb = withVariations(trx);
  const [pc, last] = await Promise.all([
    vdb
      .selectFrom('practical_completion')
      .select('completed_on')
      .where('facility_id', '=', facility.id)
      .executeTakeFirst(),
    vdb
      .selectFrom('retention_release')
      .select('id')
      .where('facility_id', '=', facility.id)
      .where('stage', '=', 'defects_liability')
      .executeTakeFirst(),
  ]);
  if (!pc) return defaultRetentionCapBps;
  if (last) return 0;
  const half = Math.floor(defaultRetentionCapBps / 2);
  return facility.state === 'QLD' ? Math.min(half, qldRetentionCapBps.after_practical_completion) : half;
}

async function assertInBalance(trx: Db, facility: FacilityRow) {
  const result = await facilityInBalance(trx, facility);
  if (result.shortfall_cents > 0n) throw conflict(outOfBalanceMessage(result.shortfall_cents));
}

/** POST /draws/{id}/approve: the funder approves a certified draw while the loan is in balance. */
export async function approveDraw(deps: FacilitiesDeps, options: { viewer: Viewer; drawId: string }) {
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.approve);
    const to = assertMove(draw, facility, 'approve');
    await assertInBalance(trx, facility);
    const updated = await trx
      .updateTable('draw')
      .set({ status: to, approved_at: sql`now()`, approved_by: options.viewer.id, updated_at: sql`now()` })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.approved',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: { status: to },
    });
    await announce(deps, trx, facility, updated, options.viewer.id, 'approved by the funder.');
    return toDraw(trx, updated, facility);
  });
}

/** POST /draws/{id}/return | /reject {reason}: the funder sends a draw back, or refuses it for good. */
export async function decideDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; action: 'return' | 'reject'; reason: string },
) {
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(
      trx,
      options.viewer,
      options.drawId,
      partyRole[options.action],
    );
    const to = assertMove(draw, facility, options.action);
    const updated = await trx
      .updateTable('draw')
      .set({ status: to, decision_reason: options.reason, decided_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: options.action === 'return' ? 'draw.returned' : 'draw.rejected',
      targetType: 'draw',
      targetId: draw.id,
      reason: options.reason,
      before: { status: draw.status },
      after: { status: to },
    });
    await announce(
      deps,
      trx,
      facility,
      updated,
      options.viewer.id,
      `${options.action === 'return' ? 'returned to the developer' : 'rejected'}: ${options.reason}`,
    );
    return toDraw(trx, updated, facility);
  });
}

/** POST /draws/{id}/cancel: the developer withdraws a draft or a returned draw. */
export async function cancelDraw(deps: FacilitiesDeps, options: { viewer: Viewer; drawId: string }) {
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.cancel);
    const to = assertMove(draw, facility, 'cancel');
    const updated = await trx
      .updateTable('draw')
      .set({ status: to, updated_at: sql`now()` })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.cancelled',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: { status: to },
    });
    await facilityChanged(trx, facility.id, 'draw', draw.id);
    return toDraw(trx, updated, facility);
  });
}

/**
 * POST /draws/{id}/fund {funded_on}: the funder pays an approved draw while the loan is in balance.
 * Retention is withheld on construction lines (domain; after practical completion no more than
 * `retentionCapBpsNow` allows), the journal is posted dated `funded_on`,
 * and the draw becomes funded — all in one transaction under the facility's and the draw's locks,
 * so two instances funding at once fund once (the second finds it funded: 409).
 */
export async function fundDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof fundBody> },
) {
  return auditedTransaction(deps.db, async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.fund);
    const to = assertMove(draw, facility, 'fund');
    const opened = facility.activated_on ?? facility.close_date;
    if (options.body.funded_on < opened)
      throw validationFailed([
        {
          field: 'funded_on',
          message: `A draw cannot be funded before the facility opened on ${formatLongDate(opened)}`,
        },
      ]);
    if (options.body.funded_on > sydneyDate())
      throw validationFailed([
        {
          field: 'funded_on',
          message: `A draw cannot be funded on a day in the future (today is ${formatLongDate(sydneyDate())} in Sydney)`,
        },
      ]);
    await assertInBalance(trx, facility);
    const figures = new Map((await lineFigures(trx, facility.id)).map((f) => [f.id, f]));
    const lines = await trx
      .selectFrom('draw_line')
      .select(['budget_line_id', 'certified_cents'])
      .where('draw_id', '=', draw.id)
      .execute();
    const capBps = await retentionCapBpsNow(trx, facility);
    let certified = 0n;
    let retention = 0n;
    for (const l of lines) {
      const c = BigInt(l.certified_cents ?? 0);
      const f = figures.get(l.budget_line_id)!;
      const r = carriesRetention(f.category)
        ? retentionFor({
            certified_cents: c,
            line_budget_cents: f.budget_cents,
            held_before_cents: f.retention_held_cents,
            cap_bps: capBps,
          })
        : 0n;
      certified += c;
      retention += r;
      await trx
        .updateTable('draw_line')
        .set({ retention_cents: Number(r) })
        .where('draw_id', '=', draw.id)
        .where('budget_line_id', '=', l.budget_line_id)
        .execute();
    }
    const b = await facilityBalances(trx, facility.id);
    const undrawn = nat(b, 'undrawn');
    const equity = nat(b, 'equity');
    if (certified - retention > undrawn + (equity > 0n ? equity : 0n))
      throw conflict('The undrawn limit and the equity in hand do not cover this draw');
    const journalId = await postJournal(trx, {
      facilityId: facility.id,
      journal: drawFundedJournal({
        certified_cents: certified,
        retention_cents: retention,
        equity_in_hand_cents: equity,
        undrawn_cents: undrawn,
      }),
      effectiveOn: options.body.funded_on,
      memo: `Draw ${draw.number}`,
      drawId: draw.id,
      createdBy: options.viewer.id,
    });
    const updated = await trx
      .updateTable('draw')
      .set({
        status: to,
        funded_on: options.body.funded_on,
        funded_at: sql`now()`,
        funded_by: options.viewer.id,
        journal_id: journalId,
        updated_at: sql`now()`,
      })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Funded on a day already accrued: those days bear interest on it too (decision 070).
    const restated = await restateAccruals(trx, facility, {
      from: options.body.funded_on,
      cause: `draw ${draw.number} funded on ${options.body.funded_on}`,
      createdBy: options.viewer.id,
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'draw');
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.funded',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: {
        status: to,
        funded_on: options.body.funded_on,
        certified_cents: Number(certified),
        retention_cents: Number(retention),
        interest_restated_cents: Number(restated.amount_cents),
      },
    });
    await announce(
      deps,
      trx,
      facility,
      updated,
      options.viewer.id,
      `funded: ${formatAud(certified - retention)} paid (${formatAud(retention)} retention held).`,
    );
    return toDraw(trx, updated, facility);
  });
}
