import type { CovenantFigures } from '@plinth/domain/facility/covenants';
import { applicableRateBps, type FacilityStatus } from '@plinth/domain/facility/facility-machine';
import { interestBearingCents } from '@plinth/domain/facility/ledger';
import { type Presale, presaleCover } from '@plinth/domain/facility/presales';
import type { Db } from '../../db/database';
import type { FacilityRow } from '../facilities/facility-access';
import {
  facilityBalances,
  facilityInBalance,
  forecastCompletionDate,
  lineFigures,
} from '../facilities/facility-figures';
import { settingsOf } from '../presales/presale-settings';
import { withPresales } from '../presales/presale-tables';
import { withCovenants } from './covenant-tables';

/**
 * The figures a facility's covenants are measured on (decision 067), loaded from what the other
 * modules keep: the ledger's balances, the approved budget and the draws (facility-figures.ts), the
 * in-balance test, the forecast completion (moved by variations and the surveyor's delay), the
 * latest valuation, and presale cover from the presale register.
 */

/** One open presale as the covenant engine and the portfolio's lights read it. */
export type OpenPresale = Presale & { purchaser_name: string };

/**
 * Where presale cover comes from: the qualifying total ex GST (domain rules against the facility's
 * thresholds and forecast completion), or null when no register exists for the facility.
 */
export interface PresaleCoverSource {
  qualifyingCents(db: Db, facility: FacilityRow, forecastCompletion: string): Promise<bigint | null>;
  openPresales(db: Db, facilityId: string): Promise<OpenPresale[]>;
}

/** The presale register's rules (issue 34 item 4, decision 062), read through its tables. */
export const presaleRegister: PresaleCoverSource = {
  async openPresales(db, facilityId) {
    const rows = await withPresales(db)
      .selectFrom('presale')
      .selectAll()
      .where('facility_id', '=', facilityId)
      .where('status', '=', 'exchanged')
      .orderBy('exchanged_on')
      .orderBy('lot')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      lot: r.lot,
      purchaser_name: r.purchaser_name,
      price_ex_gst_cents: BigInt(r.price_ex_gst_cents),
      deposit_cents: BigInt(r.deposit_cents),
      deposit_form: r.deposit_form,
      bond_expiry: r.bond_expiry,
      related_party: r.related_party,
      exchanged_on: r.exchanged_on,
      sunset_on: r.sunset_on,
    }));
  },
  async qualifyingCents(db, facility, forecastCompletion) {
    const [presales, settings] = await Promise.all([
      this.openPresales(db, facility.id),
      settingsOf(db, facility.id),
    ]);
    const cover = presaleCover(presales, {
      limit_cents: BigInt(facility.limit_cents),
      completion_date: forecastCompletion,
      settings,
    });
    return cover.qualifying_total_cents;
  },
};

export async function latestValuation(db: Db, facilityId: string) {
  return withCovenants(db)
    .selectFrom('facility_valuation')
    .select(['id', 'valued_on', 'value_cents', 'valuer'])
    .where('facility_id', '=', facilityId)
    .orderBy('valued_on', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Everything the covenants are measured on, as of now. */
export async function covenantFigures(
  db: Db,
  facility: FacilityRow,
  presales: PresaleCoverSource = presaleRegister,
): Promise<CovenantFigures & { in_balance: Awaited<ReturnType<typeof facilityInBalance>> | null }> {
  const [valuation, lines, balances, forecast] = await Promise.all([
    latestValuation(db, facility.id),
    lineFigures(db, facility.id),
    facilityBalances(db, facility.id),
    forecastCompletionDate(db, facility),
  ]);
  const budgeted = lines.length > 0;
  const [inBalance, qualifying] = await Promise.all([
    budgeted ? facilityInBalance(db, facility) : Promise.resolve(null),
    presales.qualifyingCents(db, facility, forecast),
  ]);
  let total = 0n;
  for (const l of lines) total += l.budget_cents;
  return {
    limit_cents: BigInt(facility.limit_cents),
    valuation_cents: valuation ? BigInt(valuation.value_cents) : null,
    valued_on: valuation?.valued_on ?? null,
    total_cost_cents: budgeted ? total : null,
    qualifying_presales_cents: qualifying,
    in_balance_shortfall_cents: inBalance?.shortfall_cents ?? 0n,
    latest_practical_completion_date: facility.latest_practical_completion_date,
    forecast_completion_date: forecast,
    interest_bearing_cents: interestBearingCents(balances),
    rate_bps: applicableRateBps(facility.status as FacilityStatus, facility),
    in_balance: inBalance,
  };
}
