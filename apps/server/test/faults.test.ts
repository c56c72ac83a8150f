import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LISTING_FEE_CENTS } from '@plinth/domain/constants';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/database';
import { DataDirLockedError, lockDataDir } from '../src/db/lock';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { openRuntime } from '../src/runtime';
import { createProject, createUser } from './helpers';
import { projectIn } from './support/admin';
import { expectSpoolSwept, largePdf, multipartBody, spooledSizes } from './support/documents';
import {
  dropSchema,
  freePort,
  holdLock,
  request,
  type ServerProcess,
  seeded,
  settle,
  signIn,
  sleep,
  startServer,
} from './support/server-process';

/**
 * Issue 12 item 6: the real server, as a child process, killed with SIGKILL in the middle of a
 * 40 MB upload, a payment webhook and an admin approval, then started again on the same data.
 * It must start at once (the embedded database's lock does not hold it back), sweep the upload's
 * temporary file, and keep every change whole: a redelivered webhook has exactly one effect, an
 * approval is there with its audit entry or not at all, and the audit chain verifies.
 *
 * Each database project runs its own kind: the embedded suite on a PGlite folder, the PostgreSQL
 * suite on a schema of its own (uploads on local disk in both). Nothing is skipped in either run.
 */

const onPostgres = process.env.PLINTH_TEST_DB === 'postgres';
const postgresUrl = process.env.TEST_DATABASE_URL;
const describeOnEmbedded = onPostgres ? () => undefined : describe;
const describeOnPostgres = onPostgres ? describe : () => undefined;

const UPLOAD_BYTES = 40 * 1024 * 1024;
const WEBHOOK_SECRET = 'whsec_faults_test';
const WEBHOOK_ROUNDS = 2;
const APPROVAL_ROUNDS = 2;

const isTemp = (name: string) => /^\.upload-.*\.tmp$/.test(name);

