import { type Kysely, sql } from 'kysely';

// Better Auth's tables (user, session, account, verification) in snake_case, with Plinth's own
// user fields, and the onboarding profile. Migrations take Kysely<any> and import no app code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('role', 'text', (c) => c.check(sql`role in ('borrower', 'funder', 'admin')`))
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscription_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`subscription_status in ('none', 'payment_pending', 'active', 'inactive', 'cancelled')`),
    )
    .addColumn('subscription_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_role_created_idx').on('user').columns(['role', 'created_at']).execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_provider_account_unique', ['provider_id', 'account_id'])
    .execute();
  await db.schema.createIndex('account_user_idx').on('account').column('user_id').execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('profile')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('company_type', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^(\\+61|0)[23478][0-9]{8}$'`))
    .addColumn('abn', 'text', (c) => c.notNull().check(sql`abn ~ '^[0-9]{11}$'`))
    .addColumn('linkedin', 'text')
    .addColumn('bio', 'text', (c) => c.check(sql`char_length(bio) <= 500`))
    .addColumn('investment_focus', 'text', (c) =>
      c.check(
        sql`investment_focus in ('Residential Development', 'Commercial Development', 'Mixed-Use Development', 'Industrial Development', 'All Property Types')`,
      ),
    )
    .addColumn('typical_deal_size_min', 'numeric(14, 0)', (c) => c.check(sql`typical_deal_size_min >= 0`))
    .addColumn('typical_deal_size_max', 'numeric(14, 0)')
    .addColumn('years_experience', 'integer', (c) => c.check(sql`years_experience between 0 and 100`))
    .addColumn('aum', 'numeric(16, 0)', (c) => c.check(sql`aum >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('profile_deal_size_order', sql`typical_deal_size_max > typical_deal_size_min`)
    .execute();

  // Transactional outbox: e-mails and other after-commit work, drained with SKIP LOCKED.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .columns(['run_after'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('outbox_kind_created_idx')
    .on('outbox')
    .columns(['kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['outbox', 'profile', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
