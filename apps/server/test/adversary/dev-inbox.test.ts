import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { describeListening } from '../../src/http/listen-address';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { dropSchema, freePort, request, type ServerProcess, startServer } from '../support/server-process';

// The dev inbox lists every e-mail the app sends, reset links included: it exists only when
// switched on (DEV_MAIL=on), and then answers a signed-in admin only (decision 045).

describe.each([
  ['production', { NODE_ENV: 'production' }],
  ['development', { NODE_ENV: 'development' }],
])('the dev inbox without DEV_MAIL (%s)', (_, env) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(env);
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it.each(['GET', 'HEAD'] as const)(
    '%s /dev/mail does not exist: 404 to a stranger and to an admin',
    async (method) => {
      expect((await t.app.inject({ method, url: '/dev/mail' })).statusCode).toBe(404);
      expect((await as(t.app, admin, { method, url: '/dev/mail' })).statusCode).toBe(404);
    },
  );
});

describe('the dev inbox with DEV_MAIL=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', DEV_MAIL: 'on' });
  });
  afterAll(() => t?.close());

  it('a stranger: 401, and nothing of the inbox', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/dev/mail' });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('inbox');
    }
  });

  it('a signed-in funder or developer: 403', async () => {
    for (const role of ['funder', 'borrower'] as const) {
      const user = await createUser(t.app, { role, profile: 'default' });
      const res = await as(t.app, user, { method: 'GET', url: '/dev/mail' });
      expect(res.statusCode, role).toBe(403);
      expect(res.body).not.toContain('inbox');
    }
  });

  it('a signed-in admin reads it, never cached', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await as(t.app, admin, { method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Development inbox</h1>');
  });
});

describe('DEV_MAIL in the configuration', () => {
  it('is off unless switched on, in every environment', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(loadConfig({ NODE_ENV }).DEV_MAIL).toBe(false);
    }
    expect(loadConfig({ DEV_MAIL: 'on' }).DEV_MAIL).toBe(true);
    expect(loadConfig({ DEV_MAIL: 'off' }).DEV_MAIL).toBe(false);
  });

  it('a value other than on or off stops start-up naming the variable', () => {
    expect(() => loadConfig({ DEV_MAIL: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_MAIL: 'yes' })).toThrow(/DEV_MAIL/);
  });

  it('beside SMTP_URL it stops start-up: e-mails are then delivered, not kept', () => {
    const start = () => loadConfig({ DEV_MAIL: 'on', SMTP_URL: 'smtp://mail.example.com:587' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      'Invalid environment configuration:\n  DEV_MAIL: must be off when SMTP_URL is set (e-mails are then delivered, not kept for the dev inbox)',
    );
  });

  it('the production entry listens on every interface unless HOST says otherwise, and says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(describeListening('0.0.0.0', 3000)).toBe(
      'Plinth listens on 0.0.0.0, port 3000: every network interface, so anyone who can reach this machine can reach Plinth (HOST=127.0.0.1 keeps it to this machine)',
    );
    expect(describeListening('127.0.0.1', 3000)).toBe(
      'Plinth listens on 127.0.0.1, port 3000: this machine only (HOST=0.0.0.0 opens it to the network)',
    );
  });
});

describe('the production entry (main.ts, NODE_ENV=production, no DEV_MAIL)', () => {
  const onPostgres = process.env.PLINTH_TEST_DB === 'postgres';
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const dataDir = join(tmpdir(), `plinth-dev-inbox-${randomUUID()}`);
  const schema = onPostgres ? `devinbox_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startServer(port, {
      DATA_DIR: dataDir,
      ...(onPostgres
        ? {
            DATABASE_URL: postgresUrl!,
            DATABASE_SCHEMA: schema!,
            AUTH_SECRET: 'dev-inbox-test-secret-0123456789-abcdefgh',
          }
        : {}),
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropSchema(postgresUrl!, schema);
  });

  it('its first line says where it listens (address and port)', () => {
    expect(server.log[0]?.msg).toBe(describeListening('127.0.0.1', port));
    expect(server.log[0]?.msg).toContain(`127.0.0.1, port ${port}`);
  });

  it('it has no dev inbox: /dev/mail is 404, and its banner says e-mails are not delivered', async () => {
    const res = await request(server.baseUrl, { method: 'GET', path: '/dev/mail' });
    expect(res.status).toBe(404);
    expect(
      server.log.some(
        (line) => line.msg === 'E-mails are not delivered: set SMTP_URL (or DEV_MAIL=on for the dev inbox)',
      ),
    ).toBe(true);
    expect(server.log.some((line) => line.msg?.includes('/dev/mail'))).toBe(false);
  });
});
