import { type Kysely, sql } from 'kysely';

// Issue 34 items 5 and 6 (decision 067): covenants, their tests, breaches and defaults, and the
// monthly lender report.
//
// - `facility_valuation`: the valuer's on-completion value (LVR's denominator); the latest counts.
// - `covenant`: a facility's covenant of each kind, its threshold (bps, cents or days by kind),
//   frequency and cure days.
// - `covenant_test`: every test kept, whatever started it (a write elsewhere, the schedule).
// - `covenant_period`: one row per facility, covenant and period: its primary key makes the
//   scheduled test happen once per period whatever number of instances run the job.
// - `covenant_breach`: a breach and its cure period: open → cured | defaulted (one open per covenant).
// - `facility_default`: an event of default — the day the default margin starts, and the day it
//   stops when the funder cures it; the daily accrual reads it.
// - `covenant_notice`: the breach, default and cure notices (PDFs made from the kept figures).
// - `lender_report`: one PDF per facility per month (unique), made on the first business day.

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table facility_valuation (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    valued_on date not null,
    value_cents bigint not null check (value_cents > 0),
    valuer text not null check (char_length(valuer) between 2 and 200),
    recorded_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index facility_valuation_latest_idx
    on facility_valuation (facility_id, valued_on desc, created_at desc)`.execute(db);

  await sql`create table covenant (
    facility_id uuid not null references facility (id) on delete cascade,
    kind text not null check (kind in ('lvr', 'loan_to_cost', 'presale_cover', 'in_balance',
      'practical_completion', 'interest_cover')),
    threshold bigint not null,
    frequency text not null check (frequency in ('monthly', 'quarterly')),
    cure_days integer not null check (cure_days between 0 and 365),
    annual_income_cents bigint check (annual_income_cents > 0),
    updated_by text references "user" (id) on delete set null,
    updated_at timestamptz not null default ${now},
    primary key (facility_id, kind)
  )`.execute(db);

  await sql`create table covenant_test (
    id uuid primary key default gen_random_uuid(),
    seq bigserial not null unique,
    facility_id uuid not null references facility (id) on delete cascade,
    kind text not null,
    tested_on date not null,
    tested_at timestamptz not null default ${now},
    trigger text not null,
    period text,
    status text not null check (status in ('pass', 'breach', 'not_tested')),
    value bigint,
    threshold bigint not null,
    headroom bigint,
    message text not null,
    workings jsonb not null default '[]'
  )`.execute(db);
  await sql`create index covenant_test_facility_idx on covenant_test (facility_id, seq desc)`.execute(db);
  await sql`create index covenant_test_latest_idx on covenant_test (facility_id, kind, seq desc)`.execute(db);

  await sql`create table covenant_period (
    facility_id uuid not null references facility (id) on delete cascade,
    kind text not null,
    period text not null,
    test_id uuid references covenant_test (id) on delete set null,
    created_at timestamptz not null default ${now},
    primary key (facility_id, kind, period)
  )`.execute(db);

  await sql`create table covenant_breach (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    kind text not null,
    status text not null default 'open' check (status in ('open', 'cured', 'defaulted')),
    breached_on date not null,
    cure_days integer not null,
    cure_ends_on date not null,
    default_on date not null,
    cured_on date,
    defaulted_on date,
    test_id uuid references covenant_test (id) on delete set null,
    message text not null,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create unique index covenant_breach_one_open on covenant_breach (facility_id, kind)
    where status = 'open'`.execute(db);
  await sql`create index covenant_breach_facility_idx on covenant_breach (facility_id, created_at desc)`.execute(
    db,
  );

  await sql`create table facility_default (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    declared_on date not null,
    cured_on date,
    breach_id uuid references covenant_breach (id) on delete set null,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create unique index facility_default_one_open on facility_default (facility_id)
    where cured_on is null`.execute(db);

  await sql`create table covenant_notice (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    breach_id uuid references covenant_breach (id) on delete cascade,
    kind text not null check (kind in ('breach', 'default', 'cured')),
    covenant text not null,
    issued_on date not null,
    message text not null,
    workings jsonb not null default '[]',
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index covenant_notice_facility_idx on covenant_notice (facility_id, created_at desc)`.execute(
    db,
  );

  await sql`create table lender_report (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    month date not null check (extract(day from month) = 1),
    generated_on date not null,
    pdf bytea,
    size_bytes integer not null default 0,
    pages integer not null default 0,
    created_at timestamptz not null default ${now},
    unique (facility_id, month)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'lender_report',
    'covenant_notice',
    'facility_default',
    'covenant_breach',
    'covenant_period',
    'covenant_test',
    'covenant',
    'facility_valuation',
  ])
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
}
