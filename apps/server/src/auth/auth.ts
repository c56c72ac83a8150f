import { betterAuth } from 'better-auth';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueEmail } from '../adapters/mail/mail';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { renderEmail } from '../emails/render';
import { resetPassword, verifyEmail } from '../emails/templates/account';

/** The header our Fastify bridge fills with the socket's address, replacing anything a client sent. */
export const CLIENT_IP_HEADER = 'x-plinth-client-ip';

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * Better Auth on the app's own Kysely instance, with snake_case columns: e-mail and password,
 * e-mail verification and password reset through the outbox, database sessions in HttpOnly
 * cookies (Secure when BASE_URL is https), rate limits, bearer tokens for API clients, and an
 * optional OIDC provider (docs/decisions/004-auth.md).
 */
export function createAuth(config: Config, db: Db, secret: string, log: FastifyBaseLogger) {
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? genericOAuth({
          config: [
            {
              providerId: config.OIDC_PROVIDER_ID,
              discoveryUrl: `${config.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
              clientId: config.OIDC_CLIENT_ID,
              clientSecret: config.OIDC_CLIENT_SECRET,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
            },
          ],
        })
      : undefined;

  return betterAuth({
    appName: 'Plinth',
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    trustedOrigins: [config.BASE_URL],
    user: {
      modelName: 'user',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        // input: false — nobody can give themselves a role, approval or subscription at sign-up.
        role: { type: 'string', required: false, input: false },
        approved: { type: 'boolean', required: false, input: false, defaultValue: false },
        subscription_status: { type: 'string', required: false, input: false, defaultValue: 'none' },
      },
    },
    session: {
      modelName: 'session',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
    },
    account: {
      modelName: 'account',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verification',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await enqueueEmail(db, { to: user.email, ...(await renderEmail(resetPassword({ url }), user.name)) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueEmail(db, { to: user.email, ...(await renderEmail(verifyEmail({ url }), user.name)) });
      },
    },
    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT,
      window: 60,
      max: 100,
      storage: 'memory',
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Better Auth's own messages go to the request log, not the console.
    logger: {
      log: (level, message, ...args) => {
        log[level]({ betterAuth: args.length ? args : undefined }, message);
      },
    },
    plugins: [bearer(), ...(oidc ? [oidc] : [])],
  });
}

export type Auth = ReturnType<typeof createAuth>;
