import { type Kysely, sql } from 'kysely';

// Issue 19 item 6 (docs/decisions/032-stats-that-leak-nothing.md): the average expected return needs
// at least 10 contributing listings; the admin's setting may raise the floor, never lower it. A
// stored value under 10 (the issue-10 default was 3) is raised to 10, and the description says so.

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('system_setting')
    .set({
      value: sql`greatest(value::int, 10)::text`,
      description:
        'The fewest listings behind the marketplace’s average expected return; below it the average is withheld (a whole number, 10 to 100).',
    })
    .where('key', '=', 'marketplace_average_min_listings')
    .execute();
}

export async function down(): Promise<void> {
  // The floor of 10 stays: lowering it again would let averages give away single listings.
}