function faultSuite(kind: 'embedded' | 'postgres') {
  const random = seeded(1206);
  // Made by the first start (nothing is created while the file is only being collected).
  const dataDir = join(tmpdir(), `plinth-faults-${randomUUID()}`);
  const schema = kind === 'postgres' ? `faults_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  // PostgreSQL: one more round of each, killed while its transaction is provably half done.
  const heldRound = kind === 'postgres' ? 1 : 0;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_faults',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...(kind === 'postgres'
      ? {
          // The server's connections carry the schema's name, so the test can find them.
          DATABASE_URL: `${postgresUrl}${postgresUrl!.includes('?') ? '&' : '?'}application_name=${schema}`,
          DATABASE_SCHEMA: schema!,
          AUTH_SECRET: 'faults-test-secret-0123456789-abcdefghij',
        }
      : {}),
  };
  const uploadsDir = join(dataDir, 'uploads');
  const config = () => loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });

  let port: number;
  let server: ServerProcess | null = null;
  const seed = {
    developer: { id: '', email: '', password: '' },
    admin: { id: '', email: '', password: '' },
    uploadProject: '',
    webhookProjects: [] as string[],
    approvalProjects: [] as string[],
  };
  const cookies = { developer: '', admin: '' };
  const restartMs: number[] = [];
  const outcomes: string[] = [];
  const webhookEvents: { eventId: string; intentId: string; projectId: string; payload: string }[] = [];

  /** SIGKILL the server and start it again at once on the same data. */
  async function crashAndRestart() {
    await server!.kill();
    server = await startServer(port, env);
    restartMs.push(server.startMs);
    return server;
  }

  const holdAdvisoryLock = (lockCall: string) => holdLock(postgresUrl!, schema!, lockCall);

  /** The first request to `url` this server process logged as arriving. */
  const arrived = (s: ServerProcess, method: string, url: string) =>
    s.waitForLog((line) => {
      const req = line.req as { method?: string; url?: string } | undefined;
      return line.msg === 'incoming request' && req?.method === method && req?.url === url;
    });

  beforeAll(async () => {
    port = await freePort();
    // The accounts and projects are made in this process on the same database, then it is closed
    // and handed to the server.
    const cfg = config();
    const runtime = await openRuntime(cfg);
    try {
      const app = await buildApp({
        config: cfg,
        database: runtime.database,
        authSecret: runtime.authSecret,
        logger: false,
      });
      try {
        const developer = await createUser(app, { role: 'borrower', profile: 'default' });
        const admin = await createUser(app, { role: 'admin' });
        seed.developer = developer;
        seed.admin = admin;
        seed.uploadProject = (await createProject(app, developer)).id;
        for (let i = 0; i < WEBHOOK_ROUNDS + heldRound; i += 1) {
          const { id } = await createProject(app, developer);
          // Documents complete, as after every required upload: the project may be paid for.
          await app.deps.db
            .updateTable('project')
            .set({ documents_complete: true })
            .where('id', '=', id)
            .execute();
          seed.webhookProjects.push(id);
        }
        for (let i = 0; i < APPROVAL_ROUNDS + heldRound; i += 1) {
          seed.approvalProjects.push((await projectIn(app, developer, 'pending')).id);
        }
      } finally {
        await app.close();
      }
    } finally {
      await runtime.close();
    }
    server = await startServer(port, env);
    cookies.developer = await signIn(server.baseUrl, seed.developer.email, seed.developer.password);
    cookies.admin = await signIn(server.baseUrl, seed.admin.email, seed.admin.password);
  });

  afterAll(async () => {
    await server?.kill();
    if (restartMs.length > 0 || outcomes.length > 0) {
      console.info(
        `faults (${kind}): restarts after SIGKILL took ${restartMs.join(', ')} ms; ${outcomes.join('; ')}`,
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropSchema(postgresUrl!, schema);
  });

  const getProject = async (id: string) => {
    const res = await request(server!.baseUrl, {
      method: 'GET',
      path: `/api/projects/${id}`,
      cookie: cookies.developer,
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  const documentsOf = async (projectId: string) => {
    const res = await request(server!.baseUrl, {
      method: 'GET',
      path: `/api/projects/${projectId}/documents`,
      cookie: cookies.developer,
    });
    expect(res.status).toBe(200);
    return res.json<{ documents: { document_type: string; size_bytes: number }[] }>().documents;
  };

  const upload = (projectId: string) => {
    const body = multipartBody([{ name: 'Feasibility.pdf', content: largePdf(UPLOAD_BYTES) }], {
      documentTypes: JSON.stringify(['feasibility_study']),
    });
    return request(server!.baseUrl, {
      method: 'POST',
      path: `/api/projects/${projectId}/documents`,
      cookie: cookies.developer,
      headers: body.headers,
      body: body.payload,
    });
  };

  it('SIGKILL during a 40 MB upload: the restart sweeps the temporary files (of the stored file and of the body), no document row is left, and the upload then succeeds', async () => {
    // Killed once the server has written this much of the file to its temporary file.
    const killAt = Math.round((8 + random() * 24) * 1024 * 1024);
    const sending = settle(upload(seed.uploadProject));
    let written = 0;
    const deadline = Date.now() + 60_000;
    while (written < killAt) {
      expect(Date.now()).toBeLessThan(deadline);
      const temps = existsSync(uploadsDir) ? readdirSync(uploadsDir).filter(isTemp) : [];
      written = temps.length === 1 ? statSync(join(uploadsDir, temps[0]!)).size : 0;
      if (written < killAt) await sleep(10);
    }
    await server!.kill();
    const first = await sending;
    expect(first.res).toBeNull();

    // What the crash left: the embedded database's lock (its holder is gone) and the temporary file.
    expect(existsSync(join(dataDir, '.lock'))).toBe(kind === 'embedded');
    const left = readdirSync(uploadsDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.upload-.*\.tmp$/);
    const leftBytes = statSync(join(uploadsDir, left[0]!)).size;
    expect(leftBytes).toBeGreaterThanOrEqual(killAt);
    expect(leftBytes).toBeLessThan(UPLOAD_BYTES);
    expect(spooledSizes(dataDir)).toEqual([UPLOAD_BYTES]); // the body, read whole first (decision 046)

    server = await startServer(port, env);
    restartMs.push(server.startMs);
    const sweep = await server.waitForLog((line) => line.msg?.startsWith('uploads: removed') ?? false);
    expect(sweep).toMatchObject({ files: 1, bytes: leftBytes });
    expect(readdirSync(uploadsDir)).toEqual([]);
    await expectSpoolSwept(server, dataDir, UPLOAD_BYTES);
    outcomes.push(
      `upload killed at ${(leftBytes / 1024 / 1024).toFixed(1)} MB, swept 1 file (${leftBytes} bytes)`,
    );
    expect(await documentsOf(seed.uploadProject)).toEqual([]);

    // The same upload again, whole this time.
    const again = await upload(seed.uploadProject);
    expect(again.status).toBe(200);
    expect(await documentsOf(seed.uploadProject)).toEqual([
      expect.objectContaining({ document_type: 'feasibility_study', size_bytes: UPLOAD_BYTES }),
    ]);
    const stored = readdirSync(uploadsDir);
    expect(stored).toHaveLength(1);
    expect(isTemp(stored[0]!)).toBe(false);
  });

  it('SIGKILL during a signed Stripe webhook: after the restart the redelivered event has exactly one effect', async () => {
    const stripe = new Stripe('sk_test_faults');
    const deliver = (payload: string) =>
      request(server!.baseUrl, {
        method: 'POST',
        path: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });

    for (const [round, projectId] of seed.webhookProjects.entries()) {
      const eventId = `evt_faults_${randomUUID().replaceAll('-', '')}`;
      const intentId = `pi_faults_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: intentId,
            object: 'payment_intent',
            amount: LISTING_FEE_CENTS,
            currency: 'aud',
            status: 'succeeded',
            client_secret: null,
            last_payment_error: null,
            metadata: { project_id: projectId, user_id: seed.developer.id, type: 'project_listing' },
          },
        },
      });
      webhookEvents.push({ eventId, intentId, projectId, payload });

      const held = round === WEBHOOK_ROUNDS;
      const delay = held ? 0 : Math.floor(random() * 40);
      // The held round stops after the event's row is inserted, at the payment's own lock.
      const lock = held
        ? await holdAdvisoryLock(`pg_advisory_lock(5301, hashtext('stripe:${intentId}'))`)
        : null;
      const s = server!;
      const sending = settle(deliver(payload));
      await arrived(s, 'POST', '/api/payments/webhook');
      if (lock) await lock.waiting();
      await sleep(delay);
      await s.kill();
      // PostgreSQL rolls back the dead connection's transaction once it gets its lock.
      await lock?.release();
      await crashAndRestart();
      const first = await sending;

      // Stripe redelivers an event that got no 2xx (and may redeliver one that did).
      const redelivered = await deliver(payload);
      expect(redelivered.status).toBe(200);
      const { duplicate } = redelivered.json<{ received: true; duplicate: boolean }>();
      // An event answered 200 before the crash was kept; one killed mid-transaction was not.
      if (first.res?.status === 200) expect(duplicate).toBe(true);
      if (held) expect(duplicate).toBe(false);
      outcomes.push(
        `webhook ${round + 1} killed ${held ? 'with its event row written, uncommitted' : `${delay} ms after it arrived`}: ${duplicate ? 'it had been applied' : 'nothing had been kept'} (first answer ${first.res?.status ?? first.error?.message})`,
      );
      const third = await deliver(payload);
      expect(third.json()).toEqual({ received: true, duplicate: true });
      expect(await getProject(projectId)).toMatchObject({
        payment_status: 'payment_pending',
        stripe_payment_intent_id: intentId,
      });
    }
  });

  it('SIGKILL during an admin approval: after the restart the project is approved with its audit entry or untouched without one', async () => {
    const approve = (projectId: string) =>
      request(server!.baseUrl, {
        method: 'POST',
        path: `/api/admin/approve-project/${projectId}`,
        cookie: cookies.admin,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    for (const [round, projectId] of seed.approvalProjects.entries()) {
      const held = round === APPROVAL_ROUNDS;
      const delay = held ? 0 : Math.floor(random() * 120);
      // The held round stops with the project updated, at the audit chain's lock (database-wide:
      // other writers of audit entries wait the few milliseconds it is held too).
      const lock = held ? await holdAdvisoryLock('pg_advisory_lock(724611)') : null;
      const s = server!;
      const sending = settle(approve(projectId));
      await arrived(s, 'POST', `/api/admin/approve-project/${projectId}`);
      if (lock) await lock.waiting();
      await sleep(delay);
      await s.kill();
      await lock?.release();
      await crashAndRestart();
      const first = await sending;

      const visible = (await getProject(projectId)).visible as boolean;
      if (first.res?.status === 200) expect(visible).toBe(true);
      // Updated but never committed: rolled back, with no audit entry to go with it.
      if (held) expect(visible).toBe(false);
      // The admin tries again: approved once, whichever side of the commit the crash fell.
      const retry = await approve(projectId);
      expect(retry.status).toBe(visible ? 409 : 200);
      expect(await getProject(projectId)).toMatchObject({ visible: true, payment_status: 'paid' });
      outcomes.push(
        `approval ${round + 1} killed ${held ? 'with the project updated, before its audit entry' : `${delay} ms after it arrived`}: ${visible ? 'approved before the crash' : 'untouched, approved on retry'} (first answer ${first.res?.status ?? first.error?.message})`,
      );
    }
  });

  it('after the crashes: the server stops cleanly, every table reads, no half-written rows, and the audit chain verifies', async () => {
    expect(await server!.stop()).toBe(0);
    server = null;
    const runtime = await openRuntime(config());
    try {
      const db: Db = runtime.database.db;
      // Every table of the schema reads through.
      const tables = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
      expect(tables.rows.length).toBeGreaterThan(10);
      for (const { name } of tables.rows) {
        await sql`select count(*) from ${sql.table(name)}`.execute(db);
      }

      const actions = async (projectId: string) =>
        (
          await db
            .selectFrom('audit_log')
            .select('action')
            .where('target_id', '=', projectId)
            .orderBy('id')
            .execute()
        ).map((a) => a.action);
      const notifications = (projectId: string) =>
        db.selectFrom('notification').select('type').where('related_id', '=', projectId).execute();

      // The upload: one document, one audit entry, and on disk exactly the files rows name.
      const documents = await db
        .selectFrom('project_document')
        .select(['project_id', 'storage_key', 'size_bytes'])
        .execute();
      expect(documents).toEqual([
        { project_id: seed.uploadProject, storage_key: expect.any(String), size_bytes: UPLOAD_BYTES },
      ]);
      expect(readdirSync(uploadsDir)).toEqual([documents[0]!.storage_key]);
      expect(await actions(seed.uploadProject)).toEqual(['project.created', 'document.uploaded']);

      // Each webhook: one event row, one completed payment, one move, one notification, one e-mail.
      for (const event of webhookEvents) {
        expect(
          await db
            .selectFrom('payment_event')
            .select('event_id')
            .where('event_id', '=', event.eventId)
            .execute(),
        ).toHaveLength(1);
        expect(
          await db
            .selectFrom('payment')
            .select(['status', 'provider_reference', 'amount_cents'])
            .where('project_id', '=', event.projectId)
            .execute(),
        ).toEqual([
          { status: 'completed', provider_reference: event.intentId, amount_cents: LISTING_FEE_CENTS },
        ]);
        expect(await actions(event.projectId)).toEqual(['project.created', 'payment.succeeded']);
        expect(await notifications(event.projectId)).toEqual([{ type: 'payment_success' }]);
        const mails = await db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute();
        expect(mails.filter((m) => JSON.stringify(m.payload).includes(event.intentId))).toHaveLength(1);
      }

      // Each approval: published, with exactly one approval entry and one notification.
      for (const projectId of seed.approvalProjects) {
        const project = await db
          .selectFrom('project')
          .select(['visible', 'payment_status', 'submission_status'])
          .where('id', '=', projectId)
          .executeTakeFirstOrThrow();
        expect(project).toEqual({ visible: true, payment_status: 'paid', submission_status: 'submitted' });
        expect(await actions(projectId)).toEqual(['project.created', 'project.approved']);
        expect(await notifications(projectId)).toHaveLength(1);
      }

      const entries = await db
        .selectFrom('audit_log')
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: Number(entries.n) });
    } finally {
      await runtime.close();
    }
  });
}

