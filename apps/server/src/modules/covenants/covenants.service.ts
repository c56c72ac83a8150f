import {
  type CovenantsResponse,
  covenantMessages,
  type PutCovenantsBody,
  type valuationBody,
} from '@plinth/domain/covenants';
import {
  type CovenantKind,
  type CovenantLight,
  covenantLight,
  covenantRules,
  thresholdText,
} from '@plinth/domain/facility/covenants';
import type { FacilityStatus } from '@plinth/domain/facility/facility-machine';
import { sydneyDate } from '@plinth/domain/proposals';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { actorOf, type FacilitiesDeps, iso } from '../facilities/facilities.service';
import { facilityForActor, facilityForReader } from '../facilities/facility-access';
import { testCovenants } from './covenant-engine';
import { latestValuation } from './covenant-figures';
import { type CovenantDb, withCovenants } from './covenant-tables';

/**
 * The covenants of a facility through the API (issue 34 item 5; decision 067): every party reads
 * them with their latest test and any open breach (admins too); the funder sets them while the
 * facility is set up or active and records valuations; each write tests the covenants at once.
 * A stranger is told the facility does not exist (404), a party of another role is refused (403).
 */

type TestRow = Awaited<ReturnType<ReturnType<typeof testRowsQuery>['execute']>>[number];

const testRowsQuery = (db: CovenantDb, facilityId: string) =>
  db.selectFrom('covenant_test').selectAll().where('facility_id', '=', facilityId).orderBy('seq', 'desc');

export const toTest = (r: TestRow) => ({
  id: r.id,
  kind: r.kind as CovenantKind,
  tested_on: r.tested_on,
  tested_at: iso(r.tested_at)!,
  trigger: r.trigger as 'scheduled',
  period: r.period,
  status: r.status as 'pass' | 'breach' | 'not_tested',
  value: r.value === null ? null : Number(r.value),
  threshold: Number(r.threshold),
  headroom: r.headroom === null ? null : Number(r.headroom),
  message: r.message,
  workings: (
    (typeof r.workings === 'string' ? JSON.parse(r.workings) : r.workings) as [string, string][]
  ).map(([label, value]) => ({ label, value })),
});

const noticeUrl = (facilityId: string, noticeId: string) =>
  `/api/facilities/${facilityId}/covenants/notices/${noticeId}/download`;

/** The latest test of each covenant kind of a facility. */
export async function latestTests(db: Db, facilityId: string) {
  const rows = await withCovenants(db)
    .selectFrom('covenant_test')
    .selectAll()
    .distinctOn('kind')
    .where('facility_id', '=', facilityId)
    .orderBy('kind')
    .orderBy('seq', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.kind, toTest(r)]));
}

export async function openBreaches(db: Db, facilityId: string) {
  return withCovenants(db)
    .selectFrom('covenant_breach')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'open')
    .execute();
}

/** The facility's light from its status, the latest tests and open breaches. */
export function lightOf(
  status: FacilityStatus,
  tests: Iterable<ReturnType<typeof toTest>>,
  breaches: { breached_on: string; cure_days: number }[],
  today: string,
): CovenantLight {
  return covenantLight({
    in_default: status === 'in_default',
    measures: [...tests],
    open_breaches: breaches,
    today,
  });
}

