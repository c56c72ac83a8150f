import { debtToEquity, icr, lvr, monthlyInterest, profitMargin } from '../finance';
import { quoteAllInCost } from '../proposals';

/**
 * BrokerAI's finance tools (issue 11): the ratios, hurdles and stress cases Australian development
 * lenders size a deal on, as pure functions. The platform's own figures (LVR on land, monthly
 * interest, ICR, debt / equity, margin, a quote's all-in cost) are the ones in finance.ts and
 * proposals.ts, reused here, never restated. Each tool answers null when an input is missing or
 * would divide by zero, so the analyst says what it needs instead of guessing a figure.
 */

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** GST is one eleventh of a taxable price that includes it. */
export const GST_FRACTION = 1 / 11;
/** A buyer of new residential property withholds 7 % of the price when the margin scheme applies. */
export const MARGIN_SCHEME_WITHHOLDING_RATE = 0.07;

/** The platform's LVR: loan / land value x 100 (spec 000 section 5), the figure on every listing. */
export const lvrOnLand = lvr;

/** A price including GST, less the GST in it (fully taxable supply). */
export function exGst(amountIncGst: number | null | undefined) {
  if (!present(amountIncGst)) return null;
  return amountIncGst / 1.1;
}

/** Loan / GRV ex GST x 100: how lenders size on end value. */
export function loanToGrv(loan: number | null | undefined, grvExGst: number | null | undefined) {
  return profitMargin(loan, grvExGst);
}

/** Loan / total development cost x 100 (LTC). */
export function loanToCost(loan: number | null | undefined, totalDevelopmentCost: number | null | undefined) {
  return profitMargin(loan, totalDevelopmentCost);
}

/** The platform's ICR (expected profit spread over the term / annual interest). */
export const platformIcr = icr;

/** Interest a year on the full loan: the monthly interest of finance.ts, twelve times. */
export function annualInterest(loan: number | null | undefined, ratePercent: number | null | undefined) {
  const monthly = monthlyInterest(loan, ratePercent);
  return monthly === null ? null : monthly * 12;
}

/** A monthly figure (interest, rent) as a yearly one. */
export function yearlyFromMonthly(monthly: number | null | undefined) {
  return present(monthly) ? monthly * 12 : null;
}

/** A yearly figure as a monthly one. */
export function monthlyFromYearly(yearly: number | null | undefined) {
  return present(yearly) ? yearly / 12 : null;
}

/** Simple interest over a term from the monthly interest: monthly x months (as a quote prices it). */
export function interestOverTerm(monthly: number | null | undefined, months: number | null | undefined) {
  if (!present(monthly) || !present(months) || months <= 0) return null;
  return monthly * months;
}

/** Interest cover: net annual income / annual interest (the annual interest as given or worked out). */
export function interestCover(
  netAnnualIncome: number | null | undefined,
  annualInterestPaid: number | null | undefined,
) {
  if (!present(netAnnualIncome) || !present(annualInterestPaid) || annualInterestPaid <= 0) return null;
  return netAnnualIncome / annualInterestPaid;
}

/** Servicing ICR for an investment or residual-stock exit: net annual income / annual interest. */
export function servicingIcr(
  netAnnualIncome: number | null | undefined,
  loan: number | null | undefined,
  ratePercent: number | null | undefined,
) {
  return interestCover(netAnnualIncome, annualInterest(loan, ratePercent));
}

/** Profit = revenue − total cost. */
export function profitOf(revenue: number | null | undefined, cost: number | null | undefined) {
  if (!present(revenue) || !present(cost)) return null;
  return revenue - cost;
}

/** Revenue that leaves a profit over a cost: cost + profit. */
export function revenueOf(cost: number | null | undefined, profit: number | null | undefined) {
  if (!present(cost) || !present(profit)) return null;
  return cost + profit;
}

/** The cost that leaves a profit out of a revenue: revenue − profit. */
export function costOf(revenue: number | null | undefined, profit: number | null | undefined) {
  return profitOf(revenue, profit);
}

/** The sum of some parts (a total development cost of named lines, an all-in land cost). */
export function sumOf(parts: (number | null | undefined)[]) {
  if (parts.length === 0 || !parts.every(present)) return null;
  return parts.reduce((a, b) => a + b, 0);
}

/** Total development cost from its two parts a question usually names: land + construction. */
export function totalDevelopmentCost(
  land: number | null | undefined,
  construction: number | null | undefined,
) {
  if (!present(land) || !present(construction)) return null;
  return land + construction;
}

/** Equity: what the loan leaves of the total cost (cost − loan); and the loan equity leaves. */
export function equityGap(cost: number | null | undefined, funded: number | null | undefined) {
  if (!present(cost) || !present(funded) || funded > cost) return null;
  return cost - funded;
}

