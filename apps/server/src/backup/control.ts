import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { snapshotEmbedded } from './embedded-snapshot';
import { BackupError, type SnapshotFacts } from './manifest';

/**
 * A running server holds the embedded database, so `npm run backup` asks it for the snapshot
 * (decision 038). The request goes to a listener of its own on 127.0.0.1 (never the public port,
 * never part of the API), and carries a token the server writes, readable by its owner only, into
 * DATA_DIR: whoever can read the data folder may take a copy of it, nobody else.
 */
const CONTROL_FILE = 'backup-control.json';

interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export interface SnapshotAnswer {
  /** The staging folder the server filled (db/pg and files/), inside DATA_DIR. */
  dir: string;
  facts: SnapshotFacts;
}

export const stagingFolder = (dataDir: string) => mkdtempSync(resolve(dataDir, '.backup-'));

/** Starts the snapshot listener of a server on the embedded database; resolves to its stop. */
export async function serveSnapshots(options: {
  db: Db;
  config: Config;
  onError: (error: unknown) => void;
}): Promise<() => Promise<void>> {
  const { db, config } = options;
  const token = randomBytes(32).toString('base64url');
  let isBusy = false;
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/snapshot') return answer(404, { error: 'not found' });
    if (!isToken(req.headers.authorization, token)) return answer(401, { error: 'wrong token' });
    if (isBusy) return answer(409, { error: 'a backup is already being taken' });
    isBusy = true;
    const dir = stagingFolder(config.DATA_DIR);
    snapshotEmbedded(db, config, dir)
      .then((facts) => answer(200, { dir, facts } satisfies SnapshotAnswer))
      .catch((error: unknown) => {
        rmSync(dir, { recursive: true, force: true });
        options.onError(error);
        answer(500, { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        isBusy = false;
      });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const file = resolve(config.DATA_DIR, CONTROL_FILE);
  const staging = `${file}.${process.pid}`;
  const { port } = server.address() as AddressInfo;
  writeFileSync(staging, JSON.stringify({ pid: process.pid, port, token } satisfies ControlFile), {
    mode: 0o600,
  });
  renameSync(staging, file);
  return async () => {
    if (readControlFile(config.DATA_DIR)?.token === token) rmSync(file, { force: true });
    await new Promise<void>((done) => server.close(() => done()));
  };
}

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readControlFile(dataDir: string): ControlFile | null {
  try {
    return JSON.parse(readFileSync(resolve(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
}

/** Asks the server holding DATA_DIR for a snapshot; null when no server has left its address. */
export async function askServerForSnapshot(dataDir: string): Promise<SnapshotAnswer | null> {
  const control = readControlFile(dataDir);
  if (!control) return null;
  const { status, body } = (await new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request({
      host: '127.0.0.1',
      port: control.port,
      method: 'POST',
      path: '/snapshot',
      headers: { authorization: `Bearer ${control.token}` },
    });
    req.on('error', fail);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      res.on('error', fail);
    });
    req.end();
  }).catch((error: NodeJS.ErrnoException) => {
    // The server named in the file is gone (killed): its lock goes stale and a backup can open the folder itself.
    if (error.code === 'ECONNREFUSED') return null;
    throw error;
  })) ?? { status: 0, body: '' };
  if (status === 0) return null;
  const parsed = JSON.parse(body) as SnapshotAnswer & { error?: string };
  if (status !== 200)
    throw new BackupError(`The running server could not take the snapshot: ${parsed.error}`);
  return parsed;
}
