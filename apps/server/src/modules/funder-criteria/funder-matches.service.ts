import { criteriaOf } from '@plinth/domain/funder-criteria';
import { type FunderMatches, funderMatches } from '@plinth/domain/funder-matches';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { countAlerts } from '../listing-alerts/listing-alerts.repository';
import { canReadWholeProject } from '../projects/projects.policy';
import * as repo from './funder-matches.repository';

/**
 * How many active funders lend on a project like this one (issue 22 item 4; decision 041), for
 * its developer and admins, a draft as well as a published listing. Everyone else who reaches here
 * (another developer) is told the project does not exist, as the project's own routes answer.
 */
export async function getFunderMatches(
  db: Db,
  options: { viewer: Viewer; projectId: string; now?: Date },
): Promise<FunderMatches> {
  const project = await repo.findMatchedListing(db, options.projectId);
  if (!project || !canReadWholeProject(options.viewer, project)) throw notFound('Project not found');
  const rows = await repo.listCandidateFunders(db);
  const funders = rows.map((row) => ({
    role: row.role,
    approved: row.approved,
    subscription_status: row.subscription_status,
    subscription_period_end: row.subscription_period_end,
    criteria: criteriaOf(row),
  }));
  // After publication: how many were alerted, and how many of those opened the preview.
  const alerts = project.published_at ? await countAlerts(db, project.id) : null;
  return funderMatches(project, funders, options.now, alerts);
}
