import { addDays, formatLongDate } from '@plinth/domain/facility/dates';
import { retentionReleasedJournal } from '@plinth/domain/facility/ledger';
import { formatAud } from '@plinth/domain/facility/money';
import {
  defectsLiabilityEnds,
  defectsLiabilityRelease,
  type HeldLine,
  type LineRelease,
  practicalCompletionRelease,
  type RetentionStage,
} from '@plinth/domain/facility/retention-release';
import { sydneyDate } from '@plinth/domain/proposals';
import type { variationSettingsBody } from '@plinth/domain/variations';
import { type RetentionResponse, variationMessages } from '@plinth/domain/variations';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, validationFailed } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import { type FacilitiesDeps, facilityChanged } from '../facilities/facilities.service';
import {
  type FacilityRow,
  facilityForActor,
  facilityForReader,
  findFacilityRow,
} from '../facilities/facility-access';
import { facilityBalances, lineFigures, nat, postJournal } from '../facilities/facility-figures';
import { restateAccruals } from '../facilities/reaccrual';
import { actorOf, assertOpenFacility, auditKeys, tellParties } from './budget-change';
import { facilitySettings } from './variation-incorporate';
import { withVariations } from './variation-tables';

/**
 * Practical completion and the release of retention (issue 34 item 3; decision 061). The funder
 * records practical completion with its certificate: half of each construction line's retention is
 * released (in Queensland at least down to 2.5 % of the line), paid to the builder from equity in hand
 * first and then the limit (a `retention_released` journal), and every party is told. The rest is
 * released by the facilities' daily schedule on its first run on or after the end of the defects
 * liability period (`releaseRetentionOnSchedule`, a `covenant-facility` job of work 'retention'), or
 * on demand by the funder from that day if the funder is first (decision 071). Each stage happens
 * once per facility (a unique key under the facility's lock), whatever instances run.
 */

export async function getRetention(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  return retentionView(db, facility);
}

async function retentionView(db: Db, facility: FacilityRow): Promise<RetentionResponse> {
  const vdb = withVariations(db);
  const [pc, releases, lines, settings, b] = await Promise.all([
    vdb
      .selectFrom('practical_completion')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .executeTakeFirst(),
    vdb
      .selectFrom('retention_release')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .orderBy('released_on')
      .execute(),
    vdb
      .selectFrom('retention_release_line as rl')
      .innerJoin('retention_release as r', 'r.id', 'rl.release_id')
      .select(['rl.release_id', 'rl.budget_line_id', 'rl.amount_cents'])
      .where('r.facility_id', '=', facility.id)
      .execute(),
    facilitySettings(db, facility.id),
    facilityBalances(db, facility.id),
  ]);
  return {
    state: facility.state,
    practical_completion_date: pc?.completed_on ?? null,
    certificate_document_id: pc?.certificate_document_id ?? null,
    defects_liability_months: settings.defects_liability_months,
    defects_liability_ends_on: pc?.defects_liability_ends_on ?? null,
    retention_held_cents: Number(nat(b, 'retention_held')),
    releases: releases.map((r) => ({
      stage: r.stage,
      released_on: r.released_on,
      amount_cents: r.amount_cents,
      journal_id: r.journal_id,
      lines: lines
        .filter((l) => l.release_id === r.id)
        .map((l) => ({ budget_line_id: l.budget_line_id, amount_cents: l.amount_cents })),
    })),
  };
}

async function heldLines(trx: Db, facilityId: string): Promise<HeldLine[]> {
  return (await lineFigures(trx, facilityId))
    .filter((l) => l.retention_held_cents > 0n)
    .map((l) => ({ budget_line_id: l.id, held_cents: l.retention_held_cents, budget_cents: l.budget_cents }));
}

/** What pays a release: the undrawn limit and the equity in hand, and the refusal when they fall short. */
async function payment(trx: Db, facilityId: string, total: bigint) {
  const b = await facilityBalances(trx, facilityId);
  const undrawn = nat(b, 'undrawn');
  const equity = nat(b, 'equity') > 0n ? nat(b, 'equity') : 0n;
  const shortfall =
    total > undrawn + equity
      ? `Releasing ${formatAud(total)} of retention needs more than the undrawn limit and the equity in hand (${formatAud(undrawn + equity)}): equity of ${formatAud(total - undrawn - equity)} is needed first`
      : null;
  return { undrawn, equity, shortfall };
}

