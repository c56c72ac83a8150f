// The load benchmark's bookkeeping: latency by action and overall, statuses, errors (every non-2xx
// and every failed request), and the marketplace page cache's answers (x-read-cache).

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const round = (ms) => (ms === null ? null : +ms.toFixed(1));

const MAX_ERROR_SAMPLES = 20;

function emptyTally() {
  return { times: [], statuses: {}, non_2xx: 0, failed: 0 };
}

export class Recorder {
  constructor() {
    this.recording = false;
    this.actions = new Map();
    this.warmUp = { requests: 0, non_2xx: 0, failed: 0 };
    this.cache = { hit: 0, miss: 0 };
    this.errorSamples = [];
    this.started = null;
    this.stopped = null;
  }

  /** Starts the measured window: everything recorded before it was warm-up. */
  start() {
    this.recording = true;
    this.started = performance.now();
  }

  stop() {
    this.stopped = performance.now();
  }

  /** Whether a request starting now is in the measured window. */
  get measuring() {
    return this.recording && this.stopped === null;
  }

  /**
   * One finished request: `status` is undefined when it failed without an answer (`error`).
   * `measured`: whether it started in the measured window (it counts even if it ended after it).
   */
  record(action, { ms, status, error, cache, body, measured }) {
    const bad = error !== undefined || status < 200 || status > 299;
    if (bad && this.errorSamples.length < MAX_ERROR_SAMPLES) {
      this.errorSamples.push({
        action,
        status: status ?? null,
        error: error ? String(error.cause?.message ?? error.message ?? error) : undefined,
        body: typeof body === 'string' ? body.slice(0, 300) : undefined,
        warm_up: !measured,
      });
    }
    if (!measured) {
      this.warmUp.requests++;
      if (error !== undefined) this.warmUp.failed++;
      else if (bad) this.warmUp.non_2xx++;
      return;
    }
    let tally = this.actions.get(action);
    if (!tally) {
      tally = emptyTally();
      this.actions.set(action, tally);
    }
    tally.times.push(ms);
    const key = status === undefined ? 'failed' : String(status);
    tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
    if (error !== undefined) tally.failed++;
    else if (bad) tally.non_2xx++;
    if (cache === 'hit' || cache === 'miss') this.cache[cache]++;
  }

  /** The figures: per action and overall, over the measured window. */
  summary() {
    const seconds = ((this.stopped ?? performance.now()) - this.started) / 1000;
    const describe = (tally) => {
      const sorted = Float64Array.from(tally.times).sort();
      const requests = sorted.length;
      return {
        requests,
        req_per_s: +(requests / seconds).toFixed(1),
        p50_ms: round(percentile(sorted, 50)),
        p95_ms: round(percentile(sorted, 95)),
        p99_ms: round(percentile(sorted, 99)),
        max_ms: round(requests ? sorted[requests - 1] : null),
        mean_ms: round(requests ? sorted.reduce((a, b) => a + b, 0) / requests : null),
        non_2xx: tally.non_2xx,
        failed: tally.failed,
        errors: tally.non_2xx + tally.failed,
        statuses: tally.statuses,
      };
    };
    const all = emptyTally();
    const byAction = {};
    for (const [action, tally] of [...this.actions].sort(([a], [b]) => a.localeCompare(b))) {
      byAction[action] = describe(tally);
      for (const t of tally.times) all.times.push(t);
      all.non_2xx += tally.non_2xx;
      all.failed += tally.failed;
      for (const [k, n] of Object.entries(tally.statuses)) all.statuses[k] = (all.statuses[k] ?? 0) + n;
    }
    const answered = this.cache.hit + this.cache.miss;
    return {
      measured_seconds: +seconds.toFixed(1),
      overall: describe(all),
      by_action: byAction,
      cache: {
        ...this.cache,
        hit_rate: answered ? +(this.cache.hit / answered).toFixed(3) : null,
      },
      warm_up: this.warmUp,
      error_samples: this.errorSamples,
    };
  }
}

/** The printed table: one line per action and the overall line. */
export function table(summary) {
  const head = `${'action'.padEnd(22)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(9)}${'errors'.padStart(8)}`;
  const line = (name, s) =>
    `${name.padEnd(22)}${String(s.requests).padStart(9)}${String(s.req_per_s).padStart(8)}${String(s.p50_ms).padStart(8)}${String(s.p95_ms).padStart(8)}${String(s.p99_ms).padStart(8)}${String(s.max_ms).padStart(9)}${String(s.errors).padStart(8)}`;
  return [
    `${head}   (ms)`,
    ...Object.entries(summary.by_action).map(([name, s]) => line(name, s)),
    line('overall', summary.overall),
  ];
}
