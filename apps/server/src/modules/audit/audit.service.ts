import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface AuditActor {
  id: string | null;
  name: string;
}

export interface AuditEntryInput {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

// One advisory lock serialises writers so each entry chains to the one before it.
const AUDIT_CHAIN_LOCK = 724_611;

/** JSON with sorted keys, so the same entry always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface HashedFields {
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
  prev_hash: string | null;
}

export const entryHash = (fields: HashedFields) =>
  createHash('sha256').update(canonicalJson(fields)).digest('hex');

/**
 * Appends an audit entry. Call it with the transaction that makes the change, so the change and
 * its record commit together or not at all.
 */
export async function recordAudit(trx: Db, input: AuditEntryInput): Promise<void> {
  await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
  const previous = await trx
    .selectFrom('audit_log')
    .select('hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fields: HashedFields = {
    actor_id: input.actor.id,
    actor_name: input.actor.name,
    action: input.action,
    target_type: input.targetType,
    target_id: input.targetId,
    reason: input.reason ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
    // Millisecond precision survives the round trip through timestamptz, so verification recomputes it.
    created_at: new Date().toISOString(),
    prev_hash: previous?.hash ?? null,
  };
  await trx
    .insertInto('audit_log')
    .values({
      ...fields,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      hash: entryHash(fields),
    })
    .execute();
}

export type ChainCheck =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenId: number; why: string };

/** Recomputes every hash in order; names the first entry whose hash or link does not match. */
export async function verifyAuditChain(db: Db): Promise<ChainCheck> {
  let previousHash: string | null = null;
  let count = 0;
  let lastId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) return { ok: true, entries: count };
    for (const row of rows) {
      count++;
      lastId = row.id;
      if (row.prev_hash !== previousHash)
        return {
          ok: false,
          entries: count,
          brokenId: row.id,
          why: 'its link to the previous entry does not match',
        };
      const expected = entryHash({
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        reason: row.reason,
        before: row.before ?? null,
        after: row.after ?? null,
        created_at: new Date(row.created_at).toISOString(),
        prev_hash: row.prev_hash,
      });
      if (expected !== row.hash)
        return { ok: false, entries: count, brokenId: row.id, why: 'its content does not match its hash' };
      previousHash = row.hash;
    }
  }
}
