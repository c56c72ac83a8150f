// Which funders a listing's alert must reach, decided by the product's own rules: the domain's
// matchCriteria and hasMarketplaceAccess (packages/domain, TypeScript), bundled here with esbuild
// so this plain-Node benchmark runs the same code the server does. The benchmark waits until this
// many notifications exist, and checks afterwards that exactly these funders were alerted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from '../lib/server.mjs';

/** Criteria confirmed longer ago than this are paused (packages/domain/src/listing-alerts.ts). */
const CRITERIA_PAUSE_DAYS = 30;

/** The domain's matching functions, bundled from source into a temporary module and imported. */
export async function loadDomain() {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-alerts-domain-'));
  try {
    const out = join(dir, 'domain.mjs');
    const source = (file) => JSON.stringify(join(root, 'packages/domain/src', file));
    const result = await build({
      stdin: {
        contents: `export { matchCriteria } from ${source('funder-criteria.ts')};
export { hasMarketplaceAccess } from ${source('subscriptions.ts')};`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'warning',
    });
    writeFileSync(out, result.outputFiles[0].text);
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const num = (v) => (v === null || v === undefined ? null : Number(v));

/** Every funder whose alerts are on (listing-alerts.repository.ts listAlertedFunders), with their criteria. */
export async function readAlertedFunders(client, domain, now = new Date()) {
  const { rows } = await client.query(
    `select u.id, u.role, u.approved, u.subscription_status, u.subscription_period_end,
       c.property_types, c.states, c.development_stages, c.min_loan, c.max_loan, c.max_loan_to_grv,
       c.max_lvr, c.min_margin_on_cost, c.alert_email
     from funder_criteria c join "user" u on u.id = c.user_id
     where u.role = 'funder' and u.approved and u.deleted_at is null
       and u.subscription_status in ('active', 'cancelled')
       and c.confirmed_at > $1`,
    [new Date(now.getTime() - CRITERIA_PAUSE_DAYS * 86_400_000)],
  );
  return rows
    .filter((row) => domain.hasMarketplaceAccess(row, now))
    .map((row) => ({
      id: row.id,
      email: row.alert_email,
      criteria: {
        property_types: row.property_types,
        states: row.states,
        development_stages: row.development_stages,
        min_loan: num(row.min_loan),
        max_loan: num(row.max_loan),
        max_loan_to_grv: num(row.max_loan_to_grv),
        max_lvr: num(row.max_lvr),
        min_margin_on_cost: num(row.min_margin_on_cost),
      },
    }));
}

/** A listing's figures as the matching reads them. */
export async function readListings(client, ids) {
  const { rows } = await client.query(
    `select id, property_type, state, suburb, development_stage, loan_amount, land_value,
       total_project_cost, expected_profit, expected_gdc
     from project where id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        loan_amount: Number(r.loan_amount),
        land_value: num(r.land_value),
        total_project_cost: num(r.total_project_cost),
        expected_profit: num(r.expected_profit),
        expected_gdc: num(r.expected_gdc),
      },
    ]),
  );
  return ids.map((id) => byId.get(id));
}

/** The funders a listing matches, and how many of them take e-mail at once, daily or not at all. */
export function expectedAlerts(domain, funders, listing) {
  const matched = funders.filter((f) => domain.matchCriteria(f.criteria, listing).isMatch);
  const by = (mode) => matched.filter((f) => f.email === mode).length;
  return {
    funderIds: matched.map((f) => f.id),
    matched: matched.length,
    instant: by('instant'),
    daily: by('daily'),
    off: by('off'),
  };
}
