import { dealMessages } from '@plinth/domain/deals';
import { type createFacilityBody, type Facility, facilityMessages } from '@plinth/domain/facilities';
import { type FacilityStatus, nextFacilityStatus } from '@plinth/domain/facility/facility-machine';
import {
  commitmentCancelledJournal,
  drawnCents,
  establishmentFeeJournal,
  facilityOpenedJournal,
} from '@plinth/domain/facility/ledger';
import { isAuState } from '@plinth/domain/facility/sop-clock';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import {
  type FacilityRole,
  type FacilityRow,
  facilityForActor,
  facilityForReader,
  partyIdsOf,
} from './facility-access';
import { facilityBalances, nat, postJournal } from './facility-figures';

export type FacilitiesDeps = Pick<AppDeps, 'db' | 'config'>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });
export const facilityLink = (deps: FacilitiesDeps, id: string) =>
  new URL(`/facilities/${id}`, deps.config.BASE_URL).toString();

/** Tells every party's open pages that the facility changed (after commit). */
export async function facilityChanged(
  trx: Db,
  facilityId: string,
  change: 'facility' | 'budget' | 'parties' | 'equity' | 'draw' | 'comment' | 'ledger',
  drawId: string | null = null,
) {
  await publishLiveEvent(trx, await partyIdsOf(trx, facilityId), {
    type: 'facility',
    facility_id: facilityId,
    draw_id: drawId,
    change,
  });
}

// ---- reading --------------------------------------------------------------------------------

