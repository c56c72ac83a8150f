import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { canonicalJson, commitFields, entryHash } from '../../modules/audit/audit-hash';

// Issue 10: a deleted person's name and e-mail must leave every table, the audit log included, and
// the audit chain must still verify (docs/decisions/024). Entries now commit to their personal
// fields through salted digests. Existing entries are checked against the chain they were written
// with first: a log that does not verify is not re-chained (that would hide tampering), and the
// migration stops with the id of the first broken entry.

/** The hash entries were written with before this migration, frozen here. */
const previousHash = (row: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      canonicalJson({
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        reason: row.reason,
        before: row.before ?? null,
        after: row.after ?? null,
        created_at: new Date(row.created_at as string).toISOString(),
        prev_hash: row.prev_hash,
      }),
    )
    .digest('hex');

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_log
    add column field_digests jsonb,
    add column field_salts jsonb,
    add column erased_at timestamptz`.execute(db);

  let lastId = 0;
  let oldPrevious: string | null = null;
  let newPrevious: string | null = null;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      lastId = row.id;
      const before = json(row.before) ?? null;
      const after = json(row.after) ?? null;
      if (row.prev_hash !== oldPrevious || previousHash({ ...row, before, after }) !== row.hash) {
        throw new Error(
          `The audit log does not verify at entry ${row.id}; it was not migrated. Run npm run verify-audit and investigate before starting.`,
        );
      }
      oldPrevious = row.hash;
      const { salts, digests } = commitFields({
        actor_name: row.actor_name,
        reason: row.reason,
        before,
        after,
      });
      const hash = entryHash({
        actor_id: row.actor_id,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        created_at: new Date(row.created_at).toISOString(),
        prev_hash: newPrevious,
        field_digests: digests,
      });
      await db
        .updateTable('audit_log')
        .set({
          field_digests: JSON.stringify(digests),
          field_salts: JSON.stringify(salts),
          prev_hash: newPrevious,
          hash,
        })
        .where('id', '=', row.id)
        .execute();
      newPrevious = hash;
    }
  }
  await sql`alter table audit_log
    alter column field_digests set not null,
    alter column field_salts set not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The audit log is not migrated back: its entries are chained under the new scheme.');
}
