import type { FastifyBaseLogger } from 'fastify';
import { createMinuteJob, type MinuteJob } from './minute-job';

export interface ExpiryCounts {
  noticed: number;
  lapsed: number;
}

/** runOnce lapses every granted request whose access has ended, then sends the due notices. */
export type AccessExpiryJob = MinuteJob<ExpiryCounts>;

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
  return createMinuteJob({
    run: options.run,
    log: options.log,
    describe: (counts) =>
      counts.noticed > 0 || counts.lapsed > 0 ? { fields: counts, message: 'access expiry' } : undefined,
    failureMessage: 'access expiry failed',
  });
}
