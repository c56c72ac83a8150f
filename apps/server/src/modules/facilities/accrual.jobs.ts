import { addDays, daysBetween, isLastDayOfMonth } from '@plinth/domain/facility/dates';
import type { FacilityStatus } from '@plinth/domain/facility/facility-machine';
import { accrualForDay, lineFeeForDays } from '@plinth/domain/facility/interest';
import {
  interestAccruedJournal,
  interestBearingCents,
  interestCapitalisedJournal,
  lineFeeJournal,
} from '@plinth/domain/facility/ledger';
import { sydneyDate } from '@plinth/domain/proposals';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { JobKind } from '../../jobs/job-queue';
import { handleCovenantJobs, queueCovenantJobs } from '../covenants/covenant.jobs';
import { accrueBatch, accrueFacilities } from './accrual-batch';
import { facilityChanged } from './facilities.service';
import { findFacilityRow } from './facility-access';
import { accrualPosition, facilityBalances, nat, postJournal } from './facility-figures';
import { rateOnDay } from './rate-on-day';

export { type DefaultPeriod, defaultPeriods, rateForDay, rateOnDay } from './rate-on-day';

/**
 * Daily accrual and monthly capitalisation (issue 33 item 5; decisions 056, 078, 079). A pg-boss
 * schedule starts `facility-daily` once a day across all instances; it accrues yesterday for every
 * open facility, many facilities a transaction (`accrueOpenFacilities`). Each transaction locks its
 * facilities' rows in id order and inserts each facility's `facility_accrual` row for each day: the
 * lock and that primary key (facility, day) make a second instance, a retried job or a catch-up run
 * wait for the first and then find the day done — so each facility accrues each day exactly once,
 * whatever number of instances run. On a month's last day the same transaction charges the line fee
 * and capitalises the month's interest (`facility_capitalisation`, keyed by facility and month).
 * `accrueDay` is the rule one facility-day at a time: the batches are tested against it.
 */

export const facilityDailyJob: JobKind<Record<string, never>> = {
  name: 'facility-daily',
  // 14:05 UTC is 00:05 or 01:05 in Sydney: the day before is over in every Australian state.
  cron: '5 14 * * *',
};
export const facilityAccrualJob: JobKind<{ facilityId: string; through: string }> = {
  name: 'facility-accrual',
  policy: 'short',
};

/** Accrues one day for a facility, if that day is its next; false when it was done already. */
export async function accrueDay(db: Db, facilityId: string, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const facility = await findFacilityRow(trx, facilityId, { lock: true });
    if (!facility?.activated_on) return false;
    const status = facility.status as FacilityStatus;
    if (status !== 'active' && status !== 'in_default') return false;
    const position = await accrualPosition(trx, facility);
    if (position.next !== day) return false;
    const b = await facilityBalances(trx, facility.id, day);
    const rate = await rateOnDay(trx, facility, day);
    const balance = interestBearingCents(b);
    const { accrual_cents } = accrualForDay({
      numerator_before: position.numerator,
      balance_cents: balance,
      rate_bps: rate,
    });
    const inserted = await trx
      .insertInto('facility_accrual')
      .values({
        facility_id: facility.id,
        accrued_on: day,
        balance_cents: Number(balance),
        rate_bps: rate,
        amount_cents: Number(accrual_cents),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('accrued_on')
      .executeTakeFirst();
    if (!inserted) return false;
    if (accrual_cents > 0n) {
      const journalId = await postJournal(trx, {
        facilityId: facility.id,
        journal: interestAccruedJournal(accrual_cents),
        effectiveOn: day,
        memo: `Interest for ${day}`,
      });
      await trx
        .updateTable('facility_accrual')
        .set({ journal_id: journalId })
        .where('facility_id', '=', facility.id)
        .where('accrued_on', '=', day)
        .execute();
    }
    if (isLastDayOfMonth(day)) {
      const month = `${day.slice(0, 7)}-01`;
      const once = await trx
        .insertInto('facility_capitalisation')
        .values({ facility_id: facility.id, month, amount_cents: 0 })
        .onConflict((oc) => oc.doNothing())
        .returning('month')
        .executeTakeFirst();
      if (once) {
        const fee = lineFeeForDays(
          BigInt(facility.limit_cents),
          facility.line_fee_bps,
          daysBetween(position.periodStart, day) + 1,
        );
        let after = await facilityBalances(trx, facility.id);
        if (fee > 0n) {
          await postJournal(trx, {
            facilityId: facility.id,
            journal: lineFeeJournal({ amount_cents: fee, undrawn_cents: nat(after, 'undrawn') }),
            effectiveOn: day,
            memo: `Line fee to ${day}`,
          });
          after = await facilityBalances(trx, facility.id);
        }
        const accrued = nat(after, 'accrued_interest');
        let journalId: string | null = null;
        if (accrued > 0n)
          journalId = await postJournal(trx, {
            facilityId: facility.id,
            journal: interestCapitalisedJournal({
              amount_cents: accrued,
              // Interest not capitalised under the terms is payable in cash: none of it uses the limit.
              undrawn_cents: facility.capitalise_interest ? nat(after, 'undrawn') : 0n,
            }),
            effectiveOn: day,
            memo: `Interest capitalised for ${day.slice(0, 7)}`,
          });
        await trx
          .updateTable('facility_capitalisation')
          .set({ amount_cents: Number(accrued), journal_id: journalId })
          .where('facility_id', '=', facility.id)
          .where('month', '=', month)
          .execute();
      }
    }
    await facilityChanged(trx, facility.id, 'ledger');
    return true;
  });
}

