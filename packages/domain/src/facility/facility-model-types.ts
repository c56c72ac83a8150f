/** The shapes of the pure facility model (`facility-model.ts`) and its figures (`facility-figures.ts`). */
import type { BudgetCategory } from './budget';
import type { DrawAction, DrawState } from './draw-machine';
import type { FacilityAction, FacilityStatus } from './facility-machine';
import type { Account, Journal } from './ledger';

export type FacilityTerms = {
  limit_cents: bigint;
  interest_rate_bps: number;
  default_margin_bps: number;
  line_fee_bps: number;
  establishment_fee_cents: bigint;
  close_date: string;
  maturity_date: string;
  latest_practical_completion_date: string;
  retention_rate_bps?: number;
  retention_cap_bps?: number;
};

export type ModelBudgetLine = { id: string; name: string; category: BudgetCategory; budget_cents: bigint };

export type ModelDrawLine = {
  budget_line_id: string;
  claimed_cents: bigint;
  certified_cents?: bigint;
  cost_to_complete_cents?: bigint | null;
  retention_cents?: bigint;
};

export type ModelDraw = {
  id: string;
  state: DrawState;
  lines: ModelDrawLine[];
  /** Order of certification, so the latest cost to complete per line can be found again. */
  certified_seq?: number;
};

export type LineFigures = {
  paid_cents: bigint;
  pending_cents: bigint;
  cost_to_complete_cents: bigint | null;
  retention_held_cents: bigint;
};

/** A journal as posted: its day, and for a retention release the line it was released on. */
export type PostedJournal = Journal & { date: string; budget_line_id?: string };

/** One day's accrual, as the server's daily job records it (once per facility per day). */
export type AccrualDay = { date: string; balance_cents: bigint; rate_bps: number; accrual_cents: bigint };

export type FacilityModel = {
  terms: FacilityTerms;
  budget: readonly ModelBudgetLine[];
  status: FacilityStatus;
  /** The next day to accrue. */
  today: string;
  /** First day of the open interest (and line fee) period. */
  period_start: string;
  /** Exact interest numerator of the open period so far (see `accrualForDay`). */
  numerator: bigint;
  delay_days: number;
  draws: Record<string, ModelDraw>;
  certifications: number;
  journals: PostedJournal[];
  accrual_days: AccrualDay[];
  /** Running balances, updated journal by journal. */
  balances: Record<Account, bigint>;
  /** Running per-line figures, updated event by event. */
  lines: Record<string, LineFigures>;
};

export type FacilityEvent =
  | { type: 'facility'; action: FacilityAction }
  | { type: 'equity_received'; amount_cents: bigint }
  /** Equity in hand paid straight to a cost (e.g. the land settlement), outside any draw. */
  | { type: 'equity_spent'; budget_line_id: string; amount_cents: bigint }
  | { type: 'draw_submitted'; draw_id: string; lines: { budget_line_id: string; claimed_cents: bigint }[] }
  | {
      type: 'draw_certified';
      draw_id: string;
      lines: { budget_line_id: string; certified_cents: bigint; cost_to_complete_cents: bigint | null }[];
      delay_days: number;
    }
  | { type: 'draw_action'; draw_id: string; action: Exclude<DrawAction, 'submit' | 'certify'> }
  | { type: 'accrue_day' }
  | { type: 'retention_released'; budget_line_id: string; amount_cents: bigint };

export type ModelStep = { ok: true; model: FacilityModel } | { ok: false; message: string };
