import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginRequestTransaction } from '../src/db/database';
import { createReadCache } from '../src/db/read-cache';
import { afterCommit, onRequestRollback, runInRequestTransaction } from '../src/db/request-transaction';
import { buildTestApp, type TestApp } from './helpers';

// The one transaction a keyed request runs in (decision 037): statements join it, a handler's own
// transaction is a savepoint on it, and work outside the database waits for its end.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await sql`create table scratch (n int)`.execute(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const values = async () =>
  (await sql<{ n: number }>`select n from scratch order by n`.execute(db())).rows.map((r) => r.n);

describe('request transaction', () => {
  it('nothing it writes is visible until it commits; a failed inner transaction rolls back only its savepoint', async () => {
    await sql`delete from scratch`.execute(db());
    const scope = beginRequestTransaction(db());
    const seenOutside: number[][] = [];
    await runInRequestTransaction(scope, async () => {
      await sql`insert into scratch values (1)`.execute(db());
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into scratch values (2)`.execute(trx);
        });
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await sql`insert into scratch values (3)`.execute(trx);
            throw new Error('refused');
          }),
      ).rejects.toThrow('refused');
      expect(await values()).toEqual([1, 2]);
    });
    if (t.database.driver === 'postgres') seenOutside.push(await values());
    await scope.commit();
    expect(seenOutside).toEqual(t.database.driver === 'postgres' ? [[]] : []);
    expect(await values()).toEqual([1, 2]);
  });

  it('a rollback takes everything back and runs the rollback work, never the after-commit work', async () => {
    await sql`delete from scratch`.execute(db());
    const done: string[] = [];
    const scope = beginRequestTransaction(db());
    await runInRequestTransaction(scope, async () => {
      await sql`insert into scratch values (7)`.execute(db());
      await afterCommit(() => void done.push('after commit'));
      onRequestRollback(() => void done.push('on rollback'));
    });
    expect(done).toEqual([]);
    await scope.rollback();
    expect(done).toEqual(['on rollback']);
    expect(await values()).toEqual([]);
    // Outside a request transaction, after-commit work runs at once.
    await afterCommit(() => void done.push('at once'));
    expect(done).toEqual(['on rollback', 'at once']);
  });

  it('after-commit work runs once the commit is through', async () => {
    const done: string[] = [];
    const scope = beginRequestTransaction(db());
    await runInRequestTransaction(scope, () => afterCommit(() => void done.push('committed')));
    expect(done).toEqual([]);
    await scope.commit();
    expect(done).toEqual(['committed']);
  });

  it('a read cache inside one neither shares a load in flight nor keeps what it read', async () => {
    const cache = createReadCache<string>(t.database.changes, {
      tables: ['scratch'],
      max: 10,
      ttlMs: 60_000,
    });
    let finishOutside!: (value: string) => void;
    const outside = cache.get('k', () => new Promise<string>((resolve) => (finishOutside = resolve)));
    const scope = beginRequestTransaction(db());
    // Sharing the load in flight would wait for a request that may need this very connection.
    const inside = await runInRequestTransaction(scope, () => cache.get('k', async () => 'inside'));
    expect(inside).toBe('inside');
    await scope.rollback();
    finishOutside('outside');
    expect(await outside).toBe('outside');
    const again = await runInRequestTransaction(beginRequestTransaction(db()), () =>
      cache.lookup('fresh', async () => 'uncommitted'),
    );
    expect(again).toEqual({ value: 'uncommitted', hit: false });
    expect(await cache.lookup('fresh', async () => 'committed')).toEqual({ value: 'committed', hit: false });
  });
});
