import { sql } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * Runs `fn` while the database refuses to store any idempotent answer (a trigger raises on insert
 * into idempotency_key): a keyed request's transaction must then roll back whole (decision 037).
 */
export async function whileAnswersAreRefused(db: Db, fn: () => Promise<void>): Promise<void> {
  await sql`create function refuse_idempotency_key() returns trigger language plpgsql as $$
    begin raise exception 'storage refused'; end $$`.execute(db);
  await sql`create trigger refuse_idempotency_key before insert on idempotency_key
    for each row execute function refuse_idempotency_key()`.execute(db);
  try {
    await fn();
  } finally {
    await sql`drop trigger refuse_idempotency_key on idempotency_key`.execute(db);
    await sql`drop function refuse_idempotency_key()`.execute(db);
  }
}
