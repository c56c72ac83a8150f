import type { Kysely } from 'kysely';

// Reserved for this session's work; the helper that owns it fills it in.

export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
