import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/**
 * One transaction around everything a request does to the database (issue 20 item 1; decision 037).
 *
 * A request sent with an Idempotency-Key must commit its effect and the answer it stores for
 * replays together, or neither. Handlers write through `db` as always, some in transactions of
 * their own; inside `runInRequestTransaction` every statement goes to one connection in one open
 * transaction instead, a handler's own transaction becomes a savepoint on it, and nothing is
 * visible to other readers until the request commits at the end (`RequestTransaction.commit`).
 */
export class RequestTransaction {
  private opening: Promise<ScopeConnection> | undefined;
  private savepoints = 0;
  /** Set once the transaction has ended: later statements of this request's async work run as usual. */
  ended = false;
  private readonly committed: (() => Promise<void> | void)[] = [];
  private readonly rolledBack: (() => Promise<void> | void)[] = [];

  constructor(private readonly driver: RequestTransactionDriver) {}

  /** The request's connection, its transaction begun on first use. */
  connection(): Promise<ScopeConnection> {
    this.opening ??= this.driver.openScope(this);
    return this.opening;
  }

  nextSavepoint(): string {
    this.savepoints += 1;
    return `request_sp_${this.savepoints}`;
  }

  /** Commits everything the request wrote; a failed commit rolls back and rethrows. */
  async commit(): Promise<void> {
    await this.end('commit');
  }

  async rollback(): Promise<void> {
    await this.end('rollback');
  }

  /** Runs `fn` after the commit, never if the transaction rolls back. */
  whenCommitted(fn: () => Promise<void> | void) {
    this.committed.push(fn);
  }

  /** Runs `fn` if the transaction rolls back (or its commit fails). */
  whenRolledBack(fn: () => Promise<void> | void) {
    this.rolledBack.push(fn);
  }

  private async end(how: 'commit' | 'rollback') {
    if (this.ended) return;
    this.ended = true;
    try {
      if (this.opening) await this.driver.closeScope(await this.opening, how);
    } catch (error) {
      await this.settle(this.rolledBack);
      throw error;
    }
    await this.settle(how === 'commit' ? this.committed : this.rolledBack);
  }

  private async settle(callbacks: (() => Promise<void> | void)[]) {
    for (const callback of callbacks.splice(0)) await callback();
  }
}

const storage = new AsyncLocalStorage<RequestTransaction>();

/** The request transaction this async context runs in, if it is still open. */
function openScope(): RequestTransaction | undefined {
  const scope = storage.getStore();
  return scope && !scope.ended ? scope : undefined;
}

/** Whether statements here go to a request's one transaction (read caches must not share its reads). */
export function inRequestTransaction(): boolean {
  return openScope() !== undefined;
}

/**
 * Work that must wait until what this async context wrote is committed (deleting the stored file
 * of a replaced document): at once outside a request transaction, after its commit inside one, and
 * never if it rolls back.
 */
export async function afterCommit(fn: () => Promise<void> | void): Promise<void> {
  const scope = openScope();
  if (scope) scope.whenCommitted(fn);
  else await fn();
}

/**
 * Work that undoes what a rollback of the request transaction would leave behind outside the
 * database (a newly stored file whose row is gone). Nothing happens outside a request transaction:
 * the caller's own transaction has committed by then.
 */
export function onRequestRollback(fn: () => Promise<void> | void): void {
  openScope()?.whenRolledBack(fn);
}

/** Runs `fn` (and every async continuation it starts) inside `scope`. */
export function runInRequestTransaction<T>(scope: RequestTransaction, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The connection of an open request transaction: statements pass through, releasing it does nothing. */
class ScopeConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    readonly scope: RequestTransaction,
  ) {}

  executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) {
    return this.inner.executeQuery<R>(query, options);
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ) {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
}

/**
 * A first-come lock for a driver with a single connection (PGlite): Kysely's own lock is bypassed
 * (the adapter below says several connections are fine) because a request transaction holds the
 * connection across many acquisitions, which Kysely's lock cannot express.
 */
class SingleConnectionLock {
  private tail: Promise<void> = Promise.resolve();

  async take(): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }
}

class RequestTransactionDriver implements Driver {
  private readonly lock: SingleConnectionLock | undefined;
  /** Releases of the single connection's lock, per connection acquired outside a request transaction. */
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly scopeReleases = new WeakMap<ScopeConnection, (() => void) | undefined>();

  constructor(
    private readonly inner: Driver,
    private readonly compiler: QueryCompiler,
    singleConnection: boolean,
  ) {
    this.lock = singleConnection ? new SingleConnectionLock() : undefined;
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
    return connection instanceof ScopeConnection ? connection.inner : connection;
  }

  private compile = (
    node: Parameters<QueryCompiler['compileQuery']>[0],
    queryId: Parameters<QueryCompiler['compileQuery']>[1],
  ) => this.compiler.compileQuery(node, queryId);

