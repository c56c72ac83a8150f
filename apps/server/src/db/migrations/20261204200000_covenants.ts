import type { Kysely } from 'kysely';

// Issue 34 (placeholder, filled in by the work that owns it).

export async function up(_db: Kysely<any>): Promise<void> {}
