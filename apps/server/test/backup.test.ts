import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Manifest } from '../src/backup/manifest';
import { restore } from '../src/backup/restore';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { openRuntime } from '../src/runtime';
import { createProject, createUser, type TestApp, validProjectBody } from './helpers';
import { adminCall, projectIn } from './support/admin';
import { multipartBody, samples } from './support/documents';
import { createFunder } from './support/marketplace';
import { serverBuild } from './support/server-build';
import {
  dropSchema,
  freePort,
  request,
  type ServerProcess,
  signIn,
  startServer,
} from './support/server-process';

/**
 * Issue 20 item 5: `npm run backup` against the real server while it takes writes, then
 * `npm run restore` into an empty target, a server started on what was restored, and every check:
 * rows and files as the snapshot counted them, the audit chain, the marketplace, and sign-in.
 *
 * Each database project runs its own kind: the embedded suite backs up a running server's PGlite
 * folder and restores into a fresh folder; the PostgreSQL suite backs up a schema with pg_dump and
 * restores into a fresh database under another schema name. Uploads are on local disk in both.
 */

const onPostgres = process.env.PLINTH_TEST_DB === 'postgres';
const postgresUrl = process.env.TEST_DATABASE_URL;
const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const AUTH_SECRET = 'backup-test-secret-0123456789-abcdefghij';

/** The CLI built as `npm run backup` runs it (support/server-build.ts). */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(serverBuild(), 'cli.js'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** What `npm run restore -- FILE` does, in this process. */
const restoreInProcess = (env: Record<string, string>, file: string) =>
  restore(loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), file);

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function manifestOf(file: string): Promise<Manifest> {
  let text = '';
  await tar.list({
    file,
    filter: (path) => path === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
    },
  });
  return JSON.parse(text) as Manifest;
}