/** GET /facilities/{id}/covenants */
export async function getCovenants(
  db: Db,
  options: { viewer: Viewer; facilityId: string; today?: string },
): Promise<CovenantsResponse> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const cdb = withCovenants(db);
  const [rows, latest, breaches, valuation, notices] = await Promise.all([
    cdb.selectFrom('covenant').selectAll().where('facility_id', '=', facility.id).orderBy('kind').execute(),
    latestTests(db, facility.id),
    openBreaches(db, facility.id),
    latestValuation(db, facility.id),
    cdb
      .selectFrom('covenant_notice')
      .select(['id', 'kind', 'covenant', 'issued_on'])
      .where('facility_id', '=', facility.id)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  const today = options.today ?? sydneyDate();
  const order = Object.keys(covenantRules);
  rows.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const kinds = new Set(rows.map((r) => r.kind));
  const current = [...latest.values()].filter((t) => kinds.has(t.kind));
  return {
    facility_id: facility.id,
    facility_status: facility.status as FacilityStatus,
    light: lightOf(facility.status as FacilityStatus, current, breaches, today),
    covenants: rows.map((r) => {
      const kind = r.kind as CovenantKind;
      const rule = covenantRules[kind];
      const open = breaches.find((b) => b.kind === r.kind);
      return {
        kind,
        label: rule.label,
        unit: rule.unit,
        direction: rule.direction,
        threshold: Number(r.threshold),
        threshold_text: thresholdText(kind, Number(r.threshold)),
        frequency: r.frequency as 'monthly',
        cure_days: r.cure_days,
        annual_income_cents: r.annual_income_cents === null ? null : Number(r.annual_income_cents),
        latest: latest.get(r.kind) ?? null,
        open_breach: open ? toBreach(open) : null,
      };
    }),
    latest_valuation: valuation
      ? {
          id: valuation.id,
          valued_on: valuation.valued_on,
          value_cents: Number(valuation.value_cents),
          valuer: valuation.valuer,
        }
      : null,
    notices: notices.map((n) => ({
      id: n.id,
      kind: n.kind as 'breach',
      covenant: n.covenant as CovenantKind,
      issued_on: n.issued_on,
      download_url: noticeUrl(facility.id, n.id),
    })),
  };
}

const toBreach = (b: Awaited<ReturnType<typeof openBreaches>>[number]) => ({
  id: b.id,
  kind: b.kind as CovenantKind,
  status: b.status as 'open',
  breached_on: b.breached_on,
  cure_ends_on: b.cure_ends_on,
  default_on: b.default_on,
  cured_on: b.cured_on,
  defaulted_on: b.defaulted_on,
  message: b.message,
});

/** Refuses a covenant write on a facility that is neither set up nor active. */
function assertMayChange(status: string) {
  if (status === 'repaid') throw conflict(covenantMessages.repaid);
  if (status === 'in_default')
    throw conflict(
      'This facility is in default: its covenants are set while it is set up or active, not changed after an event of default',
    );
}

/** PUT /facilities/{id}/covenants: the funder's whole set (a covenant left out is removed). */
export async function putCovenants(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: PutCovenantsBody; today?: string },
) {
  await auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    assertMayChange(facility.status);
    const db = withCovenants(trx);
    const kinds = options.body.covenants.map((c) => c.kind);
    const open = await openBreaches(trx, facility.id);
    const dropped = open.find((b) => !kinds.includes(b.kind as CovenantKind));
    if (dropped)
      throw conflict(
        `The ${covenantRules[dropped.kind as CovenantKind].label} covenant has an open breach: it cannot be removed until the breach is cured`,
      );
    const before = await db
      .selectFrom('covenant')
      .select(['kind', 'threshold', 'frequency', 'cure_days', 'annual_income_cents'])
      .where('facility_id', '=', facility.id)
      .orderBy('kind')
      .execute();
    let q = db.deleteFrom('covenant').where('facility_id', '=', facility.id);
    if (kinds.length > 0) q = q.where('kind', 'not in', kinds);
    await q.execute();
    for (const c of options.body.covenants) {
      const values = {
        threshold: c.threshold,
        frequency: c.frequency,
        cure_days: c.cure_days,
        annual_income_cents: c.annual_income_cents ?? null,
        updated_by: options.viewer.id,
        updated_at: new Date(),
      };
      await db
        .insertInto('covenant')
        .values({ facility_id: facility.id, kind: c.kind, ...values })
        .onConflict((oc) => oc.columns(['facility_id', 'kind']).doUpdateSet(values))
        .execute();
    }
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.covenants_set',
      targetType: 'facility',
      targetId: facility.id,
      before: {
        covenants: before.map((c) => ({
          ...c,
          threshold: Number(c.threshold),
          annual_income_cents: c.annual_income_cents === null ? null : Number(c.annual_income_cents),
        })),
      },
      after: { covenants: options.body.covenants },
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'covenants_set', { today: options.today });
  });
  return getCovenants(deps.db, {
    viewer: options.viewer,
    facilityId: options.facilityId,
    today: options.today,
  });
}

/** GET /facilities/{id}/covenants/history: every test kept, newest first, a page at a time. */
export async function covenantHistory(
  db: Db,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string },
) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  let q = testRowsQuery(withCovenants(db), facility.id).limit(options.limit + 1);
  if (options.cursor !== undefined) {
    if (!/^\d{1,18}$/.test(options.cursor)) throw badRequest('The cursor is not one this list gave');
    q = q.where('seq', '<', Number(options.cursor));
  }
  const rows = await q.execute();
  const page = rows.slice(0, options.limit);
  return {
    items: page.map(toTest),
    next_cursor: rows.length > options.limit ? String(page[page.length - 1]!.seq) : null,
  };
}

/** POST /facilities/{id}/valuations: the funder records a valuation; the covenants are tested. */
export async function recordValuation(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.infer<typeof valuationBody>; today?: string },
) {
  const today = options.today ?? sydneyDate();
  if (options.body.valued_on > today) throw badRequest(covenantMessages.valuationFuture);
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict(covenantMessages.repaid);
    const row = await withCovenants(trx)
      .insertInto('facility_valuation')
      .values({
        facility_id: facility.id,
        valued_on: options.body.valued_on,
        value_cents: options.body.value_cents,
        valuer: options.body.valuer,
        recorded_by: options.viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.valuation_recorded',
      targetType: 'facility',
      targetId: facility.id,
      after: {
        valuation_id: row.id,
        valued_on: row.valued_on,
        value_cents: Number(row.value_cents),
        valuer: row.valuer,
      },
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'valuation', { today });
    return {
      id: row.id,
      facility_id: row.facility_id,
      valued_on: row.valued_on,
      value_cents: Number(row.value_cents),
      valuer: row.valuer,
      created_at: iso(row.created_at)!,
    };
  });
}