/** Posts one stage's release (when there is anything to release) and records it with its lines. */
async function release(
  trx: Db,
  input: {
    facility: FacilityRow;
    /** Who releases it: the funder, or the schedule (no user). */
    actor: AuditActor;
    stage: RetentionStage;
    releasedOn: string;
    releases: LineRelease[];
    total: bigint;
  },
) {
  const { facility, total } = input;
  let journalId: string | null = null;
  if (total > 0n) {
    const { undrawn, equity, shortfall } = await payment(trx, facility.id, total);
    if (shortfall) throw conflict(shortfall);
    journalId = await postJournal(trx, {
      facilityId: facility.id,
      journal: retentionReleasedJournal({
        amount_cents: total,
        equity_in_hand_cents: equity,
        undrawn_cents: undrawn,
      }),
      effectiveOn: input.releasedOn,
      memo:
        input.stage === 'practical_completion'
          ? 'Retention released at practical completion'
          : 'Retention released at the end of the defects liability period',
      createdBy: input.actor.id,
    });
    // Dated on a day already accrued (a practical completion recorded late): those days bear
    // interest on the release too, restated as a funded draw's are (decision 070).
    await restateAccruals(trx, facility, {
      from: input.releasedOn,
      cause: `retention released on ${input.releasedOn}`,
      createdBy: input.actor.id,
    });
  }
  const vdb = withVariations(trx);
  const row = await vdb
    .insertInto('retention_release')
    .values({
      facility_id: facility.id,
      stage: input.stage,
      released_on: input.releasedOn,
      amount_cents: Number(total),
      journal_id: journalId,
      released_by: input.actor.id,
    })
    .onConflict((oc) => oc.columns(['facility_id', 'stage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // The facility's lock makes a second release wait and then find the first; this is the last guard.
  if (!row) throw conflict('This retention has already been released');
  if (input.releases.length > 0)
    await vdb
      .insertInto('retention_release_line')
      .values(
        input.releases.map((r) => ({
          release_id: row.id,
          budget_line_id: r.budget_line_id,
          amount_cents: Number(r.amount_cents),
        })),
      )
      .execute();
  await recordAudit(trx, {
    actor: input.actor,
    action: auditKeys.retentionReleased,
    targetType: 'facility',
    targetId: facility.id,
    after: { stage: input.stage, amount_cents: Number(total), released_on: input.releasedOn },
  });
  await facilityChanged(trx, facility.id, 'ledger');
}

const today = () => sydneyDate();

/**
 * POST /facilities/{id}/practical-completion {date, certificate_document_id}: the funder records
 * practical completion; half of the retention is released at once and the defects liability period
 * starts.
 */
export async function recordPracticalCompletion(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: { date: string; certificate_document_id: string } },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder'], { lock: true });
    assertOpenFacility(facility);
    if (!facility.activated_on)
      throw conflict('Practical completion is recorded on an active facility; this facility is setting up');
    const vdb = withVariations(trx);
    const existing = await vdb
      .selectFrom('practical_completion')
      .select('completed_on')
      .where('facility_id', '=', facility.id)
      .executeTakeFirst();
    if (existing)
      throw conflict(`Practical completion was already recorded on ${formatLongDate(existing.completed_on)}`);
    if (body.date > addDays(today(), 1))
      throw validationFailed([{ field: 'date', message: 'Practical completion cannot be in the future' }]);
    if (body.date < facility.close_date)
      throw validationFailed([
        { field: 'date', message: 'Practical completion cannot be before the facility closed' },
      ]);
    const doc = await trx
      .selectFrom('deal_document')
      .select('id')
      .where('id', '=', body.certificate_document_id)
      .where('deal_id', '=', facility.deal_id)
      .executeTakeFirst();
    if (!doc)
      throw validationFailed([
        {
          field: 'certificate_document_id',
          message: 'certificate_document_id must be a document of the deal room',
        },
      ]);
    const { defects_liability_months } = await facilitySettings(trx, facility.id);
    const ends = defectsLiabilityEnds(body.date, defects_liability_months);
    await vdb
      .insertInto('practical_completion')
      .values({
        facility_id: facility.id,
        completed_on: body.date,
        certificate_document_id: body.certificate_document_id,
        defects_liability_ends_on: ends,
        recorded_by: viewer.id,
      })
      .execute();
    const { releases, total_cents } = practicalCompletionRelease(
      await heldLines(trx, facility.id),
      facility.state,
    );
    await release(trx, {
      facility,
      actor: actorOf(viewer),
      stage: 'practical_completion',
      releasedOn: body.date,
      releases,
      total: total_cents,
    });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: auditKeys.practicalCompletion,
      targetType: 'facility',
      targetId: facility.id,
      after: { date: body.date, defects_liability_ends_on: ends },
    });
    await tellParties(deps, trx, facility, {
      except: viewer.id,
      relatedId: facility.id,
      message: `Practical completion was recorded on ${formatLongDate(body.date)}. ${formatAud(total_cents)} of retention is released to the builder; the rest is released when the defects liability period ends on ${formatLongDate(ends)}.`,
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'variation');
    return retentionView(trx, facility);
  });
}

