import type { LiveEvent } from '@plinth/domain/events';
import {
  addDays,
  daysBetween,
  earlierDate,
  isLastDayOfMonth,
  laterDate,
} from '@plinth/domain/facility/dates';
import { accrualForDay, lineFeeForDays } from '@plinth/domain/facility/interest';
import {
  type Account,
  balances as balancesOf,
  interestAccruedJournal,
  interestBearingCents,
  interestCapitalisedJournal,
  type Journal,
  lineFeeJournal,
} from '@plinth/domain/facility/ledger';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { publishLiveEvents } from '../events/events.service';
import type { FacilityRow } from './facility-access';
import { type Balances, nat } from './facility-figures';
import { type DefaultPeriod, rateForDay } from './rate-on-day';

/** At most this many days of one facility in one transaction (a catch-up of years goes a year at a time). */
const MAX_DAYS = 366;
/** At most about this many facility-days in one transaction: many facilities far behind go in steps. */
const MAX_FACILITY_DAYS = 20_000;

/**
 * Accrual across facilities (decisions 056, 078, 079). One transaction accrues, for every facility
 * given, every day not yet accrued from its next day to `through` — the daily run's one day for
 * each open facility, or a catch-up of many days — posting exactly what accruing each facility one
 * day at a time (`accrueDay`) posts: the same accrual rows, the same journals in the same order for
 * each facility, the same month-end line fee and capitalisation.
 *
 * The facility rows are locked first, in id order (every move on a facility locks its row; two runs
 * lock in the same order, so they queue rather than deadlock). Then one grouped statement each
 * (`facility_id = any(…)`) reads every facility's last accrued day, its open period's exact
 * numerator with its restatements, the movements of its interest-bearing balance (principal and
 * capitalised interest, few rows a facility), its default periods and, for facilities reaching a
 * month's end, the balances the month end needs and the months already capitalised. The days are
 * worked forward in memory through the domain's functions (`accrualForDay`, `lineFeeForDays`, the
 * journal builders), and everything is written with one multi-row insert per table (`unnest` of
 * one array a column). The `facility_accrual` primary key still makes a day happen once: a second
 * run waits on the locks and then finds the days done.
 */
