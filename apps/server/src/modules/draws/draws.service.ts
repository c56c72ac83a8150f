import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import {
  type attachDocumentBody,
  type certifyBody,
  type commentBody,
  type createDrawBody,
  type Draw,
  facilityMessages,
  type fundBody,
  type patchDrawBody,
} from '@plinth/domain/facilities';
import { carriesRetention } from '@plinth/domain/facility/budget';
import { addDays } from '@plinth/domain/facility/dates';
import { checkCertification, checkClaim } from '@plinth/domain/facility/draw-lines';
import { type DrawAction, type DrawState, nextDrawState } from '@plinth/domain/facility/draw-machine';
import {
  type FacilityStatus,
  facilityAcceptsDraws,
  facilityNotActiveMessage,
} from '@plinth/domain/facility/facility-machine';
import { outOfBalanceMessage } from '@plinth/domain/facility/in-balance';
import { drawFundedJournal } from '@plinth/domain/facility/ledger';
import { formatAud } from '@plinth/domain/facility/money';
import { retentionFor } from '@plinth/domain/facility/retention';
import {
  type AuState,
  businessDaysLeft,
  internalDeadlines,
  noticeDue,
  paymentScheduleDue,
  scheduleDueText,
} from '@plinth/domain/facility/sop-clock';
import { formatDate } from '@plinth/domain/format';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { DrawStatus, FacilityPartyRole } from '../../db/types-facility';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { printable } from '../deals/credit-summary-writer';
import type { OpenedFile } from '../documents/send-file';
import { type FacilitiesDeps, facilityChanged, facilityLink } from '../facilities/facilities.service';
import {
  type FacilityRow,
  facilityForActor,
  facilityForReader,
  partyIdsOf,
} from '../facilities/facility-access';
import {
  facilityBalances,
  facilityInBalance,
  lineFigures,
  nat,
  postJournal,
} from '../facilities/facility-figures';
import { notify } from '../notifications/notifications.service';

/**
 * Draws (issue 33 items 3 and 6; decisions 055 and 056): the developer's drafts and claims, the
 * quantity surveyor's certification, the funder's decision and funding, the thread every party
 * reads, and the Security of Payment clock. The state machine, the line checks, retention, the
 * in-balance test, the journal and the business-day calendar are the domain's; this file loads,
 * checks who may act, and writes each move with its journal, audit entry and notices in one
 * transaction.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });
const invalid = (errors: { index: number; message: string }[], field = 'lines') =>
  validationFailed(
    errors.map((e) => ({ field: e.index < 0 ? field : `${field}.${e.index}`, message: e.message })),
  );

async function findDraw(db: Db, drawId: string, lock = false) {
  return db
    .selectFrom('draw')
    .selectAll()
    .where('id', '=', drawId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}
type DrawRow = NonNullable<Awaited<ReturnType<typeof findDraw>>>;

/** A draw the viewer may read (any party of its facility, admins); anyone else 404. */
async function drawForReader(db: Db, viewer: Viewer, drawId: string) {
  const draw = await findDraw(db, drawId);
  if (!draw) throw notFound(facilityMessages.drawNotFound);
  try {
    return { draw, ...(await facilityForReader(db, viewer, draw.facility_id)) };
  } catch {
    throw notFound(facilityMessages.drawNotFound);
  }
}

/** A draw the viewer may act on as `role`, locked with its facility for the move. */
async function drawForActor(db: Db, viewer: Viewer, drawId: string, roles: FacilityPartyRole[]) {
  const unlocked = await findDraw(db, drawId);
  if (!unlocked) throw notFound(facilityMessages.drawNotFound);
  let access: { facility: FacilityRow; role: FacilityPartyRole };
  try {
    await facilityForReader(db, viewer, unlocked.facility_id);
  } catch {
    throw notFound(facilityMessages.drawNotFound);
  }
  // The facility first, then the draw: every move locks in this order, so two never deadlock.
  access = await facilityForActor(db, viewer, unlocked.facility_id, roles, { lock: true });
  const draw = (await findDraw(db, drawId, true))!;
  return { draw, ...access };
}

function clockOf(state: string, claimServedAt: string) {
  const due = paymentScheduleDue(state as AuState, claimServedAt);
  const { surveyor_due, funder_due } = internalDeadlines(state as AuState, due);
  return { payment_schedule_due: due, surveyor_due, funder_due };
}

