import type { Kysely } from 'kysely';

// Issue 33 (docs/decisions/079): reserved for the set-based daily accrual across facilities.
// Empty until that work lands; it runs harmlessly.

export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
