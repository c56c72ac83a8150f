import { type Kysely, sql } from 'kysely';

// Issue 29 findings 4 and 5 (decision 047).
//
// - `ai_message.from_full_file`: the message was asked or answered while its asker could read the
//   session's project whole, so it may carry the confidential file's figures. Once that asker can no
//   longer read the file, such messages are withheld from their history and their own data.
//   Messages written before this column existed are marked conservatively: every message of a
//   project-bound chat, except a funder's written before their access was first granted (or on a
//   project they were never granted).
// - `undertaking_acceptance.account_name`: the signer's account name when they signed, so the name
//   they typed can be shown beside it when the two differ. Earlier signatures take the account's
//   current name (a deleted account's is left empty).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ai_message')
    .addColumn('from_full_file', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update ai_message m set from_full_file = true
    from ai_session s
    join "user" u on u.id = s.user_id
    where m.session_id = s.id
      and s.project_id is not null
      and (
        u.role is distinct from 'funder'
        or exists (
          select 1 from access_request ar
          where ar.funder_id = s.user_id
            and ar.project_id = s.project_id
            and (ar.approved_at is not null
              or ar.status in ('approved', 'due_diligence', 'term_sheet', 'funded', 'revoked'))
            and (ar.approved_at is null or m.created_at >= ar.approved_at)
        )
      )`.execute(db);

  await db.schema.alterTable('undertaking_acceptance').addColumn('account_name', 'text').execute();
  await sql`
    update undertaking_acceptance ua set account_name = u.name
    from "user" u
    where u.id = ua.funder_id and u.deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('undertaking_acceptance').dropColumn('account_name').execute();
  await db.schema.alterTable('ai_message').dropColumn('from_full_file').execute();
}
