import { addDays } from '@plinth/domain/facility/dates';
import { formatAud } from '@plinth/domain/facility/money';
import { defaultInterestCharged, planSettlement } from '@plinth/domain/facility/waterfall';
import { presaleMessages, type settlementBody } from '@plinth/domain/presales';
import { sydneyDate } from '@plinth/domain/proposals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import { accrueThrough } from '../facilities/accrual.jobs';
import {
  actorOf,
  type FacilitiesDeps,
  facilityChanged,
  repayFacility,
} from '../facilities/facilities.service';
import { type FacilityRow, facilityForReader, partyIdsOf } from '../facilities/facility-access';
import { accrualPosition, facilityBalances, postJournal } from '../facilities/facility-figures';
import { closingStatementPdf } from '../facilities/ledger.service';
import { notify } from '../notifications/notifications.service';
import { presaleAudit } from './presale-audit';
import { withPresales } from './presale-tables';
import {
  presaleForActor,
  presaleForReader,
  settlementRowsFor,
  toPresale,
  toSettlement,
} from './presales.service';

/**
 * Settlements and discharge (issue 34 item 7; decision 062). The funder records a lot's settlement
 * once it has happened: interest is first accrued to the day before (a repayment bears no interest
 * on its day), then the net proceeds repay the loan by the domain's waterfall (default interest,
 * arrears and fees; interest; principal) in one balanced journal, and the settlement row is the lot's
 * partial discharge. When nothing is owed any more the facility is repaid: the rest of the
 * commitment is cancelled, every lot not yet settled is released, and the closing statement is
 * issued. A surplus beyond the debt is recorded as paid to the developer.
 */

type PresaleRecord = Awaited<ReturnType<typeof presaleForReader>>['presale'];

function refuseState(facility: FacilityRow, presale: PresaleRecord) {
  if (presale.status === 'settled') throw conflict(presaleMessages.alreadySettled);
  if (presale.status === 'released') throw conflict(presaleMessages.released);
  if (facility.status === 'repaid') throw conflict(presaleMessages.facilityRepaid);
  if (facility.status !== 'active' && facility.status !== 'in_default')
    throw conflict(presaleMessages.notOpen);
}

function checkBody(body: z.output<typeof settlementBody>, presale: PresaleRecord, facility: FacilityRow) {
  const issues: { field: string; message: string }[] = [];
  if (body.settled_on > sydneyDate())
    issues.push({ field: 'settled_on', message: presaleMessages.futureSettlement });
  if (body.settled_on < presale.exchanged_on)
    issues.push({ field: 'settled_on', message: 'A lot settles on or after the day its contract exchanged' });
  if (facility.activated_on && body.settled_on < facility.activated_on)
    issues.push({ field: 'settled_on', message: 'A settlement cannot be dated before the facility opened' });
  if (body.selling_costs_cents > body.gross_cents)
    issues.push({
      field: 'selling_costs_cents',
      message: 'Selling costs cannot be more than the gross proceeds',
    });
  if (issues.length > 0) throw validationFailed(issues);
}

/** The default margin's interest charged and not yet repaid by an earlier settlement. */
async function defaultInterestOutstanding(db: Db, facility: FacilityRow) {
  // Each accrued day as it stands after any restatement (a back-dated default, cure or draw,
  // decision 070): the rate its latest restatement gave it, and its cents with every adjustment.
  const days = await db
    .selectFrom('facility_accrual as a')
    .select([
      sql<number>`coalesce((select x.rate_bps from facility_accrual_adjustment x
        where x.facility_id = a.facility_id and x.accrued_on = a.accrued_on
        order by x.created_at desc, x.id desc limit 1), a.rate_bps)`.as('rate_bps'),
      sql<string>`(a.amount_cents + coalesce((select sum(x.amount_cents) from facility_accrual_adjustment x
        where x.facility_id = a.facility_id and x.accrued_on = a.accrued_on), 0))::text`.as('cents'),
    ])
    .where('a.facility_id', '=', facility.id)
    .execute();
  const charged = defaultInterestCharged(
    days.map((d) => ({ rate_bps: Number(d.rate_bps), accrual_cents: BigInt(d.cents) })),
    facility.interest_rate_bps,
  );
  const { repaid } = await withPresales(db)
    .selectFrom('presale_settlement')
    .select(sql<string>`coalesce(sum(default_interest_cents), 0)::text`.as('repaid'))
    .where('facility_id', '=', facility.id)
    .executeTakeFirstOrThrow();
  return charged - BigInt(repaid);
}

