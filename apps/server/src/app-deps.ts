import type { AssistantProvider } from './adapters/assistant/assistant-provider';
import type { MailTransport } from './adapters/mail/mail';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import type { FileStorage } from './adapters/storage/file-storage';
import type { Auth } from './auth/auth';
import type { Guards } from './auth/guards';
import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';
import type { AccessExpiryJob } from './jobs/access-expiry';
import type { IdempotencyCleanupJob } from './jobs/idempotency-cleanup';
import type { JobQueue } from './jobs/job-queue';
import type { OutboxWorker } from './jobs/outbox-worker';
import type { SubscriptionExpiryJob } from './jobs/subscription-expiry';

/**
 * The app's shared types, apart from app.ts that composes the modules: route and service modules
 * import these, so no module has to import the app that imports it.
 */

/** What every route module is given: no module reaches for globals. */
export interface AppDeps {
  config: Config;
  db: Db;
  driver: DatabaseHandle['driver'];
  auth: Auth;
  guards: Guards;
  mail: MailTransport;
  payments: PaymentProvider;
  storage: FileStorage;
  /** BrokerAI: the built-in analyst, or an OpenAI-compatible model when configured. */
  assistant: AssistantProvider;
  /** Jobs on the database's own queue (pg-boss): alert fan-out, digests, reminders. */
  jobs: JobQueue;
  /** Signs the links in e-mails that act without signing in (auth/signed-links.ts). */
  authSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    outbox: OutboxWorker;
    subscriptionExpiry: SubscriptionExpiryJob;
    accessExpiry: AccessExpiryJob;
    idempotencyCleanup: IdempotencyCleanupJob;
    jobs: JobQueue;
  }
}
