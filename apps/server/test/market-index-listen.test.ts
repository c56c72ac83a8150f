import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SILENT_AFTER_MS } from '../src/db/change-tracker';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { BASE_URL, buildTestApp, createUser, type TestApp } from './helpers';
import { buildAppsSharingOneSchema } from './support/events';
import { createFunder, financials, listedProject, market } from './support/marketplace';

// Issue 20 item 4 (decision 031): the page cache in front of the search index trusts LISTEN to
// hear other processes' writes, and checks that it still does: the LISTEN connection pings itself
// every half second, and once a ping is overdue (1.5 s) no cached page is served until one comes.
// Two server processes on one PostgreSQL, in the PostgreSQL run only.

/**
 * A TCP relay to PostgreSQL that can stall the connections that LISTEN: what the server sends
 * them is dropped, and nothing is closed (a NAT or a balancer that lost the flow, a frozen primary).
 */
async function stallingRelay(target: URL) {
  const listening = new Set<Socket>();
  const stalled = new WeakSet<Socket>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      if (data.includes('listen plinth_table_changes')) listening.add(client);
      upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!stalled.has(client)) client.write(data);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.href,
    stallListeners: () => {
      for (const socket of listening) stalled.add(socket);
      return listening.size;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const shared = (app: FastifyInstance) => ({ app, database: { db: app.deps.db } }) as unknown as TestApp;

const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('the page cache checks that LISTEN still hears (PostgreSQL)', () => {
    it("with the other process's LISTEN backend terminated, a listing changed is served by it within 2 s", async () => {
      const { apps, close } = await buildAppsSharingOneSchema(postgresUrl, 2);
      try {
        const [appA, appB] = apps as [FastifyInstance, FastifyInstance];
        const owner = await createUser(appA, { role: 'borrower', profile: 'default' });
        const funder = await createFunder(shared(appA), 'active');
        const project = await listedProject(shared(appA), owner, financials(2_000_000, 300_000));
        const onB = async () => (await market(appB, funder, { limit: 100 })).json().items.length;
        expect(await onB()).toBe(1);
        expect((await market(appB, funder, { limit: 100 })).headers['x-read-cache']).toBe('hit');

        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
          appA.deps.db,
        );
        const killed = await sql<{ pid: number }>`
          select pid from pg_stat_activity, pg_terminate_backend(pid)
          where application_name = ${`plinth listen ${rows[0]!.schema}`}`.execute(appA.deps.db);
        expect(killed.rows.length).toBeGreaterThanOrEqual(2);
        await appA.deps.db
          .updateTable('project')
          .set({ visible: false })
          .where('id', '=', project.id)
          .execute();
        const changed = performance.now();
        await expect.poll(onB, { timeout: 2000, interval: 50 }).toBe(0);
        expect(performance.now() - changed).toBeLessThan(2000);
      } finally {
        await close();
      }
    });

    it("with the other process's LISTEN connection stalled without a word, a listing changed is served by it within 2 s", async () => {
      const first = await buildAppsSharingOneSchema(postgresUrl, 1);
      const appA = first.apps[0]!;
      const relay = await stallingRelay(new URL(postgresUrl));
      const dataDir = mkdtempSync(join(tmpdir(), 'plinth-api-test-'));
      let database: DatabaseHandle | undefined;
      let appB: FastifyInstance | undefined;
      try {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
          appA.deps.db,
        );
        // App B reaches the same schema through the relay.
        database = await openDatabase({ kind: 'postgres', url: relay.url, schema: rows[0]!.schema });
        appB = await buildApp({
          config: loadConfig({
            DATA_DIR: dataDir,
            NODE_ENV: 'test',
            BASE_URL,
            LOG_LEVEL: 'silent',
            WEB_DIST: '/nonexistent-web-dist',
          }),
          database,
          authSecret: 'test-secret-0123456789-abcdefghijklmnop',
          logger: false,
        });
        await appB.ready();
        const owner = await createUser(appA, { role: 'borrower', profile: 'default' });
        const funder = await createFunder(shared(appA), 'active');
        const project = await listedProject(shared(appA), owner, financials(2_000_000, 300_000));
        const b = appB;
        const onB = async () => (await market(b, funder, { limit: 100 })).json().items.length;
        expect(await onB()).toBe(1);
        expect((await market(b, funder, { limit: 100 })).headers['x-read-cache']).toBe('hit');

        expect(relay.stallListeners()).toBe(1);
        await appA.deps.db
          .updateTable('project')
          .set({ visible: false })
          .where('id', '=', project.id)
          .execute();
        const changed = performance.now();
        await expect.poll(onB, { timeout: 2000, interval: 50 }).toBe(0);
        expect(performance.now() - changed).toBeLessThan(2000);
      } finally {
        await appB?.close();
        await database?.close();
        await relay.close();
        rmSync(dataDir, { recursive: true, force: true });
        await first.close();
      }
    });
  });
}

describe('the page cache while LISTEN is alive', () => {
  it('keeps serving a page from memory past the silence limit: the pings (PostgreSQL) prove the connection, and an embedded PGlite has no other writer', async () => {
    const t = await buildTestApp();
    try {
      const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
      const funder = await createFunder(t, 'active');
      await listedProject(t, owner, financials(2_000_000, 300_000));
      expect((await market(t.app, funder, { limit: 100 })).headers['x-read-cache']).toBe('miss');
      await new Promise((resolve) => setTimeout(resolve, SILENT_AFTER_MS + 500));
      expect((await market(t.app, funder, { limit: 100 })).headers['x-read-cache']).toBe('hit');
    } finally {
      await t.close();
    }
  });
});
