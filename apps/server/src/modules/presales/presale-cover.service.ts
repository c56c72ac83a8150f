import { type Presale, presaleCover, presaleTimeline } from '@plinth/domain/facility/presales';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { facilityForReader } from '../facilities/facility-access';
import { forecastCompletionDate } from '../facilities/facility-figures';
import { withPresales } from './presale-tables';
import { settingsOf } from './presales.service';

/**
 * GET /facilities/{id}/presale-cover (issue 34 item 4; decision 062): the open (unsettled) presales
 * assessed by the domain's rules against the facility's thresholds and its forecast practical
 * completion (the latest date moved by variations and the surveyor's delay); cover = qualifying
 * total ex GST ÷ limit; each non-qualifying presale with its reasons; the timeline and the warnings
 * where the delay eats a sunset buffer.
 */
export async function getPresaleCover(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const [rows, settings, forecast] = await Promise.all([
    withPresales(db)
      .selectFrom('presale')
      .selectAll()
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'exchanged')
      .orderBy('exchanged_on')
      .orderBy('lot')
      .execute(),
    settingsOf(db, facility.id),
    forecastCompletionDate(db, facility),
  ]);
  const presales: Presale[] = rows.map((r) => ({
    id: r.id,
    lot: r.lot,
    price_ex_gst_cents: BigInt(r.price_ex_gst_cents),
    deposit_cents: BigInt(r.deposit_cents),
    deposit_form: r.deposit_form,
    bond_expiry: r.bond_expiry,
    related_party: r.related_party,
    exchanged_on: r.exchanged_on,
    sunset_on: r.sunset_on,
  }));
  const names = new Map(rows.map((r) => [r.id, r.purchaser_name]));
  const limit = BigInt(facility.limit_cents);
  const cover = presaleCover(presales, { limit_cents: limit, completion_date: forecast, settings });
  const { events, warnings } = presaleTimeline(presales, {
    contract_completion_date: facility.latest_practical_completion_date,
    forecast_completion_date: forecast,
    settings,
  });
  return {
    limit_cents: facility.limit_cents,
    qualifying_total_cents: Number(cover.qualifying_total_cents),
    qualifying_bond_total_cents: Number(cover.qualifying_bond_total_cents),
    registered_total_cents: Number(cover.registered_total_cents),
    cover_bps: cover.cover_bps,
    cover_ratio: cover.cover_bps / 10_000,
    open_presales: presales.length,
    contract_completion_date: facility.latest_practical_completion_date,
    forecast_completion_date: forecast,
    settings,
    non_qualifying: cover.assessments
      .filter((a) => !a.qualifies)
      .map((a) => ({
        presale_id: a.presale.id,
        lot: a.presale.lot,
        purchaser_name: names.get(a.presale.id) ?? '',
        price_ex_gst_cents: Number(a.presale.price_ex_gst_cents),
        reasons: a.reasons,
      })),
    timeline: events,
    warnings,
  };
}
