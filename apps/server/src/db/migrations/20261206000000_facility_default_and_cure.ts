import { type Kysely, sql } from 'kysely';

// Issue 33 (decision 070): the funder declares and cures an event of default, and interest already
// accrued is restated when a default, a cure or a draw is dated back.
//
// - `facility_default` gains who declared it and why (a covenant's default keeps its breach and no
//   person), and who cured it and why.
// - `facility_accrual_adjustment`: a day already accrued, restated: the day's corrected balance and
//   rate, the change to the day's exact numerator (balance × rate) and to its posted cents, and the
//   adjusting journal that carries the cents (the ledger is append-only). The open month's numerator
//   and each day's posted interest are the day's `facility_accrual` row plus its adjustments.

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table facility_default
    add column reason text check (reason is null or char_length(reason) between 1 and 1000),
    add column declared_by text references "user" (id) on delete set null,
    add column cured_by text references "user" (id) on delete set null,
    add column cure_reason text check (cure_reason is null or char_length(cure_reason) between 1 and 1000)`.execute(
    db,
  );
  await sql`alter table facility_default add constraint facility_default_cured_after
    check (cured_on is null or cured_on >= declared_on)`.execute(db);

  await sql`create table facility_accrual_adjustment (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    accrued_on date not null,
    balance_cents bigint not null,
    rate_bps integer not null check (rate_bps >= 0),
    numerator_delta numeric not null,
    amount_cents bigint not null,
    journal_id uuid references ledger_journal (id) on delete restrict,
    cause text not null,
    created_at timestamptz not null default ${now},
    foreign key (facility_id, accrued_on) references facility_accrual (facility_id, accrued_on) on delete restrict
  )`.execute(db);
  await sql`create index facility_accrual_adjustment_day_idx
    on facility_accrual_adjustment (facility_id, accrued_on)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists facility_accrual_adjustment`.execute(db);
  await sql`alter table facility_default drop constraint if exists facility_default_cured_after`.execute(db);
  await sql`alter table facility_default
    drop column if exists reason,
    drop column if exists declared_by,
    drop column if exists cured_by,
    drop column if exists cure_reason`.execute(db);
}
