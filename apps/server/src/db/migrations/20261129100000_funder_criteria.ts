import { type Kysely, sql } from 'kysely';

// Issue 22 item 1: a funder's lending criteria (packages/domain/src/funder-criteria.ts), one row
// per funder, saved through PUT /api/funder-criteria. A null list or limit is 'any'. `confirmed_at`
// is when the funder last saved or confirmed them: criteria not confirmed for 30 days pause alerts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('funder_criteria')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('property_types', 'jsonb')
    .addColumn('states', 'jsonb')
    .addColumn('development_stages', 'jsonb')
    .addColumn('min_loan', 'numeric(14, 0)')
    .addColumn('max_loan', 'numeric(14, 0)')
    .addColumn('max_loan_to_grv', 'numeric(6, 2)')
    .addColumn('max_lvr', 'numeric(6, 2)')
    .addColumn('min_margin_on_cost', 'numeric(6, 2)')
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'funder_criteria_loan_range',
      sql`min_loan is null or max_loan is null or min_loan <= max_loan`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('funder_criteria').execute();
}
