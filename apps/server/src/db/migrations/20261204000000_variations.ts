import { type Kysely, sql } from 'kysely';

// Issue 34 items 1-3 (decision 061): variations, reallocations and the release of retention.
//
// - Two facility settings: the cost above which a variation needs the lender's consent (default
//   $100,000) and the defects liability period in months (default 12).
// - `variation` (one per change, numbered per facility) and `variation_event`, its history.
// - `reallocation`: money moved between two budget lines, proposed by the developer, decided by the
//   funder.
// - `practical_completion` (one per facility) and `retention_release` (one per facility and stage,
//   so each half is released once whatever instances run), with `retention_release_line` per line.
// Money is bigint cents, like the loan-administration migration.

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table facility
    add column variation_consent_threshold_cents bigint not null default 10000000
      check (variation_consent_threshold_cents >= 0),
    add column defects_liability_months integer not null default 12
      check (defects_liability_months between 0 and 120)`.execute(db);

  await sql`create table variation (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    number integer not null check (number >= 1),
    budget_line_id uuid not null references budget_line (id) on delete restrict,
    description text not null check (char_length(description) between 1 and 2000),
    funding text not null check (funding in ('contingency', 'equity', 'limit_increase')),
    status text not null default 'proposed' check (status in ('proposed', 'assessed',
      'developer_approved', 'lender_approved', 'lender_rejected', 'incorporated', 'withdrawn')),
    proposed_cost_cents bigint not null check (proposed_cost_cents >= 0),
    proposed_days integer not null check (proposed_days between 0 and 3650),
    cost_cents bigint not null check (cost_cents >= 0),
    days integer not null check (days between 0 and 3650),
    assessment_note text,
    consent_required boolean,
    consent_reasons jsonb not null default '[]',
    contingency_used_cents bigint check (contingency_used_cents >= 0),
    equity_called_cents bigint check (equity_called_cents >= 0),
    limit_increase_cents bigint check (limit_increase_cents >= 0),
    budget_version_id uuid references budget_version (id) on delete restrict,
    journal_id uuid references ledger_journal (id) on delete restrict,
    decision_reason text,
    proposed_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    unique (facility_id, number)
  )`.execute(db);
  await sql`create index variation_facility_idx on variation (facility_id, number desc)`.execute(db);
  // The forecast completion date sums the days of incorporated variations.
  await sql`create index variation_incorporated_idx on variation (facility_id) where status = 'incorporated'`.execute(
    db,
  );

  await sql`create table variation_event (
    id bigserial primary key,
    variation_id uuid not null references variation (id) on delete cascade,
    type text not null check (type in ('propose', 'assess', 'approve', 'lender_approve',
      'lender_reject', 'withdraw', 'incorporate')),
    from_status text,
    to_status text not null,
    actor_id text references "user" (id) on delete set null,
    actor_role text,
    note text,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index variation_event_variation_idx on variation_event (variation_id, id)`.execute(db);

  await sql`create table reallocation (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    number integer not null check (number >= 1),
    from_line_id uuid not null references budget_line (id) on delete restrict,
    to_line_id uuid not null references budget_line (id) on delete restrict,
    amount_cents bigint not null check (amount_cents > 0),
    reason text not null check (char_length(reason) between 1 and 2000),
    status text not null default 'proposed'
      check (status in ('proposed', 'approved', 'rejected', 'withdrawn')),
    decision_reason text,
    budget_version_id uuid references budget_version (id) on delete restrict,
    proposed_by text references "user" (id) on delete set null,
    decided_by text references "user" (id) on delete set null,
    decided_at timestamptz,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    check (from_line_id <> to_line_id),
    unique (facility_id, number)
  )`.execute(db);
  await sql`create index reallocation_facility_idx on reallocation (facility_id, number desc)`.execute(db);

  await sql`create table practical_completion (
    facility_id uuid primary key references facility (id) on delete restrict,
    completed_on date not null,
    certificate_document_id uuid references deal_document (id) on delete set null,
    defects_liability_ends_on date not null check (defects_liability_ends_on >= completed_on),
    recorded_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now}
  )`.execute(db);

  await sql`create table retention_release (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    stage text not null check (stage in ('practical_completion', 'defects_liability')),
    released_on date not null,
    amount_cents bigint not null check (amount_cents >= 0),
    journal_id uuid references ledger_journal (id) on delete restrict,
    released_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    unique (facility_id, stage)
  )`.execute(db);

  await sql`create table retention_release_line (
    release_id uuid not null references retention_release (id) on delete cascade,
    budget_line_id uuid not null references budget_line (id) on delete restrict,
    amount_cents bigint not null check (amount_cents > 0),
    primary key (release_id, budget_line_id)
  )`.execute(db);
  await sql`create index retention_release_line_budget_line_idx on retention_release_line (budget_line_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'retention_release_line',
    'retention_release',
    'practical_completion',
    'reallocation',
    'variation_event',
    'variation',
  ])
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  await sql`alter table facility drop column if exists variation_consent_threshold_cents,
    drop column if exists defects_liability_months`.execute(db);
}
