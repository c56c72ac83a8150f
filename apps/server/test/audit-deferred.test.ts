import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { auditedTransaction, recordAudit, verifyAuditChain } from '../src/modules/audit/audit.service';
import { buildTestApp, type TestApp } from './helpers';

// auditedTransaction appends a transaction's audit entries at its end, so the chain's lock is held
// for the inserts alone and other audited writes do not queue behind the rest of the transaction.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const entry = (targetId: string, after: Record<string, unknown>) => ({
  actor: { id: null, name: 'System' },
  action: 'project.approved' as const,
  targetType: 'project' as const,
  targetId,
  after,
});
/** Whether this connection holds the audit chain's advisory lock (724611). */
const holdsChainLock = async (trx: Db) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and objid = 724611 and pid = pg_backend_pid()`.execute(trx)
  ).rows[0]!.n > 0;
const entriesFor = (targetId: string) =>
  db().selectFrom('audit_log').select(['target_id', 'after']).where('target_id', '=', targetId).execute();

describe('auditedTransaction', () => {
  it('holds no chain lock while the change runs, and commits the entry with the change', async () => {
    const seen: boolean[] = [];
    await auditedTransaction(db(), async (trx) => {
      await recordAudit(trx, entry('deferred-1', { step: 1 }));
      seen.push(await holdsChainLock(trx));
      expect(await trx.selectFrom('audit_log').where('target_id', '=', 'deferred-1').execute()).toEqual([]);
    });
    expect(seen).toEqual([false]);
    expect(await entriesFor('deferred-1')).toHaveLength(1);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('a plain transaction takes the lock at the call (what auditedTransaction avoids)', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, entry('immediate-1', { step: 1 }));
        expect(await holdsChainLock(trx)).toBe(true);
      });
    expect(await entriesFor('immediate-1')).toHaveLength(1);
  });

  it('keeps the entry as it was when recorded, in the order recorded', async () => {
    await auditedTransaction(db(), async (trx) => {
      const after = { status: 'first' };
      await recordAudit(trx, entry('deferred-2', after));
      after.status = 'changed later';
      await recordAudit(trx, entry('deferred-2', { status: 'second' }));
    });
    const rows = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('target_id', '=', 'deferred-2')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.after)).toEqual([{ status: 'first' }, { status: 'second' }]);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('appends nothing when the change fails', async () => {
    await expect(
      auditedTransaction(db(), async (trx) => {
        await recordAudit(trx, entry('deferred-3', {}));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await entriesFor('deferred-3')).toEqual([]);
  });
});
