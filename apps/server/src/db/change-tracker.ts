import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type OperationNode,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely';

/**
 * How long the LISTEN connection may go without a notification or its own ping (sent every
 * LISTEN_PING_MS, db/database.ts) before the read caches stop trusting it: a connection can stall
 * without a word (a NAT, a balancer, a failover), and writes it would have carried go unheard.
 */
export const SILENT_AFTER_MS = 1_500;

/** Every table at once: raw statements, deletes whose reach is unknown, and schema changes. */
export const ALL_TABLES = '*';

/**
 * Which tables have changed, as counters that only grow, so a read cache can tell whether an entry
 * is still current (docs/decisions/012-read-caches.md). `stamp(tables)` sums the counters of the
 * tables a read depends on: it changes if and only if one of them was written since.
 *
 * Writes are seen in two ways. This process's own writes are seen synchronously by the dialect
 * wrapper below, after the statement and again after its transaction commits. Other processes'
 * writes on the same PostgreSQL arrive as notifications from statement triggers (migration
 * 20261124000000_change_notifications), a few milliseconds after their commit.
 */
export class ChangeTracker {
  private readonly counters = new Map<string, number>();
  private everything = 0;
  private deaf = false;
  /** When other processes' writes were last proven audible (performance.now()); null: not listening. */
  private heardAt: number | null = null;
  /** Times the LISTEN connection was lost and came back: whatever it carried meanwhile went unheard. */
  reconnects = 0;
  /** When each ping not yet answered was sent (performance.now()), oldest first; null: no pings. */
  private pings: number[] | null = null;
  /** How late this process's own timers have lately run: time it could not have read an answer in. */
  private lagMs = 0;
  /** Per table, every table a delete from it may change (itself included); null until learnt. */
  private deletes: ReadonlyMap<string, readonly string[]> | null = null;

  /** `caching: false` (READ_CACHE=off) makes every stamp new: every read misses, nothing is kept. */
  constructor(private readonly caching = true) {}

  stamp(tables: readonly string[]): number {
    // Caching off, or unable to hear other processes: every read is a miss and no result is kept.
    if (this.deaf || !this.caching || this.silent()) return ++this.everything;
    let sum = this.everything;
    for (const table of tables) sum += this.counters.get(table) ?? 0;
    return sum;
  }

  /** While other processes' writes cannot be heard (a lost LISTEN connection), nothing is current. */
  setDeaf(deaf: boolean): void {
    if (this.deaf && !deaf) this.reconnects++;
    // Pings sent on a lost connection are never answered: only the new connection's count.
    if (this.pings) this.pings = [];
    this.deaf = deaf;
    this.everything++;
  }

  /**
   * The LISTEN connection proved alive: a notification, or its own ping, came through. Until the
   * next proof is overdue (SILENT_AFTER_MS) the tracker trusts that it hears every write; after
   * that, nothing is current until one comes.
   */
  heard(ping = false): void {
    if (this.silent()) this.everything++;
    if (ping) this.pings?.shift();
    this.heardAt = performance.now();
  }

  /**
   * The listener sent its connection a ping; `lateMs`: how much later than due its timer fired. With
   * pings, silence is SILENT_AFTER_MS plus that lateness without a notification while a ping is
   * unanswered, not time without a notification alone: a process too busy to run its timers and
   * read its sockets on time (under load) has answers waiting unread, and distrusting every cache
   * then only made it busier (issue 31: Better Auth's session read ran on 85-90 % of requests at
   * 200 people, pg_stat_statements, decision 052).
   */
  pingSent(lateMs = 0): void {
    this.pings ??= [];
    this.pings.push(performance.now());
    // A connection that answers nothing is lost long before this many pile up.
    if (this.pings.length > 100) this.pings.shift();
    this.lagMs = Math.max(0, lateMs);
  }

  /** Stops expecting proofs (the LISTEN connection was closed on purpose). */
  stopHearing(): void {
    this.heardAt = null;
    this.pings = null;
    this.everything++;
  }

  private silent(): boolean {
    if (this.heardAt === null) return false;
    const now = performance.now();
    if (this.pings === null) return now - this.heardAt > SILENT_AFTER_MS;
    // Only while a ping is out: every ping answered means nothing went unheard, however long ago.
    return this.pings.length > 0 && now - this.heardAt > SILENT_AFTER_MS + this.lagMs;
  }

