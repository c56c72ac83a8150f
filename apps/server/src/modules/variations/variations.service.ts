import { formatAud } from '@plinth/domain/facility/money';
import {
  nextVariationState,
  type VariationState,
  variationActorMessage,
} from '@plinth/domain/facility/variation-machine';
import {
  contingencyLeft,
  variationFundingLabels,
  variationLineError,
} from '@plinth/domain/facility/variations';
import {
  type CreateVariationBody,
  type Variation,
  type VariationEventBody,
  variationMessages,
} from '@plinth/domain/variations';
import { sql, type Updateable } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { FacilityPartyRole } from '../../db/types-facility';
import { conflict, forbidden, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import type { FacilitiesDeps } from '../facilities/facilities.service';
import { facilityForActor, findFacilityRow } from '../facilities/facility-access';
import { actorOf, approvedPositions, assertOpenFacility, auditKeys, iso, tellParties } from './budget-change';
import { addEvent, consentFor, incorporate } from './variation-incorporate';
import {
  budgetVersionNumber,
  findRecord,
  pageByNumber,
  type RecordRow,
  recordForReader,
} from './variation-records';
import { type VariationStatus, type VariationTable, withVariations } from './variation-tables';

/**
 * Variations (issue 34 item 1; decision 061): the developer proposes a change to a budget line's
 * cost and the programme's days, the quantity surveyor assesses it, the developer approves it, and
 * the lender consents where the facility needs it; incorporating makes a new approved budget version
 * (contingency down, equity called or the limit raised) and the days move the forecast completion.
 * The machine, the budget arithmetic and the consent rule are the domain's; here: who may act, and
 * each move with its event, audit entry and notices in one transaction.
 */

type VariationRow = RecordRow<'variation'>;

async function toVariation(db: Db, row: VariationRow): Promise<Variation> {
  const vdb = withVariations(db);
  const [line, version, events] = await Promise.all([
    db.selectFrom('budget_line').select('code').where('id', '=', row.budget_line_id).executeTakeFirst(),
    budgetVersionNumber(db, row.budget_version_id),
    vdb.selectFrom('variation_event').selectAll().where('variation_id', '=', row.id).orderBy('id').execute(),
  ]);
  const reasons = (
    typeof row.consent_reasons === 'string' ? JSON.parse(row.consent_reasons) : row.consent_reasons
  ) as Variation['consent_reasons'];
  return {
    id: row.id,
    facility_id: row.facility_id,
    number: row.number,
    budget_line_id: row.budget_line_id,
    budget_line_code: line?.code ?? '',
    description: row.description,
    funding: row.funding,
    status: row.status,
    proposed_cost_cents: row.proposed_cost_cents,
    proposed_days: row.proposed_days,
    cost_cents: row.cost_cents,
    days: row.days,
    assessment_note: row.assessment_note,
    consent_required: row.consent_required,
    consent_reasons: reasons,
    contingency_used_cents: row.contingency_used_cents,
    equity_called_cents: row.equity_called_cents,
    limit_increase_cents: row.limit_increase_cents,
    budget_version: version,
    decision_reason: row.decision_reason,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    events: events.map((e) => ({
      type: e.type as Variation['events'][number]['type'],
      from_status: e.from_status as VariationState | null,
      to_status: e.to_status as VariationState,
      actor_id: e.actor_id,
      actor_role: e.actor_role,
      note: e.note,
      created_at: iso(e.created_at)!,
    })),
  };
}

/** POST /facilities/{id}/variations: the developer proposes a variation to a line of the approved budget. */
export async function createVariation(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: CreateVariationBody },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['developer'], {
      lock: true,
    });
    assertOpenFacility(facility);
    const { lines } = await approvedPositions(trx, facility.id);
    const lineError = variationLineError(lines.find((l) => l.id === body.budget_line_id));
    if (lineError) throw validationFailed([{ field: 'budget_line_id', message: lineError }]);
    const left = contingencyLeft(lines);
    if (body.funding === 'contingency' && BigInt(body.cost_cents) > left)
      throw conflict(
        `Contingency has only ${formatAud(left)} left; it cannot fund ${formatAud(BigInt(body.cost_cents))}. Choose equity or a limit increase`,
      );
    const vdb = withVariations(trx);
    const { max } = await vdb
      .selectFrom('variation')
      .select(sql<number>`coalesce(max(number), 0)`.as('max'))
      .where('facility_id', '=', facility.id)
      .executeTakeFirstOrThrow();
    const row = await vdb
      .insertInto('variation')
      .values({
        facility_id: facility.id,
        number: Number(max) + 1,
        budget_line_id: body.budget_line_id,
        description: body.description,
        funding: body.funding,
        proposed_cost_cents: body.cost_cents,
        proposed_days: body.days,
        cost_cents: body.cost_cents,
        days: body.days,
        proposed_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      variationId: row.id,
      type: 'propose',
      from: null,
      to: 'proposed',
      viewer,
      role: 'developer',
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: auditKeys.variationProposed,
      targetType: 'facility',
      targetId: facility.id,
      after: { variation_id: row.id, number: row.number, cost_cents: body.cost_cents, days: body.days },
    });
    await tellParties(deps, trx, facility, {
      except: viewer.id,
      relatedId: row.id,
      message: `Variation ${row.number} proposed: ${body.description} (${formatAud(BigInt(body.cost_cents))}, ${body.days} days, ${variationFundingLabels[body.funding].toLowerCase()}). The quantity surveyor assesses it next.`,
    });
    return toVariation(trx, row);
  });
}

