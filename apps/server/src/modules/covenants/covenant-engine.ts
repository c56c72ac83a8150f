import type { CovenantTrigger } from '@plinth/domain/covenants';
import {
  breachStep,
  type CovenantDefinition,
  type CovenantFrequency,
  type CovenantKind,
  type CovenantMeasure,
  covenantPeriod,
  covenantRules,
  measureCovenant,
} from '@plinth/domain/facility/covenants';
import { formatLongDate } from '@plinth/domain/facility/dates';
import { type FacilityStatus, nextFacilityStatus } from '@plinth/domain/facility/facility-machine';
import { sydneyDate } from '@plinth/domain/proposals';
import type { Db } from '../../db/database';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { type FacilitiesDeps, facilityChanged, facilityLink } from '../facilities/facilities.service';
import { type FacilityRow, findFacilityRow } from '../facilities/facility-access';
import { notify } from '../notifications/notifications.service';
import { covenantFigures, type PresaleCoverSource, presaleRegister } from './covenant-figures';
import { type CovenantDb, withCovenants } from './covenant-tables';

/**
 * The covenant engine (issue 34 item 5; decision 067). `testCovenants` measures every covenant of a
 * facility with the domain's rules, keeps each result, and moves each covenant's breach: a new
 * breach starts its cure period and tells the funder and the developer with the figures; a breach
 * still there when the cure period has run is an event of default — the facility goes `in_default`
 * (the facility machine's declare_default) and the default margin applies to interest from that
 * day (`facility_default`, read by the daily accrual); a pass cures an open breach. Each notice is
 * kept and can be downloaded as a stamped PDF.
 *
 * Other modules call it after their writes, inside their transaction (`{ ...deps, db: trx }`), so
 * the test sees what they wrote and commits or rolls back with it. The scheduled run passes
 * `scheduled`: each covenant is then tested once per period, `covenant_period`'s primary key
 * keeping a second instance, a retry or a later day of the period from testing it again.
 */

export type CovenantRow = Awaited<ReturnType<typeof covenantRows>>[number];

export const covenantRows = (db: Db, facilityId: string) =>
  withCovenants(db)
    .selectFrom('covenant')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .orderBy('kind')
    .execute();

export const definitionOf = (row: CovenantRow): CovenantDefinition => ({
  kind: row.kind as CovenantKind,
  threshold: Number(row.threshold),
  frequency: row.frequency as CovenantFrequency,
  cure_days: row.cure_days,
  annual_income_cents: row.annual_income_cents === null ? null : BigInt(row.annual_income_cents),
});

export interface TestOptions {
  /** The day tested (Sydney today by default). */
  today?: string;
  presales?: PresaleCoverSource;
}

export interface CovenantOutcome {
  kind: CovenantKind;
  measure: CovenantMeasure;
  step: ReturnType<typeof breachStep>['action'];
}

const inTransaction = <T>(db: Db, run: (trx: Db) => Promise<T>) =>
  db.isTransaction ? run(db) : auditedTransaction(db, run);

/**
 * Tests the facility's covenants after `trigger`; returns what each did (empty: nothing to test —
 * no covenants, a repaid facility, or every covenant already tested this period by the schedule).
 */
