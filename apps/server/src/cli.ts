import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { backup } from './backup/backup';
import { BackupError } from './backup/manifest';
import { restore } from './backup/restore';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { verifyAuditChain } from './modules/audit/audit.service';
import { createAccount, generatePassword } from './modules/users/accounts';
import { openRuntime } from './runtime';

const usage = `Usage:
  npm run create-admin -- --email E --name N [--password P]
  npm run verify-audit
  npm run backup -- FILE
  npm run restore -- FILE`;

/** Command-line tasks that work on the same database as the server (and respect its lock). */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'create-admin') return createAdmin(rest);
  if (command === 'verify-audit') return verifyAudit(rest);
  if (command === 'backup') return backupTo(rest);
  if (command === 'restore') return restoreFrom(rest);
  console.error(usage);
  process.exit(2);
}

/** Recomputes the audit log's hash chain; exit 1 names the first entry that does not match. */
async function verifyAudit(rest: string[]) {
  if (rest.length > 0) {
    console.error(usage);
    process.exit(2);
  }
  const runtime = await openRuntime(loadConfig());
  let check: Awaited<ReturnType<typeof verifyAuditChain>>;
  try {
    check = await verifyAuditChain(runtime.database.db);
  } finally {
    await runtime.close();
  }
  if (check.ok) {
    process.stdout.write(`Audit chain intact: ${check.entries} entries\n`);
    return;
  }
  console.error(`Audit chain broken at entry ${check.brokenId}: ${check.why}`);
  process.exit(1);
}

/** One archive of the database and the uploads; works while the server runs (decision 038). */
async function backupTo(rest: string[]) {
  if (rest.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const started = performance.now();
  const summary = await backup(loadConfig(), rest[0]!);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const size = (statSync(summary.file).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `Backup written: ${summary.file} (${size} MB, ${seconds} s): ${summary.rows} rows in ${summary.tables} tables, ${summary.files} files; snapshot taken by ${summary.takenBy}\n`,
  );
}

/** Into an empty data folder or database only; checks the archive and what it restored. */
async function restoreFrom(rest: string[]) {
  if (rest.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const started = performance.now();
  const summary = await restore(loadConfig(), rest[0]!);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Restored in ${seconds} s: ${summary.rows} rows and ${summary.files} files, checked against the manifest; audit chain intact (${summary.auditEntries} entries)\n`,
  );
}

async function createAdmin(rest: string[]) {
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.email || !values.name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    console.error(`A valid --email and a --name are required.\n${usage}`);
    process.exit(2);
  }
  if (values.password !== undefined && values.password.length < 8) {
    console.error('The password must be at least 8 characters.');
    process.exit(2);
  }
  const config = loadConfig();
  const runtime = await openRuntime(config);
  try {
    const app = await buildApp({
      config,
      database: runtime.database,
      authSecret: runtime.authSecret,
      logger: false,
    });
    const password = values.password ?? generatePassword();
    await createAccount(app.deps, { email: values.email, name: values.name, password, role: 'admin' });
    await app.close();
    process.stdout.write(
      `Admin created: ${values.email.toLowerCase()}\n${values.password ? '' : `Generated password: ${password}\n`}`,
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError)
    console.error(error.message);
  else if (error?.code === 'CONFLICT') console.error(error.message);
  else console.error(error);
  process.exit(1);
});
