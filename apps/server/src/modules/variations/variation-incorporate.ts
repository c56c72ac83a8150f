import { formatLongDate } from '@plinth/domain/facility/dates';
import { limitIncreasedJournal } from '@plinth/domain/facility/ledger';
import { formatAud } from '@plinth/domain/facility/money';
import type { VariationAction, VariationState } from '@plinth/domain/facility/variation-machine';
import {
  applyVariation,
  consentReasonText,
  consentRequiredFor,
  contingencyLeft,
} from '@plinth/domain/facility/variations';
import { sydneyDate } from '@plinth/domain/proposals';
import { type Selectable, sql } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import type { FacilitiesDeps } from '../facilities/facilities.service';
import type { FacilityRow } from '../facilities/facility-access';
import { facilityInBalance, forecastCompletionDate, postJournal } from '../facilities/facility-figures';
import {
  actorOf,
  approvedPositions,
  auditKeys,
  type Position,
  tellParties,
  writeApprovedVersion,
} from './budget-change';
import { type VariationTable, withVariations } from './variation-tables';

/**
 * A variation's consent check and its incorporation (issue 34 item 1; decision 061): what it does to
 * the approved budget as it stands, why the lender must consent (the domain's rule, with the
 * in-balance test asked about the budget, days and limit it would make), and the new approved budget
 * version, the limit raised, the event and the notices.
 */

export type VariationRow = Selectable<VariationTable>;

/** The facility's settings this work added (decision 061). */
export async function facilitySettings(db: Db, facilityId: string) {
  const row = await withVariations(db)
    .selectFrom('facility')
    .select(['variation_consent_threshold_cents', 'defects_liability_months'])
    .where('id', '=', facilityId)
    .executeTakeFirstOrThrow();
  return {
    threshold_cents: BigInt(row.variation_consent_threshold_cents),
    defects_liability_months: row.defects_liability_months,
  };
}

export async function addEvent(
  db: Db,
  input: {
    variationId: string;
    type: VariationAction | 'propose';
    from: VariationState | null;
    to: VariationState;
    viewer: Viewer;
    role: string;
    note?: string | null;
  },
) {
  await withVariations(db)
    .insertInto('variation_event')
    .values({
      variation_id: input.variationId,
      type: input.type,
      from_status: input.from,
      to_status: input.to,
      actor_id: input.viewer.id,
      actor_role: input.role,
      note: input.note?.trim() || null,
    })
    .execute();
}

/** The variation's effect on the approved budget as it is now, and why (if at all) the lender must consent. */
export async function consentFor(trx: Db, facility: FacilityRow, v: VariationRow) {
  const { lines } = await approvedPositions(trx, facility.id);
  const cost = BigInt(v.cost_cents);
  const effect = applyVariation<Position>(lines, {
    budget_line_id: v.budget_line_id,
    cost_cents: cost,
    funding: v.funding,
  });
  if (!effect.ok) throw conflict(effect.message);
  const { threshold_cents } = await facilitySettings(trx, facility.id);
  const after = await facilityInBalance(trx, facility, {
    amounts: new Map(effect.lines.map((l) => [l.id, l.amount_cents])),
    extra_days: v.days,
    extra_limit_cents: effect.limit_increase_cents,
  });
  const figures = { cost_cents: cost, threshold_cents, shortfall_after_cents: after.shortfall_cents };
  const reasons = consentRequiredFor({
    ...figures,
    funding: v.funding,
    contingency_left_cents: contingencyLeft(lines),
  }).map((code) => ({ code, message: consentReasonText(code, figures) }));
  return { effect, reasons };
}

type Effect = Extract<ReturnType<typeof applyVariation<Position>>, { ok: true }>;

/** Makes the new approved budget version, raises the limit where funded so, and tells every party. */
export async function incorporate(
  deps: FacilitiesDeps,
  trx: Db,
  input: { facility: FacilityRow; v: VariationRow; viewer: Viewer; role: string; effect: Effect },
) {
  const { facility, v, viewer, effect } = input;
  const version = await writeApprovedVersion(trx, facility, viewer, effect.lines);
  let journalId: string | null = null;
  const raise = effect.limit_increase_cents;
  if (raise > 0n) {
    await trx
      .updateTable('facility')
      .set({ limit_cents: sql`limit_cents + ${Number(raise)}`, updated_at: sql`now()` })
      .where('id', '=', facility.id)
      .execute();
    // The limit is a memorandum pair (undrawn / commitment): raising it posts its own journal kind,
    // 'limit_increased' (Dr undrawn / Cr commitment for the increase).
    if (facility.activated_on)
      journalId = await postJournal(trx, {
        facilityId: facility.id,
        journal: limitIncreasedJournal(raise),
        effectiveOn: sydneyDate(),
        memo: `Limit raised by ${formatAud(raise)} for variation ${v.number}`,
        createdBy: viewer.id,
      });
  }
  const updated = await withVariations(trx)
    .updateTable('variation')
    .set({
      status: 'incorporated',
      budget_version_id: version.id,
      journal_id: journalId,
      contingency_used_cents: Number(effect.contingency_used_cents),
      equity_called_cents: Number(effect.equity_called_cents),
      limit_increase_cents: Number(effect.limit_increase_cents),
      updated_at: sql`now()`,
    })
    .where('id', '=', v.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await addEvent(trx, {
    variationId: v.id,
    type: 'incorporate',
    from: v.status as VariationState,
    to: 'incorporated',
    viewer,
    role: input.role,
    note: `Budget version ${version.version}`,
  });
  await recordAudit(trx, {
    actor: actorOf(viewer),
    action: auditKeys.variationIncorporated,
    targetType: 'facility',
    targetId: facility.id,
    after: {
      variation_id: v.id,
      budget_version: version.version,
      contingency_used_cents: Number(effect.contingency_used_cents),
      equity_called_cents: Number(effect.equity_called_cents),
      limit_increase_cents: Number(raise),
    },
  });
  const line = effect.lines.find((l) => l.id === v.budget_line_id)!;
  const funding =
    v.funding === 'contingency'
      ? `contingency down by ${formatAud(effect.contingency_used_cents)}`
      : v.funding === 'equity'
        ? `equity of ${formatAud(effect.equity_called_cents)} is called from the developer`
        : `the limit is raised by ${formatAud(raise)}`;
  const completion =
    v.days > 0
      ? `; forecast completion moves ${v.days} days to ${formatLongDate(await forecastCompletionDate(trx, facility))}`
      : '';
  await tellParties(deps, trx, facility, {
    relatedId: v.id,
    message: `Variation ${v.number} is incorporated in budget version ${version.version}: ${line.name} up by ${formatAud(BigInt(v.cost_cents))}, ${funding}${completion}.`,
  });
  // The budget, the limit and the forecast completion moved: the covenants are tested on them.
  await testCovenants({ ...deps, db: trx }, facility.id, 'variation');
  return updated;
}