async function toFacility(db: Db, row: FacilityRow, myRole: FacilityRole): Promise<Facility> {
  const [project, b, budget, nextDue] = await Promise.all([
    db.selectFrom('project').select('title').where('id', '=', row.project_id).executeTakeFirst(),
    facilityBalances(db, row.id),
    db
      .selectFrom('budget_version')
      .select('status')
      .where('facility_id', '=', row.id)
      .where('status', 'in', ['draft', 'approved'])
      .execute(),
    db
      .selectFrom('draw')
      .select('payment_schedule_due')
      .where('facility_id', '=', row.id)
      .where('status', 'in', ['submitted', 'certified', 'approved'])
      .orderBy('payment_schedule_due')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const undrawn = row.activated_on ? nat(b, 'undrawn') : BigInt(row.limit_cents);
  return {
    id: row.id,
    deal_id: row.deal_id,
    project_id: row.project_id,
    project_title: project?.title ?? '',
    state: row.state,
    status: row.status as FacilityStatus,
    limit_cents: row.limit_cents,
    interest_rate_bps: row.interest_rate_bps,
    default_margin_bps: row.default_margin_bps,
    line_fee_bps: row.line_fee_bps,
    establishment_fee_cents: row.establishment_fee_cents,
    close_date: row.close_date,
    maturity_date: row.maturity_date,
    latest_practical_completion_date: row.latest_practical_completion_date,
    capitalise_interest: row.capitalise_interest,
    my_role: myRole,
    drawn_cents: Number(drawnCents(b)),
    undrawn_cents: Number(undrawn),
    equity_received_cents: Number(nat(b, 'equity_contributed')),
    budget_status: budget.some((v) => v.status === 'approved')
      ? 'approved'
      : budget.length > 0
        ? 'draft'
        : 'none',
    next_payment_schedule_due: nextDue?.payment_schedule_due ?? null,
    created_at: iso(row.created_at)!,
  };
}

/** A facility row as the API gives it, for a caller whose part is known. */
export const getFacilityAs = (db: Db, row: FacilityRow, role: FacilityRole) => toFacility(db, row, role);

export async function getFacility(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility, role } = await facilityForReader(db, options.viewer, options.facilityId);
  return toFacility(db, facility, role);
}

const encodeCursor = (createdAt: Date | string, id: string) =>
  Buffer.from(JSON.stringify([new Date(createdAt).toISOString(), id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  throw badRequest('The cursor is not one this list gave');
}

/** GET /facilities: the caller's facilities (a party's; an admin's, every one), newest first. */
export async function listFacilities(
  db: Db,
  options: { viewer: Viewer; limit: number; cursor?: string | undefined },
) {
  const { viewer, limit } = options;
  let q = db
    .selectFrom('facility as f')
    .selectAll('f')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1);
  if (viewer.role !== 'admin')
    q = q
      .innerJoin('facility_party as fp', 'fp.facility_id', 'f.id')
      .where('fp.user_id', '=', viewer.id)
      .select('fp.role as party_role');
  if (options.cursor) {
    const [at, id] = decodeCursor(options.cursor);
    q = q.where((eb) =>
      eb.or([
        eb('f.created_at', '<', new Date(at)),
        eb.and([eb('f.created_at', '=', new Date(at)), eb('f.id', '<', id)]),
      ]),
    );
  }
  const rows = (await q.execute()) as (FacilityRow & { party_role?: FacilityRole })[];
  const page = rows.slice(0, limit);
  const items = await Promise.all(page.map((row) => toFacility(db, row, row.party_role ?? 'admin')));
  const last = page.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

// ---- creating and activating ----------------------------------------------------------------

const monthsAfter = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
};

/**
 * POST /deals/{id}/facility: the deal's funder sets up the facility after Complete Deal, from the
 * accepted quote (its amount, rate, fee and term are the defaults); the project's state is the
 * Security of Payment state. One per deal (409 after). The developer and the funder become parties.
 */
export async function createFacility(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; dealId: string; body: z.output<typeof createFacilityBody> },
) {
  const { db } = deps;
  const { viewer, body } = options;
  return auditedTransaction(db, async (trx) => {
    const deal = await trx
      .selectFrom('deal')
      .innerJoin('project as p', 'p.id', 'deal.project_id')
      .select([
        'deal.id',
        'deal.status',
        'deal.borrower_id',
        'deal.funder_id',
        'deal.project_id',
        'p.state',
        'p.title',
      ])
      .where('deal.id', '=', options.dealId)
      .forUpdate('deal')
      .executeTakeFirst();
    if (!deal || (deal.funder_id !== viewer.id && deal.borrower_id !== viewer.id))
      throw notFound(dealMessages.notFound);
    if (deal.funder_id !== viewer.id) throw forbidden(facilityMessages.onlyFunder);
    if (deal.status !== 'completed') throw conflict(facilityMessages.dealNotCompleted);
    const existing = await trx
      .selectFrom('facility')
      .select('id')
      .where('deal_id', '=', deal.id)
      .executeTakeFirst();
    if (existing) throw conflict(facilityMessages.exists);
    if (!deal.state || !isAuState(deal.state)) throw conflict(facilityMessages.noState);
    const quote = await trx
      .selectFrom('proposal')
      .select(['loan_amount', 'interest_rate', 'loan_term', 'establishment_fee'])
      .where('deal_id', '=', deal.id)
      .where('status', '=', 'accepted')
      .executeTakeFirst();
    if (!quote) throw conflict(facilityMessages.noAcceptedQuote);
    const closeDate = body.close_date ?? sydneyDate();
    const maturity = body.maturity_date ?? monthsAfter(closeDate, quote.loan_term);
    const values = {
      deal_id: deal.id,
      project_id: deal.project_id,
      borrower_id: deal.borrower_id,
      funder_id: deal.funder_id,
      state: deal.state,
      // The quote is whole dollars and a percentage with two decimals: cents and basis points exactly.
      limit_cents: body.limit_cents ?? Math.round(Number(quote.loan_amount) * 100),
      interest_rate_bps: body.interest_rate_bps ?? Math.round(Number(quote.interest_rate) * 100),
      default_margin_bps: body.default_margin_bps ?? 0,
      line_fee_bps: body.line_fee_bps ?? 0,
      establishment_fee_cents:
        body.establishment_fee_cents ?? Math.round(Number(quote.establishment_fee) * 100),
      close_date: closeDate,
      maturity_date: maturity,
      latest_practical_completion_date: body.latest_practical_completion_date ?? maturity,
      capitalise_interest: body.capitalise_interest ?? true,
      created_by: viewer.id,
    };
    const issues = [];
    if (values.maturity_date <= values.close_date)
      issues.push({ field: 'maturity_date', message: 'The maturity date must be after the close date' });
    if (values.latest_practical_completion_date < values.close_date)
      issues.push({
        field: 'latest_practical_completion_date',
        message: 'The latest practical completion date cannot be before the close date',
      });
    if (issues.length > 0) throw validationFailed(issues);
    const inserted = await trx.insertInto('facility').values(values).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto('facility_party')
      .values([
        { facility_id: inserted.id, user_id: deal.borrower_id, role: 'developer', added_by: viewer.id },
        { facility_id: inserted.id, user_id: deal.funder_id, role: 'funder', added_by: viewer.id },
      ])
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.created',
      targetType: 'facility',
      targetId: inserted.id,
      after: { deal_id: deal.id, limit_cents: values.limit_cents, state: values.state },
    });
    await notify(trx, {
      userId: deal.borrower_id,
      type: 'system',
      relatedId: inserted.id,
      message: `Your funder set up the facility for "${deal.title}": add the budget to get it approved.`,
    });
    await facilityChanged(trx, inserted.id, 'facility');
    return toFacility(trx, inserted, 'funder');
  });
}

