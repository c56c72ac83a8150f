import type { PortfolioLights } from '@plinth/domain/covenants';
import { type CovenantKind, closestToBreach, covenantRules } from '@plinth/domain/facility/covenants';
import { addDays, daysBetween } from '@plinth/domain/facility/dates';
import type { FacilityStatus } from '@plinth/domain/facility/facility-machine';
import { sydneyDate } from '@plinth/domain/proposals';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { withPresales } from '../presales/presale-tables';
import { withCovenants } from './covenant-tables';
import { lightOf, toTest } from './covenants.service';

/** How far ahead the lights look for sunset dates and bond expiries. */
export const LIGHTS_HORIZON_DAYS = 90;

/**
 * GET /portfolio/lights (issue 34 item 9; decision 067): for a funder, every facility they hold (as
 * its funder or a co-funder) with its covenant light — red in default or past a cure period, amber
 * with a breach being cured or a covenant within 5 % of its threshold, green otherwise — the
 * covenant closest to breach in words, and the open presales' sunset dates and deposit-bond expiries
 * in the next 90 days. Reads in a fixed number of statements however many facilities.
 */
export async function portfolioLights(
  db: Db,
  options: { viewer: Viewer; today?: string },
): Promise<PortfolioLights> {
  const today = options.today ?? sydneyDate();
  const horizon = addDays(today, LIGHTS_HORIZON_DAYS);
  const facilities = await db
    .selectFrom('facility as f')
    .innerJoin('facility_party as fp', 'fp.facility_id', 'f.id')
    .innerJoin('project as p', 'p.id', 'f.project_id')
    .select(['f.id', 'f.status', 'p.title'])
    .where('fp.user_id', '=', options.viewer.id)
    .where('fp.role', 'in', ['funder', 'co_funder'])
    .where('f.status', '<>', 'repaid')
    .orderBy('p.title')
    .orderBy('f.id')
    .execute();
  const ids = facilities.map((f) => f.id);
  const cdb = withCovenants(db);
  const [covenants, tests, breaches, presales] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          cdb
            .selectFrom('covenant')
            .select(['facility_id', 'kind'])
            .where('facility_id', 'in', ids)
            .execute(),
          cdb
            .selectFrom('covenant_test')
            .selectAll()
            .distinctOn(['facility_id', 'kind'])
            .where('facility_id', 'in', ids)
            .orderBy('facility_id')
            .orderBy('kind')
            .orderBy('seq', 'desc')
            .execute(),
          cdb
            .selectFrom('covenant_breach')
            .select(['facility_id', 'kind', 'breached_on', 'cure_days'])
            .where('facility_id', 'in', ids)
            .where('status', '=', 'open')
            .execute(),
          withPresales(db)
            .selectFrom('presale')
            .select(['facility_id', 'lot', 'sunset_on', 'deposit_form', 'bond_expiry'])
            .where('facility_id', 'in', ids)
            .where('status', '=', 'exchanged')
            .where((eb) =>
              eb.or([
                eb.and([eb('sunset_on', '>=', today), eb('sunset_on', '<=', horizon)]),
                eb.and([eb('bond_expiry', '>=', today), eb('bond_expiry', '<=', horizon)]),
              ]),
            )
            .execute(),
        ]);
  const totals = { green: 0, amber: 0, red: 0 };
  const items = facilities.map((f) => {
    const kinds = new Set(covenants.filter((c) => c.facility_id === f.id).map((c) => c.kind));
    const latest = tests.filter((t) => t.facility_id === f.id && kinds.has(t.kind)).map(toTest);
    const open = breaches.filter((b) => b.facility_id === f.id);
    const light = lightOf(f.status as FacilityStatus, latest, open, today);
    totals[light] += 1;
    const breached = latest.filter((t) => t.status === 'breach').map((t) => t.kind);
    const closest = closestToBreach(latest);
    const summary =
      f.status === 'in_default'
        ? 'In default: the default margin applies'
        : breached.length > 0
          ? `Breached: ${breached.map((k) => covenantRules[k].label).join(', ')}`
          : closest
            ? `Closest to breach: ${closest.message}`
            : kinds.size === 0
              ? 'No covenants set'
              : 'Not tested yet';
    const upcoming: PortfolioLights['items'][number]['upcoming'] = [];
    for (const p of presales) {
      if (p.facility_id !== f.id) continue;
      if (p.sunset_on >= today && p.sunset_on <= horizon)
        upcoming.push({
          date: p.sunset_on,
          kind: 'sunset',
          lot: p.lot,
          days_away: daysBetween(today, p.sunset_on),
        });
      if (p.deposit_form === 'bond' && p.bond_expiry && p.bond_expiry >= today && p.bond_expiry <= horizon)
        upcoming.push({
          date: p.bond_expiry,
          kind: 'bond_expiry',
          lot: p.lot,
          days_away: daysBetween(today, p.bond_expiry),
        });
    }
    upcoming.sort((a, b) => (a.date === b.date ? a.lot.localeCompare(b.lot) : a.date < b.date ? -1 : 1));
    return {
      facility_id: f.id,
      project_title: f.title,
      status: f.status as FacilityStatus,
      light,
      summary,
      breached: breached as CovenantKind[],
      upcoming,
    };
  });
  const rank = { red: 0, amber: 1, green: 2 };
  items.sort((a, b) => rank[a.light] - rank[b.light]);
  return { items, horizon_days: LIGHTS_HORIZON_DAYS, totals };
}
