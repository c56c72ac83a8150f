import {
  type cureDefaultBody,
  curedOnIssues,
  cureNoticeText,
  type declareDefaultBody,
  declaredOnIssues,
  defaultNoticeText,
  type FacilityDefaultRecord,
} from '@plinth/domain/facility/facility-default';
import { type FacilityStatus, nextFacilityStatus } from '@plinth/domain/facility/facility-machine';
import { formatAud } from '@plinth/domain/facility/money';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { withDefaults } from './default-tables';
import {
  actorOf,
  type FacilitiesDeps,
  facilityChanged,
  facilityLink,
  getFacilityAs,
} from './facilities.service';
import { type FacilityRow, facilityForActor } from './facility-access';
import { restateAccruals } from './reaccrual';

/**
 * The funder's own event of default and its cure (issue 33; decision 070). The covenant engine
 * declares a default when a breach runs out of cure days (decision 067); here the funder declares one
 * for any other reason (a missed payment, insolvency, a misrepresentation) and cures either kind. Both
 * are the facility machine's moves, kept in `facility_default` (the day the default margin starts
 * and stops, read by the daily accrual), with the interest of days already accrued restated when the
 * day given is in the past, the developer and co-funders told, and an audit entry — one transaction.
 */

const toRecord = (row: {
  id: string;
  declared_on: string;
  reason: string | null;
  breach_id: string | null;
  cured_on: string | null;
  cure_reason: string | null;
}): FacilityDefaultRecord => ({
  id: row.id,
  declared_on: String(row.declared_on),
  reason: row.reason,
  breach_id: row.breach_id,
  cured_on: row.cured_on === null ? null : String(row.cured_on),
  cure_reason: row.cure_reason,
});

async function tellParties(
  deps: FacilitiesDeps,
  trx: Db,
  facility: FacilityRow,
  subject: string,
  text: string,
) {
  const recipients = await trx
    .selectFrom('facility_party')
    .select('user_id')
    .where('facility_id', '=', facility.id)
    .where('role', 'in', ['developer', 'co_funder'])
    .execute();
  for (const { user_id } of recipients)
    await notify(trx, {
      userId: user_id,
      type: 'system',
      relatedId: facility.id,
      message: text,
      email: { subject, text: `${text}\n\nOpen the facility: ${facilityLink(deps, facility.id)}` },
    });
}

const projectTitle = async (trx: Db, facility: FacilityRow) =>
  (await trx.selectFrom('project').select('title').where('id', '=', facility.project_id).executeTakeFirst())
    ?.title ?? '';

const restatedWords = (cents: bigint) =>
  cents === 0n
    ? ''
    : cents > 0n
      ? ` Interest already accrued was restated: ${formatAud(cents)} more was charged.`
      : ` Interest already accrued was restated: ${formatAud(-cents)} was given back.`;