/** POST /presales/{id}/settlement. */
export async function settlePresale(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; presaleId: string; body: z.output<typeof settlementBody> },
) {
  const { viewer, body } = options;
  // Refusals first, before anything is accrued: who, which state, which body.
  {
    const { presale, facility } = await presaleForActor(deps.db, viewer, options.presaleId, ['funder']);
    refuseState(facility, presale);
    checkBody(body, presale, facility);
    // Interest to the day before settlement (the daily job may not have reached it yet).
    await accrueThrough(deps.db, facility.id, addDays(body.settled_on, -1));
  }
  return auditedTransaction(deps.db, async (trx) => {
    const { presale, facility } = await presaleForActor(trx, viewer, options.presaleId, ['funder']);
    refuseState(facility, presale);
    checkBody(body, presale, facility);
    const position = await accrualPosition(trx, facility);
    if (position.next > body.settled_on)
      throw conflict(
        `Interest is already accrued to ${addDays(position.next, -1)}; the ledger is never rewritten, so a settlement is dated ${position.next} or later`,
      );
    if (position.next < body.settled_on)
      throw conflict('Interest to the day before settlement is still being accrued; try again in a moment');
    const balances = await facilityBalances(trx, facility.id);
    const plan = planSettlement({
      balances,
      gross_cents: BigInt(body.gross_cents),
      selling_costs_cents: BigInt(body.selling_costs_cents),
      default_interest_cents: await defaultInterestOutstanding(trx, facility),
    });
    const journalId = await postJournal(trx, {
      facilityId: facility.id,
      journal: plan.journal,
      effectiveOn: body.settled_on,
      memo: `Settlement of lot ${presale.lot}`,
      createdBy: viewer.id,
    });
    const w = plan.waterfall;
    const pdb = withPresales(trx);
    const inserted = await pdb
      .insertInto('presale_settlement')
      .values({
        presale_id: presale.id,
        facility_id: facility.id,
        settled_on: body.settled_on,
        gross_cents: body.gross_cents,
        selling_costs_cents: body.selling_costs_cents,
        net_proceeds_cents: Number(w.net_proceeds_cents),
        default_interest_cents: Number(w.default_interest_cents),
        fees_cents: Number(w.fees_cents),
        interest_cents: Number(w.interest_cents),
        principal_cents: Number(w.principal_cents),
        surplus_cents: Number(w.surplus_cents),
        owed_after_cents: Number(w.owed_after_cents),
        repaid: plan.repaid,
        journal_id: journalId!,
        recorded_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await pdb
      .updateTable('presale')
      .set({ status: 'settled', updated_at: sql`now()` })
      .where('id', '=', presale.id)
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: presaleAudit.settled,
      targetType: 'facility',
      targetId: facility.id,
      after: {
        presale_id: presale.id,
        lot: presale.lot,
        settled_on: body.settled_on,
        net_proceeds_cents: Number(w.net_proceeds_cents),
        principal_cents: Number(w.principal_cents),
        surplus_cents: Number(w.surplus_cents),
      },
    });
    let status = facility.status;
    let released: string[] = [];
    if (plan.repaid) {
      status = await repayFacility(trx, {
        viewer,
        facility,
        on: body.settled_on,
        memo: `Undrawn commitment cancelled: repaid by the settlement of lot ${presale.lot}`,
      });
      released = (
        await pdb
          .updateTable('presale')
          .set({ status: 'released', released_on: body.settled_on, updated_at: sql`now()` })
          .where('facility_id', '=', facility.id)
          .where('status', '=', 'exchanged')
          .returning('lot')
          .execute()
      )
        .map((r) => r.lot)
        .sort();
      await pdb
        .insertInto('facility_closing')
        .values({ facility_id: facility.id, repaid_on: body.settled_on, settlement_id: inserted.id })
        .execute();
    }
    await tellParties(trx, facility, presale.lot, w, plan.repaid);
    await facilityChanged(trx, facility.id, 'ledger');
    // The lot leaves the presale register and the loan falls (a repaid facility is not tested).
    await testCovenants({ ...deps, db: trx }, facility.id, 'settlement');
    return {
      ...toSettlement({ ...inserted, lot: presale.lot }),
      facility_status: status,
      released_lots: released,
    };
  });
}

async function tellParties(
  trx: Db,
  facility: FacilityRow,
  lot: string,
  w: ReturnType<typeof planSettlement>['waterfall'],
  repaid: boolean,
) {
  const surplus = w.surplus_cents > 0n ? `, ${formatAud(w.surplus_cents)} surplus to the developer` : '';
  await notify(trx, {
    userId: facility.borrower_id,
    type: 'system',
    relatedId: facility.id,
    message: `Lot ${lot} settled: ${formatAud(w.net_proceeds_cents - w.surplus_cents)} applied to the loan${surplus}.`,
  });
  if (!repaid) return;
  for (const userId of await partyIdsOf(trx, facility.id))
    await notify(trx, {
      userId,
      type: 'system',
      relatedId: facility.id,
      message: `The facility is repaid: the closing statement is issued and the remaining lots are released.`,
    });
}

/** GET /facilities/{id}/settlements: every settlement (partial discharge), oldest first. */
export async function listSettlements(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const pdb = withPresales(db);
  const ids = (
    await pdb
      .selectFrom('presale_settlement')
      .select('presale_id')
      .where('facility_id', '=', facility.id)
      .execute()
  ).map((r) => r.presale_id);
  const rows = await settlementRowsFor(pdb, ids);
  rows.sort((a, b) =>
    a.settled_on === b.settled_on
      ? +new Date(a.created_at) - +new Date(b.created_at)
      : a.settled_on < b.settled_on
        ? -1
        : 1,
  );
  return { items: rows.map(toSettlement) };
}

/** GET /presales/{id}: one presale with its settlement. */
export async function getPresale(db: Db, options: { viewer: Viewer; presaleId: string }) {
  const { presale } = await presaleForReader(db, options.viewer, options.presaleId);
  const [s] = await settlementRowsFor(withPresales(db), [presale.id]);
  return toPresale(presale, s);
}

/** GET /facilities/{id}/closing-statement.pdf: 409 until the facility is repaid. */
export const closingStatement = (db: Db, options: { viewer: Viewer; facilityId: string }) =>
  closingStatementPdf(db, {
    ...options,
    repaidOn: async (facilityId) =>
      (
        await withPresales(db)
          .selectFrom('facility_closing')
          .select('repaid_on')
          .where('facility_id', '=', facilityId)
          .executeTakeFirst()
      )?.repaid_on ?? null,
  });