export async function accrueFacilities(
  db: Db,
  through: string,
  facilityIds: readonly string[],
): Promise<AccrualStep> {
  const none: AccrualStep = { days: 0, more: false };
  if (facilityIds.length === 0) return none;
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(facilityIds)].sort();
    const facilities = await trx
      .selectFrom('facility')
      .selectAll()
      .where(sql<boolean>`id = any(${ids}::uuid[])`)
      .where('status', 'in', ['active', 'in_default'])
      .where('activated_on', 'is not', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (facilities.length === 0) return none;
    const maxDays = Math.max(1, Math.min(MAX_DAYS, Math.floor(MAX_FACILITY_DAYS / facilities.length)));

    // Where each facility stands: its next day, the days this run takes and its open period.
    const lastAccrued = await sql<{ id: string; accrued_on: string | null }>`
      select f.id, a.accrued_on
        from unnest(${facilities.map((f) => f.id)}::uuid[]) as f (id)
        left join lateral (
          select accrued_on from facility_accrual
           where facility_id = f.id order by accrued_on desc limit 1
        ) a on true`.execute(trx);
    const lastOf = new Map(lastAccrued.rows.map((r) => [r.id, r.accrued_on ? String(r.accrued_on) : null]));
    const due: Due[] = [];
    for (const facility of facilities) {
      const opened = facility.activated_on!;
      const last = lastOf.get(facility.id);
      const first = last ? addDays(last, 1) : opened;
      if (first > through) continue;
      due.push({
        facility,
        first,
        last: earlierDate(through, addDays(first, maxDays - 1)),
        periodStart: laterDate(opened, `${first.slice(0, 7)}-01`),
      });
    }
    if (due.length === 0) return none;
    const dueIds = due.map((d) => d.facility.id);
    // Facilities whose days reach a month's end: the line fee and the capitalisation need their balances.
    const monthEnds = due.filter((d) => crossesMonthEnd(d.first, d.last));
    const monthEndIds = monthEnds.map((d) => d.facility.id);

    const [numerators, movements, defaults, balanceRows, capitalised] = await Promise.all([
      // The open period's exact numerator so far: its days' balance × rate plus their restatements.
      sql<{ id: string; numerator: string }>`
        select x.id,
               (coalesce((select sum(a.balance_cents::numeric * a.rate_bps) from facility_accrual a
                           where a.facility_id = x.id and a.accrued_on >= x.start), 0)
                + coalesce((select sum(r.numerator_delta) from facility_accrual_adjustment r
                             where r.facility_id = x.id and r.accrued_on >= x.start), 0))::text as numerator
          from unnest(${dueIds}::uuid[], ${due.map((d) => d.periodStart)}::date[]) as x (id, start)`.execute(
        trx,
      ),
      // Principal and capitalised interest by day: the interest-bearing balance as at any day.
      sql<{ facility_id: string; effective_on: string; total: string }>`
        select p.facility_id, j.effective_on, sum(p.amount_cents)::text as total
          from ledger_posting p join ledger_journal j on j.id = p.journal_id
         where p.facility_id = any(${dueIds}::uuid[])
           and p.account in ('principal', 'capitalised_interest')
         group by p.facility_id, j.effective_on`.execute(trx),
      sql<{ facility_id: string; declared_on: string; cured_on: string | null }>`
        select facility_id, declared_on, cured_on from facility_default
         where facility_id = any(${dueIds}::uuid[])`.execute(trx),
      monthEndIds.length === 0
        ? null
        : sql<{ facility_id: string; account: Account; total: string }>`
            select facility_id, account, sum(amount_cents)::text as total from ledger_posting
             where facility_id = any(${monthEndIds}::uuid[])
               and account in (${sql.join(MONTH_END_ACCOUNTS)})
             group by facility_id, account`.execute(trx),
      monthEndIds.length === 0
        ? null
        : sql<{ facility_id: string; month: string }>`
            select c.facility_id, c.month from facility_capitalisation c
              join unnest(${monthEndIds}::uuid[], ${monthEnds.map((d) => `${d.first.slice(0, 7)}-01`)}::date[],
                          ${monthEnds.map((d) => d.last)}::date[]) as x (id, first, last)
                on c.facility_id = x.id and c.month >= x.first and c.month <= x.last`.execute(trx),
    ]);

    const numeratorOf = new Map(numerators.rows.map((r) => [r.id, BigInt(r.numerator)]));
    const movementsOf = groupBy(movements.rows, (r) => r.facility_id);
    const periodsOf = groupBy(defaults.rows, (r) => r.facility_id);
    const balancesOfFacility = groupBy(balanceRows?.rows ?? [], (r) => r.facility_id);
    const capitalisedOf = groupBy(capitalised?.rows ?? [], (r) => r.facility_id);

    const plans = due.map((d) => {
      const id = d.facility.id;
      let opening = 0n;
      const bookedOn = new Map<string, bigint>();
      for (const m of movementsOf.get(id) ?? []) {
        // Both are credit accounts: the balance is the negated signed sum.
        const on = String(m.effective_on);
        const amount = -BigInt(m.total);
        if (on < d.first) opening += amount;
        else bookedOn.set(on, (bookedOn.get(on) ?? 0n) + amount);
      }
      const all = balancesOf([]);
      for (const b of balancesOfFacility.get(id) ?? []) all[b.account] = BigInt(b.total);
      return planDays({
        ...d,
        numerator: numeratorOf.get(id) ?? 0n,
        opening,
        bookedOn,
        all,
        periods: (periodsOf.get(id) ?? []).map((p) => ({
          declared_on: String(p.declared_on),
          cured_on: p.cured_on === null ? null : String(p.cured_on),
        })),
        monthsDone: new Set((capitalisedOf.get(id) ?? []).map((c) => String(c.month))),
      });
    });

    await writePlans(trx, plans);
    // Every party's open pages hear that the ledger changed: one event a facility, one statement.
    const parties = await sql<{ facility_id: string; user_id: string }>`
      select facility_id, user_id from facility_party where facility_id = any(${dueIds}::uuid[])`.execute(
      trx,
    );
    const partiesOf = groupBy(parties.rows, (r) => r.facility_id);
    await publishLiveEvents(
      trx,
      dueIds.map((id) => ({
        userIds: (partiesOf.get(id) ?? []).map((p) => p.user_id),
        event: { type: 'facility', facility_id: id, draw_id: null, change: 'ledger' } satisfies LiveEvent,
      })),
    );
    return {
      days: plans.reduce((sum, p) => sum + p.accruals.length, 0),
      more: due.some((d) => d.last < through),
    };
  });
}

