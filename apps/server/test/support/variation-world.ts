import type { TestApp } from '../helpers';
import { call, type FacilityWorld } from './facilities';

/** A minimal valid body for each issue 34 write (items 1-3), against a facility world's budget. */
export const variationBodies = (w: Pick<FacilityWorld, 'lines'>) => ({
  variation: {
    budget_line_id: w.lines.C1,
    description: 'Upgrade the facade glazing',
    cost_cents: 1_000_000,
    days: 0,
    funding: 'contingency',
  },
  reallocation: {
    from_line_id: w.lines.X1,
    to_line_id: w.lines.C1,
    amount_cents: 500_000,
    reason: 'Site works dearer than allowed',
  },
});

/**
 * For the permission matrix: given the facility world it uses (support/permission-world.ts,
 * createFacilityWorld: lines L1, C1, X1), one proposed variation ($10,000 on C1 from contingency, no
 * days) and one proposed reallocation ($5,000 from contingency X1 to C1), both by the developer.
 */
export async function createVariationWorld(t: TestApp, w: FacilityWorld) {
  const bodies = variationBodies(w);
  const variation = await call(
    t,
    w.developer,
    { method: 'POST', url: `/api/facilities/${w.facilityId}/variations`, payload: bodies.variation },
    201,
  );
  const reallocation = await call(
    t,
    w.developer,
    { method: 'POST', url: `/api/facilities/${w.facilityId}/reallocations`, payload: bodies.reallocation },
    201,
  );
  return { variationId: variation.id as string, reallocationId: reallocation.id as string };
}
