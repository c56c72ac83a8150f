import {
  addDays,
  daysBetween,
  earlierDate,
  isLastDayOfMonth,
  laterDate,
} from '@plinth/domain/facility/dates';
import type { FacilityStatus } from '@plinth/domain/facility/facility-machine';
import { accrualForDay, lineFeeForDays } from '@plinth/domain/facility/interest';
import {
  interestAccruedJournal,
  interestBearingCents,
  interestCapitalisedJournal,
  type Journal,
  lineFeeJournal,
} from '@plinth/domain/facility/ledger';
import type { Db } from '../../db/database';
import { facilityChanged } from './facilities.service';
import { findFacilityRow } from './facility-access';
import { accrualPosition, bookedMovements, facilityBalances, nat } from './facility-figures';
import { defaultPeriods, rateForDay } from './rate-on-day';

/** At most this many days in one transaction (a catch-up of years goes a year at a time). */
const MAX_DAYS = 366;

/**
 * Accrues every day not yet accrued from the facility's next day to `through` (at most a year) in
 * one transaction, posting exactly what accruing them one at a time (`accrueDay`) posts — the same
 * accrual rows, the same journals in the same order, the same month-end line fee and capitalisation
 * (decision 078). The facility row is locked first, as every move locks it; the days' balances are
 * worked forward in memory from the balance before the first day, the movements already booked on
 * later days and the batch's own capitalisations; then everything is written with one multi-row
 * insert per table. The `facility_accrual` primary key still makes a day happen once.
 */
export async function accrueBatch(db: Db, facilityId: string, through: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const facility = await findFacilityRow(trx, facilityId, { lock: true });
    if (!facility?.activated_on) return 0;
    const status = facility.status as FacilityStatus;
    if (status !== 'active' && status !== 'in_default') return 0;
    const position = await accrualPosition(trx, facility);
    if (position.next > through) return 0;
    const first = position.next;
    const last = earlierDate(through, addDays(first, MAX_DAYS - 1));
    const [all, before, booked, periods, capitalised] = await Promise.all([
      facilityBalances(trx, facility.id),
      facilityBalances(trx, facility.id, addDays(first, -1)),
      bookedMovements(trx, facility.id, first),
      defaultPeriods(trx, facility.id),
      trx
        .selectFrom('facility_capitalisation')
        .select('month')
        .where('facility_id', '=', facility.id)
        .where('month', '>=', `${first.slice(0, 7)}-01`)
        .where('month', '<=', last)
        .execute(),
    ]);
    const monthsDone = new Set(capitalised.map((c) => String(c.month)));
    const bookedOn = new Map(booked.map((m) => [m.date, m.amount_cents]));

    type Planned = { journal: Journal; day: string; memo: string };
    const journals: Planned[] = [];
    const accruals: {
      day: string;
      balance: bigint;
      rate: number;
      amount: bigint;
      journal: number | null;
    }[] = [];
    const capitalisations: { month: string; amount: bigint; journal: number | null }[] = [];
    const post = (journal: Journal, day: string, memo: string) => {
      journals.push({ journal, day, memo });
      for (const p of journal.postings) all[p.account] += p.amount_cents;
      return journals.length - 1;
    };

    let balance = interestBearingCents(before);
    let numerator = position.numerator;
    let periodStart = position.periodStart;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      if (day !== first && day.endsWith('-01')) {
        numerator = 0n;
        periodStart = laterDate(facility.activated_on, day);
      }
      // The balance as at the end of the day: what is booked on it counts (postings dated up to it).
      balance += bookedOn.get(day) ?? 0n;
      const rate = rateForDay(facility, periods, day);
      const accrual = accrualForDay({ numerator_before: numerator, balance_cents: balance, rate_bps: rate });
      numerator = accrual.numerator;
      const journal =
        accrual.accrual_cents > 0n
          ? post(interestAccruedJournal(accrual.accrual_cents), day, `Interest for ${day}`)
          : null;
      accruals.push({ day, balance, rate, amount: accrual.accrual_cents, journal });
      if (!isLastDayOfMonth(day)) continue;
      const month = `${day.slice(0, 7)}-01`;
      if (monthsDone.has(month)) continue;
      const fee = lineFeeForDays(
        BigInt(facility.limit_cents),
        facility.line_fee_bps,
        daysBetween(periodStart, day) + 1,
      );
      if (fee > 0n)
        post(
          lineFeeJournal({ amount_cents: fee, undrawn_cents: nat(all, 'undrawn') }),
          day,
          `Line fee to ${day}`,
        );
      const accrued = nat(all, 'accrued_interest');
      let capitalisation: number | null = null;
      if (accrued > 0n) {
        const ibBefore = interestBearingCents(all);
        capitalisation = post(
          interestCapitalisedJournal({
            amount_cents: accrued,
            // Interest not capitalised under the terms is payable in cash: none of it uses the limit.
            undrawn_cents: facility.capitalise_interest ? nat(all, 'undrawn') : 0n,
          }),
          day,
          `Interest capitalised for ${day.slice(0, 7)}`,
        );
        // Dated the month's last day: it bears interest from the next day on.
        balance += interestBearingCents(all) - ibBefore;
      }
      capitalisations.push({ month, amount: accrued, journal: capitalisation });
    }

    // Journals in the order they were made (their `seq` follows), then their postings.
    const ids: string[] = [];
    for (let from = 0; from < journals.length; from += 500) {
      const chunk = journals.slice(from, from + 500);
      const rows = await trx
        .insertInto('ledger_journal')
        .values(
          chunk.map((j) => ({
            facility_id: facility.id,
            kind: j.journal.kind,
            effective_on: j.day,
            memo: j.memo,
            draw_id: null,
            created_by: null,
          })),
        )
        .returning(['id', 'seq'])
        .execute();
      rows.sort((a, b) => Number(a.seq) - Number(b.seq));
      ids.push(...rows.map((r) => r.id));
    }
    const postings = journals.flatMap((j, i) =>
      j.journal.postings.map((p) => ({
        journal_id: ids[i]!,
        facility_id: facility.id,
        account: p.account,
        amount_cents: Number(p.amount_cents),
      })),
    );
    for (let from = 0; from < postings.length; from += 1000)
      await trx
        .insertInto('ledger_posting')
        .values(postings.slice(from, from + 1000))
        .execute();
    const inserted = await trx
      .insertInto('facility_accrual')
      .values(
        accruals.map((a) => ({
          facility_id: facility.id,
          accrued_on: a.day,
          balance_cents: Number(a.balance),
          rate_bps: a.rate,
          amount_cents: Number(a.amount),
          journal_id: a.journal === null ? null : ids[a.journal]!,
        })),
      )
      .returning('accrued_on')
      .execute();
    if (capitalisations.length > 0)
      await trx
        .insertInto('facility_capitalisation')
        .values(
          capitalisations.map((c) => ({
            facility_id: facility.id,
            month: c.month,
            amount_cents: Number(c.amount),
            journal_id: c.journal === null ? null : ids[c.journal]!,
          })),
        )
        .execute();
    await facilityChanged(trx, facility.id, 'ledger');
    return inserted.length;
  });
}
