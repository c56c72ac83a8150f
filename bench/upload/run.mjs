#!/usr/bin/env node
// bench/upload: uploads a 50 MB PDF through the API while sampling the server's resident memory.
// Budget (DESIGN.md section 11): the server grows by less than 64 MB while the upload runs.
// Usage: npm run build && node bench/upload/run.mjs
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { rssMiB, signIn, startServer } from '../lib/server.mjs';

const FILE_MB = 50;
const BUDGET_MB = 64;

const work = mkdtempSync(join(tmpdir(), 'plinth-bench-upload-'));
const pdf = join(work, 'big.pdf');
// A PDF header and filler: the server checks the magic bytes, not the whole document.
const size = FILE_MB * 1024 * 1024 - 1024;
const chunk = Buffer.alloc(1024 * 1024, 0x20);
const parts = [Buffer.from('%PDF-1.7\n')];
for (let written = parts[0].length; written < size; written += chunk.length)
  parts.push(chunk.subarray(0, Math.min(chunk.length, size - written)));
writeFileSync(pdf, Buffer.concat(parts));
const fileBytes = statSync(pdf).size;

const server = await startServer();
try {
  const cookie = await signIn(server.baseURL, 'developer@plinth.local', 'plinth-demo-2026');
  const headers = { cookie, origin: server.baseURL };
  const created = await fetch(`${server.baseURL}/api/projects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Upload benchmark',
      location: '1 Bench St, Parramatta NSW 2150',
      suburb: 'Parramatta',
      loan_amount: 1_000_000,
      total_project_cost: 2_000_000,
      equity_contribution: 500_000,
    }),
  });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${await created.text()}`);
  const { id } = await created.json();

  // Let start-up settle, then take the baseline.
  await new Promise((r) => setTimeout(r, 1000));
  globalThis.gc?.();
  const baseline = rssMiB(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server.pid));
  }, 20);

  const boundary = `----plinthbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document_types"\r\n\r\n["feasibility_study"]\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="feasibility.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const piece of createReadStream(pdf, { highWaterMark: 256 * 1024 })) yield piece;
    yield tail;
  }
  const started = performance.now();
  const res = await fetch(`${server.baseURL}/api/projects/${id}/documents`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())),
    duplex: 'half',
  });
  const answer = await res.json();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(server.pid));
  if (res.status !== 200 || answer.uploaded?.length !== 1)
    throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);

  const growth = peak - baseline;
  const result = {
    file_mb: +(fileBytes / 1024 / 1024).toFixed(1),
    seconds: +seconds.toFixed(2),
    rss_baseline_mb: +baseline.toFixed(1),
    rss_peak_mb: +peak.toFixed(1),
    rss_growth_mb: +growth.toFixed(1),
    budget_mb: BUDGET_MB,
    within_budget: growth < BUDGET_MB,
  };
  console.info(JSON.stringify(result, null, 2));
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
