import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { sweepUnfinishedUploads } from './adapters/storage/local-file-storage';
import { buildApp } from './app';
import { serveSnapshots } from './backup/control';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { type DemoSeed, demoBanner, seedDemoData } from './db/seed/demo';
import {
  FirstStartError,
  isNewEmbeddedFolder,
  PREPARE_FLAG,
  prepareInChildProcess,
  reportPrepared,
} from './first-start';
import { describeListening } from './http/listen-address';
import { openRuntime } from './runtime';
import { mapStackTracesOnDemand } from './stack-traces';

async function main() {
  // Stack traces name our TypeScript lines, the source maps read only when one is printed (decision 075).
  mapStackTracesOnDemand(import.meta.url);
  const config = loadConfig();
  const seedDemo = process.argv.includes('--seed-demo');
  if (process.argv.includes(PREPARE_FLAG)) return prepareDataFolder(config, seedDemo);
  // The first line out: where this server listens, before anything else is logged (decision 045).
  process.stdout.write(`${describeListening(config.HOST, config.PORT)}\n`);
  // A new embedded folder is migrated and seeded by a child process, whose memory then goes (decision 084).
  const prepared = isNewEmbeddedFolder(config) ? await prepareInChildProcess(seedDemo) : null;
  const runtime = await openRuntime(config);
  const app = await buildApp({ config, database: runtime.database, authSecret: runtime.authSecret });
  if (!config.S3_BUCKET) {
    // Temporary files of uploads a killed server never finished (with S3 a bucket lifecycle rule
    // removes unfinished multipart uploads instead: decision 022).
    const swept = sweepUnfinishedUploads(resolve(config.DATA_DIR, 'uploads'));
    if (swept.files > 0) app.log.info(swept, 'uploads: removed the temporary files of unfinished uploads');
  }

  if (seedDemo) {
    const seeded = await seedDemoData(app);
    // Made by this start's child: the banner says so.
    if (seeded)
      process.stdout.write(
        demoBanner({ ...seeded, isCreatedNow: prepared?.seeded?.isCreatedNow ?? seeded.isCreatedNow }),
      );
  }

  // `npm run backup` asks the server that holds the embedded database for its snapshot (decision 038).
  let stopSnapshots = async () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.outbox.stop();
      await app.jobs.stop();
      await stopSnapshots();
      await app.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  app.outbox.start();
  if (!config.DATABASE_URL) {
    stopSnapshots = await serveSnapshots({
      db: runtime.database.db,
      config,
      onError: (err) => app.log.error({ err }, 'backup: the snapshot failed'),
    });
  }
  app.subscriptionExpiry.start();
  app.accessExpiry.start();
  app.idempotencyCleanup.start();
  await app.jobs.start();
  process.stdout.write(
    `\nPlinth is running at ${config.BASE_URL}  (API docs: ${config.BASE_URL}/api/docs)\n${describeListening(config.HOST, port)}\n`,
  );
  if (config.DEV_MAIL) {
    process.stdout.write(`E-mails are kept in the dev inbox, for admins: ${config.BASE_URL}/dev/mail\n`);
  } else if (!config.SMTP_URL) {
    process.stdout.write('E-mails are not delivered: set SMTP_URL (or DEV_MAIL=on for the dev inbox)\n');
  }
}

/** The first start's child (first-start.ts): make, migrate and seed the folder, report, and exit. */
async function prepareDataFolder(config: Config, seedDemo: boolean) {
  const runtime = await openRuntime(config);
  let seeded: DemoSeed | null = null;
  if (seedDemo) {
    const app = await buildApp({ config, database: runtime.database, authSecret: runtime.authSecret });
    seeded = await seedDemoData(app);
    await app.close();
  }
  await runtime.close();
  await reportPrepared({ seeded });
  process.exit(0);
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof FirstStartError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