  /**
   * Learns the schema's foreign keys whose `on delete` changes the referencing rows (cascade, set
   * null, set default), so a delete from a table marks only the tables it can reach that way
   * instead of every table (a replaced document must not empty the session cache).
   */
  learnForeignKeys(keys: readonly { parent: string; child: string }[]): void {
    const children = new Map<string, string[]>();
    for (const { parent, child } of keys) {
      const list = children.get(parent);
      if (list) list.push(child);
      else children.set(parent, [child]);
    }
    const reach = (table: string): string[] => {
      const seen = new Set([table]);
      const queue = [table];
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        for (const child of children.get(next) ?? []) {
          if (!seen.has(child)) {
            seen.add(child);
            queue.push(child);
          }
        }
      }
      return [...seen];
    };
    const tables = new Set(keys.flatMap(({ parent, child }) => [parent, child]));
    this.deletes = new Map([...tables].map((table) => [table, reach(table)]));
  }

  /** The tables a delete from `table` may change: every table until the foreign keys are learnt. */
  changedByDelete(table: string): readonly string[] {
    if (!this.deletes || table === ALL_TABLES) return [ALL_TABLES];
    return this.deletes.get(table) ?? [table];
  }

  touch(tables: Iterable<string>): void {
    for (const table of tables) {
      if (table === ALL_TABLES) this.everything++;
      else this.counters.set(table, (this.counters.get(table) ?? 0) + 1);
    }
  }
}

const nameOf = (node: OperationNode | undefined): string => {
  if (!node) return ALL_TABLES;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return nameOf((node as unknown as { node: OperationNode }).node);
  return ALL_TABLES;
};

/**
 * Functions a raw `select` may call and still change no table (locks, notifications, clocks,
 * snapshots, aggregates), and the keywords that a parenthesis may follow in a read.
 */
const READ_ONLY_FUNCTIONS = new Set([
  'pg_notify',
  'pg_advisory_xact_lock',
  'pg_try_advisory_xact_lock',
  'hashtext',
  'now',
  'current_schema',
  'pg_current_snapshot',
  'pg_snapshot_xmax',
  'max',
  'min',
  'unnest',
  'any',
  'coalesce',
  'extract',
  'json_agg',
  'json_build_array',
  'json_array_elements',
  // Keywords, before a subquery or a list.
  'select',
  'from',
  'where',
  'exists',
  'in',
  'and',
  'or',
  'not',
  'on',
  'lateral',
  'when',
  'then',
  'else',
]);

/**
 * Whether raw SQL only reads: one statement, a `select` or `show`, calling no function outside
 * READ_ONLY_FUNCTIONS (a function may write: `select marketplace_summary_rebuild()` does).
 */
export function isReadOnlyRawSql(text: string): boolean {
  let known = readOnlyRawSql.get(text);
  if (known === undefined) {
    known = readsOnly(text);
    // Raw texts are the code's own, a bounded set; the bound only guards against a leak.
    if (readOnlyRawSql.size >= 1_000) readOnlyRawSql.clear();
    readOnlyRawSql.set(text, known);
  }
  return known;
}

/** What `isReadOnlyRawSql` has found for each text. */
const readOnlyRawSql = new Map<string, boolean>();

function readsOnly(text: string): boolean {
  const statement = text.trim().replace(/;\s*$/, '');
  if (statement.includes(';') || !/^(select|show)\b/i.test(statement)) return false;
  for (const call of statement.matchAll(/\b([a-z_][a-z0-9_.]*)\s*\(/gi)) {
    if (!READ_ONLY_FUNCTIONS.has(call[1]!.toLowerCase())) return false;
  }
  return true;
}

const writesInWith = (node: Record<string, unknown>) =>
  (node.with as { expressions: { expression: OperationNode }[] } | undefined)?.expressions.some(
    (cte) => cte.expression.kind !== 'SelectQueryNode',
  ) ?? false;

/**
 * Raw statements whose writer has said they change no table a read cache depends on: the job
 * queue's inserts into its own schema (pg-boss's tables, which nothing cached reads). Without
 * this, each such raw statement counted as a write to every table and emptied every read cache
 * (the session cache too) once per approval's alert jobs (issue 31).
 */
const writesNoCachedTable = new WeakSet<CompiledQuery>();

/** Marks `query` (raw SQL) as writing no table any read cache depends on; returns it. */
export function writingNoCachedTable<Q extends CompiledQuery>(query: Q): Q {
  writesNoCachedTable.add(query);
  return query;
}

/** What a delete may change beside its own table, as the tracker knows it (ChangeTracker.changedByDelete). */
type DeleteReach = Pick<ChangeTracker, 'changedByDelete'>;
const everyTable: DeleteReach = { changedByDelete: () => [ALL_TABLES] };

/**
 * The tables a statement may change: none for a read, the target of an insert or update, a delete's
 * table and what its foreign keys cascade to (`reach`; every table when unknown, or when it deletes
 * through a join or USING), and every table for anything else (raw SQL that may write and DDL are
 * not parsed). A statement whose WITH clause writes is treated as writing everything. Triggers that
 * write elsewhere are not followed: the only one (project → marketplace_summary) keeps a table derived
 * from the one it fires on, and every read of it also depends on that table.
 */
export function tablesWrittenBy(query: CompiledQuery, reach: DeleteReach = everyTable): readonly string[] {
  const node = query.query as OperationNode & Record<string, unknown>;
  if (writesInWith(node)) return [ALL_TABLES];
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode':
      return [nameOf(node.into as OperationNode | undefined)];
    case 'UpdateQueryNode':
      return [nameOf(node.table as OperationNode | undefined)];
    case 'DeleteQueryNode': {
      const froms = (node.from as { froms: OperationNode[] } | undefined)?.froms ?? [];
      if (froms.length !== 1 || node.using || node.joins) return [ALL_TABLES];
      return reach.changedByDelete(nameOf(froms[0]));
    }
    case 'RawNode':
      return writesNoCachedTable.has(query) || isReadOnlyRawSql(query.sql) ? [] : [ALL_TABLES];
    default:
      return [ALL_TABLES];
  }
}

