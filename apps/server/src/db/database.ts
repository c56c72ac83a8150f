import { type Dialect, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { Client, Pool } from 'pg';
import { CHANGES_CHANNEL, ChangeTracker, trackChanges } from './change-tracker';
import { createPglite, DATE, INT8, NUMERIC, openPgliteDir } from './pglite';
import { statementNameOf } from './prepared';
import {
  type RequestTransaction,
  type RequestTransactions,
  requestTransactions,
} from './request-transaction';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL schema everything lives in, when not the default. */
  schema?: string;
  /** A raw LISTEN-capable client is only available on PostgreSQL; PGlite runs in-process. */
  pool?: Pool;
  /**
   * LISTEN on `channel`, calling `onPayload` for each notification delivered after its sender's
   * transaction commits; resolves to the function that stops listening. On PostgreSQL this holds
   * a connection of its own (outside the pool), which reconnects after an error; on PGlite it
   * uses the instance's own listen API, so it reaches only this process.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  /** The tables written so far, for read caches (db/change-tracker.ts). */
  changes: ChangeTracker;
  /**
   * Starts hearing other processes' writes (PostgreSQL only: an embedded PGlite has no other
   * writer, and this process's own writes are tracked as they run); resolves to the function that
   * stops.
   */
  watchRemoteChanges(options?: ListenOptions): Promise<Unlisten>;
  /**
   * Runs the job queue's SQL (pg-boss, jobs/job-queue.ts) on this database's own connections: a
   * text without values may hold several statements (its installs and locked maintenance run so).
   */
  jobSql: SqlExecutor;
  /** The embedded database's whole data folder as a tarball (PGlite only), for `template`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** What pg-boss runs its statements through. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export type Unlisten = () => Promise<void>;

export interface ListenOptions {
  /** Told of a lost connection (PostgreSQL), before the next reconnect attempt. */
  onError?: (error: unknown) => void;
  /** Told when a lost connection is back: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  /**
   * Told whenever the connection proves it still hears: a notification, or the ping it sends
   * itself every LISTEN_PING_MS while this is set (PostgreSQL).
   */
  onHeard?: (ping: boolean) => void;
  /** Told when the listener sends its ping, and how late its timer fired (ms). */
  onPing?: (lateMs: number) => void;
}

/**
 * Route modules are given `db`, not the handle that opened it; this finds the handle's `listen`
 * for the realtime hub (modules/events) without widening every module's dependencies.
 */
const listeners = new WeakMap<Db, DatabaseHandle['listen']>();

export function listenerOf(db: Db): DatabaseHandle['listen'] {
  const listen = listeners.get(db);
  if (!listen) throw new Error('This Kysely instance was not opened by openDatabase');
  return listen;
}

/** Likewise the change tracker of the handle that opened `db`, for the read caches of modules. */
const trackers = new WeakMap<Db, ChangeTracker>();

export function changesOf(db: Db): ChangeTracker {
  const tracker = trackers.get(db);
  if (!tracker) throw new Error('This Kysely instance was not opened by openDatabase');
  return tracker;
}

/** Likewise how to begin a request transaction on `db` (db/request-transaction.ts, decision 037). */
const scopes = new WeakMap<Db, RequestTransactions>();

export function beginRequestTransaction(db: Db): RequestTransaction {
  const found = scopes.get(db);
  if (!found) throw new Error('This Kysely instance was not opened by openDatabase');
  return found.begin();
}

/** A Kysely instance whose statements are tracked for the read caches and can join request transactions. */
function openKysely(dialect: Dialect, changes: ChangeTracker): Db {
  const scoped = requestTransactions(trackChanges(dialect, changes));
  const db = new Kysely<Database>({ dialect: scoped.dialect });
  trackers.set(db, changes);
  scopes.set(db, scoped);
  return db;
}

const channelName = /^[a-z_][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!channelName.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
};

