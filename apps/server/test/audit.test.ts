import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { lockDataDir } from '../src/db/lock';
import { migrateToLatest } from '../src/db/migrate';
import { recordAudit, verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, projectIn } from './support/admin';
import { serverBuild } from './support/server-build';

/** A handful of real state changes by a developer and an admin, each writing an audit entry. */
async function someActions(t: TestApp, admin: TestUser, owner: TestUser) {
  const a = await projectIn(t.app, owner, 'pending');
  const b = await projectIn(t.app, owner, 'pending');
  const c = await projectIn(t.app, owner, 'draft');
  expect((await adminCall(t.app, admin, 'POST', `/approve-project/${a.id}`)).statusCode).toBe(200);
  expect(
    (await adminCall(t.app, admin, 'POST', `/deny-project/${b.id}`, { reason: 'Missing QS report' }))
      .statusCode,
  ).toBe(200);
  expect((await as(t.app, owner, { method: 'POST', url: `/api/projects/${b.id}/resubmit` })).statusCode).toBe(
    200,
  );
  expect(
    (await adminCall(t.app, admin, 'POST', `/force-publish-project/${c.id}`, { reason: 'Paid offline' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await adminCall(t.app, admin, 'DELETE', `/delete-project/${c.id}`, { reason: 'Duplicate' })).statusCode,
  ).toBe(200);
}

const auditIds = async (t: TestApp) =>
  (await t.database.db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);

describe('verifyAuditChain', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.app, { role: 'admin' });
    owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  });
  afterAll(() => t.close());

  it('verify: the chain of a fresh database is intact with no entries', async () => {
    expect(await verifyAuditChain(t.database.db)).toEqual({ ok: true, entries: 0 });
  });

  it('verify: after creations, approvals, a denial, a resubmission, a force publish and a deletion the chain is intact', async () => {
    await someActions(t, admin, owner);
    const ids = await auditIds(t);
    // 3 creations, approve, deny, resubmit, force publish, delete.
    expect(ids).toHaveLength(8);
    expect(await verifyAuditChain(t.database.db)).toEqual({ ok: true, entries: 8 });
  });

  it('verify: an entry whose reason was changed with SQL is named as the first broken one', async () => {
    const denial = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'project.denied')
      .executeTakeFirstOrThrow();
    await sql`update audit_log set reason = 'Looked fine to me' where id = ${denial.id}`.execute(
      t.database.db,
    );
    expect(await verifyAuditChain(t.database.db)).toMatchObject({
      ok: false,
      brokenId: denial.id,
      why: 'its content does not match its hash',
    });
    await sql`update audit_log set reason = 'Missing QS report' where id = ${denial.id}`.execute(
      t.database.db,
    );
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('verify: a changed before/after snapshot is detected too', async () => {
    const approval = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'project.approved')
      .executeTakeFirstOrThrow();
    await sql`update audit_log set after = jsonb_set(after, '{visible}', 'false') where id = ${approval.id}`.execute(
      t.database.db,
    );
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: false, brokenId: approval.id });
    await sql`update audit_log set after = jsonb_set(after, '{visible}', 'true') where id = ${approval.id}`.execute(
      t.database.db,
    );
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('verify: a deleted entry breaks the link of the one after it, which is named', async () => {
    const ids = await auditIds(t);
    const [removed, next] = [ids[3]!, ids[4]!];
    await sql`delete from audit_log where id = ${removed}`.execute(t.database.db);
    expect(await verifyAuditChain(t.database.db)).toEqual({
      ok: false,
      entries: 4,
      brokenId: next,
      why: 'its link to the previous entry does not match',
    });
  });
});

// --- npm run verify-audit: the CLI, built as npm runs it (support/server-build.ts), on a database of its own ---

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const onPostgres = process.env.PLINTH_TEST_DB === 'postgres';

function runVerifyAudit(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(serverBuild(), 'cli.js'), 'verify-audit'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each database project runs the CLI against its own kind of database: the embedded suite on a
// PGlite folder, the PostgreSQL suite on its schema. Nothing is skipped in either run.
const describeOnEmbedded = onPostgres ? () => undefined : describe;
const describeOnPostgres = onPostgres ? describe : () => undefined;

describeOnEmbedded('npm run verify-audit (embedded database)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'plinth-verify-audit-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(database);
    for (const reason of ['one', 'two', 'three']) {
      await database.db.transaction().execute((trx) =>
        recordAudit(trx, {
          actor: { id: null, name: 'Test' },
          action: 'project.status_changed',
          targetType: 'project',
          targetId: reason,
          reason,
          before: { n: 1 },
          after: { n: 2 },
        }),
      );
    }
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("verify-audit: an intact chain prints 'Audit chain intact: 3 entries' and exits 0", () => {
    const run = runVerifyAudit({ DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('Audit chain intact: 3 entries\n');
    expect(run.status).toBe(0);
  });

  it('verify-audit: refuses to open the data folder while another process holds it', async () => {
    const unlock = await lockDataDir(dataDir);
    try {
      const run = runVerifyAudit({ DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('is in use by another Plinth process');
    } finally {
      await unlock();
    }
  });

  it('verify-audit: a tampered entry is named and the exit code is 1', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await sql`update audit_log set reason = 'TWO' where reason = 'two'`.execute(database.db);
    const { id } = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('reason', '=', 'TWO')
      .executeTakeFirstOrThrow();
    await database.close();
    const run = runVerifyAudit({ DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Audit chain broken at entry ${id}: its content does not match its hash`);
  });
});

describeOnPostgres('npm run verify-audit (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('verify-audit: reads the configured database and schema; names a tampered entry', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    await someActions(t, admin, owner);
    const env = {
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      DATABASE_SCHEMA: t.database.schema!,
      AUTH_SECRET: 'test-secret-0123456789-abcdefghijklmnop',
    };
    const intact = runVerifyAudit(env);
    expect(intact.stdout).toBe('Audit chain intact: 8 entries\n');
    expect(intact.status).toBe(0);

    const [first] = await auditIds(t);
    await sql`update audit_log set actor_name = 'Someone else' where id = ${first!}`.execute(t.database.db);
    const broken = runVerifyAudit(env);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(
      `Audit chain broken at entry ${first}: its content does not match its hash`,
    );
  });
});
