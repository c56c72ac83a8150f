import type { FunderDashboardResponse } from '@plinth/domain/marketplace';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { countFunderActivity } from '../access-requests/access-requests.service';
import { assertFunderMayUseMarketplace, recommendProjects } from '../projects/marketplace.service';

/**
 * The funder dashboard for an active funder (spec 000 section 2): active deals, access approved
 * without a deal, pending requests, and 'Recommended for You'. The others see banners instead,
 * so the marketplace gate applies.
 */
export async function getFunderDashboard(
  db: Db,
  options: { viewer: Viewer },
): Promise<FunderDashboardResponse> {
  await assertFunderMayUseMarketplace(db, options.viewer);
  const [counts, recommended] = await Promise.all([
    countFunderActivity(db, options.viewer.id),
    recommendProjects(db, { viewer: options.viewer }),
  ]);
  return { ...counts, recommended };
}
