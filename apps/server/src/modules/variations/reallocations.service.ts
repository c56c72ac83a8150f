import { formatAud } from '@plinth/domain/facility/money';
import { applyReallocation } from '@plinth/domain/facility/variations';
import { type CreateReallocationBody, type Reallocation, variationMessages } from '@plinth/domain/variations';
import { sql } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { FacilityPartyRole } from '../../db/types-facility';
import { conflict, forbidden, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { testCovenants } from '../covenants/covenant-engine';
import type { FacilitiesDeps } from '../facilities/facilities.service';
import { facilityForActor, findFacilityRow } from '../facilities/facility-access';
import {
  actorOf,
  approvedPositions,
  assertOpenFacility,
  auditKeys,
  iso,
  type Position,
  tellParties,
  writeApprovedVersion,
} from './budget-change';
import {
  budgetVersionNumber,
  findRecord,
  pageByNumber,
  type RecordRow,
  recordForReader,
} from './variation-records';
import { withVariations } from './variation-tables';

/**
 * Reallocations between budget lines (issue 34 item 2; decision 061): the developer proposes moving
 * an amount from one line to another, the funder approves (a new approved budget version) or rejects
 * it, the developer may withdraw it while it waits. The total never changes; the from-line never goes
 * below what is certified on it, so contingency never goes below zero (the domain's rule, checked when
 * proposed and again when approved).
 */

type ReallocationRow = RecordRow<'reallocation'>;

async function toReallocation(db: Db, row: ReallocationRow): Promise<Reallocation> {
  const [codes, version] = await Promise.all([
    db
      .selectFrom('budget_line')
      .select(['id', 'code'])
      .where('id', 'in', [row.from_line_id, row.to_line_id])
      .execute(),
    budgetVersionNumber(db, row.budget_version_id),
  ]);
  const code = new Map(codes.map((c) => [c.id, c.code]));
  return {
    id: row.id,
    facility_id: row.facility_id,
    number: row.number,
    from_line_id: row.from_line_id,
    from_line_code: code.get(row.from_line_id) ?? '',
    to_line_id: row.to_line_id,
    to_line_code: code.get(row.to_line_id) ?? '',
    amount_cents: row.amount_cents,
    reason: row.reason,
    status: row.status,
    decision_reason: row.decision_reason,
    budget_version: version,
    proposed_by: row.proposed_by,
    decided_by: row.decided_by,
    decided_at: iso(row.decided_at),
    created_at: iso(row.created_at)!,
  };
}

function checked(
  lines: Position[],
  input: { from_line_id: string; to_line_id: string; amount_cents: number },
) {
  return applyReallocation(lines, { ...input, amount_cents: BigInt(input.amount_cents) });
}

/** POST /facilities/{id}/reallocations: the developer proposes moving money between two budget lines. */
export async function createReallocation(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: CreateReallocationBody },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['developer'], {
      lock: true,
    });
    assertOpenFacility(facility);
    const { lines } = await approvedPositions(trx, facility.id);
    for (const field of ['from_line_id', 'to_line_id'] as const)
      if (!lines.some((l) => l.id === body[field]))
        throw validationFailed([{ field, message: `${field} must be a line of the approved budget` }]);
    const result = checked(lines, body);
    if (!result.ok) throw conflict(result.message);
    const vdb = withVariations(trx);
    const { max } = await vdb
      .selectFrom('reallocation')
      .select(sql<number>`coalesce(max(number), 0)`.as('max'))
      .where('facility_id', '=', facility.id)
      .executeTakeFirstOrThrow();
    const row = await vdb
      .insertInto('reallocation')
      .values({
        facility_id: facility.id,
        number: Number(max) + 1,
        from_line_id: body.from_line_id,
        to_line_id: body.to_line_id,
        amount_cents: body.amount_cents,
        reason: body.reason,
        proposed_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: auditKeys.reallocationProposed,
      targetType: 'facility',
      targetId: facility.id,
      after: { reallocation_id: row.id, amount_cents: body.amount_cents },
    });
    const name = (id: string) => lines.find((l) => l.id === id)!.name;
    await tellParties(deps, trx, facility, {
      except: viewer.id,
      relatedId: row.id,
      message: `Reallocation ${row.number} proposed: ${formatAud(BigInt(body.amount_cents))} from ${name(body.from_line_id)} to ${name(body.to_line_id)} (${body.reason}). It awaits the funder's approval.`,
    });
    return toReallocation(trx, row);
  });
}

