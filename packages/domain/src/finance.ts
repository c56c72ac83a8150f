/**
 * Derived figures of spec 000 section 5, as pure functions. Each answers null when an input it
 * needs is missing or would divide by zero, so screens show '—' rather than Infinity.
 */

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** LVR = loan amount / land value x 100 (the platform's own definition). */
export function lvr(
  loanAmount: number | null | undefined,
  landValue: number | null | undefined,
): number | null {
  if (!present(loanAmount) || !present(landValue) || landValue <= 0) return null;
  return (loanAmount / landValue) * 100;
}

/** The LVR bar never draws past 100 %. */
export const lvrBarPercent = (value: number | null) =>
  value === null ? 0 : Math.min(100, Math.max(0, value));

/** Monthly interest = loan x rate / 100 / 12. */
export function monthlyInterest(
  loanAmount: number | null | undefined,
  ratePercent: number | null | undefined,
) {
  if (!present(loanAmount) || !present(ratePercent)) return null;
  return (loanAmount * ratePercent) / 100 / 12;
}

/** ICR = expected profit / (term in years) / annual interest. */
export function icr(
  expectedProfit: number | null | undefined,
  loanTermMonths: number | null | undefined,
  loanAmount: number | null | undefined,
  ratePercent: number | null | undefined,
): number | null {
  if (!present(expectedProfit) || !present(loanTermMonths) || loanTermMonths <= 0) return null;
  if (!present(loanAmount) || !present(ratePercent)) return null;
  const annualInterest = (loanAmount * ratePercent) / 100;
  if (annualInterest <= 0) return null;
  return expectedProfit / (loanTermMonths / 12) / annualInterest;
}

/** Debt / equity = loan amount / equity contribution. */
export function debtToEquity(loanAmount: number | null | undefined, equity: number | null | undefined) {
  if (!present(loanAmount) || !present(equity) || equity <= 0) return null;
  return loanAmount / equity;
}

/** Profit margin as a percentage: on total cost on the project page, on GDC in the deal room. */
export function profitMargin(profit: number | null | undefined, base: number | null | undefined) {
  if (!present(profit) || !present(base) || base <= 0) return null;
  return (profit / base) * 100;
}

/** Return potential, the marketplace's sort key: profit / cost. */
export function returnPotential(profit: number | null | undefined, totalCost: number | null | undefined) {
  if (!present(profit) || !present(totalCost) || totalCost <= 0) return null;
  return profit / totalCost;
}

export const riskRatings = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof riskRatings)[number];
const riskScore: Record<RiskRating, number> = { low: 1, medium: 2, high: 3 };

/** Risk profile from the average of the three ratings: low at or below 1.5, medium to 2.5, else high. */
export function riskProfile(market: RiskRating, construction: RiskRating, location: RiskRating): RiskRating {
  const average = (riskScore[market] + riskScore[construction] + riskScore[location]) / 3;
  if (average <= 1.5) return 'low';
  if (average <= 2.5) return 'medium';
  return 'high';
}

export interface FigureInputs {
  loan_amount: number | null;
  interest_rate: number | null;
  loan_term: number | null;
  total_project_cost: number | null;
  equity_contribution: number | null;
  land_value: number | null;
  expected_profit: number | null;
  market_risk_rating: RiskRating;
  construction_risk_rating: RiskRating;
  location_risk_rating: RiskRating;
}

/** Every derived figure of a project, as the project page shows them (margin on cost). */
export function projectFigures(p: FigureInputs) {
  return {
    lvr: lvr(p.loan_amount, p.land_value),
    icr: icr(p.expected_profit, p.loan_term, p.loan_amount, p.interest_rate),
    debt_to_equity: debtToEquity(p.loan_amount, p.equity_contribution),
    monthly_interest: monthlyInterest(p.loan_amount, p.interest_rate),
    profit_margin: profitMargin(p.expected_profit, p.total_project_cost),
    risk_profile: riskProfile(p.market_risk_rating, p.construction_risk_rating, p.location_risk_rating),
  };
}
