import { type Kysely, sql } from 'kysely';

// Spec 001 section 4.3: a payment_pending subscription goes to denied (deny, with a reason) or
// failed (mark failed). They used to be stored as none and inactive. Funders already denied or
// failed are found by the audit log: their latest subscription entry is the denial or the failure.

const statusCheck = (statuses: string[]) =>
  sql`subscription_status in (${sql.join(statuses.map((s) => sql.lit(s)))})`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "user" drop constraint if exists user_subscription_status_check`.execute(db);
  await sql`alter table "user" add constraint user_subscription_status_check check (${statusCheck([
    'none',
    'payment_pending',
    'active',
    'denied',
    'failed',
    'inactive',
    'cancelled',
  ])})`.execute(db);
  await sql`
    with latest as (
      select distinct on (target_id) target_id, action
      from audit_log
      where target_type = 'user' and action like 'subscription.%'
      order by target_id, created_at desc, id desc
    )
    update "user" u
    set subscription_status = case latest.action when 'subscription.denied' then 'denied' else 'failed' end
    from latest
    where latest.target_id = u.id
      and ((latest.action = 'subscription.denied' and u.subscription_status = 'none')
        or (latest.action = 'subscription.payment_failed' and u.subscription_status = 'inactive'))
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update "user" set subscription_status = 'none' where subscription_status = 'denied'`.execute(db);
  await sql`update "user" set subscription_status = 'inactive' where subscription_status = 'failed'`.execute(
    db,
  );
  await sql`alter table "user" drop constraint if exists user_subscription_status_check`.execute(db);
  await sql`alter table "user" add constraint user_subscription_status_check check (${statusCheck([
    'none',
    'payment_pending',
    'active',
    'inactive',
    'cancelled',
  ])})`.execute(db);
}
