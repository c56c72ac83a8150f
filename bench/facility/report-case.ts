// The monthly lender report (issue 34): a facility of 200 budget lines, 36 draws and 150 presales;
// each of BENCH_REPORTS (default 6) reports, after one cold one, made in under 2 s. Each month's
// report is made as the monthly job makes it — gathered from the tables, laid out, saved in
// `lender_report` — and timed; the budget is on the slowest.
import { performance } from 'node:perf_hooks';
import { testCovenants } from '../../apps/server/src/modules/covenants/covenant-engine';
import { withCovenants } from '../../apps/server/src/modules/covenants/covenant-tables';
import { generateLenderReport } from '../../apps/server/src/modules/covenants/lender-report.service';
import { pagesText } from '../../apps/server/test/support/watermark';
import { openBenchDatabase, progress } from './common';
import { seedFacility } from './seed';

const BUDGET_MS = 2_000;
const SIZE = { lines: 200, draws: 36, presales: 150 };

export async function reportCase() {
  const REPORTS = Number(process.env.BENCH_REPORTS ?? 6);
  const { database, drop } = await openBenchDatabase();
  try {
    let t = performance.now();
    const { facilityId } = await seedFacility(database.db, SIZE);
    progress(
      `report: seeded ${SIZE.lines} lines, ${SIZE.draws} draws, ${SIZE.presales} presales in ${Math.round(performance.now() - t)} ms`,
    );
    const deps = { db: database.db, config: { BASE_URL: 'http://localhost:3000' } } as Parameters<
      typeof testCovenants
    >[0];
    await testCovenants(deps, facilityId, 'manual', { today: '2026-11-02' });

    // The months with draws (January 2024 on), newest first: each report is made once, as the job does.
    const months: string[] = [];
    for (let i = 0; i < REPORTS; i++) {
      const d = new Date(Date.UTC(2024, SIZE.draws - 1 - i, 1));
      months.push(d.toISOString().slice(0, 10));
    }
    // One report first, not counted: it loads pdf-lib (loaded on a process's first PDF, decision 028)
    // and warms the code; a running server has done both. Its time is printed as cold_ms.
    t = performance.now();
    await generateLenderReport({ db: database.db }, facilityId, '2023-12-01', '2026-11-02');
    const cold = performance.now() - t;
    const timings: number[] = [];
    let last: string | null = null;
    for (const month of months) {
      const started = performance.now();
      last = await generateLenderReport({ db: database.db }, facilityId, month, '2026-11-02');
      timings.push(performance.now() - started);
      if (!last) throw new Error(`the report of ${month} was not made`);
    }
    const report = await withCovenants(database.db)
      .selectFrom('lender_report')
      .select(['pdf', 'pages', 'size_bytes'])
      .where('id', '=', last!)
      .executeTakeFirstOrThrow();
    const text = (await pagesText(Buffer.from(report.pdf!))).join('\n');
    for (const words of [
      'Cost report',
      'Draws in',
      'In-balance test',
      'Covenants',
      'Presales',
      "Quantity surveyor's comments",
    ])
      if (!text.includes(words)) throw new Error(`the report has no '${words}'`);
    const sorted = [...timings].sort((a, b) => a - b);
    const result = {
      bench: 'facility-monthly-report',
      driver: database.driver,
      size: SIZE,
      reports: timings.length,
      cold_ms: Math.round(cold),
      median_ms: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      max_ms: Math.round(sorted.at(-1)!),
      budget_ms: BUDGET_MS,
      pages: report.pages,
      size_bytes: report.size_bytes,
      passed: sorted.at(-1)! < BUDGET_MS,
    };
    progress(
      `report: ${result.reports} reports: cold (not counted) ${result.cold_ms} ms, median ${result.median_ms} ms, slowest ${result.max_ms} ms (budget ${BUDGET_MS} ms): ${result.passed ? 'PASS' : 'FAIL'}`,
    );
    return result;
  } finally {
    await drop();
  }
}
