import {
  LISTING_FEE_KEY,
  type Pricing,
  pricingFrom,
  SUBSCRIPTION_PRICE_KEY,
} from '@plinth/domain/system-settings';
import type { Db } from '../../db/database';

/**
 * The listing fee and subscription price as the admin last saved them (decision 021). Read from the
 * table on every use, like every setting, so a saved price is charged at once by every process.
 */
export async function readPricing(db: Db): Promise<Pricing> {
  const rows = await db
    .selectFrom('system_setting')
    .select(['key', 'value'])
    .where('key', 'in', [LISTING_FEE_KEY, SUBSCRIPTION_PRICE_KEY])
    .execute();
  return pricingFrom(new Map(rows.map((row) => [row.key, row.value])));
}
