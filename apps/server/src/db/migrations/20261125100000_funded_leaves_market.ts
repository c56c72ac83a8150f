import { type Kysely, type RawBuilder, sql } from 'kysely';

// Issue 9: a completed deal marks its project funded (project.funded_at) and takes it off the
// market, while the listing stays paid and published for the developer and for the funders already
// in a deal on it (docs/decisions/015-deals-on-the-server.md). The market is now
// `payment_status = 'paid' and visible and funded_at is null`: the totals behind the stats header
// (marketplace_summary, kept by a trigger since 20261123000300) follow the same predicate. The
// partial indexes keep their predicate: a marketplace query that adds `funded_at is null` still
// implies it, and funded listings are few.
//
// The marketplace's cached pages now carry each funder's deal id, so `deal` joins the tables whose
// writes other processes hear (20261124000000_change_notifications).

const onMarket = (row: 'old' | 'new') =>
  sql.raw(`${row}.payment_status = 'paid' and ${row}.visible and ${row}.funded_at is null`);

async function defineSummaryFunctions(
  db: Kysely<any>,
  market: { old: RawBuilder<unknown>; new: RawBuilder<unknown>; rows: string },
) {
  await sql`create or replace function marketplace_summary_track() returns trigger language plpgsql as $fn$
    begin
      if tg_op in ('UPDATE', 'DELETE') and ${market.old} then
        -- An edit that leaves the listing on the market in the same group with the same figures.
        if tg_op = 'UPDATE' and ${market.new}
            and new.property_type = old.property_type
            and new.state is not distinct from old.state
            and new.development_stage = old.development_stage
            and new.loan_amount = old.loan_amount
            and new.expected_profit is not distinct from old.expected_profit
            and new.total_project_cost is not distinct from old.total_project_cost then
          return null;
        end if;
        perform marketplace_summary_add(old.property_type, old.state, old.development_stage, -1,
          old.loan_amount, old.expected_profit / old.total_project_cost);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and ${market.new} then
        perform marketplace_summary_add(new.property_type, new.state, new.development_stage, 1,
          new.loan_amount, new.expected_profit / new.total_project_cost);
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create or replace function marketplace_summary_rebuild() returns void language sql as $fn$
    delete from marketplace_summary;
    insert into marketplace_summary (property_type, state, development_stage, loan_band,
      listings, capital, return_sum, return_count)
    select property_type, coalesce(state, ''), development_stage, marketplace_loan_band(loan_amount),
      count(*), sum(loan_amount), coalesce(sum(expected_profit / total_project_cost), 0),
      count(expected_profit / total_project_cost)
    from project where ${sql.raw(market.rows)}
    group by 1, 2, 3, 4
  $fn$`.execute(db);
  await sql`select marketplace_summary_rebuild()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await defineSummaryFunctions(db, {
    old: onMarket('old'),
    new: onMarket('new'),
    rows: `payment_status = 'paid' and visible and funded_at is null`,
  });
  await sql`create trigger deal_notify_change
    after insert or update or delete or truncate on deal
    for each statement execute function plinth_notify_table_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists deal_notify_change on deal`.execute(db);
  await defineSummaryFunctions(db, {
    old: sql.raw(`old.payment_status = 'paid' and old.visible`),
    new: sql.raw(`new.payment_status = 'paid' and new.visible`),
    rows: `payment_status = 'paid' and visible`,
  });
}
