import { addDays, earlierDate, lastDayOfMonth, laterDate } from '@plinth/domain/facility/dates';
import { dayNumerator, periodAccruals } from '@plinth/domain/facility/interest';
import {
  interestAccruedJournal,
  interestCapitalisedJournal,
  type Journal,
} from '@plinth/domain/facility/ledger';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withDefaults } from './default-tables';
import type { FacilityRow } from './facility-access';
import { facilityBalances, nat, postJournal } from './facility-figures';
import { defaultPeriods, rateForDay } from './rate-on-day';

/**
 * Restating days already accrued (decision 070). A draw funded on a day before the last accrued
 * day, or a default declared or cured on such a day, changes what those days should have borne. The
 * ledger is append-only, so nothing accrued is rewritten: each affected interest period (calendar
 * month) is worked out again from its first day with the domain's `periodAccruals` (Actual/365, the
 * period's exact numerator, half-even) on today's ledger and default days, and the difference from
 * what was posted is posted as an adjusting `interest_accrued` journal dated the period's last
 * accrued day; a month already capitalised also gets the difference capitalised (an
 * `interest_capitalised` journal on its last day), so later months bear interest on it. Each day's
 * change is kept in `facility_accrual_adjustment` (its balance and rate as restated, the change to
 * its numerator and cents), which the open month's numerator includes.
 *
 * It runs in the caller's transaction with the facility row locked — the daily accrual takes the
 * same lock first — and it posts only differences: run again, it posts nothing. So a day's interest
 * is right exactly once, however many instances fund, declare or accrue at once.
 */

const journalReversed = (journal: Journal): Journal => ({
  kind: journal.kind,
  postings: journal.postings.map((p) => ({ account: p.account, amount_cents: -p.amount_cents })),
});

type Day = {
  date: string;
  /** What was posted for the day so far: its accrual row plus earlier restatements. */
  numerator: bigint;
  cents: bigint;
};

/**
 * The interest-bearing balance (principal + capitalised interest) for each day from `from` to
 * `through`, as the daily accrual reads it: postings dated up to the end of the day, except the
 * interest capitalised on the day itself (it bears interest from the next day).
 */
async function dailyBalances(trx: Db, facilityId: string, from: string, through: string) {
  const rows = await trx
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_journal as j', 'j.id', 'p.journal_id')
    .select([
      'j.effective_on',
      sql<boolean>`j.kind = 'interest_capitalised'`.as('capitalised'),
      sql<string>`sum(p.amount_cents)::text`.as('total'),
    ])
    .where('p.facility_id', '=', facilityId)
    .where('p.account', 'in', ['principal', 'capitalised_interest'])
    .where('j.effective_on', '<=', through)
    .groupBy(['j.effective_on', sql`j.kind = 'interest_capitalised'`])
    .execute();
  // Credit accounts: the natural balance is the negated signed sum.
  let opening = 0n;
  const sameDay = new Map<string, bigint>();
  const nextDay = new Map<string, bigint>();
  for (const r of rows) {
    const amount = -BigInt(r.total);
    const on = String(r.effective_on);
    if (r.capitalised) {
      const from_ = addDays(on, 1);
      if (from_ <= from) opening += amount;
      else nextDay.set(from_, (nextDay.get(from_) ?? 0n) + amount);
    } else if (on < from) opening += amount;
    else sameDay.set(on, (sameDay.get(on) ?? 0n) + amount);
  }
  const out = new Map<string, bigint>();
  let balance = opening;
  for (let d = from; d <= through; d = addDays(d, 1)) {
    balance += (sameDay.get(d) ?? 0n) + (d === from ? 0n : (nextDay.get(d) ?? 0n));
    out.set(d, balance);
  }
  return out;
}

export type Restatement = { days: number; amount_cents: bigint };

