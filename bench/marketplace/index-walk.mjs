#!/usr/bin/env node
// The search index's own CPU for the varied marketplace case (issue 31 item 4), in one process and
// apart from HTTP, PostgreSQL and the machine's other load: BENCH_PROJECTS (default 100,000) generated
// listings (../marketplace/seed.mjs's generator) built into a MarketState, then the varied case's
// queries (./varied.mjs) answered as the route does (stats, then the page), timed in CPU
// (process.cpuUsage) per query. `--compare <dir>` runs the same in another checkout's sources, in turn
// with this one's (A B B A, --rounds), so two versions of the walk are compared on the same listings.
// Usage: node bench/marketplace/index-walk.mjs [--compare <dir>] [--rounds 2] [--queries 20000]
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../lib/server.mjs';

const { values: flags } = parseArgs({
  options: {
    compare: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    queries: { type: 'string', default: '20000' },
    child: { type: 'string' },
  },
});

if (flags.child) {
  const { tsImport } = await import('tsx/esm/api');
  const src = join(resolve(flags.child), 'apps/server/src/modules/projects');
  const { MarketState } = await tsImport(join(src, 'market-index-state.ts'), import.meta.url);
  const { generate } = await import('./seed.mjs');
  const { variedQueries } = await import('./varied.mjs');
  const projects = Number(process.env.BENCH_PROJECTS ?? 100_000);
  const data = generate({ projects, developers: Math.round(projects * 0.12), funders: 10 });
  const rows = data.projects
    .filter((p) => p.visible && p.payment_status === 'paid' && !p.funded_at)
    .map((p) => ({
      id: p.id,
      suburb: p.suburb,
      state: p.state,
      development_stage: p.development_stage,
      property_type: p.property_type,
      loan_amount: p.loan_amount,
      project_size_sqm: p.project_size_sqm,
      created_at: new Date(p.created_at).toISOString(),
      created_micros: new Date(p.created_at).getTime() * 1000,
      expected_profit: p.expected_profit,
      total_project_cost: p.total_project_cost,
    }));
  const state = await MarketState.build(rows, '1:1:', 0);
  const queries = variedQueries(20261125);
  const asked = Array.from({ length: Number(flags.queries) }, () => new URLSearchParams(queries.next()));
  const offMarket = new Set(rows.slice(0, 40).map((r) => r.id));
  const run = () => {
    let items = 0;
    for (const q of asked) {
      const filters = {
        property_type: q.get('property_type') ?? undefined,
        state: q.get('state') ?? undefined,
        development_stage: q.get('development_stage') ?? undefined,
        min_loan: q.has('min_loan') ? Number(q.get('min_loan')) : undefined,
        max_loan: q.has('max_loan') ? Number(q.get('max_loan')) : undefined,
      };
      const page = Number(q.get('page') ?? 1);
      state.stats(filters, offMarket);
      items += state.page(filters, offMarket, q.get('sort'), (page - 1) * 20, 20).length;
    }
    return items;
  };
  run(); // warm up: JIT, and whatever each block builds on first use
  const before = process.cpuUsage();
  const items = run();
  const used = process.cpuUsage(before);
  const ms = (used.user + used.system) / 1000;
  console.info(
    JSON.stringify({
      listings: rows.length,
      queries: asked.length,
      items,
      us_per_query: +((ms * 1000) / asked.length).toFixed(2),
    }),
  );
  process.exit(0);
}

const builds = [{ name: 'this', dir: root }];
if (flags.compare) builds.push({ name: 'compare', dir: resolve(flags.compare) });
for (let round = 1; round <= Number(flags.rounds); round++) {
  for (const b of round % 2 === 1 ? builds : [...builds].reverse()) {
    const out = spawnSync(
      process.execPath,
      [import.meta.filename, '--child', b.dir, '--queries', flags.queries],
      {
        encoding: 'utf8',
        env: process.env,
      },
    );
    if (out.status !== 0) throw new Error(out.stderr);
    process.stderr.write(`[index-walk] ${b.name} (${b.dir}) round ${round}: ${out.stdout.trim()}\n`);
  }
}
