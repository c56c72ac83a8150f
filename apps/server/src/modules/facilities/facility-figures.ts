import type { BudgetCategory } from '@plinth/domain/facility/budget';
import { addDays, laterDate } from '@plinth/domain/facility/dates';
import { applicableRateBps, type FacilityStatus } from '@plinth/domain/facility/facility-machine';
import {
  type InBalance,
  type InBalanceCostLine,
  inBalance,
  inBalanceWithForecast,
} from '@plinth/domain/facility/in-balance';
import { type BalanceMovement, financeEndDate } from '@plinth/domain/facility/interest';
import {
  type Account,
  accounts,
  balances as balancesOf,
  interestBearingCents,
  type Journal,
  naturalBalance,
} from '@plinth/domain/facility/ledger';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withVariations } from '../variations/variation-tables';
import { withDefaults } from './default-tables';
import type { FacilityRow } from './facility-access';

/**
 * The facility's figures as the ledger and the draws give them (issue 33; decision 056): balances
 * summed from postings (never stored), per-line figures from the draws, the open interest period's
 * exact numerator from its accrual days, and the in-balance test — all computed by the domain's
 * functions from what PostgreSQL holds. Journals are written here, in the caller's transaction.
 */

export type Balances = Record<Account, bigint>;

/** Signed balances (debit positive) of every account, optionally as at the end of `through`. */
export async function facilityBalances(db: Db, facilityId: string, through?: string): Promise<Balances> {
  let q = db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_journal as j', 'j.id', 'p.journal_id')
    .select(['p.account', sql<string>`sum(p.amount_cents)::text`.as('total')])
    .where('p.facility_id', '=', facilityId)
    .groupBy('p.account');
  if (through) q = q.where('j.effective_on', '<=', through);
  const rows = await q.execute();
  const out = balancesOf([]);
  for (const row of rows)
    if ((accounts as readonly string[]).includes(row.account))
      out[row.account as Account] = BigInt(row.total);
  return out;
}

export const nat = (b: Balances, account: Account) => naturalBalance(account, b[account]);