export async function listReallocations(
  db: Db,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string | undefined },
) {
  const { page, next_cursor } = await pageByNumber(db, 'reallocation', options);
  return { items: await Promise.all(page.map((r) => toReallocation(db, r))), next_cursor };
}

const reallocationForReader = (db: Db, viewer: Viewer, id: string) =>
  recordForReader(db, viewer, 'reallocation', id, variationMessages.reallocationNotFound);

export async function getReallocation(db: Db, options: { viewer: Viewer; reallocationId: string }) {
  return toReallocation(db, (await reallocationForReader(db, options.viewer, options.reallocationId)).row);
}

export type ReallocationDecision = 'approve' | 'reject' | 'withdraw';
const deciders: Record<ReallocationDecision, FacilityPartyRole> = {
  approve: 'funder',
  reject: 'funder',
  withdraw: 'developer',
};
const refusal: Record<ReallocationDecision, string> = {
  approve: "Only the facility's funder can approve a reallocation",
  reject: "Only the facility's funder can reject a reallocation",
  withdraw: "Only the facility's developer can withdraw a reallocation",
};
const statusAfter = { approve: 'approved', reject: 'rejected', withdraw: 'withdrawn' } as const;

/**
 * POST /reallocations/{id}/approve | reject {reason} | withdraw: the funder decides a proposed
 * reallocation (approving makes a new approved budget version), or the developer withdraws it.
 */
export async function decideReallocation(
  deps: FacilitiesDeps,
  options: {
    viewer: Viewer;
    reallocationId: string;
    decision: ReallocationDecision;
    reason?: string | undefined;
  },
) {
  const { viewer, decision } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { row: unlocked, role } = await reallocationForReader(trx, viewer, options.reallocationId);
    if (role !== deciders[decision]) throw forbidden(refusal[decision]);
    const facility = (await findFacilityRow(trx, unlocked.facility_id, { lock: true }))!;
    const row = (await findRecord(trx, 'reallocation', unlocked.id, true))!;
    if (row.status !== 'proposed')
      throw conflict(
        `This reallocation is ${row.status} and can no longer change; only a proposed reallocation can be ${statusAfter[decision]}`,
      );
    assertOpenFacility(facility);
    let versionId: string | null = null;
    if (decision === 'approve') {
      const { lines } = await approvedPositions(trx, facility.id);
      const result = checked(lines, row);
      if (!result.ok) throw conflict(result.message);
      versionId = (await writeApprovedVersion(trx, facility, viewer, result.lines)).id;
    }
    const reason = options.reason?.trim() || null;
    const updated = await withVariations(trx)
      .updateTable('reallocation')
      .set({
        status: statusAfter[decision],
        decision_reason: reason,
        budget_version_id: versionId,
        decided_by: viewer.id,
        decided_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: auditKeys.reallocationDecided,
      targetType: 'facility',
      targetId: facility.id,
      reason,
      before: { reallocation_id: row.id, status: row.status },
      after: { reallocation_id: row.id, status: updated.status },
    });
    // A new approved budget moves the in-balance test: the covenants are tested on it.
    if (decision === 'approve') await testCovenants({ ...deps, db: trx }, facility.id, 'variation');
    const result = await toReallocation(trx, updated);
    await tellParties(deps, trx, facility, {
      except: viewer.id,
      relatedId: row.id,
      message:
        decision === 'approve'
          ? `Reallocation ${row.number} approved: ${formatAud(BigInt(row.amount_cents))} moved from ${result.from_line_code} to ${result.to_line_code} (budget version ${result.budget_version}).`
          : decision === 'reject'
            ? `The funder rejected reallocation ${row.number}: ${reason}`
            : `Reallocation ${row.number} was withdrawn by the developer.`,
    });
    return result;
  });
}
