import { facilityMessages } from '@plinth/domain/facilities';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { FacilityPartyRole } from '../../db/types-facility';
import { forbidden, notFound } from '../../errors';

/**
 * Who may reach a facility (issue 33; decision 055), in one place for every facility and draw
 * endpoint: its parties (developer, funder, co-funders, surveyors) read it; admins read any; anyone
 * else — another developer, another funder, a surveyor not appointed to it — is told it does not
 * exist (404), exactly as for an id that does not. What a party may do is checked by role on top.
 */

export type FacilityRole = FacilityPartyRole | 'admin';

export const findFacilityRow = (db: Db, id: string, options: { lock?: boolean } = {}) =>
  db
    .selectFrom('facility')
    .selectAll()
    .where('id', '=', id)
    .$if(!!options.lock, (q) => q.forUpdate())
    .executeTakeFirst();
export type FacilityRow = NonNullable<Awaited<ReturnType<typeof findFacilityRow>>>;

export async function partyRoleOf(db: Db, facilityId: string, userId: string) {
  const row = await db
    .selectFrom('facility_party')
    .select('role')
    .where('facility_id', '=', facilityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** A facility the viewer may read, with their part in it. */
export async function facilityForReader(
  db: Db,
  viewer: Viewer,
  facilityId: string,
  options: { lock?: boolean } = {},
): Promise<{ facility: FacilityRow; role: FacilityRole }> {
  const facility = await findFacilityRow(db, facilityId, options);
  if (!facility) throw notFound(facilityMessages.notFound);
  if (viewer.role === 'admin') return { facility, role: 'admin' };
  const role = await partyRoleOf(db, facilityId, viewer.id);
  if (!role) throw notFound(facilityMessages.notFound);
  return { facility, role };
}

const refusalFor: Record<FacilityPartyRole, string> = {
  developer: facilityMessages.onlyDeveloper,
  funder: facilityMessages.onlyFunder,
  co_funder: facilityMessages.onlyFunder,
  surveyor: facilityMessages.onlySurveyor,
};

/**
 * A facility the viewer may act on as one of `roles`: a stranger 404, a party of another role (or an
 * admin, who reads but never acts as a party) 403.
 */
export async function facilityForActor(
  db: Db,
  viewer: Viewer,
  facilityId: string,
  roles: readonly FacilityPartyRole[],
  options: { lock?: boolean } = {},
): Promise<{ facility: FacilityRow; role: FacilityPartyRole }> {
  const { facility, role } = await facilityForReader(db, viewer, facilityId, options);
  if (role === 'admin' || !roles.includes(role)) throw forbidden(refusalFor[roles[0]!]);
  return { facility, role };
}

/** Every party's user id: whom a draw's news reaches. */
export const partyIdsOf = async (db: Db, facilityId: string) =>
  (
    await db.selectFrom('facility_party').select('user_id').where('facility_id', '=', facilityId).execute()
  ).map((r) => r.user_id);