/** Writes a journal the domain built: the database refuses it at commit unless it sums to zero. */
export async function postJournal(
  trx: Db,
  input: {
    facilityId: string;
    journal: Journal;
    effectiveOn: string;
    memo?: string;
    drawId?: string | null;
    createdBy?: string | null;
  },
): Promise<string | null> {
  if (input.journal.postings.length === 0) return null;
  const { id } = await trx
    .insertInto('ledger_journal')
    .values({
      facility_id: input.facilityId,
      kind: input.journal.kind,
      effective_on: input.effectiveOn,
      memo: input.memo ?? '',
      draw_id: input.drawId ?? null,
      created_by: input.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_posting')
    .values(
      input.journal.postings.map((p) => ({
        journal_id: id,
        facility_id: input.facilityId,
        account: p.account,
        amount_cents: Number(p.amount_cents),
      })),
    )
    .execute();
  return id;
}

export interface BudgetLineFigures {
  id: string;
  code: string;
  name: string;
  category: BudgetCategory;
  budget_cents: bigint;
  funded_by: 'debt' | 'equity';
  claimed_cents: bigint;
  paid_cents: bigint;
  pending_cents: bigint;
  retention_held_cents: bigint;
  cost_to_complete_cents: bigint | null;
}

/** The approved budget's lines with what draws certified, paid and hold on each. */
export async function lineFigures(db: Db, facilityId: string): Promise<BudgetLineFigures[]> {
  const lines = await db
    .selectFrom('budget_version as v')
    .innerJoin('budget_version_line as vl', 'vl.budget_version_id', 'v.id')
    .innerJoin('budget_line as l', 'l.id', 'vl.budget_line_id')
    .select(['l.id', 'l.code', 'vl.name', 'vl.category', 'vl.amount_cents', 'vl.funded_by', 'vl.position'])
    .where('v.facility_id', '=', facilityId)
    .where('v.status', '=', 'approved')
    .orderBy('vl.position')
    .execute();
  const drawLines = await db
    .selectFrom('draw_line as dl')
    .innerJoin('draw as d', 'd.id', 'dl.draw_id')
    .select([
      'dl.budget_line_id',
      'dl.claimed_cents',
      'dl.certified_cents',
      'dl.cost_to_complete_cents',
      'dl.retention_cents',
      'd.status',
      'd.certified_at',
    ])
    .where('d.facility_id', '=', facilityId)
    .where('d.status', 'in', ['submitted', 'certified', 'approved', 'funded'])
    .orderBy('d.certified_at')
    .execute();
  const byId = new Map<string, BudgetLineFigures>();
  for (const l of lines)
    byId.set(l.id, {
      id: l.id,
      code: l.code,
      name: l.name,
      category: l.category as BudgetCategory,
      budget_cents: BigInt(l.amount_cents),
      funded_by: l.funded_by,
      claimed_cents: 0n,
      paid_cents: 0n,
      pending_cents: 0n,
      retention_held_cents: 0n,
      cost_to_complete_cents: null,
    });
  for (const dl of drawLines) {
    const f = byId.get(dl.budget_line_id);
    if (!f) continue;
    f.claimed_cents += BigInt(dl.claimed_cents);
    const certified = BigInt(dl.certified_cents ?? 0);
    if (dl.status === 'funded') {
      f.paid_cents += certified;
      f.retention_held_cents += BigInt(dl.retention_cents ?? 0);
    } else if (dl.status === 'certified' || dl.status === 'approved') f.pending_cents += certified;
    // Ordered by certification: the last one standing is the surveyor's latest cost to complete.
    if (dl.status !== 'submitted' && dl.cost_to_complete_cents !== null)
      f.cost_to_complete_cents = BigInt(dl.cost_to_complete_cents);
  }
  // Retention released (practical completion, defects liability; decision 061) is no longer held.
  const released = await withVariations(db)
    .selectFrom('retention_release_line as rl')
    .innerJoin('retention_release as r', 'r.id', 'rl.release_id')
    .select(['rl.budget_line_id', sql<string>`sum(rl.amount_cents)::text`.as('total')])
    .where('r.facility_id', '=', facilityId)
    .groupBy('rl.budget_line_id')
    .execute();
  for (const r of released) {
    const f = byId.get(r.budget_line_id);
    if (f) f.retention_held_cents -= BigInt(r.total);
  }
  return [...byId.values()];
}

/** The days of every incorporated variation: they move the forecast practical completion (decision 061). */
export async function variationDays(db: Db, facilityId: string): Promise<number> {
  const { total } = await withVariations(db)
    .selectFrom('variation')
    .select(sql<string>`coalesce(sum(days), 0)::text`.as('total'))
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'incorporated')
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The forecast practical completion: the facility's latest practical completion date, moved by the
 * days of incorporated variations (extensions of time) and the surveyor's latest reported delay
 * (measured against the programme as varied).
 */
export async function forecastCompletionDate(db: Db, facility: FacilityRow): Promise<string> {
  const [delay, varied] = await Promise.all([
    latestDelayDays(db, facility.id),
    variationDays(db, facility.id),
  ]);
  return addDays(facility.latest_practical_completion_date, delay + varied);
}

/** The surveyor's latest reported delay to practical completion (days), 0 before any. */
export async function latestDelayDays(db: Db, facilityId: string): Promise<number> {
  const row = await db
    .selectFrom('draw')
    .select('delay_days')
    .where('facility_id', '=', facilityId)
    .where('status', 'in', ['certified', 'approved', 'funded'])
    .where('delay_days', 'is not', null)
    .orderBy('certified_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.delay_days ?? 0;
}

/** The next day to accrue and the open interest period's first day and exact numerator so far. */
export async function accrualPosition(db: Db, facility: FacilityRow) {
  const last = await db
    .selectFrom('facility_accrual')
    .select('accrued_on')
    .where('facility_id', '=', facility.id)
    .orderBy('accrued_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  const start = facility.activated_on ?? facility.close_date;
  const next = last ? addDays(last.accrued_on, 1) : start;
  const periodStart = laterDate(start, `${next.slice(0, 7)}-01`);
  const { numerator } = await db
    .selectFrom('facility_accrual')
    .select(sql<string>`coalesce(sum(balance_cents::numeric * rate_bps), 0)::text`.as('numerator'))
    .where('facility_id', '=', facility.id)
    .where('accrued_on', '>=', periodStart)
    .executeTakeFirstOrThrow();
  // Days restated after they were accrued (a back-dated draw, default or cure; decision 070).
  const { restated } = await withDefaults(db)
    .selectFrom('facility_accrual_adjustment')
    .select(sql<string>`coalesce(sum(numerator_delta), 0)::text`.as('restated'))
    .where('facility_id', '=', facility.id)
    .where('accrued_on', '>=', periodStart)
    .executeTakeFirstOrThrow();
  return { next, periodStart, numerator: BigInt(numerator) + BigInt(restated) };
}

export interface FacilityInBalance extends InBalance {
  undrawn_cents: bigint;
  equity_in_hand_cents: bigint;
  finance_end_date: string;
}

/**
 * A change the in-balance test is asked about before it is made (a variation awaiting approval,
 * decision 061): budget lines at other amounts, more days to completion, a higher limit.
 */
export interface InBalanceWhatIf {
  amounts?: ReadonlyMap<string, bigint>;
  extra_days?: number;
  extra_limit_cents?: bigint;
}

/** The in-balance test from the ledger, the draws and the surveyor's latest report (domain rules). */
export async function facilityInBalance(
  db: Db,
  facility: FacilityRow,
  whatIf: InBalanceWhatIf = {},
): Promise<FacilityInBalance> {
  const [b, lines, delay, varied, position] = await Promise.all([
    facilityBalances(db, facility.id),
    lineFigures(db, facility.id),
    latestDelayDays(db, facility.id),
    variationDays(db, facility.id),
    accrualPosition(db, facility),
  ]);
  const status = facility.status as FacilityStatus;
  const booked = await bookedMovements(db, facility.id, position.next);
  const terms = {
    maturity_date: facility.maturity_date,
    latest_practical_completion_date: facility.latest_practical_completion_date,
    // Incorporated variations' days move completion; the surveyor's delay is against the varied programme.
    delay_days: delay + varied + (whatIf.extra_days ?? 0),
  };
  const costLines: InBalanceCostLine[] = lines.map((l) => ({
    budget_line_id: l.id,
    name: l.name,
    category: l.category,
    budget_cents: whatIf.amounts?.get(l.id) ?? l.budget_cents,
    paid_cents: l.paid_cents,
    pending_cents: l.pending_cents,
    cost_to_complete_cents: l.cost_to_complete_cents,
  }));
  const extraLimit = whatIf.extra_limit_cents ?? 0n;
  // Before the facility opens its ledger, the whole limit is undrawn.
  const undrawn = (facility.activated_on ? nat(b, 'undrawn') : BigInt(facility.limit_cents)) + extraLimit;
  const received = nat(b, 'equity_contributed');
  const input = {
    undrawn_cents: undrawn,
    equity_received_cents: received,
    equity_spent_cents: received - nat(b, 'equity'),
    retention_held_cents: nat(b, 'retention_held'),
    lines: costLines,
  };
  // The domain's answer (decision 054): the finance line is the forecast of interest and line fees on
  // today's balance and on the remaining costs drawn evenly to practical completion (moved by the
  // surveyor's delay). A repaid facility needs no more finance.
  const { forecast: _forecast, ...result } =
    status === 'repaid'
      ? { ...inBalance({ ...input, finance_cents: 0n }), forecast: null }
      : inBalanceWithForecast({
          ...input,
          forecast: {
            from: position.next,
            line_fee_from: position.periodStart,
            ...terms,
            rate_bps: applicableRateBps(status, facility),
            line_fee_bps: facility.line_fee_bps,
            limit_cents: BigInt(facility.limit_cents) + extraLimit,
            // The balance as the accrual will see it: what is dated on or after the next day to
            // accrue bears interest from its own date, not from that day (decision 070).
            balance_cents: interestBearingCents(b) - booked.reduce((sum, m) => sum + m.amount_cents, 0n),
            booked_movements: booked,
            accrued_cents: nat(b, 'accrued_interest'),
            numerator_before: position.numerator,
            capitalise: true,
          },
        });
  return {
    ...result,
    undrawn_cents: undrawn,
    equity_in_hand_cents: nat(b, 'equity'),
    finance_end_date: financeEndDate(terms),
  };
}

export const centsOut = (value: bigint) => Number(value);

/** Changes to the interest-bearing balance (principal + capitalised interest) dated on or after `from`, by day. */
export async function bookedMovements(db: Db, facilityId: string, from: string): Promise<BalanceMovement[]> {
  const rows = await db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_journal as j', 'j.id', 'p.journal_id')
    .select(['j.effective_on', sql<string>`sum(p.amount_cents)::text`.as('total')])
    .where('p.facility_id', '=', facilityId)
    .where('p.account', 'in', ['principal', 'capitalised_interest'])
    .where('j.effective_on', '>=', from)
    .groupBy('j.effective_on')
    .orderBy('j.effective_on')
    .execute();
  // Both are credit accounts: the balance is the negated signed sum.
  return rows
    .map((r) => ({ date: String(r.effective_on), amount_cents: -BigInt(r.total) }))
    .filter((m) => m.amount_cents !== 0n);
}
