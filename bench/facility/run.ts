// bench:facility — issue 34's monthly lender report and issue 33's budgets for a facility:
//   report      the lender report of a facility of 200 lines, 36 draws, 150 presales: slowest < 2 s
//   in-balance  GET …/in-balance and the cost report of 200 lines and 36 funded draws: p95 < 50 ms each
//   accrual     a year of daily accrual for 1,000 facilities: < 30 s
//
// Usage: npm run bench:facility [-- --case report|in-balance|accrual]   (every case by default)
// On the embedded database (PGlite) by default; BENCH_DATABASE_URL=postgres://… runs each case on
// PostgreSQL in a schema of its own (dropped afterwards). Knobs: BENCH_REPORTS (default 6),
// BENCH_CALLS (timed calls per read, default 200), BENCH_FACILITIES / BENCH_DAYS (accrual size).
// Prints one JSON line per case on stdout, progress on stderr; exits 1 when a budget is missed.
import { accrualCase } from './accrual-case';
import { progress } from './common';
import { readsCase } from './reads-case';
import { reportCase } from './report-case';

const cases = { report: reportCase, 'in-balance': readsCase, accrual: accrualCase } as const;
type CaseName = keyof typeof cases;

const at = process.argv.indexOf('--case');
const chosen = at >= 0 ? process.argv[at + 1] : undefined;
if (chosen !== undefined && !(chosen in cases)) {
  progress(`unknown case '${chosen}': use --case ${Object.keys(cases).join('|')}`);
  process.exit(2);
}
const names = chosen ? [chosen as CaseName] : (Object.keys(cases) as CaseName[]);

let failed = false;
for (const name of names) {
  try {
    const result = await cases[name]();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (!result.passed) failed = true;
  } catch (error) {
    progress(`${name} failed: ${(error as Error).stack ?? error}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
