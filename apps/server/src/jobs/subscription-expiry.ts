import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { Db } from '../db/database';
import { expireSubscriptions } from '../modules/subscriptions/subscriptions.service';
import { createMinuteJob, type MinuteJob } from './minute-job';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How long an active subscription outlives its period before the job ends it. Stripe charges the
 * renewal at the period's end and its invoice.paid (which extends the period) can come hours later,
 * or days later after a retried card; the sandbox renews in the same run, just before, so anything
 * still past its period then was not renewed and ends on time.
 */
export const renewalGraceMs = (provider: PaymentProvider['name']) => (provider === 'stripe' ? 3 * DAY : 0);

/**
 * runOnce renews what the provider renews here (the sandbox), then ends every subscription whose
 * period is over; it returns how many ended.
 */
export type SubscriptionExpiryJob = MinuteJob<number>;

/**
 * Every minute: first the renewals the provider leaves to us (`renew`: the sandbox charges the next
 * month of active subscriptions whose period ended), then cancelled subscriptions whose paid period
 * has ended, and active ones that were not renewed, become inactive (DESIGN.md section 8). Rows are
 * claimed with FOR UPDATE SKIP LOCKED and renewals carry fixed event ids, so several server
 * processes never end or charge one twice.
 */
export function createSubscriptionExpiryJob(deps: {
  db: Db;
  provider: PaymentProvider['name'];
  log: FastifyBaseLogger;
  renew: (now: Date) => Promise<number>;
}): SubscriptionExpiryJob {
  return createMinuteJob({
    run: async (now) => {
      const renewed = await deps.renew(now);
      if (renewed > 0) deps.log.info({ count: renewed }, 'subscriptions renewed');
      return expireSubscriptions({ db: deps.db, renewalGraceMs: renewalGraceMs(deps.provider) }, now);
    },
    log: deps.log,
    describe: (count) => (count > 0 ? { fields: { count }, message: 'subscriptions expired' } : undefined),
    failureMessage: 'subscription expiry failed',
  });
}