/**
 * POST /facilities/{id}/retention-release {released_on?}: the funder releases the rest of the
 * retention once the defects liability period has ended (on demand, decision 061).
 */
export async function releaseRemainingRetention(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; releasedOn?: string | undefined },
) {
  const { viewer } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder'], { lock: true });
    assertOpenFacility(facility);
    const vdb = withVariations(trx);
    const pc = await vdb
      .selectFrom('practical_completion')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .executeTakeFirst();
    if (!pc) throw conflict(variationMessages.noPracticalCompletion);
    const done = await vdb
      .selectFrom('retention_release')
      .select('released_on')
      .where('facility_id', '=', facility.id)
      .where('stage', '=', 'defects_liability')
      .executeTakeFirst();
    if (done)
      throw conflict(`The rest of the retention was already released on ${formatLongDate(done.released_on)}`);
    const releasedOn = options.releasedOn ?? today();
    if (releasedOn > addDays(today(), 1))
      throw validationFailed([
        { field: 'released_on', message: 'Retention cannot be released in the future' },
      ]);
    if (releasedOn < pc.defects_liability_ends_on)
      throw conflict(
        `The defects liability period ends on ${formatLongDate(pc.defects_liability_ends_on)}; the rest of the retention is released from then`,
      );
    const { releases, total_cents } = defectsLiabilityRelease(await heldLines(trx, facility.id));
    await release(trx, {
      facility,
      actor: actorOf(viewer),
      stage: 'defects_liability',
      releasedOn,
      releases,
      total: total_cents,
    });
    await tellParties(deps, trx, facility, {
      except: viewer.id,
      relatedId: facility.id,
      message: `The defects liability period has ended: the remaining ${formatAud(total_cents)} of retention is released to the builder.`,
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'variation');
    return retentionView(trx, facility);
  });
}

/** The schedule's name in the audit log and on the ledger (no user releases it). */
export const retentionSchedule: AuditActor = { id: null, name: 'Retention schedule' };

/**
 * The open facilities whose defects liability period has ended by `today` (Sydney) and whose
 * second half of retention is not yet released: the daily schedule queues a release for each.
 */
export async function retentionDue(db: Db, today: string): Promise<string[]> {
  const vdb = withVariations(db);
  const rows = await vdb
    .selectFrom('practical_completion as pc')
    .innerJoin('facility as f', 'f.id', 'pc.facility_id')
    .select('pc.facility_id')
    .where('pc.defects_liability_ends_on', '<=', today)
    .where('f.status', 'in', ['active', 'in_default'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('retention_release as r')
            .select('r.id')
            .whereRef('r.facility_id', '=', 'pc.facility_id')
            .where('r.stage', '=', 'defects_liability'),
        ),
      ),
    )
    .orderBy('pc.facility_id')
    .execute();
  return rows.map((r) => r.facility_id);
}

export type ScheduledRelease =
  | { outcome: 'released'; amount_cents: number }
  | { outcome: 'already_released' | 'not_due' | 'closed' }
  | { outcome: 'short'; message: string };

const shortNotice = 'is due to be released but cannot be paid yet';