  init(options?: Parameters<Driver['init']>[0]) {
    return this.inner.init(options);
  }

  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]): Promise<DatabaseConnection> {
    const scope = openScope();
    if (scope) return scope.connection();
    const release = await this.lock?.take();
    try {
      const connection = await this.inner.acquireConnection(options);
      if (release) this.releases.set(connection, release);
      return connection;
    } catch (error) {
      release?.();
      throw error;
    }
  }

  async releaseConnection(
    connection: DatabaseConnection,
    options?: Parameters<Driver['releaseConnection']>[1],
  ) {
    if (connection instanceof ScopeConnection) return;
    try {
      await this.inner.releaseConnection(connection, options);
    } finally {
      this.releases.get(connection)?.();
      this.releases.delete(connection);
    }
  }

  /** Takes a connection for `scope` and begins its transaction. */
  async openScope(scope: RequestTransaction): Promise<ScopeConnection> {
    const release = await this.lock?.take();
    let inner: DatabaseConnection | undefined;
    try {
      inner = await this.inner.acquireConnection();
      await this.inner.beginTransaction(inner, {});
    } catch (error) {
      if (inner) await this.inner.releaseConnection(inner);
      release?.();
      throw error;
    }
    const connection = new ScopeConnection(inner, scope);
    this.scopeReleases.set(connection, release);
    return connection;
  }

  async closeScope(connection: ScopeConnection, how: 'commit' | 'rollback') {
    try {
      if (how === 'commit') {
        try {
          await this.inner.commitTransaction(connection.inner);
        } catch (error) {
          await this.inner.rollbackTransaction(connection.inner).catch(() => {});
          throw error;
        }
      } else {
        await this.inner.rollbackTransaction(connection.inner);
      }
    } finally {
      await this.inner.releaseConnection(connection.inner);
      this.scopeReleases.get(connection)?.();
    }
  }

  // A handler's own transaction inside a request transaction is a savepoint on it.
  private readonly savepointNames = new WeakMap<ScopeConnection, string[]>();

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (!(connection instanceof ScopeConnection)) return this.inner.beginTransaction(connection, settings);
    const name = connection.scope.nextSavepoint();
    await this.runSavepointCommand(connection, 'savepoint', name);
    const names = this.savepointNames.get(connection) ?? [];
    names.push(name);
    this.savepointNames.set(connection, names);
  }

  async commitTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof ScopeConnection)) return this.inner.commitTransaction(connection);
    const name = this.savepointNames.get(connection)?.pop();
    if (name) await this.runSavepointCommand(connection, 'release', name);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof ScopeConnection)) return this.inner.rollbackTransaction(connection);
    const name = this.savepointNames.get(connection)?.pop();
    if (name) await this.runSavepointCommand(connection, 'rollback', name);
  }

  private async runSavepointCommand(
    connection: ScopeConnection,
    command: 'savepoint' | 'release' | 'rollback',
    name: string,
  ) {
    const run = {
      savepoint: this.inner.savepoint,
      release: this.inner.releaseSavepoint,
      rollback: this.inner.rollbackToSavepoint,
    }[command];
    if (!run) throw new Error('This database driver has no savepoints');
    await run.call(this.inner, connection.inner, name, this.compile);
  }

  destroy(options?: Parameters<Driver['destroy']>[0]) {
    return this.inner.destroy(options);
  }
}

/** A dialect whose statements can join a request transaction, and the way to begin one. */
export interface RequestTransactions {
  dialect: Dialect;
  /** A new request transaction; it takes a connection only when its first statement runs. */
  begin(): RequestTransaction;
}

/**
 * Wraps `dialect` so statements join the request transaction of the async context they run in, if
 * any (`runInRequestTransaction`); elsewhere it behaves as `dialect`.
 */
export function requestTransactions(dialect: Dialect): RequestTransactions {
  let driver: RequestTransactionDriver | undefined;
  return {
    dialect: {
      createDriver: () => {
        driver = new RequestTransactionDriver(
          dialect.createDriver(),
          dialect.createQueryCompiler(),
          dialect.createAdapter().supportsMultipleConnections === false,
        );
        return driver;
      },
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => multipleConnections(dialect.createAdapter()),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    begin() {
      if (!driver) throw new Error('Open the Kysely instance on this dialect first');
      return new RequestTransaction(driver);
    },
  };
}

/** The same adapter, telling Kysely not to lock around connections: RequestTransactionDriver does. */
function multipleConnections(adapter: DialectAdapter): DialectAdapter {
  const wrapped = Object.create(adapter) as DialectAdapter;
  Object.defineProperty(wrapped, 'supportsMultipleConnections', { value: true });
  return wrapped;
}