/**
 * POST /facilities/{id}/activate: the funder opens the facility once the budget is approved; its
 * ledger opens with the limit and the establishment fee (capitalised), dated the close date.
 */
export async function activateFacility(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string },
) {
  const { db } = deps;
  return auditedTransaction(db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    const move = nextFacilityStatus(facility.status as FacilityStatus, 'activate');
    if (!move.ok) throw conflict(move.message);
    const approved = await trx
      .selectFrom('budget_version')
      .select('id')
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (!approved) throw conflict(facilityMessages.budgetNotApproved);
    const on = facility.close_date;
    const limit = BigInt(facility.limit_cents);
    await postJournal(trx, {
      facilityId: facility.id,
      journal: facilityOpenedJournal(limit),
      effectiveOn: on,
      memo: 'Facility opened',
      createdBy: options.viewer.id,
    });
    if (facility.establishment_fee_cents > 0)
      await postJournal(trx, {
        facilityId: facility.id,
        journal: establishmentFeeJournal({
          amount_cents: BigInt(facility.establishment_fee_cents),
          undrawn_cents: limit,
        }),
        effectiveOn: on,
        memo: 'Establishment fee',
        createdBy: options.viewer.id,
      });
    const updated = await trx
      .updateTable('facility')
      .set({ status: move.status, activated_on: on, updated_at: sql`now()` })
      .where('id', '=', facility.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.activated',
      targetType: 'facility',
      targetId: facility.id,
      before: { status: facility.status },
      after: { status: move.status },
    });
    await facilityChanged(trx, facility.id, 'facility');
    return toFacility(trx, updated, 'funder');
  });
}

/**
 * The facility is repaid (issue 34 item 7; decision 062), inside the caller's transaction and with
 * the facility locked: the machine's `repay` move, what is left of the undrawn commitment cancelled
 * (no redraw once repaid), and the audit. The caller checks that nothing is owed.
 */
export async function repayFacility(
  trx: Db,
  options: { viewer: Viewer; facility: FacilityRow; on: string; memo: string },
) {
  const { facility, viewer, on } = options;
  const move = nextFacilityStatus(facility.status as FacilityStatus, 'repay');
  if (!move.ok) throw conflict(move.message);
  const b = await facilityBalances(trx, facility.id);
  await postJournal(trx, {
    facilityId: facility.id,
    journal: commitmentCancelledJournal(nat(b, 'undrawn')),
    effectiveOn: on,
    memo: options.memo,
    createdBy: viewer.id,
  });
  await trx
    .updateTable('facility')
    .set({ status: move.status, updated_at: sql`now()` })
    .where('id', '=', facility.id)
    .execute();
  await recordAudit(trx, {
    actor: actorOf(viewer),
    action: 'facility.repaid',
    targetType: 'facility',
    targetId: facility.id,
    before: { status: facility.status },
    after: { status: move.status, repaid_on: on },
  });
  return move.status;
}