/** What one transaction accrued: facility-days, and whether some facility has days left to `through`. */
export type AccrualStep = { days: number; more: boolean };

/** accrueFacilities for one facility: up to a year of its days in one transaction (decision 078). */
export const accrueBatch = async (db: Db, facilityId: string, through: string) =>
  (await accrueFacilities(db, through, [facilityId])).days;

/** What a month end reads: the journal builders' undrawn limit, the interest to capitalise, the balance. */
const MONTH_END_ACCOUNTS: Account[] = ['undrawn', 'accrued_interest', 'principal', 'capitalised_interest'];

interface Due {
  facility: FacilityRow;
  first: string;
  last: string;
  periodStart: string;
}

interface PlanInput extends Due {
  /** The open period's exact numerator before `first`. */
  numerator: bigint;
  /** The interest-bearing balance as at the end of the day before `first`. */
  opening: bigint;
  /** Changes to the interest-bearing balance dated on or after `first`, by day. */
  bookedOn: ReadonlyMap<string, bigint>;
  /** Balances of MONTH_END_ACCOUNTS from every posting (the other accounts are 0 and unused). */
  all: Balances;
  periods: readonly DefaultPeriod[];
  /** Months already capitalised (first days) among the days to accrue. */
  monthsDone: ReadonlySet<string>;
}

interface Plan {
  facilityId: string;
  journals: { journal: Journal; day: string; memo: string }[];
  accruals: { day: string; balance: bigint; rate: number; amount: bigint; journal: number | null }[];
  capitalisations: { month: string; amount: bigint; journal: number | null }[];
}

const crossesMonthEnd = (first: string, last: string) =>
  first.slice(0, 7) !== last.slice(0, 7) || isLastDayOfMonth(last);

/**
 * One facility's days, worked forward in memory as `accrueDay` works them one transaction at a
 * time: each day's interest on the balance as at its end (what is booked on it counts), the open
 * period's numerator carried on, and on a month's last day the line fee for the period and the
 * month's interest capitalised (dated that day, it bears interest from the next).
 */
function planDays(input: PlanInput): Plan {
  const { facility, all } = input;
  const plan: Plan = { facilityId: facility.id, journals: [], accruals: [], capitalisations: [] };
  const post = (journal: Journal, day: string, memo: string) => {
    plan.journals.push({ journal, day, memo });
    for (const p of journal.postings) all[p.account] += p.amount_cents;
    return plan.journals.length - 1;
  };
  let balance = input.opening;
  let numerator = input.numerator;
  let periodStart = input.periodStart;
  for (let day = input.first; day <= input.last; day = addDays(day, 1)) {
    if (day !== input.first && day.endsWith('-01')) {
      numerator = 0n;
      periodStart = laterDate(facility.activated_on!, day);
    }
    balance += input.bookedOn.get(day) ?? 0n;
    const rate = rateForDay(facility, input.periods, day);
    const accrual = accrualForDay({ numerator_before: numerator, balance_cents: balance, rate_bps: rate });
    numerator = accrual.numerator;
    const journal =
      accrual.accrual_cents > 0n
        ? post(interestAccruedJournal(accrual.accrual_cents), day, `Interest for ${day}`)
        : null;
    plan.accruals.push({ day, balance, rate, amount: accrual.accrual_cents, journal });
    if (!isLastDayOfMonth(day)) continue;
    const month = `${day.slice(0, 7)}-01`;
    if (input.monthsDone.has(month)) continue;
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
      const before = interestBearingCents(all);
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
      balance += interestBearingCents(all) - before;
    }
    plan.capitalisations.push({ month, amount: accrued, journal: capitalisation });
  }
  return plan;
}

