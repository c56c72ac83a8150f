import {
  type attachDocumentBody,
  type commentBody,
  type createDrawBody,
  type Draw,
  facilityMessages,
  type patchDrawBody,
} from '@plinth/domain/facilities';
import { checkClaim } from '@plinth/domain/facility/draw-lines';
import type { DrawState } from '@plinth/domain/facility/draw-machine';
import {
  type AuState,
  businessDaysLeft,
  internalDeadlines,
  paymentScheduleDue,
} from '@plinth/domain/facility/sop-clock';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { FacilityPartyRole } from '../../db/types-facility';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { type FacilitiesDeps, facilityChanged } from '../facilities/facilities.service';
import {
  type FacilityRow,
  facilityForActor,
  facilityForReader,
  partyIdsOf,
} from '../facilities/facility-access';
import { lineFigures } from '../facilities/facility-figures';
import { notify } from '../notifications/notifications.service';

/**
 * Draws (issue 33 items 3 and 6; decisions 055 and 056): the developer's drafts and claims, the
 * quantity surveyor's certification, the funder's decision and funding, the thread every party
 * reads, and the Security of Payment clock. The state machine, the line checks, retention, the
 * in-balance test, the journal and the business-day calendar are the domain's; this file loads,
 * checks who may act, and writes each move with its journal, audit entry and notices in one
 * transaction.
 */

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });
export const invalid = (errors: { index: number; message: string }[], field = 'lines') =>
  validationFailed(
    errors.map((e) => ({ field: e.index < 0 ? field : `${field}.${e.index}`, message: e.message })),
  );

export async function findDraw(db: Db, drawId: string, lock = false) {
  return db
    .selectFrom('draw')
    .selectAll()
    .where('id', '=', drawId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}
export type DrawRow = NonNullable<Awaited<ReturnType<typeof findDraw>>>;

/** A draw the viewer may read (any party of its facility, admins); anyone else 404. */
export async function drawForReader(db: Db, viewer: Viewer, drawId: string) {
  const draw = await findDraw(db, drawId);
  if (!draw) throw notFound(facilityMessages.drawNotFound);
  try {
    return { draw, ...(await facilityForReader(db, viewer, draw.facility_id)) };
  } catch {
    throw notFound(facilityMessages.drawNotFound);
  }
}

/** A draw the viewer may act on as `role`, locked with its facility for the move. */
export async function drawForActor(db: Db, viewer: Viewer, drawId: string, roles: FacilityPartyRole[]) {
  const unlocked = await findDraw(db, drawId);
  if (!unlocked) throw notFound(facilityMessages.drawNotFound);
  try {
    await facilityForReader(db, viewer, unlocked.facility_id);
  } catch {
    throw notFound(facilityMessages.drawNotFound);
  }
  // The facility first, then the draw: every move locks in this order, so two never deadlock.
  const access = await facilityForActor(db, viewer, unlocked.facility_id, roles, { lock: true });
  const draw = (await findDraw(db, drawId, true))!;
  return { draw, ...access };
}

export function clockOf(state: string, claimServedAt: string) {
  const due = paymentScheduleDue(state as AuState, claimServedAt);
  const { surveyor_due, funder_due } = internalDeadlines(state as AuState, due);
  return { payment_schedule_due: due, surveyor_due, funder_due };
}

export async function toDraw(db: Db, draw: DrawRow, facility: FacilityRow): Promise<Draw> {
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
export async function checkedClaim(
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
  return auditedTransaction(deps.db, async (trx) => {
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
  return auditedTransaction(deps.db, async (trx) => {
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
  return auditedTransaction(deps.db, async (trx) => {
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
  return auditedTransaction(deps.db, async (trx) => {
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