async function toDraw(db: Db, draw: DrawRow, facility: FacilityRow): Promise<Draw> {
  const lines = await db
    .selectFrom('draw_line as dl')
    .innerJoin('budget_line as l', 'l.id', 'dl.budget_line_id')
    .leftJoin('budget_version as v', (j) =>
      j.on('v.facility_id', '=', facility.id).on('v.status', '=', 'approved'),
    )
    .leftJoin('budget_version_line as vl', (j) =>
      j.onRef('vl.budget_version_id', '=', 'v.id').onRef('vl.budget_line_id', '=', 'dl.budget_line_id'),
    )
    .select([
      'dl.budget_line_id',
      'l.code',
      'vl.name',
      'vl.category',
      'vl.amount_cents as budget_cents',
      'vl.position',
      'dl.claimed_cents',
      'dl.certified_cents',
      'dl.cost_to_complete_cents',
      'dl.retention_cents',
      'dl.reason',
    ])
    .where('dl.draw_id', '=', draw.id)
    .orderBy('vl.position')
    .execute();
  const documents = await db
    .selectFrom('draw_document as dd')
    .innerJoin('deal_document as d', 'd.id', 'dd.document_id')
    .select(['dd.document_id', 'dd.kind', 'd.file_name', 'd.mime_type', 'd.size_bytes', 'dd.attached_at'])
    .where('dd.draw_id', '=', draw.id)
    .orderBy('dd.attached_at')
    .execute();
  const sum = (values: (number | null)[]) =>
    values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0);
  const certifiedKnown = draw.certified_at !== null;
  return {
    id: draw.id,
    facility_id: draw.facility_id,
    number: draw.number,
    status: draw.status as DrawState,
    claim_served_at: iso(draw.claim_served_at)!,
    note: draw.note,
    payment_schedule_due: draw.payment_schedule_due!,
    surveyor_due: draw.surveyor_due!,
    funder_due: draw.funder_due!,
    business_days_left: businessDaysLeft(facility.state as AuState, sydneyDate(), draw.payment_schedule_due!),
    claimed_cents: lines.reduce((s, l) => s + l.claimed_cents, 0),
    certified_cents: certifiedKnown ? sum(lines.map((l) => l.certified_cents)) : null,
    retention_cents: draw.status === 'funded' ? sum(lines.map((l) => l.retention_cents ?? 0)) : null,
    inspected_on: draw.inspected_on,
    percent_complete: draw.percent_complete_bps === null ? null : draw.percent_complete_bps / 100,
    delay_days: draw.delay_days,
    submitted_at: iso(draw.submitted_at),
    certified_at: iso(draw.certified_at),
    approved_at: iso(draw.approved_at),
    funded_on: draw.funded_on,
    decision_reason: draw.decision_reason,
    journal_id: draw.journal_id,
    created_at: iso(draw.created_at)!,
    updated_at: iso(draw.updated_at)!,
    lines: lines.map((l) => ({
      budget_line_id: l.budget_line_id,
      code: l.code,
      name: l.name ?? l.code,
      category: (l.category ?? 'other') as 'other',
      budget_cents: l.budget_cents ?? 0,
      claimed_cents: l.claimed_cents,
      certified_cents: l.certified_cents,
      cost_to_complete_cents: l.cost_to_complete_cents,
      retention_cents: l.retention_cents,
      reason: l.reason,
    })),
    documents: documents.map((d) => ({
      document_id: d.document_id,
      kind: d.kind,
      file_name: d.file_name,
      mime_type: d.mime_type,
      size_bytes: Number(d.size_bytes),
      attached_at: iso(d.attached_at)!,
    })),
  };
}

export async function getDraw(db: Db, options: { viewer: Viewer; drawId: string }) {
  const { draw, facility } = await drawForReader(db, options.viewer, options.drawId);
  return toDraw(db, draw, facility);
}

export async function listDraws(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const rows = await db
    .selectFrom('draw')
    .selectAll()
    .where('facility_id', '=', facility.id)
    .orderBy('number', 'desc')
    .limit(500)
    .execute();
  const items = await Promise.all(rows.map((r) => toDraw(db, r, facility)));
  return { items: items.map(({ lines: _l, documents: _d, ...rest }) => rest) };
}

/** The claim's lines checked against the approved budget (domain rules); 400 with every problem. */
async function checkedClaim(
  db: Db,
  facility: FacilityRow,
  lines: { budget_line_id: string; claimed_cents: number }[],
) {
  const budget = await lineFigures(db, facility.id);
  if (budget.length === 0) throw conflict(facilityMessages.budgetNotApproved);
  const errors = checkClaim(
    lines.map((l) => ({ budget_line_id: l.budget_line_id, claimed_cents: BigInt(l.claimed_cents) })),
    budget.map((b) => ({ id: b.id, name: b.name })),
  );
  if (errors.length > 0) throw invalid(errors);
}

