#!/usr/bin/env node
// bench/lighthouse: Lighthouse's mobile profile (simulated slow 4G, 4x slower CPU, a phone's screen)
// on the pages a phone opens first: `/` and `/login` signed out, `/projects` as the demo funder and
// `/dashboard` as the demo developer. Lighthouse drives the project's own Chromium (Debian's
// /usr/bin/chromium, or CHROME_PATH); nothing is downloaded.
// Budgets (issue 36 item 5): performance >= 90, layout shift < 0.1, at most 15 script requests on a
// signed-in page's load, no console errors and no console issues (CSP, deprecations), median of 3.
// Usage: npm run bench:lighthouse   (builds first)   or
//        node bench/lighthouse/run.mjs [--runs 3] [--json out.json] [--only /projects,/dashboard] [--main other/apps/server/dist/main.js] [--save dir]
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signIn, startServer } from '../lib/server.mjs';
import { summarise } from './summary.mjs';

const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(argValue('--runs', '3'));
const jsonOut = argValue('--json', undefined);
// --only /projects,/login: a quicker look at some pages while fixing them.
const only = argValue('--only', undefined)?.split(',');
// --main <dir>/apps/server/dist/main.js: another build (its web app in <dir>/apps/web/dist).
const mainJs = argValue('--main', undefined);
// --save <dir>: every run's full report (lhr JSON), to read its trace-derived audits (treemap, bootup).
const saveDir = argValue('--save', undefined);
const DEMO_PASSWORD = 'plinth-demo-2026';

const pages = [
  { name: '/', path: '/', as: null },
  { name: '/login', path: '/login', as: null },
  { name: '/projects (funder)', path: '/projects', as: 'funder.active@plinth.local' },
  { name: '/dashboard (developer)', path: '/dashboard', as: 'developer@plinth.local' },
].filter((page) => !only || only.includes(page.path));

// Under a loaded machine (other engineers' tests) the demo seed can take over 30 s.
const server = await startServer({}, { healthTimeoutS: 120, ...(mainJs ? { mainJs } : {}) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const cookies = new Map();
  for (const page of pages) {
    if (page.as && !cookies.has(page.as)) {
      cookies.set(page.as, await signIn(server.baseURL, page.as, DEMO_PASSWORD));
    }
  }
  const results = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0, failed = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.baseURL}${page.path}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // The session cookie on every request of the load (Lighthouse clears the browser's storage
        // before each run, so a cookie set in the browser would not survive).
        ...(page.as ? { extraHeaders: { cookie: cookies.get(page.as) } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      // Signed in: a run that ended on /login measured the wrong page.
      if (page.as && new URL(result.lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`${page.path} ended on ${result.lhr.finalDisplayedUrl}: the session did not hold`);
      }
      // A run Lighthouse could not finish (a page that did not paint in time on a loaded
      // machine: NO_FCP and the like) is run again, twice at most, and said so.
      if (result.lhr.runtimeError || result.lhr.categories.performance?.score == null) {
        const why = result.lhr.runtimeError?.code ?? 'no performance score';
        console.error(`${page.path}: run ${i + 1} failed (${why})${failed < 2 ? ', running it again' : ''}`);
        if (++failed > 2) throw new Error(`${page.path}: Lighthouse failed three times (${why})`);
        i--;
        continue;
      }
      runs.push(result.lhr);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const slug = page.path.replaceAll('/', '_') || '_';
        writeFileSync(`${saveDir}/${slug}-${runs.length}.json`, JSON.stringify(result.lhr));
      }
    }
    results.push(summarise(page, runs));
  }
  const report = { runs_per_page: RUNS, chromium: await browserVersion(chrome.port), pages: results };
  console.info(JSON.stringify(report, null, 2));
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2));
  if (results.some((r) => !r.within_budget)) process.exitCode = 1;
} finally {
  await chrome.kill();
  await server.stop();
}

async function browserVersion(port) {
  const res = await fetch(`http://127.0.0.1:${port}/json/version`);
  return (await res.json()).Browser;
}
