import type { variationSettings } from '@plinth/domain/variations';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { facilityForReader } from '../facilities/facility-access';
import { facilitySettings } from './variation-incorporate';

/**
 * GET /facilities/{id}/variation-settings: the consent threshold and the defects liability period in
 * force, for every party of the facility and admins (decision 072's server gap). A stranger is told
 * the facility does not exist (404), as for every facility read. The answer is the PATCH's shape.
 */
export async function getVariationSettings(
  db: Db,
  options: { viewer: Viewer; facilityId: string },
): Promise<z.infer<typeof variationSettings>> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const settings = await facilitySettings(db, facility.id);
  return {
    variation_consent_threshold_cents: Number(settings.threshold_cents),
    defects_liability_months: settings.defects_liability_months,
  };
}