async function writeLines(
  trx: Db,
  drawId: string,
  lines: { budget_line_id: string; claimed_cents: number }[],
) {
  await trx.deleteFrom('draw_line').where('draw_id', '=', drawId).execute();
  if (lines.length > 0)
    await trx
      .insertInto('draw_line')
      .values(
        lines.map((l) => ({
          draw_id: drawId,
          budget_line_id: l.budget_line_id,
          claimed_cents: l.claimed_cents,
        })),
      )
      .execute();
}

/** POST /facilities/{id}/draws: the developer starts a draft (any number of them). */
export async function createDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof createDrawBody> },
) {
  const { viewer, body } = options;
  return deps.db.transaction().execute(async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['developer'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    await checkedClaim(trx, facility, body.lines);
    const { max } = await trx
      .selectFrom('draw')
      .select(sql<number>`coalesce(max(number), 0)`.as('max'))
      .where('facility_id', '=', facility.id)
      .executeTakeFirstOrThrow();
    const draw = await trx
      .insertInto('draw')
      .values({
        facility_id: facility.id,
        number: Number(max) + 1,
        claim_served_at: body.claim_served_at,
        note: body.note,
        ...clockOf(facility.state, body.claim_served_at),
        created_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeLines(trx, draw.id, body.lines);
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'draw.created',
      targetType: 'draw',
      targetId: draw.id,
      after: { facility_id: facility.id, number: draw.number },
    });
    await facilityChanged(trx, facility.id, 'draw', draw.id);
    return toDraw(trx, draw, facility);
  });
}

/** PATCH /draws/{id}: the developer edits a draft or a returned draw (its lines, note, service time). */
export async function patchDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof patchDrawBody> },
) {
  const { viewer, body } = options;
  return deps.db.transaction().execute(async (trx) => {
    const { draw, facility } = await drawForActor(trx, viewer, options.drawId, ['developer']);
    if (draw.status !== 'draft' && draw.status !== 'returned')
      throw conflict(`Only a draft or a returned draw can be edited; this draw is ${draw.status}`);
    if (body.lines) {
      await checkedClaim(trx, facility, body.lines);
      await writeLines(trx, draw.id, body.lines);
    }
    const served = body.claim_served_at ?? iso(draw.claim_served_at)!;
    const updated = await trx
      .updateTable('draw')
      .set({
        ...(body.note !== undefined ? { note: body.note } : {}),
        claim_served_at: served,
        ...clockOf(facility.state, served),
        updated_at: sql`now()`,
      })
      .where('id', '=', draw.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'draw.updated',
      targetType: 'draw',
      targetId: draw.id,
      after: { lines: body.lines?.length ?? null, note: body.note !== undefined },
    });
    await facilityChanged(trx, facility.id, 'draw', draw.id);
    return toDraw(trx, updated, facility);
  });
}

