import type { TestApp, TestUser } from '../helpers';
import { call, createFacilityWorld } from './facilities';

/**
 * Presales for API tests and the permission matrix (issue 34 items 4 and 7; decision 062).
 *
 * `createWorldPresale(t, facility)` adds one unsettled presale to a facility through the API as its
 * developer and returns the presale's id: given the facility the permission world builds
 * (createFacilityWorld with the owner as developer), it is the `{id}` of /api/presales/{id}/….
 */

/** A presale that qualifies on the default thresholds against a facility completing by 31 March 2027. */
export const presaleBody = (overrides: Record<string, unknown> = {}) => ({
  lot: 'M1',
  purchaser_name: 'Matrix Purchaser',
  price_ex_gst_cents: 90_000_000,
  deposit_cents: 9_000_000,
  deposit_form: 'cash',
  bond_expiry: null,
  related_party: false,
  exchanged_on: '2026-01-10',
  sunset_on: '2027-12-31',
  ...overrides,
});

export async function createWorldPresale(
  t: TestApp,
  facility: { facilityId: string; developer: TestUser },
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(
    t,
    facility.developer,
    {
      method: 'POST',
      url: `/api/facilities/${facility.facilityId}/presales`,
      payload: presaleBody({ lot: `M-${Math.random().toString(36).slice(2, 8)}`, ...overrides }),
    },
    201,
  );
  return created.id as string;
}

/** A settlement body dated inside the test facilities' life (close 1 January 2026). */
export const settlementBody = (overrides: Record<string, unknown> = {}) => ({
  settled_on: '2026-02-01',
  gross_cents: 1_000_000,
  selling_costs_cents: 20_000,
  ...overrides,
});

/**
 * For the settlement cell of the permission matrix: a settlement changes its facility for good
 * (with nothing drawn, as in the permission world, a valid one repays it at once), so the cell gets
 * a facility of its own between the same developer and funder, and one presale on it.
 */
export async function createFreshSettlementPresale(
  t: TestApp,
  parties: { developer: TestUser; funder: TestUser },
): Promise<{ facilityId: string; presaleId: string }> {
  const facility = await createFacilityWorld(t, { developer: parties.developer, funder: parties.funder });
  return { facilityId: facility.facilityId, presaleId: await createWorldPresale(t, facility) };
}

/** The permission world's shape, as far as these helpers need it (support/permission-world.ts World). */
interface MatrixCell {
  w: {
    t: TestApp;
    users: { owner: TestUser; funderWithAccess: TestUser };
    ids: { facilityId: string };
  };
}

/** Matrix recipe `fresh` for DELETE /api/presales/{id}: a presale of the world's facility for one cell. */
export const freshPresale = async ({ w }: MatrixCell) => ({
  ids: {
    presaleId: await createWorldPresale(w.t, { facilityId: w.ids.facilityId, developer: w.users.owner }),
  },
});

/** Matrix recipe `fresh` for POST /api/presales/{id}/settlement: a presale on a facility of its own. */
export const freshSettlementPresale = async ({ w }: MatrixCell) => ({
  ids: {
    presaleId: (
      await createFreshSettlementPresale(w.t, { developer: w.users.owner, funder: w.users.funderWithAccess })
    ).presaleId,
  },
});
