import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { MailMessage, MailTransport } from '../adapters/mail/mail';
import type { Db } from '../db/database';

export const MAX_ATTEMPTS = 6;
const BATCH_SIZE = 20;

type Handler = (payload: Record<string, unknown>) => Promise<void>;

export interface OutboxWorker {
  /** Processes every due row once; returns how many were handled. Tests call this directly. */
  drainOnce(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Drains the transactional outbox. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * server processes on one PostgreSQL never send the same e-mail twice; a failure is retried with
 * exponential back-off and given up after MAX_ATTEMPTS.
 */
export function createOutboxWorker(deps: {
  db: Db;
  mail: MailTransport;
  log: FastifyBaseLogger;
}): OutboxWorker {
  const handlers: Record<string, Handler> = {
    email: (payload) => deps.mail.send(payload as unknown as MailMessage),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function drainOnce(): Promise<number> {
    return deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where(sql<boolean>`run_after <= now()`)
        .orderBy('run_after')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const handler = handlers[row.kind];
        try {
          if (!handler) throw new Error(`No handler for outbox kind '${row.kind}'`);
          await handler(row.payload);
          await trx
            .updateTable('outbox')
            .set({ status: 'done', attempts: row.attempts + 1, processed_at: sql`now()`, last_error: null })
            .where('id', '=', row.id)
            .execute();
        } catch (error) {
          const attempts = row.attempts + 1;
          const giveUp = attempts >= MAX_ATTEMPTS;
          deps.log.warn({ err: error, outboxId: row.id, attempts }, 'outbox item failed');
          await trx
            .updateTable('outbox')
            .set({
              status: giveUp ? 'failed' : 'pending',
              attempts,
              last_error: String((error as Error).message ?? error).slice(0, 1000),
              run_after: sql`now() + make_interval(secs => ${2 ** attempts})`,
            })
            .where('id', '=', row.id)
            .execute();
        }
      }
      return rows.length;
    });
  }

  const tick = async () => {
    if (running) return;
    running = drainOnce().catch((error) => {
      deps.log.error({ err: error }, 'outbox drain failed');
      return 0;
    });
    await running;
    running = undefined;
  };

  return {
    drainOnce,
    start(intervalMs = 1000) {
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
