import { createHash, randomBytes } from 'node:crypto';

/**
 * The audit chain's hashing (docs/decisions/024). Each entry's personal fields — the actor's name,
 * the reason and the before/after snapshots — are committed to by a salted digest per field, and
 * the entry's hash covers those digests, not the values. Erasing a person's data from an entry
 * replaces the value and drops its salt: the digest (and so the chain) still verifies, and without
 * the salt the digest cannot be used to confirm a guess of what was erased.
 */

export const PERSONAL_FIELDS = ['actor_name', 'reason', 'before', 'after'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type FieldSalts = Record<PersonalField, string | null>;
export type FieldDigests = Record<PersonalField, string>;

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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const newSalt = () => randomBytes(16).toString('hex');

export const fieldDigest = (salt: string, value: unknown) =>
  sha256(`${salt}:${canonicalJson(value ?? null)}`);

/** Fresh salts and the digests of an entry's personal fields. */
export function commitFields(values: Record<PersonalField, unknown>): {
  salts: FieldSalts;
  digests: FieldDigests;
} {
  const salts = {} as FieldSalts;
  const digests = {} as FieldDigests;
  for (const field of PERSONAL_FIELDS) {
    const salt = newSalt();
    salts[field] = salt;
    digests[field] = fieldDigest(salt, values[field]);
  }
  return { salts, digests };
}

/** What an entry's hash covers: who and what, when, the link to the previous entry, and the digests. */
export interface ChainedFields {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  created_at: string;
  prev_hash: string | null;
  field_digests: FieldDigests;
}

export const entryHash = (fields: ChainedFields) => sha256(canonicalJson(fields));
