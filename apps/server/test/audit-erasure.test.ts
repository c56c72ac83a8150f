import { createHash } from 'node:crypto';
import { DELETED_USER_NAME } from '@plinth/domain/account';
import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { ERASED } from '../src/modules/audit/audit-erasure';
import { canonicalJson } from '../src/modules/audit/audit-hash';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, projectIn } from './support/admin';

// Issue 10 (must hold): a deleted person's name and e-mail leave the audit log too, and the chain
// still verifies; what was not erased is still protected (decision 024).

describe('erasing a person from the audit log', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.app, { role: 'admin', name: 'Astrid Auditor' });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const entriesMentioning = async (needle: string) =>
    (
      await sql<{ id: number }>`select id from audit_log a where a::text ilike ${`%${needle}%`}`.execute(db())
    ).rows.map((r) => r.id);

  it('removes their name and e-mail from every entry, keeps every entry and the admin’s name, and the chain verifies', async () => {
    const name = 'Oona Outgoing';
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name });
    const pending = await projectIn(t.app, owner, 'pending');
    const deny = await adminCall(t.app, admin, 'POST', `/deny-project/${pending.id}`, {
      reason: `Called ${name} at ${owner.email}: the QS report is missing`,
    });
    expect(deny.statusCode).toBe(200);
    expect((await entriesMentioning(name)).length).toBeGreaterThan(1);
    expect((await entriesMentioning(owner.email)).length).toBeGreaterThan(0);
    const before = await db()
      .selectFrom('audit_log')
      .select(['id', 'action', 'target_id', 'actor_id'])
      .orderBy('id')
      .execute();

    const res = await as(t.app, owner, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);

    expect(await entriesMentioning(name)).toEqual([]);
    expect(await entriesMentioning(owner.email)).toEqual([]);
    const after = await db().selectFrom('audit_log').selectAll().orderBy('id').execute();
    // Every entry is still there with its action, target and actor id, plus the deletion itself.
    expect(
      after
        .slice(0, before.length)
        .map((r) => ({ id: r.id, action: r.action, target_id: r.target_id, actor_id: r.actor_id })),
    ).toEqual(before);
    const denial = after.find((r) => r.action === 'project.denied' && r.target_id === pending.id);
    expect(denial).toMatchObject({
      actor_name: 'Astrid Auditor',
      reason: `Called ${ERASED} at ${ERASED}: the QS report is missing`,
    });
    expect(denial?.erased_at).not.toBeNull();
    const created = after.find((r) => r.action === 'project.created' && r.target_id === pending.id);
    expect(created?.actor_name).toBe(DELETED_USER_NAME);
    // The erased fields lost their salts; the others kept theirs.
    const salts = (r: typeof denial) =>
      typeof r?.field_salts === 'string' ? JSON.parse(r.field_salts) : r?.field_salts;
    expect(salts(denial)).toMatchObject({ reason: null, actor_name: expect.any(String) });
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true, entries: after.length });

    // What was not erased is still protected: a changed admin name in the same entry is caught.
    await sql`update audit_log set actor_name = 'Someone else' where id = ${denial!.id}`.execute(db());
    expect(await verifyAuditChain(db())).toMatchObject({ ok: false, brokenId: denial!.id });
    await sql`update audit_log set actor_name = 'Astrid Auditor' where id = ${denial!.id}`.execute(db());
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('the override history shows the erased entries with the placeholder name, not the person', async () => {
    const res = await adminCall(t.app, admin, 'GET', '/override-history');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Oona Outgoing');
  });
});

// --- The migration that moved existing entries to the new chain ---

const v1Hash = (fields: Record<string, unknown>) =>
  createHash('sha256').update(canonicalJson(fields)).digest('hex');

async function databaseWithOldEntries(tamper: boolean) {
  const database = await openDatabase({ kind: 'memory' });
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error } = await migrator.migrateTo('20261125500000_pricing_settings');
  if (error) throw error;
  let prev: string | null = null;
  for (const [i, reason] of ['first', 'second', 'third'].entries()) {
    const fields = {
      actor_id: null,
      actor_name: `Old Actor ${i}`,
      action: 'project.status_changed',
      target_type: 'project',
      target_id: `p${i}`,
      reason,
      before: { n: i },
      after: { n: i + 1 },
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      prev_hash: prev,
    };
    const hash = v1Hash(fields);
    await sql`insert into audit_log (actor_id, actor_name, action, target_type, target_id, reason, "before", "after", created_at, prev_hash, hash)
      values (${fields.actor_id}, ${fields.actor_name}, ${fields.action}, ${fields.target_type}, ${fields.target_id}, ${fields.reason},
        ${JSON.stringify(fields.before)}::jsonb, ${JSON.stringify(fields.after)}::jsonb, ${fields.created_at}, ${fields.prev_hash}, ${hash})`.execute(
      database.db,
    );
    prev = hash;
  }
  if (tamper) await sql`update audit_log set reason = 'SECOND' where reason = 'second'`.execute(database.db);
  return database;
}

describe('migration 20261125600000_audit_erasure', () => {
  it('re-chains an intact log of old entries, which then verifies', async () => {
    const database = await databaseWithOldEntries(false);
    try {
      await migrateToLatest(database);
      expect(await verifyAuditChain(database.db)).toEqual({ ok: true, entries: 3 });
      const rows = await database.db
        .selectFrom('audit_log')
        .select(['reason', 'actor_name'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.reason)).toEqual(['first', 'second', 'third']);
    } finally {
      await database.close();
    }
  });

  it('refuses to re-chain a log that does not verify, naming the entry', async () => {
    const database = await databaseWithOldEntries(true);
    try {
      await expect(migrateToLatest(database)).rejects.toThrow(/20261125600000_audit_erasure failed/);
      const broken = await database.db
        .selectFrom('audit_log')
        .select(['id', 'hash'])
        .where('reason', '=', 'SECOND')
        .executeTakeFirstOrThrow();
      await expect(migrateToLatest(database)).rejects.toThrow(`does not verify at entry ${broken.id}`);
    } finally {
      await database.close();
    }
  });
});
