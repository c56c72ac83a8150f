// Issue 33's read budget: the in-balance test and the cost report of a facility with 200 budget
// lines and 36 funded draws, p95 < 50 ms each. Both are timed through the real HTTP stack (the
// built app, `app.inject`: routing, the session cookie, the role and party checks, the response
// schema), signed in as a co-funder of the seeded facility, one call at a time after a warm-up.
//
// - in-balance: `GET /api/facilities/{id}/in-balance`.
// - cost report: `GET /api/facilities/{id}/cost-report` (decision 078).
// - page assembly (for reference, no budget): how the facility page had drawn the cost report
//   (apps/web cost-report-table.tsx): `GET …/budget`, `…/in-balance` and `…/draws` at once, then
//   `GET /api/draws/{id}` for each draw that counts (36) at once, from the first request to the last.
// - line figures (for reference): the server's per-line figures (`lineFigures`), called directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { lineFigures } from '../../apps/server/src/modules/facilities/facility-figures';
import { createAccount } from '../../apps/server/src/modules/users/accounts';
import { openBenchDatabase, percentiles, progress } from './common';
import { seedFacility } from './seed';

const BUDGET_MS = 50;
const SIZE = { lines: 200, draws: 36, presales: 0 };
const BASE_URL = 'http://localhost:3000';

export async function readsCase() {
  const CALLS = Math.max(1, Number(process.env.BENCH_CALLS ?? 200));
  const WARMUP = 20;
  const { database, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-bench-facility-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    let t = performance.now();
    const { facilityId } = await seedFacility(database.db, SIZE);
    progress(
      `in-balance: seeded ${SIZE.lines} lines, ${SIZE.draws} funded draws in ${Math.round(performance.now() - t)} ms`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      // As the API tests build it (no mail sent, nothing else started).
      NODE_ENV: 'test',
      BASE_URL,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
    });
    app = await buildApp({
      config,
      database,
      authSecret: 'bench-secret-0123456789-abcdefghijklm',
      logger: false,
    });
    await app.ready();
    // A co-funder of the facility, signed in through Better Auth (as the API tests sign people in).
    const email = `bench-cofunder-${Date.now()}@bench.example`;
    const password = 'correct-horse-battery';
    const userId = await createAccount(app.deps, {
      email,
      password,
      name: 'Bench Co-funder',
      role: 'funder',
      approved: true,
    });
    await database.db
      .insertInto('facility_party')
      .values({ facility_id: facilityId, user_id: userId, role: 'co_funder' } as never)
      .execute();
    const { headers } = await app.deps.auth.api.signInEmail({
      body: { email, password },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (url: string) => {
      const res = await app!.inject({ method: 'GET', url, headers: { cookie, origin: BASE_URL } });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    // What the answers say, checked once: 200 lines, 36 funded draws.
    const balance = await get(`/api/facilities/${facilityId}/in-balance`);
    const list = (await get(`/api/facilities/${facilityId}/draws`)) as {
      items: { id: string; status: string }[];
    };
    const counted = list.items.filter((d) => d.status !== 'draft' && d.status !== 'cancelled');
    const budget = await get(`/api/facilities/${facilityId}/budget`);
    if (budget.approved?.lines.length !== SIZE.lines) throw new Error('the budget has not 200 lines');
    if (counted.length !== SIZE.draws || counted.some((d) => d.status !== 'funded'))
      throw new Error('the facility has not 36 funded draws');

    const report = await get(`/api/facilities/${facilityId}/cost-report`);
    if (report.lines.length !== SIZE.lines) throw new Error('the cost report has not 200 lines');
    const pageAssembly = async () => {
      const [, , draws] = await Promise.all([
        get(`/api/facilities/${facilityId}/budget`),
        get(`/api/facilities/${facilityId}/in-balance`),
        get(`/api/facilities/${facilityId}/draws`),
      ]);
      const ids = (draws as typeof list).items.filter(
        (d) => d.status !== 'draft' && d.status !== 'cancelled',
      );
      await Promise.all(ids.map((d) => get(`/api/draws/${d.id}`)));
    };
    const time = async (name: string, fn: () => Promise<unknown>, calls = CALLS) => {
      for (let i = 0; i < WARMUP; i++) await fn();
      const timings: number[] = [];
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        await fn();
        timings.push(performance.now() - started);
        if ((i + 1) % 50 === 0) progress(`${name}: ${i + 1}/${calls}`);
      }
      return percentiles(timings);
    };
    t = performance.now();
    const inBalance = await time('in-balance', () => get(`/api/facilities/${facilityId}/in-balance`));
    const costReport = await time('cost report', () => get(`/api/facilities/${facilityId}/cost-report`));
    const page = await time('page assembly', pageAssembly, Math.min(CALLS, 50));
    const figures = await time('line figures', () => lineFigures(database.db, facilityId));
    const result = {
      bench: 'facility-in-balance-and-cost-report',
      driver: database.driver,
      size: { lines: SIZE.lines, funded_draws: SIZE.draws },
      warmup_calls: WARMUP,
      in_balance: { ...inBalance, shortfall_cents: balance.shortfall_cents },
      cost_report: { ...costReport, paid_cents: report.totals.paid_cents },
      page_assembly: { ...page, requests_each: 3 + counted.length },
      line_figures: figures,
      budget_p95_ms: BUDGET_MS,
      passed: inBalance.p95_ms < BUDGET_MS && costReport.p95_ms < BUDGET_MS,
    };
    progress(
      `in-balance p50 ${inBalance.p50_ms} / p95 ${inBalance.p95_ms} / max ${inBalance.max_ms} ms; cost report p50 ${costReport.p50_ms} / p95 ${costReport.p95_ms} / max ${costReport.max_ms} ms; page assembly (${3 + counted.length} requests) p95 ${page.p95_ms} ms; line figures p95 ${figures.p95_ms} ms (budget p95 ${BUDGET_MS} ms): ${result.passed ? 'PASS' : 'FAIL'} in ${Math.round((performance.now() - t) / 1000)} s`,
    );
    return result;
  } finally {
    await app?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
