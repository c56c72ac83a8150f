import { type Kysely, sql } from 'kysely';

// Issue 33, decision 079: the ledger's balance check once per statement instead of once per row.
//
// Migration 20261203000000 checked every journal at commit with a deferred constraint trigger *for
// each row* of ledger_journal and ledger_posting: the daily accrual across 1,000 facilities writes
// ≈ 1,000 journals and 2,000 postings a day, and each of those ≈ 3,000 rows ran the check (a query
// on its journal's postings) at commit. Constraint triggers can only be row triggers, so the check
// now goes in two steps:
//   - after each INSERT statement on ledger_journal or ledger_posting, a statement trigger reads the
//     statement's new rows (its transition table) and queues ONE row in ledger_journal_check: the
//     ids of every journal the statement wrote or posted to;
//   - a deferred constraint trigger on that row checks, at commit, all those journals at once (at
//     least two postings each, summing to zero, all on the journal's own facility) with the same
//     words and SQLSTATE (23514) as before, then deletes the row: the table is empty outside a
//     transaction.
// The guarantee is unchanged — a transaction that leaves any journal unbalanced fails whole at
// commit, whatever order and statements wrote the journal and its postings — and the work is one
// set-based query per insert statement. Plain PL/pgSQL: it runs the same on PGlite and PostgreSQL.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table ledger_journal_check (
    id bigserial primary key,
    journal_ids uuid[] not null
  )`.execute(db);

  await sql`create function ledger_journals_balanced() returns trigger language plpgsql as $fn$
    declare
      bad record;
    begin
      select j.id, count(p.id) as lines, coalesce(sum(p.amount_cents), 0) as total,
             coalesce(bool_and(p.facility_id = j.facility_id), true) as facility_ok
        into bad
        from ledger_journal j
        left join ledger_posting p on p.journal_id = j.id
       where j.id = any(new.journal_ids)
       group by j.id
      having count(p.id) < 2
          or coalesce(sum(p.amount_cents), 0) <> 0
          or not coalesce(bool_and(p.facility_id = j.facility_id), true)
       limit 1;
      if found then
        if bad.lines < 2 then
          raise exception 'ledger journal % has % posting(s); a journal needs at least two', bad.id, bad.lines
            using errcode = '23514';
        end if;
        if bad.total <> 0 then
          raise exception 'ledger journal % does not balance: its postings sum to % cents', bad.id, bad.total
            using errcode = '23514';
        end if;
        raise exception 'ledger journal % posts to another facility', bad.id using errcode = '23514';
      end if;
      delete from ledger_journal_check where id = new.id;
      return null;
    end
  $fn$`.execute(db);
  await sql`create constraint trigger ledger_journal_check_balanced
    after insert on ledger_journal_check deferrable initially deferred
    for each row execute function ledger_journals_balanced()`.execute(db);

  await sql`create function ledger_journal_queue_check() returns trigger language plpgsql as $fn$
    begin
      insert into ledger_journal_check (journal_ids)
        select array_agg(id) from added_journals having count(*) > 0;
      return null;
    end
  $fn$`.execute(db);
  await sql`create function ledger_posting_queue_check() returns trigger language plpgsql as $fn$
    begin
      insert into ledger_journal_check (journal_ids)
        select array_agg(distinct journal_id) from added_postings having count(*) > 0;
      return null;
    end
  $fn$`.execute(db);
  await sql`create trigger ledger_journal_queue_check
    after insert on ledger_journal referencing new table as added_journals
    for each statement execute function ledger_journal_queue_check()`.execute(db);
  await sql`create trigger ledger_posting_queue_check
    after insert on ledger_posting referencing new table as added_postings
    for each statement execute function ledger_posting_queue_check()`.execute(db);

  await sql`drop trigger ledger_posting_balanced on ledger_posting`.execute(db);
  await sql`drop trigger ledger_journal_has_postings on ledger_journal`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists ledger_journal_queue_check on ledger_journal`.execute(db);
  await sql`drop trigger if exists ledger_posting_queue_check on ledger_posting`.execute(db);
  await sql`drop table if exists ledger_journal_check`.execute(db);
  await sql`drop function if exists ledger_journal_queue_check()`.execute(db);
  await sql`drop function if exists ledger_posting_queue_check()`.execute(db);
  await sql`drop function if exists ledger_journals_balanced()`.execute(db);
  await sql`create constraint trigger ledger_posting_balanced
    after insert on ledger_posting deferrable initially deferred
    for each row execute function ledger_journal_balanced()`.execute(db);
  await sql`create constraint trigger ledger_journal_has_postings
    after insert on ledger_journal deferrable initially deferred
    for each row execute function ledger_journal_balanced()`.execute(db);
}