// numeric (1700) and int8 (20) arrive as JS numbers: money is whole dollars or integer cents,
// well inside double precision. date (1082) stays 'YYYY-MM-DD' so no time zone shifts a day.

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema?: string }
  | { kind: 'pglite'; dataDir: string }
  /**
   * In memory; `template` starts it from a data folder `dumpDataDir` wrote (a migrated database:
   * the API tests skip initdb and the migrations in every file).
   */
  | { kind: 'memory'; template?: Blob };

export interface OpenDatabaseOptions {
  /** Serve repeated reads from the read caches (READ_CACHE, default on). */
  readCache?: boolean;
}

export { EMBEDDED_POSTGRESQL_CONF } from './pglite';

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const changes = new ChangeTracker(options.readCache ?? true);
  if (target.kind === 'postgres') return openPostgres(target.url, target.schema, changes);
  const pglite =
    target.kind === 'memory'
      ? await createPglite(undefined, target.template)
      : await openPgliteDir(target.dataDir);
  const db = openKysely(new PGliteDialect({ pglite }), changes);
  const listen: DatabaseHandle['listen'] = async (channel, onPayload) => {
    checkChannel(channel);
    const unlisten = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
  listeners.set(db, listen);
  // Through Kysely's single connection, so a statement never lands inside another's open transaction.
  const jobSql: SqlExecutor = {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values && values.length > 0) return pglite.query<Record<string, unknown>>(text, values);
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
  };
  return {
    db,
    driver: 'pglite',
    listen,
    changes,
    jobSql,
    dumpDataDir: async () => {
      const dump = await pglite.dumpDataDir('none');
      return dump;
    },
    watchRemoteChanges: async () => async () => {},
    // Kysely closes the PGlite instance, which checkpoints its write-ahead log.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * The PostgreSQL driver, imported only when DATABASE_URL is used: the embedded server never needs
 * it (issue 12 item 8: memory at rest).
 */
const loadPg = async () => (await import('pg')).default;

async function openPostgres(
  url: string,
  schema: string | undefined,
  changes: ChangeTracker,
): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pg = await loadPg();
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === NUMERIC || oid === INT8) return (v: string) => Number(v);
      if (oid === DATE) return (v: string) => v;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types,
    // No JIT: every statement here is short, and a prepared statement's generic plan can look
    // costly enough for PostgreSQL to spend tens of milliseconds compiling it (decision 029).
    options: ['-c jit=off', ...(schema ? [`-c search_path="${schema}",public`] : [])].join(' '),
  });
  pool.on('connect', nameRegisteredStatements);
  const db = openKysely(new PostgresDialect({ pool }), changes);
  // Named for the schema, so an operator (or a test) can tell whose LISTEN connection a backend is.
  const listenName = `plinth listen ${schema ?? ''}`.trim();
  const listen: DatabaseHandle['listen'] = (channel, onPayload, options) =>
    listenOnPostgres(url, channel, onPayload, options, listenName);
  listeners.set(db, listen);
  // Channels are database-wide: only this schema's tables concern this handle (without a schema
  // of its own, the first one on the connection's search path, as PostgreSQL resolves it).
  const watchRemoteChanges: DatabaseHandle['watchRemoteChanges'] = async (options = {}) => {
    const ownSchema =
      schema ?? (await pool.query<{ name: string }>('select current_schema() as name')).rows[0]!.name;
    const unlisten = await listen(
      CHANGES_CHANNEL,
      (payload) => {
        const dot = payload.indexOf('.');
        if (payload.slice(0, dot) === ownSchema) changes.touch([payload.slice(dot + 1)]);
      },
      {
        ...options,
        // Whatever was written while the connection was down went unheard.
        onReconnect: () => {
          changes.setDeaf(false);
          changes.heard();
          options.onReconnect?.();
        },
        onError: (error) => {
          changes.setDeaf(true);
          options.onError?.(error);
        },
        onHeard: (ping) => changes.heard(ping),
        onPing: (lateMs) => changes.pingSent(lateMs),
      },
    );
    changes.heard();
    return async () => {
      changes.stopHearing();
      await unlisten();
    };
  };
  return {
    db,
    driver: 'postgres',
    schema,
    pool,
    listen,
    changes,
    watchRemoteChanges,
    jobSql: { executeSql: (text, values) => pool.query(text, values) },
    close: () => db.destroy(),
  };
}