/** Rows a column at a time for `unnest`: at most this many rows in one statement. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Journals (ids made here, so no answer is waited for; `seq` follows the order given), their
 * postings, the accrual rows and the capitalisations: one `insert … select from unnest(…)` each.
 */
async function writePlans(trx: Db, plans: readonly Plan[]) {
  const journalIds = plans.map((p) => p.journals.map(() => crypto.randomUUID()));
  const journals = plans.flatMap((p, f) =>
    p.journals.map((j, i) => [journalIds[f]![i]!, p.facilityId, j.journal.kind, j.day, j.memo]),
  );
  const postings = plans.flatMap((p, f) =>
    p.journals.flatMap((j, i) =>
      j.journal.postings.map((x) => [journalIds[f]![i]!, p.facilityId, x.account, x.amount_cents.toString()]),
    ),
  );
  const journalOf = (f: number, index: number | null) => (index === null ? null : journalIds[f]![index]!);
  const accruals = plans.flatMap((p, f) =>
    p.accruals.map((a) => [
      p.facilityId,
      a.day,
      a.balance.toString(),
      a.rate,
      a.amount.toString(),
      journalOf(f, a.journal),
    ]),
  );
  const capitalisations = plans.flatMap((p, f) =>
    p.capitalisations.map((c) => [p.facilityId, c.month, c.amount.toString(), journalOf(f, c.journal)]),
  );
  await insertRows(
    trx,
    'ledger_journal',
    ['id', 'facility_id', 'kind', 'effective_on', 'memo'],
    ['uuid', 'uuid', 'text', 'date', 'text'],
    journals,
  );
  await insertRows(
    trx,
    'ledger_posting',
    ['journal_id', 'facility_id', 'account', 'amount_cents'],
    ['uuid', 'uuid', 'text', 'bigint'],
    postings,
  );
  await insertRows(
    trx,
    'facility_accrual',
    ['facility_id', 'accrued_on', 'balance_cents', 'rate_bps', 'amount_cents', 'journal_id'],
    ['uuid', 'date', 'bigint', 'integer', 'bigint', 'uuid'],
    accruals,
  );
  await insertRows(
    trx,
    'facility_capitalisation',
    ['facility_id', 'month', 'amount_cents', 'journal_id'],
    ['uuid', 'date', 'bigint', 'uuid'],
    capitalisations,
  );
}

type Cell = string | number | null;

/** `insert into table (columns) select … from unnest($1::type[], …) with ordinality order by it`: rows in the order given. */
async function insertRows(
  trx: Db,
  table: 'ledger_journal' | 'ledger_posting' | 'facility_accrual' | 'facility_capitalisation',
  columns: readonly string[],
  types: readonly string[],
  rows: readonly Cell[][],
) {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    const arrays: RawBuilder<unknown>[] = columns.map(
      (_, c) => sql`${chunk.map((r) => r[c] ?? null)}::${sql.raw(types[c]!)}[]`,
    );
    const names = columns.map((c) => sql.ref(c));
    await trx
      .insertInto(table)
      .columns(columns as never)
      .expression(
        sql`select ${sql.join(names)} from unnest(${sql.join(arrays)}) with ordinality as r (${sql.join(names)}, ord) order by ord`,
      )
      .execute();
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
