import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the offline sandbox. The Stripe SDK is imported
 * only then (issue 12 item 8: memory at rest).
 */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe-provider');
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    });
  }
  let key: Buffer | undefined;
  return createSandboxProvider({
    db,
    signingKey: () => {
      key ??= sandboxSigningKey(config);
      return key;
    },
  });
}

/**
 * The key the sandbox derives client secrets from. AUTH_SECRET when set (required with PostgreSQL,
 * so every API process shares it); otherwise a key made once and kept in DATA_DIR beside the
 * embedded database, so client secrets outlive a restart.
 */
function sandboxSigningKey(config: Config): Buffer {
  if (config.AUTH_SECRET) return Buffer.from(config.AUTH_SECRET);
  const file = resolve(config.DATA_DIR, 'sandbox-payments-key');
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': never overwrite a key another process wrote first.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}