/** A percentage of a base (a loan at 65 % of GRV, a profit at 20 % on cost): base x percent / 100. */
export function shareOf(percent: number | null | undefined, base: number | null | undefined) {
  if (!present(percent) || !present(base)) return null;
  return (base * percent) / 100;
}

/** The base a share is of: the share / percent x 100 (a $6.5m loan at 65 % of GRV → a $10m GRV). */
export function baseOfShare(percent: number | null | undefined, share: number | null | undefined) {
  if (!present(percent) || !present(share) || percent <= 0) return null;
  return (share * 100) / percent;
}

/** A part as a percentage of a whole: part / whole x 100 (interest a year / loan = the rate). */
export function percentOf(part: number | null | undefined, whole: number | null | undefined) {
  return profitMargin(part, whole);
}

/** A figure a multiple of another: base x multiple (equity x debt / equity = the loan). */
export function timesOf(base: number | null | undefined, multiple: number | null | undefined) {
  if (!present(base) || !present(multiple)) return null;
  return base * multiple;
}

/** The figure a multiple is of: value / multiple (net income / ICR = the interest it covers). */
export function perMultiple(value: number | null | undefined, multiple: number | null | undefined) {
  if (!present(value) || !present(multiple) || multiple <= 0) return null;
  return value / multiple;
}

/** What is left of a total after one part (TDC − land = construction). */
export function remainderOf(total: number | null | undefined, part: number | null | undefined) {
  return equityGap(total, part);
}

/** A figure after a change in % (cost +10 % → x 1.1; revenue −10 % → x 0.9). */
export function changedBy(value: number | null | undefined, changePercent: number | null | undefined) {
  if (!present(value) || !present(changePercent)) return null;
  return value * (1 + changePercent / 100);
}

/** A figure after a change in dollars (revenue down $1m → value − 1m). */
export function changedByAmount(value: number | null | undefined, change: number | null | undefined) {
  if (!present(value) || !present(change)) return null;
  return value + change;
}

/** Presales cover: qualifying presales / loan x 100. */
export function presalesCover(presales: number | null | undefined, loan: number | null | undefined) {
  return profitMargin(presales, loan);
}

/** Margin on cost: profit / total development cost x 100. */
export const marginOnCost = profitMargin;
/** Margin on revenue: profit / revenue (GRV ex GST) x 100. */
export const marginOnRevenue = profitMargin;

/** A margin on cost, in %, as a margin on revenue: m / (1 + m). 20 % on cost is 16.67 % on revenue. */
export function costMarginToRevenueMargin(marginOnCostPercent: number | null | undefined) {
  if (!present(marginOnCostPercent) || marginOnCostPercent <= -100) return null;
  const m = marginOnCostPercent / 100;
  return (m / (1 + m)) * 100;
}

/** A margin on revenue, in %, as a margin on cost: m / (1 − m). */
export function revenueMarginToCostMargin(marginOnRevenuePercent: number | null | undefined) {
  if (!present(marginOnRevenuePercent) || marginOnRevenuePercent >= 100) return null;
  const m = marginOnRevenuePercent / 100;
  return (m / (1 - m)) * 100;
}

export { debtToEquity, monthlyInterest };

/**
 * Interest over a term when it is capitalised (added to the loan each month, as construction
 * lenders do), beside the simple figure (loan x rate x months / 12) an indicative quote uses.
 * Assumes the whole facility is drawn from day one, which overstates a progressively drawn loan.
 */
export function capitalisedInterest(
  loan: number | null | undefined,
  ratePercent: number | null | undefined,
  months: number | null | undefined,
) {
  if (!present(loan) || !present(ratePercent) || !present(months) || months <= 0) return null;
  const monthlyRate = ratePercent / 100 / 12;
  const compounded = loan * ((1 + monthlyRate) ** months - 1);
  const simple = loan * monthlyRate * months;
  return { simple, compounded, closingBalance: loan + compounded };
}

/** GST under the margin scheme: 1/11 of (sale price − purchase price); building costs are not deducted. */
export function marginSchemeGst(
  purchasePrice: number | null | undefined,
  salePrice: number | null | undefined,
) {
  if (!present(purchasePrice) || !present(salePrice)) return null;
  return Math.max(0, salePrice - purchasePrice) * GST_FRACTION;
}

/** GST in a fully taxable price that includes it: 1/11 of the price. */
export function gstInPrice(priceIncGst: number | null | undefined) {
  if (!present(priceIncGst)) return null;
  return priceIncGst * GST_FRACTION;
}

/**
 * What the buyer of new residential property withholds at settlement and pays to the ATO: 1/11 of
 * the price, or 7 % of the price under the margin scheme.
 */
export function gstWithholding(price: number | null | undefined, isMarginScheme: boolean) {
  if (!present(price)) return null;
  return price * (isMarginScheme ? MARGIN_SCHEME_WITHHOLDING_RATE : GST_FRACTION);
}

