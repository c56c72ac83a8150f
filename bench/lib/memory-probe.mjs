// Preloaded into a benchmark's server (node --import) by bench/memory --breakdown: on SIGUSR2 it
// writes what the process's memory is made of to BENCH_MEMORY_PROBE_FILE (one JSON object per
// signal, appended as a line): process.memoryUsage() and V8's heap spaces. WebAssembly memories
// (the embedded database's) are not in V8's heap figures: the caller reads /proc/<pid>/smaps beside
// it (bench/memory/run.mjs --breakdown). With
// BENCH_MEMORY_SNAPSHOT_DIR set, a heap snapshot is written there too (slow: for a one-off look).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

let n = 0;
process.on('SIGUSR2', () => {
  n += 1;
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, +(s.space_used_size / 1048576).toFixed(1)]),
  );
  const mib = Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, +(v / 1048576).toFixed(1)]));
  let snapshot;
  if (process.env.BENCH_MEMORY_SNAPSHOT_DIR) {
    snapshot = v8.writeHeapSnapshot(
      join(process.env.BENCH_MEMORY_SNAPSHOT_DIR, `probe-${process.pid}-${n}.heapsnapshot`),
    );
  }
  appendFileSync(
    process.env.BENCH_MEMORY_PROBE_FILE ?? 'memory-probe.jsonl',
    `${JSON.stringify({ at: n, usage_mib: mib, heap_spaces_mib: spaces, snapshot })}\n`,
  );
});
