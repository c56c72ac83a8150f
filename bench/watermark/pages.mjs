// bench/watermark, the view-only case (issue 30, decision 049): a funder reads a view-only 10 MB,
// 50-page PDF as page images, as the web viewer does: GET …/pages opens a reading, then page 1, then
// each further page in turn as they scroll, and back to the first pages (the cache). Every reading
// is new (a new code, so nothing of it is cached); the server keeps the document open between them.
// Reports, through the built server's HTTP stack: the first page (reading opened + page 1 received
// whole) p50/p95 and the very first one after start (worker thread started, PDF parsed); each further
// page p50/p95; pages read again; the server's resident memory growth, the renderer process's peak
// and the peak of both together; and, as a measure of the event loop, the latency of /api/health
// asked every 25 ms meanwhile.
// Budget (issue 30): first page p95 under 800 ms, each further page p95 under 300 ms, growth under
// 64 MB.
import { readFileSync } from 'node:fs';
import { cpuMs } from '../lib/cpu.mjs';
import { rssMiB, startServer } from '../lib/server.mjs';
import { grantedDocument, load1, percentile } from './setup.mjs';

const READINGS = Number(process.env.READINGS ?? 20);
const BUDGET = { first_page_p95_ms: 800, further_page_p95_ms: 300, growth_mb: 64 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    return [];
  }
};

/** Resident memory of the server's child processes (the page renderer), in MiB. */
function childrenRssMiB(pid) {
  let total = 0;
  for (const child of childrenOf(pid)) {
    try {
      total += rssMiB(child);
    } catch {
      // It exited while we looked.
    }
  }
  return total;
}

/** CPU time the renderer process(es) used so far, in ms, by pid (one that exited keeps its last reading). */
const rendererCpu = new Map();
function sampleRendererCpu(pid) {
  for (const child of childrenOf(pid)) {
    try {
      rendererCpu.set(child, cpuMs(child));
    } catch {
      // It exited while we looked.
    }
  }
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50_ms: Math.round(percentile(sorted, 50)),
    p95_ms: Math.round(percentile(sorted, 95)),
    max_ms: Math.round(sorted.at(-1)),
  };
};

export async function benchPages(pdf) {
  const server = await startServer();
  try {
    const { baseURL } = server;
    const { documentId, funder } = await grantedDocument(baseURL, pdf, { viewOnly: true });
    const get = (path) => fetch(`${baseURL}${path}`, { headers: { cookie: funder, origin: baseURL } });
    const refused = await get(`/api/documents/${documentId}/view`);
    if (refused.status !== 403) throw new Error(`/view of a view-only document answered ${refused.status}`);
    await refused.arrayBuffer();

    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssMiB(server.pid);
    const loadBefore = load1();
    let peak = baseline;
    let rendererPeak = 0;
    let bothPeak = baseline;
    const serverCpuBefore = cpuMs(server.pid);
    const sampler = setInterval(() => {
      sampleRendererCpu(server.pid);
      const own = rssMiB(server.pid);
      const children = childrenRssMiB(server.pid);
      peak = Math.max(peak, own);
      rendererPeak = Math.max(rendererPeak, children);
      bothPeak = Math.max(bothPeak, own + children);
    }, 10);
    // The event loop: a request that does nothing waits only for it.
    const health = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await (await fetch(`${baseURL}/api/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    const image = async (url) => {
      const res = await get(url);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.subarray(0, 4).equals(PNG))
        throw new Error(`${url}: ${res.status} ${body.subarray(0, 200).toString()}`);
      return body.length;
    };
    let pageCount = 0;
    const firsts = [];
    const further = [];
    const again = [];
    let pngBytes = 0;
    let pngCount = 0;
    for (let r = 0; r < READINGS; r++) {
      const started = performance.now();
      const res = await get(`/api/documents/${documentId}/pages`);
      const reading = await res.json();
      pageCount = reading.page_count;
      if (res.status !== 200) throw new Error(`pages: ${res.status} ${JSON.stringify(reading)}`);
      await image(reading.pages[0].url);
      firsts.push(performance.now() - started);
      for (const page of reading.pages.slice(1)) {
        const t = performance.now();
        pngBytes += await image(page.url);
        pngCount++;
        further.push(performance.now() - t);
      }
      for (const page of reading.pages.slice(0, 5)) {
        const t = performance.now();
        await image(page.url);
        again.push(performance.now() - t);
      }
    }
    probing = false;
    await probe;
    clearInterval(sampler);
    sampleRendererCpu(server.pid);
    const serverCpu = cpuMs(server.pid) - serverCpuBefore;
    // Every page of every reading is rendered once (the pages read again come from the cache).
    const renderedPages = READINGS * pageCount;
    const rendererCpuTotal = [...rendererCpu.values()].reduce((a, b) => a + b, 0);
    peak = Math.max(peak, rssMiB(server.pid));

    const growth = peak - baseline;
    const first = summary(firsts);
    const next = summary(further);
    return {
      case: 'view-only pages',
      readings: READINGS,
      page_width: 1240,
      mean_png_kb: Math.round(pngBytes / pngCount / 1024),
      first_page: { ...first, first_after_start_ms: Math.round(firsts[0]) },
      further_page: next,
      page_read_again: summary(again),
      health_during_run: summary(health),
      // Where the time goes, whatever the machine's load: CPU per rendered page in each process.
      cpu_ms_per_page: {
        server: Math.round(serverCpu / renderedPages),
        renderer: Math.round(rendererCpuTotal / renderedPages),
      },
      rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_mb: +peak.toFixed(1),
      rss_growth_mb: +growth.toFixed(1),
      // The renderer is a process of its own (decision 049), ended a minute after the last page.
      renderer_rss_peak_mb: +rendererPeak.toFixed(1),
      server_and_renderer_growth_mb: +(bothPeak - baseline).toFixed(1),
      load_1m_before: loadBefore,
      load_1m_after: load1(),
      budget: BUDGET,
      within_budget:
        first.p95_ms < BUDGET.first_page_p95_ms &&
        next.p95_ms < BUDGET.further_page_p95_ms &&
        growth < BUDGET.growth_mb,
    };
  } finally {
    await server.stop();
  }
}