/**
 * Sends the SQL texts `runPrepared` registered (db/prepared.ts) as named prepared statements on
 * this pooled connection: PostgreSQL parses each once per connection and may keep its plan. Every
 * other text goes as before, unnamed.
 */
function nameRegisteredStatements(client: Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' ? statementNameOf(text) : undefined;
    return name ? query({ name, text, values }, callback) : query(text, values, callback);
  }) as Client['query'];
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/**
 * A LISTEN connection only receives, so a socket dropped without a word (a NAT or load balancer
 * timing out, a failover) would go unnoticed: TCP keep-alive, and a query this often that must
 * answer within LISTEN_PROBE_TIMEOUT_MS, turn that silence into a lost connection.
 */
const LISTEN_PROBE_MS = 30_000;
const LISTEN_PROBE_TIMEOUT_MS = 10_000;
/**
 * A listener told `onHeard` also sends itself a notification this often, on its own connection:
 * a ping that comes back proves that notifications still arrive (the change tracker stops trusting
 * its read caches once one is overdue, SILENT_AFTER_MS). One overdue this long counts as a lost
 * connection, which reconnects.
 */
const LISTEN_PING_MS = 500;
const LISTEN_PING_LOST_MS = 5_000;
/** The ping's payload: no table's (`schema.table`), and never passed on to `onPayload`. */
const LISTEN_PING = 'plinth:ping';

/**
 * A dedicated client for LISTEN: a pooled connection would be handed to other queries and lose
 * the subscription. Channels are database-wide, not per schema. After an error the client is
 * dropped and a new one connects with a growing back-off until it listens again; the first
 * connection's failure is thrown, so a server that cannot listen does not start.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
  applicationName = 'plinth listen',
): Promise<Unlisten> {
  checkChannel(channel);
  const pg = await loadPg();
  let client: Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let heardAt = performance.now();

  // How late the ping's timer fires: time this process spent unable to run, in which answers wait
  // unread; a busy process is not a silent connection (issue 31).
  let tickAt = performance.now();
  let lateMs = 0;
  const ping = setInterval(() => {
    const now = performance.now();
    lateMs = Math.max(0, now - tickAt - LISTEN_PING_MS);
    tickAt = now;
    const current = client;
    if (!options.onHeard || !current) return;
    if (now - heardAt > LISTEN_PING_LOST_MS + lateMs) {
      lost(current, new Error('LISTEN connection went silent'));
      return;
    }
    options.onPing?.(lateMs);
    current
      .query('select pg_notify($1, $2)', [channel, LISTEN_PING])
      .catch((error: unknown) => lost(current, error));
  }, LISTEN_PING_MS);
  ping.unref();

  const probe = setInterval(() => {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('LISTEN connection did not answer')),
        LISTEN_PROBE_TIMEOUT_MS,
      );
    });
    Promise.race([current.query('select 1'), timeout])
      .catch((error: unknown) => lost(current, error))
      .finally(() => clearTimeout(timer));
  }, LISTEN_PROBE_MS);
  probe.unref();

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: applicationName });
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      heardAt = performance.now();
      options.onHeard?.(message.payload === LISTEN_PING);
      if (message.payload !== LISTEN_PING) onPayload(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('LISTEN connection ended')));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    heardAt = performance.now();
    client = next;
  };

  const lost = (which: Client, error: unknown) => {
    if (stopped || client !== which) return;
    client = null;
    which.removeAllListeners('end');
    which.end().catch(() => {});
    options.onError?.(error);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        delay = RECONNECT_MIN_MS;
        if (!stopped) options.onReconnect?.();
      } catch (error) {
        options.onError?.(error);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  };

  try {
    await connect();
  } catch (error) {
    clearInterval(probe);
    clearInterval(ping);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(probe);
    clearInterval(ping);
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  };
}
