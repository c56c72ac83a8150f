import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { writingNoCachedTable } from '../db/change-tracker';
import type { DatabaseHandle, Db, SqlExecutor } from '../db/database';

/**
 * The job queue (issue 22 item 2; decision 044): pg-boss on the product's own database, PGlite or
 * PostgreSQL. Work that must happen later, or once across server processes — an alert's fan-out
 * to every matching funder, a funder's 8:00 digest, the criteria reminders — is a job here rather
 * than a timer of our own. A job is sent in the transaction of the change that calls for it, so it
 * exists exactly when the change does; pg-boss hands each job to one worker (SKIP LOCKED), and the
 * handlers write their effects under unique keys, so a job retried after a crash does not repeat them.
 */

/** pg-boss's tables live in a schema of their own beside the product's. */
export const jobSchemaOf = (schema?: string) => (schema ? `${schema}_jobs` : 'pgboss');

/** Installs pg-boss's tables the first time (its own SQL); a newer pg-boss migrates them at start. */
export async function installJobQueue(database: Pick<DatabaseHandle, 'jobSql' | 'schema'>): Promise<void> {
  const schema = jobSchemaOf(database.schema);
  const { rows } = await database.jobSql.executeSql(
    `select to_regclass('${schema}.version') is not null as installed`,
    [],
  );
  if (!rows[0]?.installed) await database.jobSql.executeSql(PgBoss.getConstructionPlans(schema));
}

/** Runs a job queue statement inside a Kysely transaction (a send that commits with the change). */
export const inTransaction = (trx: Db): SqlExecutor => ({
  executeSql: async (text, values = []) => {
    // pg-boss's statements touch only its own schema, which no read cache reads.
    const result = await trx.executeQuery(writingNoCachedTable(CompiledQuery.raw(text, values)));
    return { rows: result.rows as Record<string, unknown>[] };
  },
});

/** A kind of job: its queue's name and policy, typed by the data its jobs carry. */
export interface JobKind<T extends object> {
  name: string;
  /** pg-boss's queue policy: 'short' keeps at most one queued job per singleton key. */
  policy?: 'standard' | 'short';
  /** Cron (UTC) for a job pg-boss starts on schedule, once across processes. */
  cron?: string;
  /** Jobs a worker takes per fetch (default 1); after a full batch it fetches again at once. */
  batchSize?: number;
  /** How many jobs of a batch run at once (default 1). */
  concurrency?: number;
  /** Never set: it only carries T. */
  readonly data?: T;
}

/** Handles one job's data; throwing retries it (pg-boss's retry limit, with back-off). */
export type JobHandler<T extends object> = (data: T) => Promise<unknown>;

interface Registered {
  kind: JobKind<object>;
  run: (data: unknown) => Promise<unknown>;
}

export interface SendOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /** With policy 'short', a second job with this key while one is queued is not added. */
  singletonKey?: string;
}

export interface JobQueue {
  /** Adds a job in the caller's transaction: it exists only if that transaction commits. */
  send<T extends object>(trx: Db, kind: JobKind<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Adds many jobs of a kind in one statement, in the caller's transaction. */
  sendMany<T extends object>(
    trx: Db,
    kind: JobKind<T>,
    items: { data: T; options?: SendOptions }[],
  ): Promise<void>;
  /** Registers the handler of a kind of job (before start); its queue is created if missing. */
  handle<T extends object>(kind: JobKind<T>, run: JobHandler<T>): void;
  /** Creates every defined queue (idempotent); start() and tests call it. */
  ready(): Promise<void>;
  /** Starts working every queue, and pg-boss's schedules and maintenance, in this process. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Works every job of `job`'s queue that is due now, in this process, until none is left; returns
   * how many ran. Tests and benchmarks call it instead of waiting for a worker's poll.
   */
  drain<T extends object>(kind: JobKind<T>): Promise<number>;
  /** The queued (not yet worked) jobs of a kind with their data and start time, for tests. */
  queued<T extends object>(
    kind: JobKind<T>,
  ): Promise<{ data: T; startAfter: Date; singletonKey: string | null }[]>;
  readonly schema: string;
}

const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

export function createJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): JobQueue {
  const schema = jobSchemaOf(database.schema);
  const boss = new PgBoss({ db: database.jobSql as PgBoss.Db, schema, migrate: true });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const jobs = new Map<string, Registered>();
  let created: Promise<void> | undefined;
  let started = false;

  const ready = () => {
    created ??= (async () => {
      for (const { kind } of jobs.values()) {
        const existing = await boss.getQueue(kind.name);
        if (!existing)
          await boss.createQueue(kind.name, { name: kind.name, policy: kind.policy ?? 'standard', ...RETRY });
      }
    })();
    return created;
  };

  const registered = (kind: JobKind<object>) => {
    const found = jobs.get(kind.name);
    if (!found) throw new Error(`No handler for job '${kind.name}'`);
    return found;
  };

  return {
    schema,
    handle(kind, run) {
      if (started) throw new Error(`Job '${kind.name}' handled after the queue started`);
      // The queue hands a handler only the data its own kind of job was sent with.
      jobs.set(kind.name, { kind, run: run as (data: unknown) => Promise<unknown> });
      created = undefined;
    },
    ready,
    async send(trx, kind, data, options = {}) {
      return boss.send(kind.name, data, {
        db: inTransaction(trx) as PgBoss.Db,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      } as PgBoss.SendOptions);
    },
    async sendMany(trx, kind, items) {
      if (items.length === 0) return;
      const rows: PgBoss.JobInsert[] = items.map(({ data, options = {} }) => ({
        name: kind.name,
        data,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      }));
      // One INSERT … ON CONFLICT DO NOTHING: a funder with a digest queued already ('short') is left out.
      await boss.insert(rows, { db: inTransaction(trx) as PgBoss.Db });
    },
    async start() {
      await ready();
      await boss.start();
      started = true;
      for (const { kind, run } of jobs.values()) {
        const batchSize = kind.batchSize ?? 1;
        const concurrency = kind.concurrency ?? 1;
        let workerId: string | undefined;
        workerId = await boss.work(kind.name, { pollingIntervalSeconds: 1, batchSize }, async (batch) => {
          for (let i = 0; i < batch.length; i += concurrency)
            await Promise.all(batch.slice(i, i + concurrency).map((item) => run(item.data)));
          // A full batch: more may be due, so the worker fetches again now rather than after its interval.
          if (batch.length === batchSize && workerId) boss.notifyWorker(workerId);
        });
        if (kind.cron) await boss.schedule(kind.name, kind.cron, {}, { tz: 'UTC' });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
    async drain(kind) {
      await ready();
      const { run } = registered(kind);
      let ran = 0;
      for (;;) {
        const batch = await boss.fetch<object>(kind.name, { batchSize: 20 });
        if (batch.length === 0) return ran;
        for (const item of batch) {
          try {
            await run(item.data);
            await boss.complete(kind.name, item.id);
          } catch (error) {
            await boss.fail(kind.name, item.id, { message: String((error as Error).message ?? error) });
            throw error;
          }
          ran++;
        }
      }
    },
    async queued(kind) {
      const { rows } = await database.jobSql.executeSql(
        `select data, start_after, singleton_key from ${schema}.job where name = $1 and state = 'created' order by start_after`,
        [kind.name],
      );
      return rows.map((row) => ({
        data: row.data as never,
        startAfter: new Date(row.start_after as string | Date),
        singletonKey: (row.singleton_key as string | null) ?? null,
      }));
    },
  };
}
