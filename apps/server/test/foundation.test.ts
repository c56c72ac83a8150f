import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTransport } from '../src/adapters/mail/mail';
import { enqueueEmail } from '../src/adapters/mail/mail';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { lockDataDir } from '../src/db/lock';
import { migrateToLatest } from '../src/db/migrate';
import { createOutboxWorker, MAX_ATTEMPTS } from '../src/jobs/outbox-worker';
import { BASE_URL, buildTestApp, type TestApp } from './helpers';
import { serverBuild } from './support/server-build';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const onPostgres = process.env.PLINTH_TEST_DB === 'postgres';

describe('config', () => {
  it('loadConfig: defaults give the embedded set-up on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', BASE_URL: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REQUIRE_EMAIL_VERIFICATION).toBe(false);
  });

  it('loadConfig: without BASE_URL the address follows PORT (banner, e-mail links, sign-in origin); BASE_URL wins', () => {
    expect(loadConfig({ PORT: '3005' }).BASE_URL).toBe('http://localhost:3005');
    expect(loadConfig({ PORT: '3005', BASE_URL: 'https://plinth.example' }).BASE_URL).toBe(
      'https://plinth.example',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REQUIRE_EMAIL_VERIFICATION: 'maybe' }, 'REQUIRE_EMAIL_VERIFICATION'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
  ])('loadConfig: a bad %o stops start-up naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  afterAll(() => t.close());

  it('REQUIRE_EMAIL_VERIFICATION=true: sign-in waits for the link in the e-mail, then succeeds', async () => {
    const body = { name: 'Vera Verify', email: 'vera@example.com', password: 'long-enough-pw' };
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: BASE_URL },
      payload: body,
    });
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: BASE_URL },
        payload: { email: body.email, password: body.password },
      });
    expect((await signIn()).statusCode).toBe(403);

    const mail = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'email')
      .execute();
    const text = mail
      .map((m) => m.payload as { to: string; text: string })
      .find((m) => m.to === body.email)!.text;
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    const verify = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBeLessThan(400);
    expect((await signIn()).statusCode).toBe(200);
  });
});

describe('outbox worker', () => {
  it('outbox: a failing transport is retried with back-off and given up after MAX_ATTEMPTS', async () => {
    const database = await openDatabase({ kind: 'memory' });
    await migrateToLatest(database);
    let calls = 0;
    const failing: MailTransport = {
      name: 'smtp',
      send: async () => {
        calls++;
        throw new Error('SMTP server said no');
      },
    };
    const silent = { warn: () => {}, error: () => {} } as never;
    const worker = createOutboxWorker({ db: database.db, mail: failing, log: silent });
    await enqueueEmail(database.db, { to: 'a@example.com', subject: 'Hello', text: 'Hi' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await worker.drainOnce()).toBe(1);
      // Not due again until its back-off passes: nothing more to do right now.
      expect(await worker.drainOnce()).toBe(0);
      await database.db
        .updateTable('outbox')
        .set({ run_after: new Date(0) })
        .execute();
    }
    const row = await database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'SMTP server said no',
    });
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await worker.drainOnce()).toBe(0);
    await database.close();
  });
});

// The CLI on a PGlite folder: the embedded suite only (the PostgreSQL suite has no data folder).
if (!onPostgres) {
  describe('npm run create-admin', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'plinth-create-admin-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const createAdmin = (...args: string[]) =>
      spawnSync(process.execPath, [join(serverBuild(), 'cli.js'), 'create-admin', ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });

    it('create-admin: makes an admin and prints a generated password when none is given', async () => {
      const run = createAdmin('--email', 'Boss@Example.com', '--name', 'The Boss');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Admin created: boss@example\.com\nGenerated password: \S{20}\n$/);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const user = await database.db
        .selectFrom('user')
        .select(['role', 'approved', 'email_verified'])
        .where('email', '=', 'boss@example.com')
        .executeTakeFirstOrThrow();
      await database.close();
      expect(user).toEqual({ role: 'admin', approved: true, email_verified: true });
    });

    it('create-admin: a second admin with the same e-mail, a missing name, or a short password is refused', () => {
      expect(createAdmin('--email', 'boss@example.com', '--name', 'Again').status).toBe(1);
      expect(createAdmin('--email', 'x@example.com').status).toBe(2);
      expect(createAdmin('--email', 'y@example.com', '--name', 'Y', '--password', 'short').status).toBe(2);
    });

    it('create-admin: stops with a clear message while the server holds the data folder', async () => {
      const unlock = await lockDataDir(dataDir);
      try {
        const run = createAdmin('--email', 'z@example.com', '--name', 'Z');
        expect(run.status).toBe(1);
        expect(run.stderr).toContain('is in use by another Plinth process');
      } finally {
        await unlock();
      }
    });
  });
}
