import { readerTimeZoneOf } from '@plinth/domain/time-zone';
import type { Db } from '../../db/database';
import { findTimeZone } from './users.repository';

/**
 * The time zone a person reads dates in (decision 074): the one on their profile, Sydney if they
 * chose none (or are not found). Every date written into a text for them (a notification, an
 * e-mail, a file name) goes through `formatDate(value, zone)` with it.
 */
export async function readerTimeZone(db: Db, userId: string): Promise<string> {
  return readerTimeZoneOf(await findTimeZone(db, userId));
}
