import { type Kysely, sql } from 'kysely';

// Issue 34 item 8 (decision 069): a BrokerAI chat may be bound to a facility, as it is to a
// project. Deleting the facility deletes its chats (their answers quote its figures).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ai_session
    add column facility_id uuid references facility (id) on delete cascade`.execute(db);
  await sql`create index ai_session_facility_idx on ai_session (facility_id) where facility_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ai_session drop column facility_id`.execute(db);
}
