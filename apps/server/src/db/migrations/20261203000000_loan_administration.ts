import { type Kysely, sql } from 'kysely';

// Issue 33 items 1-6 (decisions 055 and 056): loan administration after the close.
//
// - The role `surveyor` (the lender's quantity surveyor) joins the user's role check.
// - `facility`: one per completed deal, money in integer cents (bigint), rates in basis points.
// - `facility_party`: who may reach a facility (developer, funder, co-funders, surveyors);
//   `facility_invite`: a surveyor or co-funder invited by e-mail before they have an account.
// - The budget: `budget_line` is a line's identity (a facility's code, stable across versions, so
//   draws keep pointing at it); `budget_version` a version (draft → approved → superseded, never
//   edited once approved); `budget_version_line` a line's figures in a version.
// - `equity_contribution`, `draw`, `draw_line`, `draw_document`, `draw_comment`, `draw_notice`.
// - The ledger: `ledger_journal` and `ledger_posting`; a deferred constraint trigger refuses, at
//   commit, any journal whose postings do not sum to zero or that has fewer than two; journals and
//   postings are append-only (updates and deletes refused).
// - `facility_accrual` (one row per facility and day) and `facility_capitalisation` (one per
//   facility and month): their primary keys make the jobs happen once whatever instances run.

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "user" drop constraint if exists user_role_check`.execute(db);
  await sql`alter table "user" add constraint user_role_check
    check (role in ('borrower', 'funder', 'admin', 'surveyor'))`.execute(db);

  await sql`create table facility (
    id uuid primary key default gen_random_uuid(),
    deal_id uuid not null unique references deal (id) on delete restrict,
    project_id uuid not null references project (id) on delete restrict,
    borrower_id text not null references "user" (id) on delete restrict,
    funder_id text not null references "user" (id) on delete restrict,
    status text not null default 'setting_up'
      check (status in ('setting_up', 'active', 'repaid', 'in_default')),
    state text not null,
    limit_cents bigint not null check (limit_cents > 0),
    interest_rate_bps integer not null check (interest_rate_bps between 0 and 10000),
    default_margin_bps integer not null check (default_margin_bps between 0 and 10000),
    line_fee_bps integer not null check (line_fee_bps between 0 and 10000),
    establishment_fee_cents bigint not null check (establishment_fee_cents >= 0),
    close_date date not null,
    maturity_date date not null check (maturity_date > close_date),
    latest_practical_completion_date date not null,
    capitalise_interest boolean not null default true,
    activated_on date,
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index facility_funder_idx on facility (funder_id, created_at desc, id desc)`.execute(db);
  await sql`create index facility_borrower_idx on facility (borrower_id, created_at desc, id desc)`.execute(
    db,
  );

  await sql`create table facility_party (
    facility_id uuid not null references facility (id) on delete cascade,
    user_id text not null references "user" (id) on delete cascade,
    role text not null check (role in ('developer', 'funder', 'co_funder', 'surveyor')),
    added_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    primary key (facility_id, user_id)
  )`.execute(db);
  await sql`create index facility_party_user_idx on facility_party (user_id, facility_id)`.execute(db);

  await sql`create table facility_invite (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    email text not null check (email = lower(email) and char_length(email) between 3 and 254),
    role text not null check (role in ('co_funder', 'surveyor')),
    invited_by text references "user" (id) on delete set null,
    accepted_by text references "user" (id) on delete set null,
    accepted_at timestamptz,
    created_at timestamptz not null default ${now},
    unique (facility_id, email)
  )`.execute(db);
  await sql`create index facility_invite_email_idx on facility_invite (email) where accepted_at is null`.execute(
    db,
  );

  await sql`create table budget_line (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    code text not null check (char_length(code) between 1 and 40),
    created_at timestamptz not null default ${now},
    unique (facility_id, code)
  )`.execute(db);

  await sql`create table budget_version (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete cascade,
    version integer not null check (version >= 1),
    status text not null default 'draft' check (status in ('draft', 'approved', 'superseded')),
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    approved_by text references "user" (id) on delete set null,
    approved_at timestamptz,
    unique (facility_id, version)
  )`.execute(db);
  // At most one draft and one approved version per facility.
  await sql`create unique index budget_version_one_draft on budget_version (facility_id) where status = 'draft'`.execute(
    db,
  );
  await sql`create unique index budget_version_one_approved on budget_version (facility_id) where status = 'approved'`.execute(
    db,
  );

  await sql`create table budget_version_line (
    budget_version_id uuid not null references budget_version (id) on delete cascade,
    budget_line_id uuid not null references budget_line (id) on delete cascade,
    position integer not null,
    name text not null check (char_length(name) between 1 and 200),
    category text not null check (category in ('land', 'construction', 'contingency',
      'professional_fees', 'statutory', 'marketing', 'finance', 'other')),
    amount_cents bigint not null check (amount_cents >= 0),
    funded_by text not null check (funded_by in ('debt', 'equity')),
    primary key (budget_version_id, budget_line_id)
  )`.execute(db);

  await sql`create table ledger_journal (
    id uuid primary key default gen_random_uuid(),
    seq bigserial not null unique,
    facility_id uuid not null references facility (id) on delete restrict,
    kind text not null,
    effective_on date not null,
    memo text not null default '',
    draw_id uuid,
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index ledger_journal_facility_idx on ledger_journal (facility_id, effective_on, seq)`.execute(
    db,
  );

  await sql`create table ledger_posting (
    id bigserial primary key,
    journal_id uuid not null references ledger_journal (id) on delete restrict,
    facility_id uuid not null references facility (id) on delete restrict,
    account text not null check (char_length(account) between 1 and 60),
    amount_cents bigint not null check (amount_cents <> 0)
  )`.execute(db);
  await sql`create index ledger_posting_journal_idx on ledger_posting (journal_id)`.execute(db);
  await sql`create index ledger_posting_facility_idx on ledger_posting (facility_id, account)`.execute(db);

  // Each journal balances: checked at commit (deferred), so a journal and its postings are written
  // in any order inside one transaction, and a transaction leaving one unbalanced fails whole.
  await sql`create function ledger_journal_balanced() returns trigger language plpgsql as $fn$
    declare
      j uuid;
      total numeric;
      lines integer;
      facility_ok boolean;
    begin
      if tg_table_name = 'ledger_journal' then j := new.id; else j := coalesce(new.journal_id, old.journal_id); end if;
      if not exists (select 1 from ledger_journal where id = j) then return null; end if;
      select coalesce(sum(p.amount_cents), 0), count(*), coalesce(bool_and(p.facility_id = lj.facility_id), true)
        into total, lines, facility_ok
        from ledger_posting p join ledger_journal lj on lj.id = p.journal_id
        where p.journal_id = j;
      if lines < 2 then
        raise exception 'ledger journal % has % posting(s); a journal needs at least two', j, lines
          using errcode = '23514';
      end if;
      if total <> 0 then
        raise exception 'ledger journal % does not balance: its postings sum to % cents', j, total
          using errcode = '23514';
      end if;
      if not facility_ok then
        raise exception 'ledger journal % posts to another facility', j using errcode = '23514';
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create constraint trigger ledger_posting_balanced
    after insert on ledger_posting deferrable initially deferred
    for each row execute function ledger_journal_balanced()`.execute(db);
  await sql`create constraint trigger ledger_journal_has_postings
    after insert on ledger_journal deferrable initially deferred
    for each row execute function ledger_journal_balanced()`.execute(db);

  // Append-only: a mistake is corrected by a reversing journal, never by editing one.
  await sql`create function ledger_append_only() returns trigger language plpgsql as $fn$
    begin
      raise exception 'the ledger is append-only: % on % is not allowed', tg_op, tg_table_name
        using errcode = '23514';
    end
  $fn$`.execute(db);
  await sql`create trigger ledger_journal_append_only before update or delete on ledger_journal
    for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger ledger_posting_append_only before update or delete on ledger_posting
    for each row execute function ledger_append_only()`.execute(db);

  await sql`create table equity_contribution (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    amount_cents bigint not null check (amount_cents > 0),
    received_on date not null,
    document_id uuid references deal_document (id) on delete set null,
    journal_id uuid not null references ledger_journal (id) on delete restrict,
    recorded_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index equity_contribution_facility_idx on equity_contribution (facility_id, received_on)`.execute(
    db,
  );

  await sql`create table draw (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    number integer not null check (number >= 1),
    status text not null default 'draft' check (status in ('draft', 'submitted', 'certified',
      'approved', 'funded', 'returned', 'rejected', 'cancelled')),
    claim_served_at timestamptz not null,
    note text not null default '',
    payment_schedule_due date,
    surveyor_due date,
    funder_due date,
    submitted_at timestamptz,
    certified_at timestamptz,
    certified_by text references "user" (id) on delete set null,
    inspected_on date,
    percent_complete_bps integer check (percent_complete_bps between 0 and 10000),
    delay_days integer check (delay_days between 0 and 3650),
    approved_at timestamptz,
    approved_by text references "user" (id) on delete set null,
    funded_on date,
    funded_at timestamptz,
    funded_by text references "user" (id) on delete set null,
    journal_id uuid references ledger_journal (id) on delete restrict,
    decision_reason text,
    decided_at timestamptz,
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    unique (facility_id, number)
  )`.execute(db);
  await sql`create index draw_facility_idx on draw (facility_id, number desc)`.execute(db);
  await sql`create index draw_open_clock_idx on draw (payment_schedule_due)
    where status in ('submitted', 'certified', 'approved')`.execute(db);

  await sql`create table draw_line (
    draw_id uuid not null references draw (id) on delete cascade,
    budget_line_id uuid not null references budget_line (id) on delete restrict,
    claimed_cents bigint not null check (claimed_cents >= 0),
    certified_cents bigint check (certified_cents >= 0),
    cost_to_complete_cents bigint check (cost_to_complete_cents >= 0),
    retention_cents bigint check (retention_cents >= 0),
    reason text,
    primary key (draw_id, budget_line_id)
  )`.execute(db);
  await sql`create index draw_line_budget_line_idx on draw_line (budget_line_id)`.execute(db);

  await sql`create table draw_document (
    draw_id uuid not null references draw (id) on delete cascade,
    document_id uuid not null references deal_document (id) on delete cascade,
    kind text not null check (kind in ('builders_claim', 'invoice', 'supporting_statement', 'other')),
    attached_by text references "user" (id) on delete set null,
    attached_at timestamptz not null default ${now},
    primary key (draw_id, document_id)
  )`.execute(db);

  await sql`create table draw_comment (
    id uuid primary key default gen_random_uuid(),
    draw_id uuid not null references draw (id) on delete cascade,
    author_id text references "user" (id) on delete set null,
    body text not null check (char_length(body) between 1 and 5000),
    created_at timestamptz not null default ${now}
  )`.execute(db);
  await sql`create index draw_comment_draw_idx on draw_comment (draw_id, created_at, id)`.execute(db);

  // One notice of each kind per draw: the unique pair makes the deadline job send it once.
  await sql`create table draw_notice (
    draw_id uuid not null references draw (id) on delete cascade,
    kind text not null,
    sent_at timestamptz not null default ${now},
    primary key (draw_id, kind)
  )`.execute(db);

  await sql`create table facility_accrual (
    facility_id uuid not null references facility (id) on delete restrict,
    accrued_on date not null,
    balance_cents bigint not null,
    rate_bps integer not null check (rate_bps >= 0),
    amount_cents bigint not null check (amount_cents >= 0),
    journal_id uuid references ledger_journal (id) on delete restrict,
    created_at timestamptz not null default ${now},
    primary key (facility_id, accrued_on)
  )`.execute(db);

  await sql`create table facility_capitalisation (
    facility_id uuid not null references facility (id) on delete restrict,
    month date not null check (extract(day from month) = 1),
    amount_cents bigint not null check (amount_cents >= 0),
    journal_id uuid references ledger_journal (id) on delete restrict,
    created_at timestamptz not null default ${now},
    primary key (facility_id, month)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'facility_capitalisation',
    'facility_accrual',
    'draw_notice',
    'draw_comment',
    'draw_document',
    'draw_line',
    'draw',
    'equity_contribution',
    'ledger_posting',
    'ledger_journal',
    'budget_version_line',
    'budget_version',
    'budget_line',
    'facility_invite',
    'facility_party',
    'facility',
  ])
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  await sql`drop function if exists ledger_journal_balanced cascade`.execute(db);
  await sql`drop function if exists ledger_append_only cascade`.execute(db);
  await sql`alter table "user" drop constraint if exists user_role_check`.execute(db);
  await sql`alter table "user" add constraint user_role_check
    check (role in ('borrower', 'funder', 'admin'))`.execute(db);
}
