import { withCovenants } from '../../src/modules/covenants/covenant-tables';
import type { TestApp } from '../helpers';
import { call, type FacilityWorld } from './facilities';

/** PUT /facilities/{id}/covenants as the facility's funder. */
export const setCovenants = (t: TestApp, w: FacilityWorld, covenants: Record<string, unknown>[]) =>
  call(t, w.funder, {
    method: 'PUT',
    url: `/api/facilities/${w.facilityId}/covenants`,
    payload: { covenants },
  });

/** The tests kept for one covenant of a facility, newest first, with their trigger. */
export const covenantTestsOf = async (t: TestApp, w: FacilityWorld, kind: string) =>
  (
    await withCovenants(t.database.db)
      .selectFrom('covenant_test')
      .select(['trigger', 'status', 'value'])
      .where('facility_id', '=', w.facilityId)
      .where('kind', '=', kind)
      .orderBy('seq', 'desc')
      .execute()
  ).map((r) => ({ ...r, value: r.value === null ? null : Number(r.value) }));
