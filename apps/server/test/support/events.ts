import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEvent } from '@plinth/domain/events';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { dropSchemaExclusively, migrateToLatest } from '../../src/db/migrate';
import { BASE_URL, type TestUser } from '../helpers';

/** Listens on a free port of the loopback interface and answers with the address to fetch. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Everything read so far, as text (the `retry:` hint and comments included). */
  readonly raw: string;
  /** The next live event that matches, or an error after `timeoutMs`. */
  next(match?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/events over real HTTP and parses the `data:` lines as they stream in. */
export async function openEventStream(baseUrl: string, user: TestUser): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: user.cookie, origin: BASE_URL, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let raw = '';
  let buffer = '';

  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        raw += text;
        buffer += text;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) received.push(JSON.parse(data) as LiveEvent);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  ended.catch(() => {});

  return {
    status: res.status,
    headers: res.headers,
    get raw() {
      return raw;
    },
    ended,
    next(match = () => true, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = received.findIndex(match);
          if (index < 0) return false;
          const [event] = received.splice(index, 1);
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(event!);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no matching live event within ${timeoutMs} ms (received: ${JSON.stringify(received)})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => abort.abort(),
  };
}

export interface SharedSchemaApps {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * Like buildTestApp, but several apps on ONE PostgreSQL schema, each with its own database
 * handle (pool and LISTEN connection): separate server processes as far as the database can tell.
 */
export async function buildAppsSharingOneSchema(
  postgresUrl: string,
  count: number,
): Promise<SharedSchemaApps> {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    BASE_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
  });
  const databases: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl, schema });
    if (i === 0) await migrateToLatest(database);
    databases.push(database);
    const app = await buildApp({
      config,
      database,
      authSecret: 'test-secret-0123456789-abcdefghijklmnop',
      logger: false,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await dropSchemaExclusively(client, schema);
      await client.end();
    },
  };
}