/**
 * The daily schedule's release of the second half of retention (issue 34 item 3; decision 071):
 * on its first run on or after the end of the defects liability period, dated that run's day, with
 * its `retention_released` journal, audit entry (actor: the schedule), the covenants re-tested and
 * every party told (funder and developer included). The facility's lock and `retention_release`'s
 * unique (facility, stage) make it once per facility whatever instances, retries or later days run
 * it, and whether or not the funder released it on demand first. When the undrawn limit and the
 * equity in hand do not cover it nothing is written but one notice to the parties (once): the
 * schedule tries again each day, and the funder may release it on demand once equity is in.
 */
export async function releaseRetentionOnSchedule(
  deps: FacilitiesDeps,
  facilityId: string,
  today: string,
): Promise<ScheduledRelease> {
  return auditedTransaction(deps.db, async (trx): Promise<ScheduledRelease> => {
    const facility = await findFacilityRow(trx, facilityId, { lock: true });
    if (!facility || (facility.status !== 'active' && facility.status !== 'in_default'))
      return { outcome: 'closed' };
    const vdb = withVariations(trx);
    const pc = await vdb
      .selectFrom('practical_completion')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .executeTakeFirst();
    if (!pc || pc.defects_liability_ends_on > today) return { outcome: 'not_due' };
    const done = await vdb
      .selectFrom('retention_release')
      .select('id')
      .where('facility_id', '=', facility.id)
      .where('stage', '=', 'defects_liability')
      .executeTakeFirst();
    if (done) return { outcome: 'already_released' };
    const { releases, total_cents } = defectsLiabilityRelease(await heldLines(trx, facility.id));
    const { shortfall } = await payment(trx, facility.id, total_cents);
    if (shortfall) {
      const told = await trx
        .selectFrom('notification')
        .select('id')
        .where('related_id', '=', facility.id)
        .where('message', 'like', `%${shortNotice}%`)
        .executeTakeFirst();
      if (!told)
        await tellParties(deps, trx, facility, {
          relatedId: facility.id,
          message: `The defects liability period ended on ${formatLongDate(pc.defects_liability_ends_on)}: the remaining ${formatAud(total_cents)} of retention ${shortNotice}. ${shortfall}.`,
        });
      return { outcome: 'short', message: shortfall };
    }
    await release(trx, {
      facility,
      actor: retentionSchedule,
      stage: 'defects_liability',
      releasedOn: today,
      releases,
      total: total_cents,
    });
    await tellParties(deps, trx, facility, {
      relatedId: facility.id,
      message: `The defects liability period ended on ${formatLongDate(pc.defects_liability_ends_on)}: the remaining ${formatAud(total_cents)} of retention is released to the builder.`,
    });
    await testCovenants({ ...deps, db: trx }, facility.id, 'variation');
    return { outcome: 'released', amount_cents: Number(total_cents) };
  });
}

/** PATCH /facilities/{id}/variation-settings: the funder sets the consent threshold and the defects liability period. */
export async function updateSettings(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof variationSettingsBody> },
) {
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    assertOpenFacility(facility);
    const vdb = withVariations(trx);
    const pc = await vdb
      .selectFrom('practical_completion')
      .select('completed_on')
      .where('facility_id', '=', facility.id)
      .executeTakeFirst();
    if (pc && options.body.defects_liability_months !== undefined)
      throw conflict('The defects liability period cannot change once practical completion is recorded');
    const before = await facilitySettings(trx, facility.id);
    const row = await vdb
      .updateTable('facility')
      .set({
        ...(options.body.variation_consent_threshold_cents !== undefined
          ? { variation_consent_threshold_cents: options.body.variation_consent_threshold_cents }
          : {}),
        ...(options.body.defects_liability_months !== undefined
          ? { defects_liability_months: options.body.defects_liability_months }
          : {}),
      })
      .where('id', '=', facility.id)
      .returning(['variation_consent_threshold_cents', 'defects_liability_months'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: auditKeys.settingsChanged,
      targetType: 'facility',
      targetId: facility.id,
      before: {
        variation_consent_threshold_cents: Number(before.threshold_cents),
        defects_liability_months: before.defects_liability_months,
      },
      after: row,
    });
    await facilityChanged(trx, facility.id, 'facility');
    return row;
  });
}