/** Restates every accrued day from `from` (see above); what it charged (+) or gave back (−). */
export async function restateAccruals(
  trx: Db,
  facility: FacilityRow,
  input: { from: string; cause: string; createdBy: string | null },
): Promise<Restatement> {
  const db = withDefaults(trx);
  const opened = facility.activated_on;
  if (!opened) return { days: 0, amount_cents: 0n };
  const last = await db
    .selectFrom('facility_accrual')
    .select('accrued_on')
    .where('facility_id', '=', facility.id)
    .orderBy('accrued_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  const from = laterDate(input.from, opened);
  if (!last || from > last.accrued_on) return { days: 0, amount_cents: 0n };
  const through = last.accrued_on;
  const periods = await defaultPeriods(trx, facility.id);
  let total = 0n;
  let days = 0;
  // Month by month: a month's capitalised difference moves the balance of the months after it.
  for (let start = laterDate(opened, `${from.slice(0, 7)}-01`); start <= through; ) {
    const end = earlierDate(lastDayOfMonth(start), through);
    const posted = await postedDays(trx, facility.id, start, end);
    const balances = await dailyBalances(trx, facility.id, start, end);
    const restated = posted.map((d) => ({
      ...d,
      balance_cents: balances.get(d.date) ?? 0n,
      rate_bps: rateForDay(facility, periods, d.date),
    }));
    const cents = periodAccruals(restated);
    const changed = restated
      .map((d, i) => ({
        ...d,
        numerator_delta: dayNumerator(d.balance_cents, d.rate_bps) - d.numerator,
        cents_delta: cents[i]! - d.cents,
      }))
      .filter((d) => d.numerator_delta !== 0n || d.cents_delta !== 0n);
    const delta = changed.reduce((sum, d) => sum + d.cents_delta, 0n);
    if (changed.length > 0) {
      const memo = `Interest restated ${start} to ${end}: ${input.cause}`;
      const journalId =
        delta === 0n
          ? null
          : await postJournal(trx, {
              facilityId: facility.id,
              journal:
                delta > 0n ? interestAccruedJournal(delta) : journalReversed(interestAccruedJournal(-delta)),
              effectiveOn: end,
              memo,
              createdBy: input.createdBy,
            });
      await db
        .insertInto('facility_accrual_adjustment')
        .values(
          changed.map((d) => ({
            facility_id: facility.id,
            accrued_on: d.date,
            balance_cents: Number(d.balance_cents),
            rate_bps: d.rate_bps,
            numerator_delta: d.numerator_delta.toString(),
            amount_cents: Number(d.cents_delta),
            journal_id: journalId,
            cause: input.cause.slice(0, 500),
          })),
        )
        .execute();
      const capitalised = await trx
        .selectFrom('facility_capitalisation')
        .select('month')
        .where('facility_id', '=', facility.id)
        .where('month', '=', `${start.slice(0, 7)}-01`)
        .executeTakeFirst();
      if (capitalised && delta !== 0n) {
        const b = await facilityBalances(trx, facility.id);
        const journal =
          delta > 0n
            ? interestCapitalisedJournal({
                amount_cents: delta,
                undrawn_cents: facility.capitalise_interest ? nat(b, 'undrawn') : 0n,
              })
            : journalReversed(
                interestCapitalisedJournal({
                  amount_cents: -delta,
                  // Give back from the loan what was capitalised, the rest from what is payable in cash.
                  undrawn_cents: facility.capitalise_interest ? nat(b, 'capitalised_interest') : 0n,
                }),
              );
        await postJournal(trx, {
          facilityId: facility.id,
          journal,
          effectiveOn: end,
          memo: `Restated interest capitalised for ${start.slice(0, 7)}: ${input.cause}`,
          createdBy: input.createdBy,
        });
      }
      total += delta;
      days += changed.length;
    }
    start = addDays(end, 1);
  }
  return { days, amount_cents: total };
}

/** Each accrued day from `start` to `end` with what was posted for it (its row and restatements). */
async function postedDays(trx: Db, facilityId: string, start: string, end: string): Promise<Day[]> {
  const rows = await trx
    .selectFrom('facility_accrual as a')
    .select([
      'a.accrued_on',
      sql<string>`(a.balance_cents::numeric * a.rate_bps + coalesce((select sum(x.numerator_delta) from facility_accrual_adjustment x where x.facility_id = a.facility_id and x.accrued_on = a.accrued_on), 0))::text`.as(
        'numerator',
      ),
      sql<string>`(a.amount_cents + coalesce((select sum(x.amount_cents) from facility_accrual_adjustment x where x.facility_id = a.facility_id and x.accrued_on = a.accrued_on), 0))::text`.as(
        'cents',
      ),
    ])
    .where('a.facility_id', '=', facilityId)
    .where('a.accrued_on', '>=', start)
    .where('a.accrued_on', '<=', end)
    .orderBy('a.accrued_on')
    .execute();
  return rows.map((r) => ({
    date: String(r.accrued_on),
    numerator: BigInt(r.numerator),
    cents: BigInt(r.cents),
  }));
}