function backupSuite(kind: 'embedded' | 'postgres') {
  const work = mkdtempSync(join(tmpdir(), 'plinth-backup-test-'));
  const archive = join(work, 'plinth.backup.tar.gz');
  const id = randomUUID().replaceAll('-', '').slice(0, 12);
  const source = { schema: `backup_${id}`, dataDir: join(work, 'source') };
  // A database of its own, so the restore's schema is new in every sense (and renamed on the way).
  const restoredDatabase = `plinth_restore_${id}`;
  const restoredUrl = postgresUrl
    ? Object.assign(new URL(postgresUrl), { pathname: `/${restoredDatabase}` }).toString()
    : '';
  const target = { schema: `restored_${id}`, dataDir: join(work, 'restored') };
  const envOf = (side: typeof source): Record<string, string> =>
    kind === 'postgres'
      ? {
          DATA_DIR: side.dataDir,
          DATABASE_URL: side === source ? postgresUrl! : restoredUrl,
          DATABASE_SCHEMA: side.schema,
          AUTH_SECRET,
        }
      : { DATA_DIR: side.dataDir };

  let server: ServerProcess | null = null;
  const seed = { developer: { email: '', password: '' }, funder: { email: '', password: '' }, draft: '' };

  beforeAll(async () => {
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${restoredDatabase}`);
      await admin.end();
    }
    const config = loadConfig({ ...envOf(source), NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const runtime = await openRuntime(config);
    try {
      const app = await buildApp({
        config,
        database: runtime.database,
        authSecret: runtime.authSecret,
        logger: false,
      });
      try {
        const t = { app, database: runtime.database } as TestApp;
        const developer = await createUser(app, { role: 'borrower', profile: 'default' });
        const funder = await createFunder(t, 'active');
        seed.developer = developer;
        seed.funder = funder;
        for (const title of ['Harbour Terraces', 'Ridge Apartments', 'Mill Lane Homes']) {
          await projectIn(app, developer, 'published', { title });
        }
        seed.draft = (await createProject(app, developer)).id;
        // An audited admin action, so the chain has entries to verify.
        const admin = await createUser(app, { role: 'admin' });
        const pending = await projectIn(app, developer, 'pending');
        const approved = await adminCall(app, admin, 'POST', `/approve-project/${pending.id}`, {});
        expect(approved.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await runtime.close();
    }
    server = await startServer(await freePort(), envOf(source));
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    if (kind === 'postgres') {
      await dropSchema(postgresUrl!, source.schema);
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${restoredDatabase} with (force)`);
      await admin.end();
    }
  });

  it('backup while writes go on, restore into an empty target: every row and file, the audit chain, the market and sign-in', async () => {
    const base = server!.baseUrl;
    const developer = await signIn(base, seed.developer.email, seed.developer.password);
    const funder = await signIn(base, seed.funder.email, seed.funder.password);
    const marketBefore = await request(base, {
      method: 'GET',
      path: '/api/projects?sort=newest',
      cookie: funder,
    });
    expect(marketBefore.status).toBe(200);

    // The load: new drafts and uploads that replace the draft's documents (each replacement
    // deletes the file it replaces), one after another, for as long as the backup runs.
    const acknowledged: string[] = [];
    let writing = true;
    let round = 0;
    const load = (async () => {
      while (writing) {
        round += 1;
        const created = await request(base, {
          method: 'POST',
          path: '/api/projects',
          cookie: developer,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validProjectBody({ title: `Load project ${round}` })),
        });
        expect(created.status).toBe(201);
        acknowledged.push(created.json<{ id: string }>().id);
        const body = multipartBody([{ name: `Plan ${round}.pdf`, content: samples.pdf() }], {
          documentTypes: JSON.stringify([round % 2 ? 'feasibility_study' : 'development_approval']),
        });
        const uploaded = await request(base, {
          method: 'POST',
          path: `/api/projects/${seed.draft}/documents`,
          cookie: developer,
          headers: body.headers,
          body: body.payload,
        });
        expect(uploaded.status).toBe(200);
      }
    })();
    while (round < 3) await new Promise((done) => setTimeout(done, 20));
    const beforeBackup = [...acknowledged];
    const backedUp = await cli(['backup', archive], envOf(source));
    const roundsDuringBackup = round;
    writing = false;
    await load;
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toContain(
      kind === 'embedded' ? 'snapshot taken by server' : 'snapshot taken by pg_dump',
    );
    expect(roundsDuringBackup).toBeGreaterThan(3);

    const manifest = await manifestOf(archive);
    expect(manifest.database.kind).toBe(kind === 'embedded' ? 'pglite' : 'postgres');
    expect(manifest.files.length).toBeGreaterThanOrEqual(1);

    // The restore runs in this process (the command line is `backup`'s above): each CLI process
    // costs seconds of start-up on a loaded machine.
    const restored = await restoreInProcess(envOf(target), archive);
    expect(restored.auditEntries).toBeGreaterThan(0);
    expect(restored.files).toBe(manifest.files.length);

    // Restoring again: the target is no longer empty.
    await expect(restoreInProcess(envOf(target), archive)).rejects.toThrow(
      kind === 'embedded' ? /already holds a database/ : /uploads already holds files/,
    );

    const database = await openTarget(kind, target.dataDir, restoredUrl, target.schema);
    try {
      // Every table as the snapshot counted it; every write acknowledged before the backup began.
      const counts = await countTables(database, Object.keys(manifest.database.tables));
      expect(counts).toEqual(manifest.database.tables);
      expect(counts.idempotency_key).toBeDefined();
      const projects = await database.db.selectFrom('project').select('id').execute();
      const ids = new Set(projects.map((p) => p.id));
      expect(beforeBackup.filter((p) => !ids.has(p))).toEqual([]);
      // Every document's file is there, as its row and the manifest recorded it.
      const documents = await database.db
        .selectFrom('project_document')
        .select(['storage_key', 'sha256'])
        .execute();
      expect(documents.length).toBe(manifest.files.length);
      for (const document of documents) {
        expect(sha256(join(target.dataDir, 'uploads', document.storage_key))).toBe(document.sha256);
        expect(manifest.files).toContainEqual(
          expect.objectContaining({ key: document.storage_key, sha256: document.sha256 }),
        );
      }
      const chain = await verifyAuditChain(database.db);
      expect(chain).toMatchObject({ ok: true });
      expect(chain.entries).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    // A server on what was restored: the same market, and the same people sign in.
    await server!.stop();
    server = null;
    server = await startServer(await freePort(), envOf(target));
    const restoredFunder = await signIn(server.baseUrl, seed.funder.email, seed.funder.password);
    const marketAfter = await request(server.baseUrl, {
      method: 'GET',
      path: '/api/projects?sort=newest',
      cookie: restoredFunder,
    });
    expect(marketAfter.status).toBe(200);
    expect(marketAfter.json()).toEqual(marketBefore.json());
    const restoredDeveloper = await signIn(server.baseUrl, seed.developer.email, seed.developer.password);
    const own = await request(server.baseUrl, {
      method: 'GET',
      path: `/api/projects/${beforeBackup[0]}`,
      cookie: restoredDeveloper,
    });
    expect(own.status).toBe(200);
  });

  it('restore of a damaged archive stops before touching the target', async () => {
    const damaged = join(work, 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(damaged, bytes);
    const empty = { schema: `damaged_${id}`, dataDir: join(work, 'damaged') };
    await expect(
      restoreInProcess(
        { ...envOf(empty), ...(kind === 'postgres' ? { DATABASE_URL: postgresUrl! } : {}) },
        damaged,
      ),
    ).rejects.toThrow(/could not be read|does not match its checksum/);
    expect(existsSync(join(empty.dataDir, 'pg'))).toBe(false);
  });
}

async function openTarget(kind: 'embedded' | 'postgres', dataDir: string, url: string, schema: string) {
  return kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url, schema })
    : openDatabase({ kind: 'pglite', dataDir });
}

async function countTables(database: DatabaseHandle, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      database.db,
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}

const describeOnEmbedded = onPostgres ? () => undefined : describe;
const describeOnPostgres = onPostgres ? describe : () => undefined;

describeOnEmbedded('backup and restore (embedded database, a running server)', () => backupSuite('embedded'));
describeOnPostgres('backup and restore (PostgreSQL, pg_dump)', () => backupSuite('postgres'));
