import type { DealFacts } from '@plinth/domain/broker-ai/calculations';
import { revenueOf } from '@plinth/domain/broker-ai/feasibility';
import {
  buildDealMemo,
  type DealMemo,
  type MemoProject,
  pickComparables,
} from '@plinth/domain/broker-ai/memo';
import type { ProjectDetailResponse } from '@plinth/domain/marketplace';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { getProjectDetail } from '../projects/projects.service';
import { listComparableCandidates } from './ai-chat.repository';

/**
 * A session's project as its owner may see it now, through the projects module's own read check
 * (owner and admins whole; a funder whole once granted access, else the preview fields): a funder
 * whose access was withdrawn since the session began sees only what they may see today.
 */
export async function readableProject(
  db: Db,
  viewer: Viewer,
  projectId: string,
): Promise<ProjectDetailResponse | null> {
  try {
    return await getProjectDetail(db, { viewer, projectId });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/** The figures the analyst may use: the whole file's, or only the loan amount of a preview. */
export function dealFactsOf(project: ProjectDetailResponse): DealFacts {
  if (project.view === 'preview') return { loan: project.loan_amount };
  return {
    loan: project.loan_amount,
    land: project.land_value,
    cost: project.total_project_cost,
    construction: project.construction_cost,
    // The revenue as the Feasibility tab reads it (cost + expected profit, else the GDC), so the
    // chat and the tab work from the same figure.
    revenue: revenueOf(project),
    profit: project.expected_profit,
    equity: project.equity_contribution,
    ratePercent: project.interest_rate,
    termMonths: project.loan_term,
  };
}

/** The memo's view of the project: every figure of the whole file, or the preview's alone. */
export function memoProjectOf(project: ProjectDetailResponse): MemoProject {
  const base = {
    suburb: project.suburb,
    state: project.state,
    property_type: project.property_type,
    development_stage: project.development_stage,
    loan_amount: project.loan_amount,
  };
  if (project.view === 'preview') return { view: 'preview', ...base };
  return {
    view: 'full',
    ...base,
    land_value: project.land_value,
    total_project_cost: project.total_project_cost,
    expected_gdc: project.expected_gdc,
    expected_profit: project.expected_profit,
    equity_contribution: project.equity_contribution,
    interest_rate: project.interest_rate,
    loan_term: project.loan_term,
    planning_permit_status: project.planning_permit_status,
  };
}

/** How many same-type listings are weighed for the five comparables. */
const COMPARABLE_CANDIDATES = 300;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The memo of a project as the viewer may see it, with comparables from the marketplace. */
export async function dealMemoFor(db: Db, project: ProjectDetailResponse): Promise<DealMemo> {
  const rows = await listComparableCandidates(db, {
    propertyType: project.property_type,
    excludeId: project.id,
    limit: COMPARABLE_CANDIDATES,
  });
  const candidates = rows.map((r) => ({
    suburb: r.suburb,
    state: r.state,
    property_type: r.property_type,
    development_stage: r.development_stage,
    loan_amount: Number(r.loan_amount),
    project_size_sqm: num(r.project_size_sqm),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
  }));
  // A preview carries no coordinates: its comparables are found by state and loan size.
  const subject = {
    latitude: project.view === 'full' ? project.latitude : null,
    longitude: project.view === 'full' ? project.longitude : null,
    state: project.state,
    loan_amount: project.loan_amount,
  };
  return buildDealMemo(memoProjectOf(project), pickComparables(subject, candidates));
}
