import type { TestApp, TestUser } from '../helpers';
import { call, type FacilityWorld } from './facilities';

/** A minimal valid body for each issue 34 write (items 1-3), against a facility world's budget (L1, C1, X1). */
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

/** The approved budget's line ids by code, read through the API as `user`. */
async function linesOf(t: TestApp, user: TestUser, facilityId: string): Promise<Record<string, string>> {
  const budget = await call(t, user, { method: 'GET', url: `/api/facilities/${facilityId}/budget` });
  return Object.fromEntries(
    (budget.approved.lines as { code: string; id: string }[]).map((l) => [l.code, l.id]),
  );
}

/**
 * For the permission matrix: given the facility world it uses (support/permission-world.ts,
 * createFacilityWorld: an approved budget with lines L1, C1, X1), one proposed variation ($10,000 on
 * C1 from contingency, no days) and one proposed reallocation ($5,000 from contingency X1 to C1),
 * both by the developer. `lines` may be left out: they are then read from the approved budget.
 */
export async function createVariationWorld(
  t: TestApp,
  w: Pick<FacilityWorld, 'facilityId' | 'developer'> & { lines?: Record<string, string> },
) {
  const lines = w.lines ?? (await linesOf(t, w.developer, w.facilityId));
  const bodies = variationBodies({ lines });
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