/** POST /draws/{id}/documents: attaches a file of the deal room (the existing upload) to the draw. */
export async function attachDocument(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof attachDocumentBody> },
) {
  const { viewer, body } = options;
  return deps.db.transaction().execute(async (trx) => {
    const { draw, facility } = await drawForActor(trx, viewer, options.drawId, ['developer']);
    if (draw.status !== 'draft' && draw.status !== 'returned')
      throw conflict('Documents are attached to a draft or a returned draw');
    const doc = await trx
      .selectFrom('deal_document')
      .select('id')
      .where('id', '=', body.document_id)
      .where('deal_id', '=', facility.deal_id)
      .executeTakeFirst();
    if (!doc)
      throw validationFailed([
        { field: 'document_id', message: 'document_id must be a document of the deal room' },
      ]);
    await trx
      .insertInto('draw_document')
      .values({ draw_id: draw.id, document_id: doc.id, kind: body.kind, attached_by: viewer.id })
      .onConflict((oc) => oc.columns(['draw_id', 'document_id']).doUpdateSet({ kind: body.kind }))
      .execute();
    await facilityChanged(trx, facility.id, 'draw', draw.id);
    return toDraw(trx, draw, facility);
  });
}

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
  return deps.db.transaction().execute(async (trx) => {
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
  return deps.db.transaction().execute(async (trx) => {
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

async function assertInBalance(trx: Db, facility: FacilityRow) {
  const result = await facilityInBalance(trx, facility);
  if (result.shortfall_cents > 0n) throw conflict(outOfBalanceMessage(result.shortfall_cents));
}

/** POST /draws/{id}/approve: the funder approves a certified draw while the loan is in balance. */
export async function approveDraw(deps: FacilitiesDeps, options: { viewer: Viewer; drawId: string }) {
  return deps.db.transaction().execute(async (trx) => {
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
  return deps.db.transaction().execute(async (trx) => {
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
  return deps.db.transaction().execute(async (trx) => {
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
 * Retention is withheld on construction lines (domain), the journal is posted dated `funded_on`,
 * and the draw becomes funded — all in one transaction under the facility's and the draw's locks,
 * so two instances funding at once fund once (the second finds it funded: 409).
 */
export async function fundDraw(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof fundBody> },
) {
  return deps.db.transaction().execute(async (trx) => {
    const { draw, facility } = await drawForActor(trx, options.viewer, options.drawId, partyRole.fund);
    const to = assertMove(draw, facility, 'fund');
    if (options.body.funded_on < facility.close_date)
      throw validationFailed([
        { field: 'funded_on', message: 'A draw cannot be funded before the facility closed' },
      ]);
    if (options.body.funded_on > addDays(sydneyDate(), 1))
      throw validationFailed([{ field: 'funded_on', message: 'A draw cannot be funded in the future' }]);
    await assertInBalance(trx, facility);
    const figures = new Map((await lineFigures(trx, facility.id)).map((f) => [f.id, f]));
    const lines = await trx
      .selectFrom('draw_line')
      .select(['budget_line_id', 'certified_cents'])
      .where('draw_id', '=', draw.id)
      .execute();
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
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'draw.funded',
      targetType: 'draw',
      targetId: draw.id,
      before: { status: draw.status },
      after: { status: to, certified_cents: Number(certified), retention_cents: Number(retention) },
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

// ---- the thread -------------------------------------------------------------------------------

export async function listComments(db: Db, options: { viewer: Viewer; drawId: string }) {
  const { draw } = await drawForReader(db, options.viewer, options.drawId);
  const rows = await db
    .selectFrom('draw_comment as c')
    .leftJoin('user as u', 'u.id', 'c.author_id')
    .leftJoin('facility_party as fp', (j) =>
      j.onRef('fp.user_id', '=', 'c.author_id').on('fp.facility_id', '=', draw.facility_id),
    )
    .select(['c.id', 'c.author_id', 'u.name', 'fp.role', 'c.body', 'c.created_at'])
    .where('c.draw_id', '=', draw.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      author_id: r.author_id,
      author_name: r.name ?? 'Deleted user',
      author_role: r.role ?? null,
      body: r.body,
      created_at: iso(r.created_at)!,
    })),
  };
}

/** POST /draws/{id}/comments: any party writes in the draw's thread; every party reads it (none hidden). */
export async function addComment(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; drawId: string; body: z.output<typeof commentBody> },
) {
  const { draw, role, facility } = await drawForReader(deps.db, options.viewer, options.drawId);
  if (role === 'admin') throw forbidden('Admins read draw threads; only the parties write in them');
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('draw_comment')
      .values({ draw_id: draw.id, author_id: options.viewer.id, body: options.body.body })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const userId of await partyIdsOf(trx, facility.id))
      if (userId !== options.viewer.id)
        await notify(trx, {
          userId,
          type: 'system',
          relatedId: draw.id,
          message: `${options.viewer.name} on draw ${draw.number}: ${options.body.body.slice(0, 200)}`,
        });
    await facilityChanged(trx, facility.id, 'comment', draw.id);
    return {
      id: row.id,
      author_id: row.author_id,
      author_name: options.viewer.name,
      author_role: role,
      body: row.body,
      created_at: iso(row.created_at)!,
    };
  });
}

// ---- the Security of Payment clock --------------------------------------------------------------

/**
 * The daily deadline notices: for every draw whose clock runs (submitted, certified, approved),
 * every party is told when 5 and 2 business days are left, and on the last day the developer is
 * offered the payment schedule at the certified amount. `draw_notice`'s key (draw, kind) sends each
 * once whatever instances run.
 */
export async function sendDeadlineNotices(deps: FacilitiesDeps, now = new Date()) {
  const today = sydneyDate(now);
  const draws = await deps.db
    .selectFrom('draw as d')
    .innerJoin('facility as f', 'f.id', 'd.facility_id')
    .select(['d.id', 'd.number', 'd.facility_id', 'd.payment_schedule_due', 'f.state', 'f.borrower_id'])
    .where('d.status', 'in', ['submitted', 'certified', 'approved'])
    .where('d.payment_schedule_due', '>=', today)
    .execute();
  let sent = 0;
  for (const d of draws) {
    const notice = noticeDue(d.state as AuState, today, d.payment_schedule_due!);
    if (notice === null) continue;
    await deps.db.transaction().execute(async (trx) => {
      const once = await trx
        .insertInto('draw_notice')
        .values({ draw_id: d.id, kind: `left_${notice}` })
        .onConflict((oc) => oc.doNothing())
        .returning('kind')
        .executeTakeFirst();
      if (!once) return;
      sent += 1;
      const due = formatDate(`${d.payment_schedule_due}T12:00:00`);
      const message =
        notice === 0
          ? `Draw ${d.number}: the payment schedule is due today (${due}). Serve the schedule at the certified amount with its reasons.`
          : `Draw ${d.number}: ${notice} business days left until the payment schedule is due on ${due}.`;
      for (const userId of await partyIdsOf(trx, d.facility_id)) {
        if (notice === 0 && userId !== d.borrower_id) continue;
        await notify(trx, {
          userId,
          type: 'system',
          relatedId: d.id,
          message,
          email: {
            subject: message.slice(0, 150),
            text:
              notice === 0
                ? `${message}\n\nDownload it: ${new URL(`/api/draws/${d.id}/payment-schedule.pdf`, deps.config.BASE_URL)}`
                : `${message}\n\nOpen the facility: ${facilityLink(deps, d.facility_id)}`,
          },
        });
      }
    });
  }
  return sent;
}

/**
 * GET /draws/{id}/payment-schedule.pdf: the developer's payment schedule at the certified amount,
 * line by line, with the surveyor's reasons wherever less than claimed is scheduled. Only once the
 * draw is certified (before, there is no certified amount to schedule).
 */
export async function paymentSchedule(
  db: Db,
  options: { viewer: Viewer; drawId: string },
): Promise<OpenedFile> {
  const { draw, facility, role } = await drawForReader(db, options.viewer, options.drawId);
  if (role !== 'developer' && role !== 'admin') throw forbidden(facilityMessages.onlyDeveloper);
  if (!['certified', 'approved', 'funded'].includes(draw.status))
    throw conflict('The payment schedule is made from the certified amount: this draw is not certified yet');
  return {
    fileName: `payment-schedule-draw-${draw.number}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: async () => {
      const view = await toDraw(db, draw, facility);
      const project = await db
        .selectFrom('project')
        .select(['title', 'suburb'])
        .where('id', '=', facility.project_id)
        .executeTakeFirst();
      const pdf = await PDFDocument.create();
      const regular = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      let page = pdf.addPage([595.28, 841.89]);
      let y = 800;
      const text = (t: string, x = 40, size = 9, font = regular) => {
        if (y < 50) {
          page = pdf.addPage([595.28, 841.89]);
          y = 800;
        }
        page.drawText(printable(t), { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      };
      text('Payment schedule', 40, 16, bold);
      y -= 20;
      text(
        `Project: ${project?.title ?? ''}${project?.suburb ? `, ${project.suburb}` : ''} (${facility.state})`,
      );
      y -= 13;
      text(`Progress claim: draw ${draw.number}, served ${formatDate(view.claim_served_at)}`);
      y -= 13;
      text(scheduleDueText(facility.state as AuState, view.payment_schedule_due));
      y -= 13;
      text(`Claimed amount: ${formatAud(BigInt(view.claimed_cents))}`, 40, 10, bold);
      y -= 14;
      text(
        `Scheduled amount (the amount the principal proposes to pay): ${formatAud(BigInt(view.certified_cents ?? 0))}`,
        40,
        10,
        bold,
      );
      y -= 20;
      text('Line', 40, 9, bold);
      text('Claimed', 300, 9, bold);
      text('Scheduled', 380, 9, bold);
      y -= 13;
      for (const l of view.lines) {
        text(`${l.code} ${l.name}`.slice(0, 60));
        text(formatAud(BigInt(l.claimed_cents)), 300);
        text(formatAud(BigInt(l.certified_cents ?? 0)), 380);
        y -= 12;
        if ((l.certified_cents ?? 0) < l.claimed_cents) {
          text(`Reason for paying less: ${l.reason ?? 'not given'}`.slice(0, 110), 60, 8);
          y -= 12;
        }
      }
      y -= 10;
      text(
        `Certified by the lender's quantity surveyor after inspection on ${view.inspected_on ? formatDate(`${view.inspected_on}T12:00:00`) : '-'}.`,
      );
      const bytes = await pdf.save();
      return { body: Buffer.from(bytes), sizeBytes: bytes.length };
    },
  };
}
