import type { PresaleSettings } from '@plinth/domain/facility/presales';
import {
  type CreatePresaleInput,
  checkPresale,
  type PresaleOut,
  presaleMessages,
  type presaleSettingsBody,
} from '@plinth/domain/presales';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import { actorOf, type FacilitiesDeps, facilityChanged, iso } from '../facilities/facilities.service';
import { type FacilityRow, facilityForActor, facilityForReader } from '../facilities/facility-access';
import { presaleAudit } from './presale-audit';
import { settingsOf } from './presale-settings';
import { type PresaleDb, withPresales } from './presale-tables';

/**
 * The presale register (issue 34 item 4; decision 062): the developer writes it (adds, imports,
 * removes a lot entered in error or rescinded before it settles); the funder, co-funders and the
 * surveyor read it, admins too; the funder sets the qualification thresholds. A stranger is told the
 * facility does not exist (404), a party of another role is refused (403), a repaid facility's
 * register no longer changes (409).
 */

type PresaleRow = Awaited<ReturnType<typeof presaleRows>>[number];
type SettlementRow = NonNullable<Awaited<ReturnType<typeof settlementRowsFor>>[number]>;

const presaleRows = (db: PresaleDb, facilityId: string) =>
  db.selectFrom('presale').selectAll().where('facility_id', '=', facilityId).execute();

export const settlementRowsFor = (db: PresaleDb, presaleIds: string[]) =>
  presaleIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('presale_settlement as s')
        .innerJoin('presale as p', 'p.id', 's.presale_id')
        .selectAll('s')
        .select('p.lot')
        .where('s.presale_id', 'in', presaleIds)
        .execute();

export function toSettlement(s: SettlementRow) {
  return {
    id: s.id,
    presale_id: s.presale_id,
    facility_id: s.facility_id,
    lot: s.lot,
    settled_on: s.settled_on,
    gross_cents: s.gross_cents,
    selling_costs_cents: s.selling_costs_cents,
    net_proceeds_cents: s.net_proceeds_cents,
    default_interest_cents: s.default_interest_cents,
    fees_cents: s.fees_cents,
    interest_cents: s.interest_cents,
    principal_cents: s.principal_cents,
    surplus_cents: s.surplus_cents,
    owed_after_cents: s.owed_after_cents,
    discharged_on: s.settled_on,
    journal_id: s.journal_id,
    repaid: s.repaid,
    created_at: iso(s.created_at)!,
  };
}

export function toPresale(row: PresaleRow, settlement: SettlementRow | undefined): PresaleOut {
  return {
    id: row.id,
    facility_id: row.facility_id,
    lot: row.lot,
    purchaser_name: row.purchaser_name,
    price_ex_gst_cents: row.price_ex_gst_cents,
    deposit_cents: row.deposit_cents,
    deposit_form: row.deposit_form,
    bond_expiry: row.bond_expiry,
    related_party: row.related_party,
    exchanged_on: row.exchanged_on,
    sunset_on: row.sunset_on,
    status: row.status,
    released_on: row.released_on,
    settlement: settlement ? toSettlement(settlement) : null,
    created_at: iso(row.created_at)!,
  };
}

function refuseIfRepaid(facility: FacilityRow) {
  if (facility.status === 'repaid') throw conflict(presaleMessages.facilityRepaid);
}

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[1])
    )
      return [value[0], value[1]];
  } catch {}
  throw badRequest('The cursor is not one this list gave');
}

/** GET /facilities/{id}/presales: the register in the order lots were entered, a page at a time. */
export async function listPresales(
  db: Db,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string | undefined },
) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const pdb = withPresales(db);
  let q = pdb
    .selectFrom('presale')
    .selectAll()
    // The instant to the microsecond (PostgreSQL keeps microseconds; a JS Date only milliseconds).
    .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at'))
    .where('facility_id', '=', facility.id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(options.limit + 1);
  if (options.cursor) {
    const [at, id] = decodeCursor(options.cursor);
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '>', sql<Date>`${at}::timestamptz`),
        eb.and([eb('created_at', '=', sql<Date>`${at}::timestamptz`), eb('id', '>', id)]),
      ]),
    );
  }
  const rows = await q.execute();
  const page = rows.slice(0, options.limit);
  const settlements = new Map(
    (
      await settlementRowsFor(
        pdb,
        page.filter((r) => r.status === 'settled').map((r) => r.id),
      )
    ).map((s) => [s.presale_id, s]),
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => toPresale(r, settlements.get(r.id))),
    next_cursor: rows.length > options.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

