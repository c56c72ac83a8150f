import { applicableRateBps, type FacilityStatus } from '@plinth/domain/facility/facility-machine';
import type { Db } from '../../db/database';
import { withCovenants } from '../covenants/covenant-tables';
import type { FacilityRow } from './facility-access';

/**
 * The annual rate for one day: the default margin is added on the days of an event of default
 * (issue 34 item 5, decision 067) — from the day it was declared (`facility_default`) until the day
 * it was cured — so a day accrued late (a catch-up run) bears the rate of that day, not of the day
 * it ran. A facility in default with no recorded day falls back to its status.
 */
export async function rateOnDay(db: Db, facility: FacilityRow, day: string): Promise<number> {
  return rateForDay(facility, await defaultPeriods(db, facility.id), day);
}

export type DefaultPeriod = { declared_on: string; cured_on: string | null };

/** The facility's events of default, covenant's and funder's alike (decision 070). */
export const defaultPeriods = (db: Db, facilityId: string): Promise<DefaultPeriod[]> =>
  withCovenants(db)
    .selectFrom('facility_default')
    .select(['declared_on', 'cured_on'])
    .where('facility_id', '=', facilityId)
    .execute();

/** rateOnDay for periods already read (a restatement asks for many days at once). */
export function rateForDay(facility: FacilityRow, periods: readonly DefaultPeriod[], day: string): number {
  const status = facility.status as FacilityStatus;
  if (periods.length === 0) return applicableRateBps(status, facility);
  const inDefault = periods.some(
    (p) => day >= p.declared_on && (p.cured_on ? day < p.cured_on : status === 'in_default'),
  );
  return applicableRateBps(inDefault ? 'in_default' : 'active', facility);
}