export async function listVariations(
  db: Db,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string | undefined },
) {
  const { page, next_cursor } = await pageByNumber(db, 'variation', options);
  const items = await Promise.all(
    page.map(async (r) => (({ events: _e, ...v }) => v)(await toVariation(db, r))),
  );
  return { items, next_cursor };
}

/** A variation the viewer may read (any party of its facility, admins); anyone else 404. */
const variationForReader = (db: Db, viewer: Viewer, id: string) =>
  recordForReader(db, viewer, 'variation', id, variationMessages.notFound);

export async function getVariation(db: Db, options: { viewer: Viewer; variationId: string }) {
  const { row } = await variationForReader(db, options.viewer, options.variationId);
  return toVariation(db, row);
}

const actorRoles: Record<VariationEventBody['type'], FacilityPartyRole[]> = {
  assess: ['surveyor'],
  approve: ['developer'],
  lender_approve: ['funder'],
  lender_reject: ['funder'],
  withdraw: ['developer'],
};

/** POST /variations/{id}/events: one move of the machine by the party whose move it is. */
export async function moveVariation(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; variationId: string; body: VariationEventBody },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { row: unlocked, role } = await variationForReader(trx, viewer, options.variationId);
    if (role === 'admin' || !actorRoles[body.type].includes(role))
      throw forbidden(variationActorMessage[body.type]);
    const facility = (await findFacilityRow(trx, unlocked.facility_id, { lock: true }))!;
    const v = (await findRecord(trx, 'variation', unlocked.id, true))!;
    const from = v.status as VariationState;
    const move = nextVariationState(from, body.type);
    if (!move.ok) throw conflict(move.message);
    assertOpenFacility(facility);
    const vdb = withVariations(trx);
    const set = (values: Updateable<VariationTable>) =>
      vdb
        .updateTable('variation')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', v.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    const moved = (to: VariationState, note?: string | null) =>
      addEvent(trx, { variationId: v.id, type: body.type, from, to, viewer, role, note: note ?? null });
    const audit = (after: Record<string, unknown>) =>
      recordAudit(trx, {
        actor: actorOf(viewer),
        action: auditKeys.variationMoved,
        targetType: 'facility',
        targetId: facility.id,
        before: { variation_id: v.id, status: from },
        after: { variation_id: v.id, event: body.type, ...after },
      });
    let updated: VariationRow;
    switch (body.type) {
      case 'assess': {
        const cost = body.cost_cents ?? v.cost_cents;
        const days = body.days ?? v.days;
        const changed = cost !== v.cost_cents || days !== v.days;
        if (changed && !body.note)
          throw validationFailed([{ field: 'note', message: variationMessages.assessNote }]);
        updated = await set({
          status: move.state as VariationStatus,
          cost_cents: cost,
          days,
          assessment_note: body.note || null,
        });
        await moved(move.state, body.note);
        await audit({ status: move.state, cost_cents: cost, days });
        await tellParties(deps, trx, facility, {
          except: viewer.id,
          relatedId: v.id,
          message: `Variation ${v.number} assessed by the quantity surveyor at ${formatAud(BigInt(cost))} and ${days} days${changed ? ` (proposed ${formatAud(BigInt(v.proposed_cost_cents))} and ${v.proposed_days} days): ${body.note}` : ''}.`,
        });
        break;
      }
      case 'approve': {
        const { effect, reasons } = await consentFor(trx, facility, v);
        updated = await set({
          status: move.state as VariationStatus,
          consent_required: reasons.length > 0,
          consent_reasons: JSON.stringify(reasons),
        });
        await moved(move.state);
        await audit({ status: move.state, consent_reasons: reasons.map((r) => r.code) });
        if (reasons.length === 0)
          updated = await incorporate(deps, trx, { facility, v: updated, viewer, role, effect });
        else
          await tellParties(deps, trx, facility, {
            except: viewer.id,
            relatedId: v.id,
            message: `Variation ${v.number} (${formatAud(BigInt(v.cost_cents))}) awaits the lender's consent: ${reasons.map((r) => r.message).join('; ')}.`,
          });
        break;
      }
      case 'lender_approve': {
        updated = await set({ status: move.state as VariationStatus });
        await moved(move.state, body.note);
        await audit({ status: move.state });
        const { effect } = await consentFor(trx, facility, updated);
        updated = await incorporate(deps, trx, { facility, v: updated, viewer, role, effect });
        break;
      }
      case 'lender_reject':
      case 'withdraw': {
        const reason = body.reason?.trim() || null;
        updated = await set({ status: move.state as VariationStatus, decision_reason: reason });
        await moved(move.state, reason);
        await audit({ status: move.state, reason });
        await tellParties(deps, trx, facility, {
          except: viewer.id,
          relatedId: v.id,
          message:
            body.type === 'withdraw'
              ? `Variation ${v.number} was withdrawn by the developer${reason ? `: ${reason}` : '.'}`
              : `The lender rejected variation ${v.number}: ${reason}`,
        });
        break;
      }
    }
    return toVariation(trx, updated);
  });
}
