import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** How long a key keeps its answer (Stripe's 24 hours); jobs/idempotency-cleanup.ts deletes it after. */
export const KEY_LIFETIME_HOURS = 24;

export interface Fingerprint {
  method: string;
  path: string;
  bodySha256: string;
}

export interface StoredAnswer {
  method: string;
  path: string;
  body_sha256: string;
  status_code: number;
  content_type: string | null;
  response_body: Uint8Array;
}

export type Claim = { kind: 'busy' } | { kind: 'answered'; answer: StoredAnswer } | { kind: 'new' };

/**
 * Inside the request transaction: takes the key's lock for as long as the transaction runs (a
 * second request with the key meanwhile is 'busy'), then reads the answer stored for it, if any
 * and not expired. On PGlite the one connection is already exclusive to this transaction, so a
 * second request waits for it and then finds the answer.
 */
export async function claim(db: Db, { caller, key }: { caller: string; key: string }): Promise<Claim> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext(${caller}), hashtext(${key})) as locked`.execute(db);
  if (!rows[0]?.locked) return { kind: 'busy' };
  const answer = await db
    .selectFrom('idempotency_key')
    .select(['method', 'path', 'body_sha256', 'status_code', 'content_type', 'response_body'])
    .where('caller', '=', caller)
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return answer ? { kind: 'answered', answer } : { kind: 'new' };
}

export const sameRequest = (answer: StoredAnswer, request: Fingerprint) =>
  answer.method === request.method &&
  answer.path === request.path &&
  answer.body_sha256 === request.bodySha256;

/** Stores the first answer in the request transaction; an expired row under the same key is replaced. */
export async function store(
  db: Db,
  input: {
    caller: string;
    key: string;
    fingerprint: Fingerprint;
    statusCode: number;
    contentType: string | null;
    body: Buffer;
  },
): Promise<void> {
  const row = {
    method: input.fingerprint.method,
    path: input.fingerprint.path,
    body_sha256: input.fingerprint.bodySha256,
    status_code: input.statusCode,
    content_type: input.contentType,
    response_body: input.body,
    created_at: sql<Date>`now()`,
    expires_at: sql<Date>`now() + make_interval(hours => ${KEY_LIFETIME_HOURS})`,
  };
  await db
    .insertInto('idempotency_key')
    .values({ caller: input.caller, key: input.key, ...row })
    .onConflict((conflict) =>
      conflict
        .columns(['caller', 'key'])
        .doUpdateSet(row)
        .where('idempotency_key.expires_at', '<=', sql<Date>`now()`),
    )
    .execute();
}

/** Deletes expired keys; the number deleted. */
export async function deleteExpired(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_key').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
