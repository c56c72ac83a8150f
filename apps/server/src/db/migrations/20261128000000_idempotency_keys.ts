import { type Kysely, sql } from 'kysely';

// Issue 20 item 1 (docs/decisions/037-idempotency-keys.md): the first answer to each unsafe request
// sent with an `Idempotency-Key`, per caller, so a retry with the same key gets that answer again
// instead of acting twice. A row is written in the same transaction as the request's own effect,
// so either both are there or neither is. Rows expire after 24 hours (jobs/idempotency-cleanup.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    // 'user:<id>' for a signed-in caller, 'session:<sha256 of the cookie>' or 'client:<address>'
    // for an anonymous one: one caller's keys never answer another's requests.
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().check(sql`char_length(key) between 1 and 255`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_sha256', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['caller', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_key_expires_idx')
    .on('idempotency_key')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
}