export async function testCovenants(
  deps: FacilitiesDeps,
  facilityId: string,
  trigger: CovenantTrigger,
  options: TestOptions = {},
): Promise<CovenantOutcome[]> {
  return inTransaction(deps.db, async (trx) => {
    const facility = await findFacilityRow(trx, facilityId, { lock: true });
    if (!facility || facility.status === 'repaid') return [];
    const today = options.today ?? sydneyDate();
    const db = withCovenants(trx);
    let rows = await covenantRows(trx, facility.id);
    if (trigger === 'scheduled') {
      const due: CovenantRow[] = [];
      for (const row of rows) {
        const period = covenantPeriod(row.frequency as CovenantFrequency, today);
        const once = await db
          .insertInto('covenant_period')
          .values({ facility_id: facility.id, kind: row.kind, period })
          .onConflict((oc) => oc.doNothing())
          .returning('period')
          .executeTakeFirst();
        if (once) due.push(row);
      }
      rows = due;
    }
    if (rows.length === 0) return [];
    const figures = await covenantFigures(trx, facility, options.presales ?? presaleRegister);
    const outcomes: CovenantOutcome[] = [];
    let status = facility.status as FacilityStatus;
    for (const row of rows) {
      const definition = definitionOf(row);
      const measure = measureCovenant(definition, figures);
      const period = trigger === 'scheduled' ? covenantPeriod(definition.frequency, today) : null;
      const test = await db
        .insertInto('covenant_test')
        .values({
          facility_id: facility.id,
          kind: definition.kind,
          tested_on: today,
          trigger,
          period,
          status: measure.status,
          value: measure.value,
          threshold: definition.threshold,
          headroom: measure.headroom,
          message: measure.message,
          workings: JSON.stringify(measure.workings),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (period)
        await db
          .updateTable('covenant_period')
          .set({ test_id: test.id })
          .where('facility_id', '=', facility.id)
          .where('kind', '=', definition.kind)
          .where('period', '=', period)
          .execute();
      // Breaches run only on a facility that lends: while it is set up the tests only inform.
      if (status !== 'active' && status !== 'in_default') {
        outcomes.push({ kind: definition.kind, measure, step: 'none' });
        continue;
      }
      const open = await db
        .selectFrom('covenant_breach')
        .selectAll()
        .where('facility_id', '=', facility.id)
        .where('kind', '=', definition.kind)
        .where('status', '=', 'open')
        .executeTakeFirst();
      const step = breachStep(
        measure.status,
        open ? { breached_on: open.breached_on, cure_days: open.cure_days } : null,
        today,
        definition.cure_days,
      );
      outcomes.push({ kind: definition.kind, measure, step: step.action });
      const ctx = { deps: { ...deps, db: trx }, db, facility, measure, today, testId: test.id };
      if (step.action === 'breach') {
        const breach = await db
          .insertInto('covenant_breach')
          .values({
            facility_id: facility.id,
            kind: definition.kind,
            breached_on: today,
            cure_days: definition.cure_days,
            cure_ends_on: step.cure_ends_on,
            default_on: step.default_on,
            test_id: test.id,
            message: measure.message,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await issueNotice(ctx, breach.id, 'breach', breachText(measure, step.cure_ends_on, step.default_on));
      } else if (step.action === 'cured' && open) {
        await db
          .updateTable('covenant_breach')
          .set({ status: 'cured', cured_on: today })
          .where('id', '=', open.id)
          .execute();
        await issueNotice(
          ctx,
          open.id,
          'cured',
          `${measure.message}. The breach of ${formatLongDate(open.breached_on)} is cured.`,
        );
      } else if (step.action === 'default') {
        const breachId =
          open?.id ??
          (
            await db
              .insertInto('covenant_breach')
              .values({
                facility_id: facility.id,
                kind: definition.kind,
                breached_on: today,
                cure_days: 0,
                cure_ends_on: today,
                default_on: today,
                test_id: test.id,
                message: measure.message,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await db
          .updateTable('covenant_breach')
          .set({ status: 'defaulted', defaulted_on: today })
          .where('id', '=', breachId)
          .execute();
        // The default margin starts today (facility_default, read by the daily accrual).
        if (status === 'active')
          status = await declareDefault(trx, facility, { today, breachId, trigger, measure });
        await issueNotice(
          ctx,
          breachId,
          'default',
          defaultText(measure, facility, open?.breached_on ?? today, today),
        );
      }
    }
    await facilityChanged(trx, facility.id, 'facility');
    return outcomes;
  });
}

/** Who declares a default in the audit log: the covenant test, whatever event ran it. */
const covenantActor: AuditActor = { id: null, name: 'Covenant test' };

/** The facility machine's declare_default, the day the default margin starts, and the audit entry. */
async function declareDefault(
  trx: Db,
  facility: FacilityRow,
  on: { today: string; breachId: string; trigger: CovenantTrigger; measure: CovenantMeasure },
) {
  const { today, breachId } = on;
  const db = withCovenants(trx);
  const move = nextFacilityStatus(facility.status as FacilityStatus, 'declare_default');
  if (!move.ok) return facility.status as FacilityStatus;
  await db
    .updateTable('facility')
    .set({ status: move.status, updated_at: new Date() })
    .where('id', '=', facility.id)
    .execute();
  await db
    .insertInto('facility_default')
    .values({ facility_id: facility.id, declared_on: today, breach_id: breachId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await recordAudit(trx, {
    actor: covenantActor,
    action: 'facility.default_declared',
    targetType: 'facility',
    targetId: facility.id,
    reason: on.measure.message,
    before: { status: facility.status },
    after: {
      status: move.status,
      declared_on: today,
      breach_id: breachId,
      covenant: on.measure.kind,
      trigger: on.trigger,
    },
  });
  return move.status;
}

const breachText = (m: CovenantMeasure, cureEndsOn: string, defaultOn: string) =>
  `${m.message}. It must be cured by ${formatLongDate(cureEndsOn)}; if it is not, an event of default occurs on ${formatLongDate(defaultOn)} and the default margin applies to interest from that day.`;

const defaultText = (m: CovenantMeasure, facility: FacilityRow, breachedOn: string, today: string) =>
  `${m.message}. The breach of ${formatLongDate(breachedOn)} was not cured: an event of default occurred on ${formatLongDate(today)}. The facility is in default and the default margin of ${(facility.default_margin_bps / 100).toFixed(2)}% p.a. applies to interest from that day.`;

interface NoticeContext {
  deps: FacilitiesDeps;
  db: CovenantDb;
  facility: FacilityRow;
  measure: CovenantMeasure;
  today: string;
}

/** Keeps a notice and tells the funder and the developer, with the figures and a link to its PDF. */
async function issueNotice(
  ctx: NoticeContext,
  breachId: string,
  kind: 'breach' | 'default' | 'cured',
  text: string,
) {
  const { db, facility, measure, today, deps } = ctx;
  const notice = await db
    .insertInto('covenant_notice')
    .values({
      facility_id: facility.id,
      breach_id: breachId,
      kind,
      covenant: measure.kind,
      issued_on: today,
      message: text,
      workings: JSON.stringify(measure.workings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .selectFrom('project')
    .select('title')
    .where('id', '=', facility.project_id)
    .executeTakeFirst();
  const heading = { breach: 'Covenant breach', default: 'Event of default', cured: 'Covenant breach cured' }[
    kind
  ];
  const label = covenantRules[measure.kind].label;
  const subject = `${heading}: ${label} on "${project?.title ?? ''}"`;
  const figures = measure.workings.map(([k, v]) => `${k}: ${v}`).join('\n');
  const pdfUrl = new URL(
    `/api/facilities/${facility.id}/covenants/notices/${notice.id}/download`,
    deps.config.BASE_URL,
  ).toString();
  for (const userId of new Set([facility.funder_id, facility.borrower_id]))
    await notify(deps.db, {
      userId,
      type: 'system',
      relatedId: facility.id,
      message: `${subject}: ${text}`.slice(0, 1000),
      email: {
        subject: subject.slice(0, 150),
        text: `${text}\n\n${figures}\n\nThe notice (PDF): ${pdfUrl}\nOpen the facility: ${facilityLink(deps, facility.id)}`,
      },
    });
  return notice.id;
}

/** Facilities with a breach whose cure period has run out by `today`: the daily job tests them. */
export async function facilitiesPastCure(db: Db, today: string): Promise<string[]> {
  const rows = await withCovenants(db)
    .selectFrom('covenant_breach')
    .select('facility_id')
    .distinct()
    .where('status', '=', 'open')
    .where('default_on', '<=', today)
    .execute();
  return rows.map((r) => r.facility_id);
}