/**
 * Accrues every day not yet accrued up to and including `through` for one facility; returns how
 * many. The days go in batches (`accrueBatch`: up to a year in one transaction, the same rows and
 * journals as `accrueDay` one day at a time; decision 078). Another instance accruing the same
 * facility holds its lock; the next batch then starts where that one ended, or finds nothing left.
 */
export async function accrueThrough(db: Db, facilityId: string, through: string): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await accrueBatch(db, facilityId, through);
    if (done === 0) return count;
    count += done;
  }
}

/** Facilities one transaction of the daily run takes (their rows are locked together). */
const FACILITIES_PER_TRANSACTION = 1_000;

/**
 * The daily run (decision 079): every open facility's days up to and including `through`, many
 * facilities a transaction (`accrueFacilities`, in id order), rather than one job per facility.
 * A facility behind by many days (a server down for a while) catches up in the same run. Should a
 * transaction fail, its facilities are accrued one by one so one facility's failure does not hold
 * the others' interest back; the failure is then thrown, and pg-boss retries the run (which finds
 * the days done and accrues only what is left). Returns the facility-days accrued.
 */
export async function accrueOpenFacilities(
  db: Db,
  through: string,
  options: { perTransaction?: number } = {},
): Promise<number> {
  const perTransaction = options.perTransaction ?? FACILITIES_PER_TRANSACTION;
  const open = await db
    .selectFrom('facility')
    .select('id')
    .where('status', 'in', ['active', 'in_default'])
    .where('activated_on', 'is not', null)
    .orderBy('id')
    .execute();
  let count = 0;
  let failure: unknown = null;
  for (let from = 0; from < open.length; from += perTransaction) {
    const ids = open.slice(from, from + perTransaction).map((f) => f.id);
    try {
      for (let more = true; more; ) {
        const step = await accrueFacilities(db, through, ids);
        count += step.days;
        more = step.more;
      }
    } catch (error) {
      failure ??= error;
      for (const id of ids)
        try {
          count += await accrueThrough(db, id, through);
        } catch {
          // Thrown once below, after every other facility has accrued.
        }
    }
  }
  if (failure) throw failure;
  return count;
}

export function handleFacilityJobs(deps: AppDeps, extra: { daily?: (now: Date) => Promise<unknown> } = {}) {
  deps.jobs.handle(facilityDailyJob, async () => {
    const now = new Date();
    // Yesterday (Sydney) for every open facility, many facilities a transaction (decision 079).
    await accrueOpenFacilities(deps.db, addDays(sydneyDate(now), -1));
    // Covenants and the monthly lender report (issue 34 items 5 and 6, decision 067).
    await queueCovenantJobs(deps, now);
    await extra.daily?.(now);
  });
  handleCovenantJobs(deps);
  // One facility's job, as the daily run queued them before decision 079 (any still queued run).
  deps.jobs.handle(facilityAccrualJob, ({ facilityId, through }) =>
    accrueThrough(deps.db, facilityId, through),
  );
}
