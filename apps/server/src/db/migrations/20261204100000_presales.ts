import { type Kysely, sql } from 'kysely';

// Issue 34 items 4 and 7 (decision 062): the presale register, its qualification settings, the
// settlements that apply a lot's proceeds to the loan, and the closing of a repaid facility.
//
// - `presale_settings`: a facility's qualification thresholds (a row only once the funder changes
//   one; the defaults otherwise).
// - `presale`: one per lot on the register; `exchanged` until it settles (`settled`) or the facility
//   is repaid before it does (`released`: the lot is discharged without payment to the lender).
// - `presale_settlement`: one per presale (its unique key makes a settlement happen once), the
//   waterfall's split and the journal it posted: the lot's partial discharge record.
// - `facility_closing`: one per repaid facility, when its closing statement was issued.
// The ledger's journal kind has no check constraint: the new kinds 'settlement' and
// 'commitment_cancelled' need nothing here.

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table presale_settings (
    facility_id uuid primary key references facility (id) on delete cascade,
    min_deposit_bps integer not null check (min_deposit_bps between 0 and 10000),
    max_bond_share_bps integer not null check (max_bond_share_bps between 0 and 10000),
    bond_months_after_sunset integer not null check (bond_months_after_sunset between 0 and 60),
    sunset_months_after_completion integer not null check (sunset_months_after_completion between 0 and 60),
    updated_by text references "user" (id) on delete set null,
    updated_at timestamptz not null default ${now}
  )`.execute(db);

  await sql`create table presale (
    id uuid primary key default gen_random_uuid(),
    facility_id uuid not null references facility (id) on delete restrict,
    lot text not null check (char_length(lot) between 1 and 40),
    purchaser_name text not null check (char_length(purchaser_name) between 1 and 200),
    price_ex_gst_cents bigint not null check (price_ex_gst_cents > 0),
    deposit_cents bigint not null check (deposit_cents >= 0 and deposit_cents <= price_ex_gst_cents),
    deposit_form text not null check (deposit_form in ('cash', 'bond')),
    bond_expiry date,
    related_party boolean not null,
    exchanged_on date not null,
    sunset_on date not null check (sunset_on > exchanged_on),
    status text not null default 'exchanged' check (status in ('exchanged', 'settled', 'released')),
    released_on date,
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    updated_at timestamptz not null default ${now},
    check ((deposit_form = 'bond') = (bond_expiry is not null)),
    unique (facility_id, lot)
  )`.execute(db);
  await sql`create index presale_facility_idx on presale (facility_id, created_at, id)`.execute(db);

  await sql`create table presale_settlement (
    id uuid primary key default gen_random_uuid(),
    presale_id uuid not null unique references presale (id) on delete restrict,
    facility_id uuid not null references facility (id) on delete restrict,
    settled_on date not null,
    gross_cents bigint not null check (gross_cents > 0),
    selling_costs_cents bigint not null check (selling_costs_cents >= 0 and selling_costs_cents <= gross_cents),
    net_proceeds_cents bigint not null check (net_proceeds_cents >= 0),
    default_interest_cents bigint not null check (default_interest_cents >= 0),
    fees_cents bigint not null check (fees_cents >= 0),
    interest_cents bigint not null check (interest_cents >= 0),
    principal_cents bigint not null check (principal_cents >= 0),
    surplus_cents bigint not null check (surplus_cents >= 0),
    owed_after_cents bigint not null check (owed_after_cents >= 0),
    repaid boolean not null default false,
    journal_id uuid not null references ledger_journal (id) on delete restrict,
    recorded_by text references "user" (id) on delete set null,
    created_at timestamptz not null default ${now},
    check (net_proceeds_cents = gross_cents - selling_costs_cents),
    check (default_interest_cents + fees_cents + interest_cents + principal_cents + surplus_cents = net_proceeds_cents)
  )`.execute(db);
  await sql`create index presale_settlement_facility_idx on presale_settlement (facility_id, settled_on)`.execute(
    db,
  );

  await sql`create table facility_closing (
    facility_id uuid primary key references facility (id) on delete restrict,
    repaid_on date not null,
    settlement_id uuid references presale_settlement (id) on delete restrict,
    issued_at timestamptz not null default ${now}
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['facility_closing', 'presale_settlement', 'presale', 'presale_settings'])
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
}