/** POST /facilities/{id}/default {reason, declared_on}: the funder declares an event of default. */
export async function declareDefault(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof declareDefaultBody> },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const db = withDefaults(trx);
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder'], { lock: true });
    const move = nextFacilityStatus(facility.status as FacilityStatus, 'declare_default');
    if (!move.ok) throw conflict(move.message);
    const lastCure = await db
      .selectFrom('facility_default')
      .select('cured_on')
      .where('facility_id', '=', facility.id)
      .where('cured_on', 'is not', null)
      .orderBy('cured_on', 'desc')
      .limit(1)
      .executeTakeFirst();
    const issues = declaredOnIssues({
      declared_on: body.declared_on,
      today: sydneyDate(),
      activated_on: facility.activated_on ?? facility.close_date,
      last_cured_on: lastCure?.cured_on ? String(lastCure.cured_on) : null,
    });
    if (issues.length > 0) throw validationFailed(issues);
    const row = await db
      .insertInto('facility_default')
      .values({
        facility_id: facility.id,
        declared_on: body.declared_on,
        reason: body.reason,
        declared_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { updated, restated } = await moveAndRestate(trx, facility.id, move.status, {
      from: body.declared_on,
      cause: `default declared from ${body.declared_on}`,
      createdBy: viewer.id,
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.default_declared',
      targetType: 'facility',
      targetId: facility.id,
      reason: body.reason,
      before: { status: facility.status },
      after: {
        status: move.status,
        declared_on: body.declared_on,
        default_id: row.id,
        interest_restated_cents: Number(restated.amount_cents),
      },
    });
    const text = defaultNoticeText({
      project: await projectTitle(trx, facility),
      declared_on: body.declared_on,
      reason: body.reason,
      default_margin_bps: facility.default_margin_bps,
    });
    await tellParties(
      deps,
      trx,
      facility,
      'Event of default declared',
      text + restatedWords(restated.amount_cents),
    );
    await facilityChanged(trx, facility.id, 'facility');
    return {
      facility: await getFacilityAs(trx, updated, 'funder'),
      default: toRecord(row),
      interest_adjusted_cents: Number(restated.amount_cents),
    };
  });
}

/** POST /facilities/{id}/cure {reason, cured_on}: the funder cures the open event of default. */
export async function cureDefault(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof cureDefaultBody> },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const db = withDefaults(trx);
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder'], { lock: true });
    const move = nextFacilityStatus(facility.status as FacilityStatus, 'cure');
    if (!move.ok) throw conflict(move.message);
    const open = await db
      .selectFrom('facility_default')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .where('cured_on', 'is', null)
      .executeTakeFirst();
    // In default with no open row (a default older than the record of its day): it ran from the
    // facility's opening as far as anyone can tell, so the cure is dated after that.
    const declaredOn = open ? String(open.declared_on) : (facility.activated_on ?? facility.close_date);
    const issues = curedOnIssues({ cured_on: body.cured_on, today: sydneyDate(), declared_on: declaredOn });
    if (issues.length > 0) throw validationFailed(issues);
    const row = open
      ? await db
          .updateTable('facility_default')
          .set({ cured_on: body.cured_on, cured_by: viewer.id, cure_reason: body.reason })
          .where('id', '=', open.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await db
          .insertInto('facility_default')
          .values({
            facility_id: facility.id,
            declared_on: declaredOn,
            cured_on: body.cured_on,
            cured_by: viewer.id,
            cure_reason: body.reason,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    const { updated, restated } = await moveAndRestate(trx, facility.id, move.status, {
      from: body.cured_on,
      cause: `default cured from ${body.cured_on}`,
      createdBy: viewer.id,
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.default_cured',
      targetType: 'facility',
      targetId: facility.id,
      reason: body.reason,
      before: { status: facility.status, declared_on: declaredOn },
      after: {
        status: move.status,
        cured_on: body.cured_on,
        default_id: row.id,
        interest_restated_cents: Number(restated.amount_cents),
      },
    });
    const text = cureNoticeText({
      project: await projectTitle(trx, facility),
      cured_on: body.cured_on,
      reason: body.reason,
    });
    await tellParties(
      deps,
      trx,
      facility,
      'Event of default cured',
      text + restatedWords(restated.amount_cents),
    );
    await facilityChanged(trx, facility.id, 'facility');
    return {
      facility: await getFacilityAs(trx, updated, 'funder'),
      default: toRecord(row),
      interest_adjusted_cents: Number(restated.amount_cents),
    };
  });
}

/**
 * The facility's new status, then every accrued day from `from` restated at the rates the move
 * gives them (a default's margin starts, a cure's stops).
 */
async function moveAndRestate(
  trx: Db,
  facilityId: string,
  status: FacilityStatus,
  restatement: { from: string; cause: string; createdBy: string },
) {
  const updated = await trx
    .updateTable('facility')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', facilityId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { updated, restated: await restateAccruals(trx, updated, restatement) };
}
