import type { AuditAction, AuditTargetType } from '@plinth/domain/audit';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import {
  type ChainedFields,
  commitFields,
  entryHash,
  type FieldDigests,
  type FieldSalts,
  fieldDigest,
  PERSONAL_FIELDS,
} from './audit-hash';

export interface AuditActor {
  id: string | null;
  name: string;
}

export interface AuditEntryInput {
  actor: AuditActor;
  /** A key of the domain's audit vocabulary, so every entry has words in the override history. */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

// One advisory lock serialises writers so each entry chains to the one before it.
const AUDIT_CHAIN_LOCK = 724_611;

/** Transactions opened by auditedTransaction, with the entries they will append before committing. */
const deferred = new WeakMap<Db, AuditEntryInput[]>();

/**
 * Runs `change` in a transaction whose audit entries (recordAudit with its `trx`) are appended at
 * its end, just before it commits. The chain's lock is held from the first append to the commit,
 * so appended last it is held for the inserts alone, not for the notifications, e-mails and events
 * the change writes after its audit call: other audited writes no longer queue behind them.
 */
export function auditedTransaction<T>(db: Db, change: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const entries: AuditEntryInput[] = [];
    deferred.set(trx, entries);
    try {
      const result = await change(trx);
      for (const entry of entries) await appendAudit(trx, entry);
      return result;
    } finally {
      deferred.delete(trx);
    }
  });
}

/**
 * Records an audit entry. Call it with the transaction that makes the change, so the change and
 * its record commit together or not at all. Inside auditedTransaction the entry (as it is now) is
 * appended when the change is done; elsewhere at once.
 */
export async function recordAudit(trx: Db, input: AuditEntryInput): Promise<void> {
  const queue = deferred.get(trx);
  if (queue) queue.push(structuredClone(input));
  else await appendAudit(trx, input);
}

async function appendAudit(trx: Db, input: AuditEntryInput): Promise<void> {
  await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
  const previous = await trx
    .selectFrom('audit_log')
    .select('hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const personal = {
    actor_name: input.actor.name,
    reason: input.reason ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
  };
  const { salts, digests } = commitFields(personal);
  const chained: ChainedFields = {
    actor_id: input.actor.id,
    action: input.action,
    target_type: input.targetType,
    target_id: input.targetId,
    // Millisecond precision survives the round trip through timestamptz, so verification recomputes it.
    created_at: new Date().toISOString(),
    prev_hash: previous?.hash ?? null,
    field_digests: digests,
  };
  await trx
    .insertInto('audit_log')
    .values({
      ...chained,
      ...personal,
      before: personal.before === null ? null : JSON.stringify(personal.before),
      after: personal.after === null ? null : JSON.stringify(personal.after),
      field_digests: JSON.stringify(digests),
      field_salts: JSON.stringify(salts),
      hash: entryHash(chained),
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
      const digests = parseJson<FieldDigests>(row.field_digests);
      const salts = parseJson<FieldSalts>(row.field_salts);
      // A field still holding its salt must match its digest; an erased field (no salt) is
      // covered by its digest alone.
      const tampered = PERSONAL_FIELDS.find((field) => {
        const salt = salts[field];
        return salt !== null && fieldDigest(salt, row[field] ?? null) !== digests[field];
      });
      const expected = entryHash({
        actor_id: row.actor_id,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        created_at: new Date(row.created_at).toISOString(),
        prev_hash: row.prev_hash,
        field_digests: digests,
      });
      if (tampered || expected !== row.hash)
        return { ok: false, entries: count, brokenId: row.id, why: 'its content does not match its hash' };
      previousHash = row.hash;
    }
  }
}

/** jsonb comes back parsed from PostgreSQL and as text from some drivers. */
const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