/** Wraps a connection so each write is reported, and held until commit inside a transaction. */
class TrackedConnection implements DatabaseConnection {
  /** Tables written in the open transaction, reported again once it ends. */
  pending: Set<string> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tracker: ChangeTracker,
  ) {
    // What a driver offers for cancelling queries (abort signals) passes through unchanged.
    if (inner.cancelQuery) this.cancelQuery = inner.cancelQuery.bind(inner);
    if (inner.killSession) this.killSession = inner.killSession.bind(inner);
    if (inner.collectSessionInfo) this.collectSessionInfo = inner.collectSessionInfo.bind(inner);
  }

  cancelQuery?: DatabaseConnection['cancelQuery'];
  killSession?: DatabaseConnection['killSession'];
  collectSessionInfo?: DatabaseConnection['collectSessionInfo'];

  async executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) {
    const written = tablesWrittenBy(query, this.tracker);
    try {
      return (await this.inner.executeQuery(query, options)) as QueryResult<R>;
    } finally {
      this.record(written);
    }
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ) {
    const written = tablesWrittenBy(query, this.tracker);
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize, options);
    } finally {
      this.record(written);
    }
  }

  private record(written: readonly string[]) {
    if (written.length === 0) return;
    this.tracker.touch(written);
    if (this.pending) for (const table of written) this.pending.add(table);
  }

  /** The transaction ended: what it wrote is now visible to every reader (or was rolled back). */
  settle() {
    if (this.pending) this.tracker.touch(this.pending);
    this.pending = null;
  }
}

class TrackingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, TrackedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly tracker: ChangeTracker,
  ) {
    // Savepoints only exist on drivers that support them; pass them through when they do.
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint)
      this.savepoint = (c, name, compile) => savepoint.call(inner, this.unwrap(c), name, compile);
    if (rollbackToSavepoint) {
      this.rollbackToSavepoint = (c, name, compile) =>
        rollbackToSavepoint.call(inner, this.unwrap(c), name, compile);
    }
    if (releaseSavepoint) {
      this.releaseSavepoint = (c, name, compile) =>
        releaseSavepoint.call(inner, this.unwrap(c), name, compile);
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  private unwrap(connection: DatabaseConnection) {
    return connection instanceof TrackedConnection ? connection.inner : connection;
  }

  init(options?: Parameters<Driver['init']>[0]) {
    return this.inner.init(options);
  }

  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]) {
    const inner = await this.inner.acquireConnection(options);
    let tracked = this.wrapped.get(inner);
    if (!tracked) {
      tracked = new TrackedConnection(inner, this.tracker);
      this.wrapped.set(inner, tracked);
    }
    return tracked;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(this.unwrap(connection), settings);
    if (connection instanceof TrackedConnection) connection.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(this.unwrap(connection));
    } finally {
      if (connection instanceof TrackedConnection) connection.settle();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(this.unwrap(connection));
    } finally {
      if (connection instanceof TrackedConnection) connection.settle();
    }
  }

  releaseConnection(connection: DatabaseConnection, options?: Parameters<Driver['releaseConnection']>[1]) {
    return this.inner.releaseConnection(this.unwrap(connection), options);
  }

  destroy(options?: Parameters<Driver['destroy']>[0]) {
    return this.inner.destroy(options);
  }
}

/** A dialect whose every statement reports the tables it writes to `tracker`. */
export function trackChanges(dialect: Dialect, tracker: ChangeTracker): Dialect {
  return {
    createDriver: () => new TrackingDriver(dialect.createDriver(), tracker),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** The channel the change triggers notify on, with `schema.table` as the payload. */
export const CHANGES_CHANNEL = 'plinth_table_changes';

/**
 * The current schema's foreign keys whose `on delete` changes the referencing table (cascade, set
 * null, set default): what a delete can reach beyond its own table.
 */
export async function readDeleteForeignKeys<DB>(db: Kysely<DB>) {
  const { rows } = await sql<{ parent: string; child: string }>`
    select parent.relname as parent, child.relname as child
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and c.confdeltype in ('c', 'n', 'd')
      and child.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows;
}
