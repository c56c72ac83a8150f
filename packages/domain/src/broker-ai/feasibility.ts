import { debtToEquity, icr } from '../finance';
import { pct, times } from './answer';
import { DEFAULT_MARGIN_HURDLE, type Norm, norms, type Rating, rate } from './norms';
import * as tools from './tools';

/**
 * A deal's feasibility as a funder's credit paper lays it out (issue 21): every ratio beside its
 * Australian norm, a sensitivity grid of margin on cost, the capitalised interest month by month
 * and the stress cases. The project page's Feasibility tab, the deal room, the credit summary PDF
 * and BrokerAI's memo all read it from here; each figure comes from tools.ts and finance.ts.
 */

/** A project's figures as the asker may see them (the full file's fields). */
export interface FeasibilityProject {
  loan_amount: number;
  land_value?: number | null;
  total_project_cost?: number | null;
  construction_cost?: number | null;
  expected_gdc?: number | null;
  expected_profit?: number | null;
  equity_contribution?: number | null;
  interest_rate?: number | null;
  loan_term?: number | null;
}

/** The figures a feasibility is worked from; a developer's 'what if' replaces any of them. */
export interface FeasibilityInputs {
  loan: number | null;
  land: number | null;
  totalCost: number | null;
  constructionCost: number | null;
  /** Revenue (GRV ex GST). */
  revenue: number | null;
  equity: number | null;
  ratePercent: number | null;
  termMonths: number | null;
}

/**
 * The revenue of a listing: cost + expected profit when both are given (so the margin and the
 * stress base agree), else the expected GDC the developer entered.
 */
export function revenueOf(p: FeasibilityProject): number | null {
  return p.total_project_cost != null && p.expected_profit != null
    ? p.total_project_cost + p.expected_profit
    : (p.expected_gdc ?? null);
}

export function feasibilityInputsOf(p: FeasibilityProject): FeasibilityInputs {
  return {
    loan: p.loan_amount,
    land: p.land_value ?? null,
    totalCost: p.total_project_cost ?? null,
    constructionCost: p.construction_cost ?? null,
    revenue: revenueOf(p),
    equity: p.equity_contribution ?? null,
    ratePercent: p.interest_rate ?? null,
    termMonths: p.loan_term ?? null,
  };
}

const profitOf = (i: FeasibilityInputs) =>
  i.revenue !== null && i.totalCost !== null ? i.revenue - i.totalCost : null;

export type FeasibilityRatioKey =
  | 'lvrOnLand'
  | 'loanToGrv'
  | 'loanToCost'
  | 'marginOnCost'
  | 'marginOnRevenue'
  | 'debtToEquity'
  | 'platformIcr';

export interface FeasibilityRatio {
  key: FeasibilityRatioKey;
  label: string;
  value: number | null;
  /** The value as shown ('65%', '1.50x', '—'). */
  display: string;
  /** Pass / watch / fail against the norm; null where no norm rates it (said in `norm`). */
  rating: Rating | null;
  norm: string | null;
  normSource: Pick<Norm, 'source' | 'sourceKind'> | null;
}

/** Why a ratio without a rating is shown unrated. */
export const unratedReasons: Partial<Record<FeasibilityRatioKey, string>> = {
  lvrOnLand: norms.lvrOnLand.text,
  marginOnRevenue: 'Shown beside margin on cost, the figure lenders rate: 15 % on cost is 13 % on revenue.',
  debtToEquity: 'No common norm: lenders judge gearing by loan / TDC.',
  platformIcr:
    'Plinth’s ICR spreads the expected profit over the term; a servicing ICR (net income / interest) matters only for an investment or residual-stock exit.',
};

/** Every ratio of the deal, with its norm and rating where a norm applies. */
export function feasibilityRatios(i: FeasibilityInputs): FeasibilityRatio[] {
  const profit = profitOf(i);
  const row = (
    key: FeasibilityRatioKey,
    label: string,
    value: number | null,
    display: (v: number) => string,
    norm?: Norm,
  ): FeasibilityRatio => ({
    key,
    label,
    value,
    display: value === null ? '—' : display(value),
    rating: norm && value !== null ? rate(norm, value) : null,
    norm: norm ? norm.text : (unratedReasons[key] ?? null),
    normSource: norm ? { source: norm.source, sourceKind: norm.sourceKind } : null,
  });
  return [
    row('lvrOnLand', 'LVR on land (Plinth)', tools.lvrOnLand(i.loan, i.land), pct),
    row('loanToGrv', 'Loan / GRV ex GST', tools.loanToGrv(i.loan, i.revenue), pct, norms.loanToGrv),
    row('loanToCost', 'Loan / TDC', tools.loanToCost(i.loan, i.totalCost), pct, norms.loanToCost),
    row('marginOnCost', 'Margin on cost', tools.marginOnCost(profit, i.totalCost), pct, norms.marginOnCost),
    row('marginOnRevenue', 'Margin on revenue', tools.marginOnRevenue(profit, i.revenue), pct),
    row('debtToEquity', 'Debt / equity', debtToEquity(i.loan, i.equity), times),
    row(
      'platformIcr',
      'ICR (Plinth: profit over the term / interest)',
      icr(profit, i.termMonths, i.loan, i.ratePercent),
      times,
    ),
  ];
}

/** The grid's steps, in %: construction cost up, revenue down. */
export const SENSITIVITY_COST_RISES = [0, 5, 10, 15, 20] as const;
export const SENSITIVITY_REVENUE_FALLS = [0, 5, 10, 15, 20] as const;

