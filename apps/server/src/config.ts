import { z } from 'zod';

/**
 * The environment, parsed once at start-up. Nothing else reads process.env; a bad value stops
 * start-up with a message naming the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where people reach the app; without it, http://localhost on PORT. */
  BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  DATABASE_SCHEMA: optionalText,
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag,
  AUTH_RATE_LIMIT: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default('Plinth <no-reply@plinth.local>'),
  // On: without SMTP_URL, e-mails are kept and an admin reads them at /dev/mail. Off unless switched
  // on (npm start does, for its demo): the inbox holds every reset link (decision 045).
  DEV_MAIL: z
    .enum(['on', 'off'])
    .default('off')
    .transform((v) => v === 'on'),
  // Off: every read goes to the database (to measure or debug the uncached path).
  READ_CACHE: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  // Off: the marketplace is answered by the SQL statements, not the search index (to diagnose one
  // against the other; docs/decisions/031-marketplace-search-index.md).
  MARKET_INDEX: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  // BrokerAI through an OpenAI-compatible endpoint (issue 35 item 5; decision 065): OPENAI_* as the
  // issue names them, AI_* kept as documented aliases (an AI_* value wins where both are set).
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_PROVIDER_ID: z.string().default('oidc'),
  OIDC_PROVIDER_NAME: z.string().default('Single sign-on'),
  // Object storage for uploaded files; without S3_BUCKET they stay in DATA_DIR/uploads.
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText.refine(
    (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    'must be an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText.transform((v) => v ?? 'ap-southeast-2'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'BASE_URL'> & { BASE_URL: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  // The address people reach the app at, by default the port it listens on: links in e-mails,
  // the sign-in origin check and the start banner all follow PORT unless BASE_URL says otherwise.
  const config = { ...result.data, BASE_URL: result.data.BASE_URL ?? `http://localhost:${result.data.PORT}` };
  if (config.OIDC_ISSUER && !(config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  OIDC_CLIENT_ID: required (with OIDC_CLIENT_SECRET) when OIDC_ISSUER is set',
    );
  }
  if (config.DEV_MAIL && config.SMTP_URL) {
    throw new ConfigError(
      'Invalid environment configuration:\n  DEV_MAIL: must be off when SMTP_URL is set (e-mails are then delivered, not kept for the dev inbox)',
    );
  }
  config.AI_BASE_URL ??= config.OPENAI_BASE_URL;
  config.AI_API_KEY ??= config.OPENAI_API_KEY;
  config.AI_MODEL ??= config.OPENAI_MODEL;
  // A key and a model with no address: OpenAI's own endpoint, as its SDK defaults to.
  if (!config.AI_BASE_URL && config.AI_API_KEY && config.AI_MODEL)
    config.AI_BASE_URL = 'https://api.openai.com/v1';
  if (config.AI_BASE_URL && !config.AI_MODEL) {
    throw new ConfigError(
      'Invalid environment configuration:\n  OPENAI_MODEL: required when OPENAI_BASE_URL is set (the model to ask; AI_MODEL and AI_BASE_URL are aliases)',
    );
  }
  const s3Problems = s3ConfigProblems(config);
  if (s3Problems.length > 0) {
    throw new ConfigError(
      `Invalid environment configuration:\n${s3Problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  return config;
}

/** S3 storage needs the bucket and both keys together; a part of it alone is a mistake, not local storage. */
function s3ConfigProblems(config: Config): string[] {
  if (config.S3_BUCKET) {
    return (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      .filter((name) => !config[name])
      .map((name) => `${name}: required when S3_BUCKET is set`);
  }
  const without = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => config[name],
  );
  return without.length > 0 ? [`S3_BUCKET: required when ${without.join(', ')} is set`] : [];
}
