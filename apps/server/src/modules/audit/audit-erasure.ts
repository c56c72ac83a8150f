import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FieldSalts, PersonalField } from './audit-hash';

/**
 * Erasing a person from the audit log without breaking its chain (docs/decisions/024): in every
 * entry they acted in, are the target of, or are named in, their name, e-mail and profile values
 * are replaced, and the salts of the fields that changed are dropped. The entries, their order,
 * actor ids, actions, targets and times stay, and the chain still verifies.
 */

export const ERASED = '[erased]';

/** Snapshot keys that hold a person's own details in entries about that person. */
const PERSONAL_KEYS = new Set(['name', 'email', 'phone', 'abn', 'linkedin', 'bio', 'company_name', 'image']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function scrubber(needles: readonly string[], aboutThePerson: boolean) {
  const pattern = new RegExp(needles.map(escapeRegExp).join('|'), 'gi');
  const scrubText = (text: string) => text.replace(pattern, ERASED);
  const scrub = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string')
      return aboutThePerson && key !== undefined && PERSONAL_KEYS.has(key) ? ERASED : scrubText(value);
    if (Array.isArray(value)) return value.map((item) => scrub(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
    return value;
  };
  return { scrubText, scrub };
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Returns how many entries were changed. */
export async function eraseFromAudit(
  trx: Db,
  person: { id: string; name: string; email: string; replacementName: string },
): Promise<number> {
  const needles = [person.name, person.email].map((n) => n.trim()).filter((n) => n.length >= 3);
  const likes = needles.map((n) => `%${escapeLike(n)}%`);
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'actor_name', 'target_id', 'reason', 'before', 'after', 'field_salts'])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', person.id),
        eb('target_id', '=', person.id),
        ...likes.map(
          (like) =>
            sql<boolean>`(coalesce(actor_name, '') || ' ' || coalesce(reason, '') || ' ' || coalesce("before"::text, '') || ' ' || coalesce("after"::text, '')) ilike ${like}`,
        ),
      ]),
    )
    .orderBy('id')
    .execute();

  let changed = 0;
  for (const row of rows) {
    const { scrubText, scrub } = scrubber(needles, row.target_id === person.id || row.actor_id === person.id);
    const before = parseJson(row.before);
    const after = parseJson(row.after);
    const next = {
      actor_name:
        row.actor_id === person.id ? person.replacementName : row.actor_name && scrubText(row.actor_name),
      reason: row.reason && scrubText(row.reason),
      before: scrub(before),
      after: scrub(after),
    };
    const current = { actor_name: row.actor_name, reason: row.reason, before, after };
    const erased = (Object.keys(next) as PersonalField[]).filter(
      (field) => !same(next[field], current[field]),
    );
    if (erased.length === 0) continue;
    const salts = parseJson(row.field_salts) as FieldSalts;
    for (const field of erased) salts[field] = null;
    await trx
      .updateTable('audit_log')
      .set({
        actor_name: next.actor_name,
        reason: next.reason,
        before: next.before === null ? null : JSON.stringify(next.before),
        after: next.after === null ? null : JSON.stringify(next.after),
        field_salts: JSON.stringify(salts),
        erased_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .execute();
    changed++;
  }
  return changed;
}
