import { randomBytes } from 'node:crypto';
import type { Profile } from '@plinth/domain/onboarding';
import type { Role } from '@plinth/domain/roles';
import { sql } from 'kysely';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { upsertProfile } from './users.repository';

export interface NewAccount {
  email: string;
  name: string;
  password: string;
  role?: Role;
  approved?: boolean;
  subscription?: 'active' | 'payment_pending';
  profile?: Profile;
}

/** A readable random password for accounts made by the CLI: 20 characters from 15 random bytes. */
export const generatePassword = () => randomBytes(15).toString('base64url');

/**
 * Creates an account through Better Auth's adapter (so the password is hashed as at sign-up),
 * then sets what sign-up can never set: the role (admin included), approval and subscription.
 * Used by `npm run create-admin`, the demo seed and test factories.
 */
export async function createAccount(deps: { auth: Auth; db: Db }, account: NewAccount): Promise<string> {
  const email = account.email.trim().toLowerCase();
  const existing = await deps.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) throw conflict(`An account with the e-mail ${email} already exists`);
  // Better Auth's own hasher and adapter: the same records as sign-up, minus the verification
  // e-mail, since these accounts are verified by whoever made them.
  const ctx = await deps.auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email, name: account.name, emailVerified: true },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(account.password),
  });
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user')
      .set({
        email_verified: true,
        role: account.role ?? null,
        approved: account.approved ?? account.role === 'admin',
        ...(account.subscription === 'active'
          ? { subscription_status: 'active', subscription_period_end: sql`now() + interval '1 month'` }
          : account.subscription === 'payment_pending'
            ? { subscription_status: 'payment_pending' }
            : {}),
      })
      .where('id', '=', user.id)
      .execute();
    if (account.profile) await upsertProfile(trx, user.id, account.profile);
  });
  return user.id;
}
