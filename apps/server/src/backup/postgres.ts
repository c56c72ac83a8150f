import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import type { Config } from '../config';
import { BackupError, type SnapshotFacts } from './manifest';
import { type QueryRows, readSnapshotFacts } from './snapshot-facts';
import { copyStoredFiles } from './stored-files';

/**
 * PostgreSQL's snapshot is pg_dump's (decision 038), taken in a transaction of our own whose
 * snapshot pg_dump shares (`--snapshot`), so the row counts and the uploads read here describe the
 * very data it dumps. The document tables are locked against writes (SHARE) before that snapshot is
 * taken and until the dump is done: an upload or a deletion waits, so no file the snapshot names
 * is removed before it is copied. Every other write goes on.
 */
export async function snapshotPostgres(
  config: Config,
  stagingDir: string,
): Promise<SnapshotFacts & { schema: string; extensions: string[] }> {
  const client = await connect(config);
  try {
    const schema = await schemaOf(client, config);
    await client.query('begin isolation level repeatable read');
    // The first statement: the lock is granted before the transaction's snapshot exists.
    await client.query('lock table project_document, deal_document in share mode');
    const [{ id }] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows as [
      { id: string },
    ];
    const facts = await readSnapshotFacts(queryWith(client));
    // A schema's dump leaves out the extensions its indexes use (pg_trgm, in public).
    const extensions = (
      await client.query<{ name: string }>(
        "select extname as name from pg_extension where extname <> 'plpgsql'",
      )
    ).rows.map((row) => row.name);
    await copyStoredFiles(config, facts.files, join(stagingDir, 'files'));
    mkdirSync(join(stagingDir, 'db'), { recursive: true });
    const { url, env } = libpq(config.DATABASE_URL!);
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--schema=${schema}`,
        `--snapshot=${id}`,
        '--no-owner',
        '--no-privileges',
        `--file=${join(stagingDir, 'db', 'postgres.dump')}`,
        `--dbname=${url}`,
      ],
      env,
    );
    await client.query('commit');
    return { ...facts, schema, extensions };
  } finally {
    await client.end();
  }
}

/**
 * Loads the dump into the target database in one transaction (psql --single-transaction): its
 * schema must be empty. A dump of another schema's name is loaded under that name and renamed, so
 * that name must be free in the target database.
 */
export async function restorePostgres(
  config: Config,
  dumpPath: string,
  source: { schema: string; extensions: string[] },
) {
  const sourceSchema = source.schema;
  const client = await connect(config);
  let target: string;
  let targetExists: boolean;
  try {
    target = await schemaOf(client, config);
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = $1`,
      [target],
    );
    if (rows[0]!.n > 0) {
      throw new BackupError(
        `The database schema "${target}" is not empty (${rows[0]!.n} tables, sequences or indexes): restore only into an empty database or schema.`,
      );
    }
    targetExists = Boolean(
      (await client.query('select 1 from pg_namespace where nspname = $1', [target])).rowCount,
    );
    if (sourceSchema !== target) {
      const taken = await client.query('select 1 from pg_namespace where nspname = $1', [sourceSchema]);
      if (taken.rowCount) {
        throw new BackupError(
          `The backup holds schema "${sourceSchema}", which already exists in the target database: restore with DATABASE_SCHEMA=${sourceSchema}, or into another database.`,
        );
      }
    }
  } finally {
    await client.end();
  }
  const { url, env } = libpq(config.DATABASE_URL!);
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // The same name: the (empty) schema stays and the dump's CREATE SCHEMA is left out. Another
  // name: the empty target goes, and the dump's schema is renamed to it at the end.
  const keepsSchema = sourceSchema === target && targetExists;
  const before = [
    ...source.extensions.map((name) => `create extension if not exists ${quote(name)} with schema public;\n`),
    sourceSchema === target ? '' : `drop schema if exists ${quote(target)};\n`,
  ].join('');
  const listing = keepsSchema ? await tableOfContents(dumpPath, sourceSchema, env) : null;
  const after =
    sourceSchema === target ? '' : `alter schema ${quote(sourceSchema)} rename to ${quote(target)};\n`;
  const script = spawn(
    'pg_restore',
    ['--no-owner', '--no-privileges', ...(listing ? [`--use-list=${listing}`] : []), '--file=-', dumpPath],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const psql = run(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`],
    env,
    async (stdin) => {
      stdin.write(before);
      for await (const chunk of script.stdout) {
        if (!stdin.write(chunk)) await once(stdin, 'drain');
      }
      stdin.end(after);
    },
  );
  await Promise.all([exited(script, 'pg_restore'), psql]);
}

/** pg_restore's list of the dump's entries without the one that creates `schema`, as a file beside the dump. */
async function tableOfContents(
  dumpPath: string,
  schema: string,
  env: Record<string, string>,
): Promise<string> {
  const child = spawn('pg_restore', ['--list', dumpPath], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    text += chunk;
  });
  await exited(child, 'pg_restore');
  const createsSchema = new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${schema} `);
  const path = `${dumpPath}.list`;
  writeFileSync(
    path,
    text
      .split('\n')
      .filter((line) => !createsSchema.test(line))
      .join('\n'),
  );
  return path;
}

async function connect(config: Config): Promise<Client> {
  const pg = (await import('pg')).default;
  const schema = config.DATABASE_SCHEMA;
  const client = new pg.Client({
    connectionString: config.DATABASE_URL,
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
  });
  await client.connect();
  return client;
}

async function schemaOf(client: Client, config: Config): Promise<string> {
  if (config.DATABASE_SCHEMA) return config.DATABASE_SCHEMA;
  return (await client.query<{ name: string }>('select current_schema() as name')).rows[0]!.name;
}

const queryWith =
  (client: Client): QueryRows =>
  async <Row>(text: string) =>
    (await client.query(text)).rows as Row[];

/** The URL without its password (which would show in the process list) and the password for PGPASSWORD. */
function libpq(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client program; a failure carries what it wrote to stderr. */
function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  feed?: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  if (feed) feed(child.stdin!).catch((error: unknown) => child.kill() && child.emit('error', error));
  return exited(child, command);
}

function exited(child: ReturnType<typeof spawn>, name: string): Promise<void> {
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((done, fail) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new BackupError(
              `${name} was not found: install the PostgreSQL client programs (pg_dump, pg_restore, psql).`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) done();
      else fail(new BackupError(`${name} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
