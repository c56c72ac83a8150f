import type { AuditAction } from '@plinth/domain/audit';
import type { BudgetPosition } from '@plinth/domain/facility/variations';
import { variationMessages } from '@plinth/domain/variations';
import { sql } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict } from '../../errors';
import { type FacilitiesDeps, facilityChanged, facilityLink } from '../facilities/facilities.service';
import { type FacilityRow, partyIdsOf } from '../facilities/facility-access';
import { lineFigures } from '../facilities/facility-figures';
import { notify } from '../notifications/notifications.service';

/**
 * What variations, reallocations and retention releases share (decision 061): the approved budget
 * as positions the domain can change, the new approved version a change makes, the notices to the
 * parties, and the audit keys this module writes.
 */

/** The audit keys this module writes, keys of the domain's audit vocabulary (packages/domain/src/audit.ts). */
export const auditKeys = {
  variationProposed: 'variation.proposed',
  variationMoved: 'variation.moved',
  variationIncorporated: 'variation.incorporated',
  reallocationProposed: 'reallocation.proposed',
  reallocationDecided: 'reallocation.decided',
  practicalCompletion: 'facility.practical_completion',
  retentionReleased: 'facility.retention_released',
  settingsChanged: 'facility.variation_settings_changed',
} as const satisfies Record<string, AuditAction>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });

export type Position = BudgetPosition & {
  code: string;
  position: number;
  funded_by: 'debt' | 'equity';
};

/** The approved budget's lines, each with what is certified or funded on it (its floor). */
export async function approvedPositions(trx: Db, facilityId: string) {
  const version = await trx
    .selectFrom('budget_version')
    .select(['id', 'version'])
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (!version) throw conflict('The budget must be approved first');
  const [rows, figures] = await Promise.all([
    trx
      .selectFrom('budget_version_line')
      .select(['budget_line_id', 'position', 'funded_by'])
      .where('budget_version_id', '=', version.id)
      .execute(),
    lineFigures(trx, facilityId),
  ]);
  const meta = new Map(rows.map((r) => [r.budget_line_id, r]));
  const lines: Position[] = figures.map((f) => ({
    id: f.id,
    code: f.code,
    name: f.name,
    category: f.category,
    amount_cents: f.budget_cents,
    used_cents: f.paid_cents + f.pending_cents,
    position: meta.get(f.id)?.position ?? 0,
    funded_by: meta.get(f.id)?.funded_by ?? f.funded_by,
  }));
  return { version, lines };
}

/** 409 while a budget draft awaits the funder: approving it later would drop this change. */
export async function assertNoDraftBudget(trx: Db, facilityId: string) {
  const draft = await trx
    .selectFrom('budget_version')
    .select('version')
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (draft) throw conflict(variationMessages.draftBudget(draft.version));
}

/**
 * Writes `lines` as the facility's new approved budget version (the one before is superseded,
 * never edited): the variation or reallocation that made it was approved by the funder, or needed
 * no consent.
 */
export async function writeApprovedVersion(
  trx: Db,
  facility: FacilityRow,
  viewer: Viewer,
  lines: readonly Pick<Position, 'id' | 'name' | 'category' | 'amount_cents' | 'position' | 'funded_by'>[],
) {
  await assertNoDraftBudget(trx, facility.id);
  const { max } = await trx
    .selectFrom('budget_version')
    .select(sql<number>`coalesce(max(version), 0)`.as('max'))
    .where('facility_id', '=', facility.id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('budget_version')
    .set({ status: 'superseded', updated_at: sql`now()` })
    .where('facility_id', '=', facility.id)
    .where('status', '=', 'approved')
    .execute();
  const version = await trx
    .insertInto('budget_version')
    .values({
      facility_id: facility.id,
      version: Number(max) + 1,
      status: 'approved',
      created_by: viewer.id,
      approved_by: viewer.id,
      approved_at: sql`now()`,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('budget_version_line')
    .values(
      lines.map((l) => ({
        budget_version_id: version.id,
        budget_line_id: l.id,
        position: l.position,
        name: l.name,
        category: l.category,
        amount_cents: Number(l.amount_cents),
        funded_by: l.funded_by,
      })),
    )
    .execute();
  await facilityChanged(trx, facility.id, 'budget');
  return version;
}

/** Tells every party but `except` (in the app, and by e-mail), naming the project. */
export async function tellParties(
  deps: FacilitiesDeps,
  trx: Db,
  facility: FacilityRow,
  options: { except?: string | null; relatedId: string; message: string; only?: readonly string[] },
) {
  const project = await trx
    .selectFrom('project')
    .select('title')
    .where('id', '=', facility.project_id)
    .executeTakeFirst();
  const text = `"${project?.title ?? ''}": ${options.message}`;
  const recipients = options.only ?? (await partyIdsOf(trx, facility.id));
  for (const userId of recipients)
    if (userId !== options.except)
      await notify(trx, {
        userId,
        type: 'system',
        relatedId: options.relatedId,
        message: text,
        email: {
          subject: text.slice(0, 150),
          text: `${text}\n\nOpen the facility: ${facilityLink(deps, facility.id)}`,
        },
      });
}

/** The cursor of a list numbered per facility (newest first): the last number of the page. */
export function afterNumber(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  if (!/^\d{1,9}$/.test(cursor)) throw badRequest('The cursor is not one this list gave');
  return Number(cursor);
}

/** Refuses changes to a repaid facility (409). */
export function assertOpenFacility(facility: FacilityRow) {
  if (facility.status === 'repaid') throw conflict(variationMessages.notAccepting);
}
