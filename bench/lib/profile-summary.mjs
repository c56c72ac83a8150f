#!/usr/bin/env node
// Summarises a V8 CPU profile (node --cpu-prof): self time by function, by package or bundle file,
// and inclusive ("total") time of the functions that hold the most time beneath them.
// Usage: node bench/lib/profile-summary.mjs <file.cpuprofile> [--top 30] [--match <text>]
//   --match: inclusive time of every function whose name or file contains <text>.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export function summarise(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const where = (n) => {
    const url = n.callFrame.url ?? '';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    if (url.startsWith('node:')) return url;
    if (!url) return '(native)';
    return url.replace(/^.*\/(apps|packages)\//, '$1/');
  };
  const label = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber + 1}`;
  const bySelf = new Map();
  const byWhere = new Map();
  const inclusive = new Map();
  for (const [id, ms] of self) {
    const n = nodes.get(id);
    bySelf.set(label(n), (bySelf.get(label(n)) ?? 0) + ms);
    byWhere.set(where(n), (byWhere.get(where(n)) ?? 0) + ms);
    // Inclusive: each distinct function on the stack once.
    const onStack = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(nodes.get(cur));
      if (onStack.has(l)) continue;
      onStack.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
    }
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, bySelf: sorted(bySelf), byWhere: sorted(byWhere), inclusive: sorted(inclusive) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' }, match: { type: 'string', multiple: true } },
  });
  const top = Number(values.top);
  for (const file of positionals) {
    const s = summarise(JSON.parse(readFileSync(file, 'utf8')));
    const pct = (ms) => `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / s.total).toFixed(1).padStart(5)} %`;
    console.info(`# ${file}: ${s.total.toFixed(0)} ms sampled`);
    console.info('## self time by package / file');
    for (const [k, ms] of s.byWhere.slice(0, top)) console.info(`${pct(ms)}  ${k}`);
    console.info('## self time by function');
    for (const [k, ms] of s.bySelf.slice(0, top)) console.info(`${pct(ms)}  ${k}`);
    console.info('## inclusive time by function');
    const inc = values.match
      ? s.inclusive.filter(([k]) => values.match.some((m) => k.includes(m)))
      : s.inclusive;
    for (const [k, ms] of inc.slice(0, top)) console.info(`${pct(ms)}  ${k}`);
  }
}