export interface FeasibilityInputs {
  /** Total development cost, interest included. */
  cost: number;
  /** Revenue (GRV ex GST). */
  revenue: number;
  loan?: number | null;
  ratePercent?: number | null;
  /** Holding costs per month beyond interest (rates, insurance, site costs), if known. */
  holdingPerMonth?: number | null;
  /** The margin on cost to clear, in %. */
  hurdlePercent: number;
}

export interface StressCase {
  name: 'base' | 'cost +10%' | 'revenue −10%' | '6-month delay' | 'combined';
  cost: number;
  revenue: number;
  profit: number;
  marginOnCost: number;
  clearsHurdle: boolean;
}

export const STRESS_COST_RISE = 0.1;
export const STRESS_REVENUE_FALL = 0.1;
export const STRESS_DELAY_MONTHS = 6;

/**
 * The stress cases lenders run (research: andorraprivate.com.au): construction cost +10 %, sale
 * revenue −10 %, a 6-month delay (six more months of interest on the loan, and of holding costs),
 * and all three together; each against the margin hurdle. The delay case needs the loan and rate.
 */
export function stressTest(input: FeasibilityInputs): StressCase[] | null {
  const { cost, revenue, hurdlePercent } = input;
  if (!present(cost) || !present(revenue) || cost <= 0 || !present(hurdlePercent)) return null;
  const delayCost =
    present(input.loan) && present(input.ratePercent)
      ? (monthlyInterest(input.loan, input.ratePercent) ?? 0) * STRESS_DELAY_MONTHS +
        (input.holdingPerMonth ?? 0) * STRESS_DELAY_MONTHS
      : null;
  const caseOf = (name: StressCase['name'], c: number, r: number): StressCase => {
    const profit = r - c;
    const margin = (profit / c) * 100;
    return { name, cost: c, revenue: r, profit, marginOnCost: margin, clearsHurdle: margin >= hurdlePercent };
  };
  const cases = [
    caseOf('base', cost, revenue),
    caseOf('cost +10%', cost * (1 + STRESS_COST_RISE), revenue),
    caseOf('revenue −10%', cost, revenue * (1 - STRESS_REVENUE_FALL)),
  ];
  if (delayCost !== null) cases.push(caseOf('6-month delay', cost + delayCost, revenue));
  cases.push(
    caseOf('combined', cost * (1 + STRESS_COST_RISE) + (delayCost ?? 0), revenue * (1 - STRESS_REVENUE_FALL)),
  );
  return cases;
}

export interface LenderLimits {
  /** Largest loan / GRV ex GST, in %. */
  maxLoanToGrv?: number | null;
  /** Largest loan / TDC, in %. */
  maxLoanToCost?: number | null;
  /** Largest loan / land value, in % (the platform's LVR). */
  maxLvrOnLand?: number | null;
}

export interface MaxLoanResult {
  maxLoan: number;
  bindingLimit: 'loan to GRV' | 'loan to cost' | 'LVR on land';
  byLimit: { limit: MaxLoanResult['bindingLimit']; loan: number }[];
}

/** The largest loan every given limit allows: the smallest of them, and which one binds. */
export function maxLoan(
  values: { grvExGst?: number | null; cost?: number | null; land?: number | null },
  limits: LenderLimits,
): MaxLoanResult | null {
  const byLimit: MaxLoanResult['byLimit'] = [];
  if (present(values.grvExGst) && present(limits.maxLoanToGrv))
    byLimit.push({ limit: 'loan to GRV', loan: (values.grvExGst * limits.maxLoanToGrv) / 100 });
  if (present(values.cost) && present(limits.maxLoanToCost))
    byLimit.push({ limit: 'loan to cost', loan: (values.cost * limits.maxLoanToCost) / 100 });
  if (present(values.land) && present(limits.maxLvrOnLand))
    byLimit.push({ limit: 'LVR on land', loan: (values.land * limits.maxLvrOnLand) / 100 });
  if (byLimit.length === 0) return null;
  const binding = byLimit.reduce((a, b) => (b.loan < a.loan ? b : a));
  return { maxLoan: binding.loan, bindingLimit: binding.limit, byLimit };
}

/**
 * A quote's all-in cost (proposals.ts: simple interest on the full facility for the term plus the
 * establishment fee), and the same as a rate a year on the loan, to compare quotes of other terms.
 */
export function quoteCost(q: {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
}) {
  if (![q.loan_amount, q.interest_rate, q.loan_term, q.establishment_fee].every(present)) return null;
  if (q.loan_amount <= 0 || q.loan_term <= 0) return null;
  const cost = quoteAllInCost(q);
  const allInRatePercent = (cost.total / q.loan_amount / (q.loan_term / 12)) * 100;
  return { ...cost, allInRatePercent };
}
