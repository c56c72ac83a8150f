import {
  criteriaFromProfile,
  type FunderCriteria,
  type FunderCriteriaBody,
  type FunderCriteriaResponse,
  normaliseCriteria,
} from '@plinth/domain/funder-criteria';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import * as repo from './funder-criteria.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCriteria>>>;

const criteriaOf = (row: Row): FunderCriteria => ({
  property_types: row.property_types,
  states: row.states,
  development_stages: row.development_stages,
  min_loan: row.min_loan,
  max_loan: row.max_loan,
  max_loan_to_grv: row.max_loan_to_grv,
  max_lvr: row.max_lvr,
  min_margin_on_cost: row.min_margin_on_cost,
});

const saved = (row: Row): FunderCriteriaResponse => ({
  ...criteriaOf(row),
  is_saved: true,
  confirmed_at: new Date(row.confirmed_at).toISOString(),
});

/** The criteria a funder saved, or null while they have none (recommendations and alerts read these). */
export async function savedCriteria(db: Db, userId: string): Promise<FunderCriteria | null> {
  const row = await repo.findCriteria(db, userId);
  return row ? criteriaOf(row) : null;
}

/** The funder's saved criteria, or, until they save any, their onboarding profile's prefill. */
export async function getFunderCriteria(db: Db, viewer: Viewer): Promise<FunderCriteriaResponse> {
  const row = await repo.findCriteria(db, viewer.id);
  if (row) return saved(row);
  const profile = await repo.findFunderProfile(db, viewer.id);
  const prefill = criteriaFromProfile(
    profile ?? { investment_focus: null, typical_deal_size_min: null, typical_deal_size_max: null },
  );
  return { ...prefill, is_saved: false, confirmed_at: null };
}

/** Saves the funder's criteria (every key omitted is any) and audits before and after, in one transaction. */
export async function saveFunderCriteria(
  db: Db,
  viewer: Viewer,
  body: FunderCriteriaBody,
): Promise<FunderCriteriaResponse> {
  const criteria = normaliseCriteria(body);
  return db.transaction().execute(async (trx) => {
    const before = await repo.findCriteria(trx, viewer.id, { forUpdate: true });
    const row = await repo.saveCriteria(trx, viewer.id, criteria);
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'funder_criteria.updated',
      targetType: 'user',
      targetId: viewer.id,
      before: before ? criteriaOf(before) : null,
      after: criteria,
    });
    return saved(row);
  });
}
