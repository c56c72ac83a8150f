#!/usr/bin/env node
// bench/watermark: two cases through the built server, each on a server of its own.
// - downloads: a funder downloads a 10 MB, 50-page PDF again and again; every download is stamped
//   while it is served (decision 034). p50/p95 of the whole request (sign-in cookie to last byte)
//   and the server's resident memory growth while it runs. Budget (issue 19 item 2): p95 under
//   500 ms, growth under 64 MB.
// - pages: the same PDF marked view only, read as page images (pages.mjs, decision 049). Budget
//   (issue 30): first page p95 under 800 ms, each further page p95 under 300 ms, growth under 64 MB.
// Exits 1 when any budget is missed. The machine's load average is reported with the figures: on a
// loaded machine the times are longer.
// Usage: npm run build && node bench/watermark/run.mjs   (CASE=downloads|pages for one; DOWNLOADS=40,
// READINGS=20 by default). Writes bench/results/watermark.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root, rssMiB, startServer } from '../lib/server.mjs';
import { benchPages } from './pages.mjs';
import { grantedDocument, load1, makePdf, PAGES, percentile } from './setup.mjs';

const DOWNLOADS = Number(process.env.DOWNLOADS ?? 40);
const WARM_UP = 3;
const BUDGET_P95_MS = 500;
const BUDGET_GROWTH_MB = 64;

async function benchDownloads(pdf) {
  const server = await startServer();
  try {
    const { baseURL } = server;
    const { documentId, funder } = await grantedDocument(baseURL, pdf);

    // Let start-up settle, then take the baseline (before the first stamp loads pdf-lib).
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssMiB(server.pid);
    const loadBefore = load1();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(server.pid));
    }, 10);

    const timings = [];
    let stampedBytes = 0;
    for (let i = 0; i < WARM_UP + DOWNLOADS; i++) {
      const started = performance.now();
      const res = await fetch(`${baseURL}/api/documents/${documentId}/download`, {
        headers: { cookie: funder, origin: baseURL },
      });
      const body = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`download: ${res.status} ${body.toString().slice(0, 300)}`);
      if (body.equals(pdf)) throw new Error('download: the funder got the original, not a stamped copy');
      stampedBytes = body.length;
      if (i >= WARM_UP) timings.push(ms);
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(server.pid));

    const sorted = [...timings].sort((a, b) => a - b);
    const growth = peak - baseline;
    return {
      case: 'stamped downloads',
      stamped_mb: +(stampedBytes / 1024 / 1024).toFixed(2),
      downloads: DOWNLOADS,
      p50_ms: Math.round(percentile(sorted, 50)),
      p95_ms: Math.round(percentile(sorted, 95)),
      max_ms: Math.round(sorted.at(-1)),
      rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_mb: +peak.toFixed(1),
      rss_growth_mb: +growth.toFixed(1),
      load_1m_before: loadBefore,
      load_1m_after: load1(),
      budget: { p95_ms: BUDGET_P95_MS, growth_mb: BUDGET_GROWTH_MB },
      within_budget: percentile(sorted, 95) < BUDGET_P95_MS && growth < BUDGET_GROWTH_MB,
    };
  } finally {
    await server.stop();
  }
}

const only = process.env.CASE;
const pdf = await makePdf();
const result = {
  file_mb: +(pdf.length / 1024 / 1024).toFixed(2),
  pages: PAGES,
  machine: { cores: availableParallelism() },
  ...(only === 'pages' ? {} : { downloads: await benchDownloads(pdf) }),
  ...(only === 'downloads' ? {} : { pages: await benchPages(pdf) }),
};
console.info(JSON.stringify(result, null, 2));
const out = join(root, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'watermark.json'), `${JSON.stringify(result, null, 2)}\n`);
if ([result.downloads, result.pages].some((c) => c && !c.within_budget)) process.exitCode = 1;
