#!/usr/bin/env node
// bench/watermark: a funder downloads a 10 MB, 50-page PDF again and again through the built server;
// every download is stamped while it is served (decision 034). Reports p50/p95 of the whole request
// (sign-in cookie to last byte) and the server's resident memory growth while it runs.
// Budget (issue 19 item 2): p95 under 500 ms, growth under 64 MB; exits 1 when either is missed.
// The machine's load average is reported with the figures: on a loaded machine the times are longer.
// Usage: npm run build && node bench/watermark/run.mjs   (DOWNLOADS=40 by default)
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { rssMiB, signIn, startServer } from '../lib/server.mjs';

const PAGES = 50;
const TARGET_BYTES = 10 * 1024 * 1024 - 200 * 1024;
const DOWNLOADS = Number(process.env.DOWNLOADS ?? 40);
const WARM_UP = 3;
const BUDGET_P95_MS = 500;
const BUDGET_GROWTH_MB = 64;
const DEMO_PASSWORD = 'plinth-demo-2026';
const ADMIN_PASSWORD = 'plinth-admin-2026';

/** 50 pages of text, each with a photo-sized image of noise (incompressible), ~10 MB in all. */
async function makePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = Math.floor(TARGET_BYTES / PAGES / 3);
  const side = Math.floor(Math.sqrt(perPage));
  for (let n = 1; n <= PAGES; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Feasibility study, page ${n} of ${PAGES}`, { x: 50, y: 780, size: 16, font });
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Im', image);
    page.pushOperators(
      ...(await import('@cantoo/pdf-lib')).drawImage(name, {
        x: 50,
        y: 200,
        width: 495,
        height: 495,
        rotate: { type: 'degrees', angle: 0 },
        xSkew: { type: 'degrees', angle: 0 },
        ySkew: { type: 'degrees', angle: 0 },
      }),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function call(baseURL, cookie, method, path, body) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { cookie, origin: baseURL, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const load1 = () => +loadavg()[0].toFixed(2);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const pdf = await makePdf();
const server = await startServer();
try {
  const { baseURL } = server;
  const [developer, funder, admin] = await Promise.all([
    signIn(baseURL, 'developer@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'funder.active@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'admin@plinth.local', ADMIN_PASSWORD),
  ]);
  // A draft with the PDF, published by an admin's override, and the funder granted access.
  const project = await call(baseURL, developer, 'POST', '/api/projects', {
    title: 'Watermark benchmark',
    location: '1 Bench St, Parramatta NSW 2150',
    suburb: 'Parramatta',
    loan_amount: 1_000_000,
    total_project_cost: 2_000_000,
    equity_contribution: 500_000,
  });
  const form = new FormData();
  form.append('document_types', JSON.stringify(['feasibility_study']));
  form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'feasibility.pdf');
  const uploaded = await fetch(`${baseURL}/api/projects/${project.id}/documents`, {
    method: 'POST',
    headers: { cookie: developer, origin: baseURL },
    body: form,
  });
  const upload = await uploaded.json();
  if (uploaded.status !== 200 || upload.uploaded?.length !== 1)
    throw new Error(`upload: ${uploaded.status} ${JSON.stringify(upload)}`);
  const documentId = upload.uploaded[0].id;
  await call(baseURL, admin, 'POST', `/api/admin/force-publish-project/${project.id}`, {
    reason: 'Watermark benchmark',
  });
  const request = await call(baseURL, funder, 'POST', '/api/access-requests', {
    project_id: project.id,
    undertaking: { accepted: true, full_name: 'Benchmark Funder' },
  });
  await call(baseURL, developer, 'PUT', `/api/access-requests/${request.id}/approve`);

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
  const result = {
    file_mb: +(pdf.length / 1024 / 1024).toFixed(2),
    pages: PAGES,
    stamped_mb: +(stampedBytes / 1024 / 1024).toFixed(2),
    downloads: DOWNLOADS,
    p50_ms: Math.round(percentile(sorted, 50)),
    p95_ms: Math.round(percentile(sorted, 95)),
    max_ms: Math.round(sorted.at(-1)),
    rss_baseline_mb: +baseline.toFixed(1),
    rss_peak_mb: +peak.toFixed(1),
    rss_growth_mb: +growth.toFixed(1),
    machine: { cores: availableParallelism(), load_1m_before: loadBefore, load_1m_after: load1() },
    budget: { p95_ms: BUDGET_P95_MS, growth_mb: BUDGET_GROWTH_MB },
    within_budget: percentile(sorted, 95) < BUDGET_P95_MS && growth < BUDGET_GROWTH_MB,
  };
  console.info(JSON.stringify(result, null, 2));
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await server.stop();
}