/** How a cell stands against the hurdle: clears it, positive but short of it, or a loss. */
export type HurdleStanding = 'clears' | 'below' | 'loss';

export interface SensitivityCell {
  costRisePercent: number;
  revenueFallPercent: number;
  cost: number;
  revenue: number;
  profit: number;
  marginOnCost: number;
  standing: HurdleStanding;
}

export interface SensitivityGrid {
  hurdlePercent: number;
  /** What the cost rise applies to: the construction cost when known, else the whole cost. */
  costBasis: 'construction cost' | 'total cost';
  /** rows[c][r]: construction cost +SENSITIVITY_COST_RISES[c] %, revenue −SENSITIVITY_REVENUE_FALLS[r] %. */
  rows: SensitivityCell[][];
}

export const standingOf = (marginOnCost: number, hurdlePercent: number): HurdleStanding =>
  marginOnCost >= hurdlePercent ? 'clears' : marginOnCost >= 0 ? 'below' : 'loss';

/**
 * Margin on cost when the construction cost rises and the revenue falls: the rise is the
 * construction cost's (a quantity surveyor's blow-out), added to the total cost, so land and
 * finance costs stay as they are; without a construction cost it applies to the whole cost.
 */
export function sensitivityGrid(
  i: Pick<FeasibilityInputs, 'totalCost' | 'constructionCost' | 'revenue'>,
  hurdlePercent = DEFAULT_MARGIN_HURDLE,
): SensitivityGrid | null {
  const { totalCost, revenue } = i;
  if (totalCost === null || revenue === null || totalCost <= 0) return null;
  const base = i.constructionCost !== null && i.constructionCost > 0 ? i.constructionCost : totalCost;
  const rows = SENSITIVITY_COST_RISES.map((rise) =>
    SENSITIVITY_REVENUE_FALLS.map((fall): SensitivityCell => {
      const cost = totalCost + (base * rise) / 100;
      const changedRevenue = revenue * (1 - fall / 100);
      const profit = changedRevenue - cost;
      const marginOnCost = tools.marginOnCost(profit, cost)!;
      return {
        costRisePercent: rise,
        revenueFallPercent: fall,
        cost,
        revenue: changedRevenue,
        profit,
        marginOnCost,
        standing: standingOf(marginOnCost, hurdlePercent),
      };
    }),
  );
  return { hurdlePercent, costBasis: base === totalCost ? 'total cost' : 'construction cost', rows };
}

export interface InterestMonth {
  month: number;
  /** Interest added this month (capitalised monthly on the full facility). */
  interest: number;
  /** Capitalised interest to the end of this month. */
  capitalised: number;
  /** Simple interest to the end of this month, as a quote prices it. */
  simple: number;
  /** The loan balance with the capitalised interest. */
  balance: number;
}

/**
 * The capitalised interest month by month over the term, on the full facility from day one (as
 * tools.capitalisedInterest, whose figure the last month reaches), beside the simple interest.
 */
export function interestSchedule(i: Pick<FeasibilityInputs, 'loan' | 'ratePercent' | 'termMonths'>) {
  const { loan, ratePercent, termMonths } = i;
  if (loan === null || ratePercent === null || termMonths === null || termMonths <= 0) return null;
  const months: InterestMonth[] = [];
  let before = 0;
  for (let month = 1; month <= Math.round(termMonths); month++) {
    const c = tools.capitalisedInterest(loan, ratePercent, month)!;
    months.push({
      month,
      interest: c.compounded - before,
      capitalised: c.compounded,
      simple: c.simple,
      balance: c.closingBalance,
    });
    before = c.compounded;
  }
  return months;
}

/** The lenders' stress cases (tools.stressTest: cost +10 %, revenue −10 %, 6-month delay, combined). */
export function stressCases(i: FeasibilityInputs, hurdlePercent = DEFAULT_MARGIN_HURDLE) {
  if (i.totalCost === null || i.revenue === null) return null;
  return tools.stressTest({
    cost: i.totalCost,
    revenue: i.revenue,
    loan: i.loan,
    ratePercent: i.ratePercent,
    hurdlePercent,
  });
}

/** The figures a feasibility lacks, named as the project form names them. */
export function missingFigures(i: FeasibilityInputs): string[] {
  const missing: string[] = [];
  if (i.totalCost === null) missing.push('total project cost');
  if (i.revenue === null) missing.push('expected GDC or expected profit');
  if (i.land === null) missing.push('land value');
  if (i.ratePercent === null) missing.push('interest rate');
  if (i.termMonths === null) missing.push('loan term');
  if (i.equity === null) missing.push('equity contribution');
  return missing;
}

export interface Feasibility {
  inputs: FeasibilityInputs;
  profit: number | null;
  ratios: FeasibilityRatio[];
  grid: SensitivityGrid | null;
  schedule: InterestMonth[] | null;
  stress: tools.StressCase[] | null;
  hurdlePercent: number;
  missing: string[];
}

/** The whole feasibility of a deal's figures (a listing's, or a developer's 'what if'). */
export function feasibility(i: FeasibilityInputs, hurdlePercent = DEFAULT_MARGIN_HURDLE): Feasibility {
  return {
    inputs: i,
    profit: profitOf(i),
    ratios: feasibilityRatios(i),
    grid: sensitivityGrid(i, hurdlePercent),
    schedule: interestSchedule(i),
    stress: stressCases(i, hurdlePercent),
    hurdlePercent,
    missing: missingFigures(i),
  };
}