async function insertPresales(
  trx: Db,
  facility: FacilityRow,
  viewer: Viewer,
  inputs: CreatePresaleInput[],
  rowOf: (index: number) => string,
) {
  const pdb = withPresales(trx);
  const taken = new Set(
    (
      await pdb
        .selectFrom('presale')
        .select('lot')
        .where('facility_id', '=', facility.id)
        .where(
          'lot',
          'in',
          inputs.map((p) => p.lot),
        )
        .execute()
    ).map((r) => r.lot),
  );
  if (taken.size > 0) {
    const lots = inputs.filter((p) => taken.has(p.lot));
    if (inputs.length === 1) throw conflict(presaleMessages.lotTaken);
    throw validationFailed(
      lots.map((p) => ({
        field: `${rowOf(inputs.indexOf(p))}.lot`,
        message: `${rowOf(inputs.indexOf(p)).replace(/^row/, 'Row')}: lot ${p.lot} is already on the register`,
      })),
    );
  }
  const rows = await pdb
    .insertInto('presale')
    .values(
      inputs.map((p) => ({
        facility_id: facility.id,
        lot: p.lot,
        purchaser_name: p.purchaser_name,
        price_ex_gst_cents: p.price_ex_gst_cents,
        deposit_cents: p.deposit_cents,
        deposit_form: p.deposit_form,
        bond_expiry: p.deposit_form === 'bond' ? (p.bond_expiry ?? null) : null,
        related_party: p.related_party,
        exchanged_on: p.exchanged_on,
        sunset_on: p.sunset_on,
        created_by: viewer.id,
      })),
    )
    .returningAll()
    .execute();
  await recordAudit(trx, {
    actor: actorOf(viewer),
    action: inputs.length === 1 ? presaleAudit.created : presaleAudit.imported,
    targetType: 'facility',
    targetId: facility.id,
    after: {
      presales: rows.map((r) => ({ id: r.id, lot: r.lot, price_ex_gst_cents: r.price_ex_gst_cents })),
    },
  });
  await facilityChanged(trx, facility.id, 'facility');
  return rows.map((r) => toPresale(r, undefined));
}

/** POST /facilities/{id}/presales: the developer adds a contract to the register. */
export async function createPresale(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: CreatePresaleInput },
) {
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['developer'], {
      lock: true,
    });
    refuseIfRepaid(facility);
    const issues = checkPresale(options.body);
    if (issues.length > 0) throw validationFailed(issues);
    const [created] = await insertPresales(trx, facility, options.viewer, [options.body], () => 'body');
    await testCovenants({ ...deps, db: trx }, facility.id, 'presale');
    return created!;
  });
}

/** DELETE /presales/{id}: the developer removes a lot entered in error or rescinded, before it settles. */
export async function deletePresale(deps: FacilitiesDeps, options: { viewer: Viewer; presaleId: string }) {
  return auditedTransaction(deps.db, async (trx) => {
    const { presale, facility } = await presaleForActor(trx, options.viewer, options.presaleId, [
      'developer',
    ]);
    refuseIfRepaid(facility);
    if (presale.status === 'settled') throw conflict(presaleMessages.settled);
    if (presale.status === 'released') throw conflict(presaleMessages.released);
    await withPresales(trx).deleteFrom('presale').where('id', '=', presale.id).execute();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: presaleAudit.removed,
      targetType: 'facility',
      targetId: facility.id,
      before: { id: presale.id, lot: presale.lot, purchaser_name: presale.purchaser_name },
    });
    await facilityChanged(trx, facility.id, 'facility');
    await testCovenants({ ...deps, db: trx }, facility.id, 'presale');
  });
}

/** A presale the viewer may read (a party of its facility, or an admin): else 404, as for no such presale. */
export async function presaleForReader(
  db: Db,
  viewer: Viewer,
  presaleId: string,
  options: { lock?: boolean } = {},
) {
  const presale = await withPresales(db)
    .selectFrom('presale')
    .selectAll()
    .where('id', '=', presaleId)
    .$if(!!options.lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!presale) throw notFound(presaleMessages.notFound);
  try {
    const { facility, role } = await facilityForReader(db, viewer, presale.facility_id, options);
    return { presale, facility, role };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw notFound(presaleMessages.notFound);
    throw error;
  }
}

/** A presale the viewer may act on as one of `roles` (stranger 404, other role 403). */
export async function presaleForActor(
  db: Db,
  viewer: Viewer,
  presaleId: string,
  roles: readonly ('developer' | 'funder')[],
) {
  const { presale } = await presaleForReader(db, viewer, presaleId);
  // The facility first (it is locked first everywhere), then the presale.
  const { facility } = await facilityForActor(db, viewer, presale.facility_id, roles, { lock: true });
  const locked = await withPresales(db)
    .selectFrom('presale')
    .selectAll()
    .where('id', '=', presaleId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw notFound(presaleMessages.notFound);
  return { presale: locked, facility };
}

/** GET /facilities/{id}/presale-settings: the thresholds in force. */
export async function getSettings(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  return settingsOf(db, facility.id);
}

/** PUT /facilities/{id}/presale-settings: the funder sets any threshold; the others keep their value. */
export async function putSettings(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof presaleSettingsBody> },
) {
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    refuseIfRepaid(facility);
    const before = await settingsOf(trx, facility.id);
    const after: PresaleSettings = {
      min_deposit_bps: options.body.min_deposit_bps ?? before.min_deposit_bps,
      max_bond_share_bps: options.body.max_bond_share_bps ?? before.max_bond_share_bps,
      bond_months_after_sunset: options.body.bond_months_after_sunset ?? before.bond_months_after_sunset,
      sunset_months_after_completion:
        options.body.sunset_months_after_completion ?? before.sunset_months_after_completion,
    };
    await withPresales(trx)
      .insertInto('presale_settings')
      .values({ facility_id: facility.id, ...after, updated_by: options.viewer.id })
      .onConflict((oc) =>
        oc
          .column('facility_id')
          .doUpdateSet({ ...after, updated_by: options.viewer.id, updated_at: sql`now()` }),
      )
      .execute();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: presaleAudit.settingsChanged,
      targetType: 'facility',
      targetId: facility.id,
      before,
      after,
    });
    await facilityChanged(trx, facility.id, 'facility');
    await testCovenants({ ...deps, db: trx }, facility.id, 'presale');
    return after;
  });
}

export { insertPresales, refuseIfRepaid, settingsOf };
