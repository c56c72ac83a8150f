import { defaultPresaleSettings, type PresaleSettings } from '@plinth/domain/facility/presales';
import type { Db } from '../../db/database';
import { withPresales } from './presale-tables';

/**
 * The facility's qualification thresholds (decision 062): its own where the funder set them, else
 * the defaults. Apart from presales.service.ts so the covenant engine, which the register's writes
 * call, can read them without importing those writes back.
 */
export async function settingsOf(db: Db, facilityId: string): Promise<PresaleSettings> {
  const row = await withPresales(db)
    .selectFrom('presale_settings')
    .select([
      'min_deposit_bps',
      'max_bond_share_bps',
      'bond_months_after_sunset',
      'sunset_months_after_completion',
    ])
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  return row ?? { ...defaultPresaleSettings };
}