describeOnEmbedded('faults: SIGKILL and restart (embedded database)', () => faultSuite('embedded'));

describeOnEmbedded('faults: the embedded data folder lock after a crash', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  /** A data folder whose lock looks held right now (touched this instant) by `owner`. */
  function lockedBy(owner: { pid: number; host: string }) {
    const dir = mkdtempSync(join(tmpdir(), 'plinth-faults-lock-'));
    folders.push(dir);
    mkdirSync(join(dir, '.lock'));
    writeFileSync(join(dir, '.lock-owner'), JSON.stringify(owner));
    return dir;
  }
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

  it('lock: a holder that no longer runs on this host is taken over at once, and the release removes it all', async () => {
    const dir = lockedBy({ pid: deadPid(), host: hostname() });
    const unlock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, '.lock-owner'), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
    });
    await unlock();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lock: a running holder, a holder on another host, or this process itself still stops the start', async () => {
    await expect(lockDataDir(lockedBy({ pid: process.ppid, host: hostname() }))).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    await expect(lockDataDir(lockedBy({ pid: deadPid(), host: 'another-host' }))).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    const dir = mkdtempSync(join(tmpdir(), 'plinth-faults-lock-'));
    folders.push(dir);
    const unlock = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await unlock();
    }
  });
});

describeOnPostgres('faults: SIGKILL and restart (PostgreSQL)', () => {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
  faultSuite('postgres');
});
