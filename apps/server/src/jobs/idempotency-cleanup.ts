import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { deleteExpired } from '../modules/idempotency/idempotency.repository';
import { createMinuteJob, type MinuteJob } from './minute-job';

/** runOnce deletes the idempotency keys past their 24 hours; the number deleted. */
export type IdempotencyCleanupJob = MinuteJob<number>;

/**
 * Every minute: idempotency keys older than 24 hours are deleted (issue 20 item 1; decision 037).
 * A key already expired is never replayed even before it is deleted (the lookup checks
 * `expires_at`), so this only keeps the table small. Deleting the same rows from two processes at
 * once is harmless.
 */
export function createIdempotencyCleanupJob(options: {
  db: Db;
  log: FastifyBaseLogger;
}): IdempotencyCleanupJob {
  return createMinuteJob({
    run: (now) => deleteExpired(options.db, now),
    log: options.log,
    describe: (deleted) =>
      deleted > 0 ? { fields: { deleted }, message: 'expired idempotency keys deleted' } : undefined,
    failureMessage: 'idempotency key cleanup failed',
  });
}
