import type { FastifyBaseLogger } from 'fastify';

const MINUTE = 60_000;

export interface MinuteJob<T> {
  /** One pass, now. Tests call this directly. */
  runOnce(now?: Date): Promise<T>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * A pass that runs every minute in each server process, and once at start-up so a restart leaves
 * nothing overdue for a minute. A tick that finds the last pass still running skips; a failed pass
 * is logged and the next tick tries again; stop() waits for a pass under way. Passes that must
 * happen once across processes claim their rows themselves (FOR UPDATE SKIP LOCKED).
 */
export function createMinuteJob<T>(options: {
  run: (now: Date) => Promise<T>;
  log: FastifyBaseLogger;
  /** What a pass did, logged at info when it is worth a line (undefined: nothing to say). */
  describe: (result: T) => { fields: object; message: string } | undefined;
  failureMessage: string;
}): MinuteJob<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = (now = new Date()) => options.run(now);

  const tick = async () => {
    if (running) return;
    running = runOnce()
      .then((result) => {
        const line = options.describe(result);
        if (line) options.log.info(line.fields, line.message);
      })
      .catch((error) => options.log.error({ err: error }, options.failureMessage));
    await running;
    running = undefined;
  };

  return {
    runOnce,
    start(intervalMs = MINUTE) {
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
