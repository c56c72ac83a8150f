import type { FastifyBaseLogger } from 'fastify';

const MINUTE = 60_000;

export interface ExpiryCounts {
  noticed: number;
  lapsed: number;
}

export interface AccessExpiryJob {
  /** Lapses every granted request whose access has ended, then sends the due notices. Tests call this. */
  runOnce(now?: Date): Promise<ExpiryCounts>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Every minute: access the developer granted 'until' a day lapses once that day has ended in
 * Sydney, and funders whose access ends within three days are told, once (issue 19 item 5; decision
 * 035). Rows are claimed with FOR UPDATE SKIP LOCKED and checked again once locked, so with several
 * server processes each request lapses, and each notice goes out, exactly once.
 */
export function createAccessExpiryJob(options: {
  /** One pass: modules/access-requests/access-revocation.service.ts runAccessExpiry. */
  run: (now: Date) => Promise<ExpiryCounts>;
  log: FastifyBaseLogger;
}): AccessExpiryJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = (now = new Date()) => options.run(now);

  const tick = async () => {
    if (running) return;
    running = runOnce()
      .then((counts) => {
        if (counts.noticed > 0 || counts.lapsed > 0) options.log.info(counts, 'access expiry');
      })
      .catch((error) => options.log.error({ err: error }, 'access expiry failed'));
    await running;
    running = undefined;
  };

  return {
    runOnce,
    start(intervalMs = MINUTE) {
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
      // Once at start-up too, so a restart does not leave ended access open for a minute.
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
