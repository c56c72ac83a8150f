// The benchmark funders' saved lending criteria (issue 22 item 1) and alert settings (item 2),
// generated from a seed and written with one unnest() INSERT. Shares, per funder:
// - property types: 35 % any, else one to three (weighted like the listings: Residential first);
// - states: 45 % any, else two to four (by population);
// - development stages: 65 % any, else two or three;
// - loan range: 25 % none, else a minimum ($250k-$2m, or none) and a maximum ($5m-$50m, or none);
// - confidential limits: 15 % a maximum LVR on land (250-450 %), 10 % a maximum loan / GRV
//   (60-75 %), 10 % a minimum margin on cost (10-20 %);
// - e-mail: 40 % at once, 45 % daily digest, 15 % none; time zones across Australia;
// - 5 % not confirmed for 35-60 days (paused: no alerts).
// About 40 % of the active funders match an average listing (20-60 % for most listings).
import { generator } from '../marketplace/seed.mjs';

const TYPES = [
  ['Residential', 48],
  ['Commercial', 16],
  ['Mixed Use', 14],
  ['Industrial', 13],
  ['Retail', 9],
];
const STATES = [
  ['NSW', 32],
  ['VIC', 26],
  ['QLD', 20],
  ['WA', 11],
  ['SA', 7],
  ['TAS', 2],
  ['ACT', 2],
  ['NT', 1],
];
const STAGES = [
  ['Planning', 1],
  ['Pre-Construction', 1],
  ['Construction', 1],
  ['Near Completion', 1],
];
const ZONES = [
  ['Australia/Sydney', 38],
  ['Australia/Melbourne', 27],
  ['Australia/Brisbane', 18],
  ['Australia/Perth', 9],
  ['Australia/Adelaide', 5],
  ['Australia/Hobart', 2],
  ['Australia/Darwin', 1],
];
const MODES = [
  ['instant', 40],
  ['daily', 45],
  ['off', 15],
];
const DAY = 86_400_000;

/** The marketplace seed's generator, and `count` distinct values drawn by weight, in the list's order. */
function generatorWithSome(seed) {
  const r = generator(seed);
  const some = (pairs, count) => {
    const chosen = new Set();
    const draw = r.weighted(pairs);
    while (chosen.size < Math.min(count, pairs.length)) chosen.add(draw());
    return pairs.map(([v]) => v).filter((v) => chosen.has(v));
  };
  return { ...r, some };
}

/** One criteria row per funder id. */
export function generateCriteria(funderIds, { seed = 20261130, now = Date.now() } = {}) {
  const r = generatorWithSome(seed);
  const zone = r.weighted(ZONES);
  const mode = r.weighted(MODES);
  return funderIds.map((id) => {
    const hasRange = r.next() >= 0.25;
    const min =
      hasRange && r.next() < 0.7 ? r.pick([250_000, 500_000, 1_000_000, 1_500_000, 2_000_000]) : null;
    const max =
      hasRange && (min === null || r.next() < 0.8)
        ? r.pick([5_000_000, 10_000_000, 15_000_000, 20_000_000, 30_000_000, 50_000_000])
        : null;
    const paused = r.next() < 0.05;
    return {
      user_id: id,
      property_types: r.next() < 0.35 ? null : r.some(TYPES, r.int(1, 3)),
      states: r.next() < 0.45 ? null : r.some(STATES, r.int(2, 4)),
      development_stages: r.next() < 0.65 ? null : r.some(STAGES, r.int(2, 3)),
      min_loan: min,
      max_loan: max,
      max_lvr: r.next() < 0.15 ? r.int(25, 45) * 10 : null,
      max_loan_to_grv: r.next() < 0.1 ? r.int(60, 75) : null,
      min_margin_on_cost: r.next() < 0.1 ? r.int(10, 20) : null,
      confirmed_at: new Date(now - (paused ? r.between(35, 60) : r.between(0, 25)) * DAY),
      alert_email: mode(),
      time_zone: zone(),
    };
  });
}

/**
 * Writes the criteria. The alert settings (alert_email, time_zone) are written only where the
 * schema has them: the server before the feature (07aa685) has criteria but no alerts.
 */
export async function insertCriteria(client, rows) {
  const { rows: columns } = await client.query(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = 'funder_criteria'`,
  );
  const withAlerts = columns.some((c) => c.column_name === 'alert_email');
  const base = [
    ['user_id', 'text'],
    ['property_types', 'jsonb'],
    ['states', 'jsonb'],
    ['development_stages', 'jsonb'],
    ['min_loan', 'numeric'],
    ['max_loan', 'numeric'],
    ['max_lvr', 'numeric'],
    ['max_loan_to_grv', 'numeric'],
    ['min_margin_on_cost', 'numeric'],
    ['confirmed_at', 'timestamptz'],
    ...(withAlerts
      ? [
          ['alert_email', 'text'],
          ['time_zone', 'text'],
        ]
      : []),
  ];
  const jsonb = new Set(['property_types', 'states', 'development_stages']);
  const values = base.map(([name]) =>
    rows.map((row) => {
      const v = row[name];
      if (v instanceof Date) return v.toISOString();
      return jsonb.has(name) && v !== null ? JSON.stringify(v) : v;
    }),
  );
  await client.query(
    `insert into funder_criteria (${base.map(([n]) => n).join(', ')}, created_at, updated_at)
     select *, now(), now() from unnest(${base.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`,
    values,
  );
  return { withAlerts };
}
