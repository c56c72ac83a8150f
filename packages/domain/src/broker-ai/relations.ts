import { aud, givenPct, pct, times } from './answer';
import { type Norm, norms, rate } from './norms';
import type { Figure } from './quantities';
import { COST_PARTS, partNames, type Relation, r } from './relation';
import { compositeRelations } from './relations-composite';

export type { Relation } from './relation';
export { partNames } from './relation';

import * as tools from './tools';

/**
 * The relations between the figures (issue 21): each works one figure out of others through a
 * function of tools.ts (never a formula restated here) and writes its line of working. The solver
 * chains them; the first relation of this list that can run wins, so the usual way comes first.
 */

/** The norm a figure is rated against, where one applies. */
export const normOf: Partial<Record<Figure, Norm>> = {
  loanToGrv: norms.loanToGrv,
  loanToCost: norms.loanToCost,
  marginOnCost: norms.marginOnCost,
  newMarginOnCost: norms.marginOnCost,
  icr: norms.servicingIcr,
  presalesCover: norms.presales,
};

const rated = (f: Figure, value: number) => {
  const n = normOf[f];
  return n ? ` Rating: ${rate(n, value)}.` : '';
};

const signed = (n: number) => (n >= 0 ? `+${givenPct(n)}` : givenPct(n));

export const relations: Relation[] = [
  r(
    'grv',
    ['grvIncGst'],
    ([g]) => tools.exGst(g),
    ([g], o) => `GRV ex GST: ${aud(g!)} / 1.1 = ${aud(o)}.`,
  ),
  r(
    'presales',
    ['presalesIncGst'],
    ([g]) => tools.exGst(g),
    ([g], o) => `Presales ex GST: ${aud(g!)} / 1.1 = ${aud(o)}.`,
  ),
  r('revenue', ['grv'], ([g]) => g),
  r('grv', ['revenue'], ([g]) => g),
  r('revenue', ['sale'], ([v]) => v, undefined, { isFallback: true }),
  r(
    'income',
    ['monthlyIncome'],
    ([m]) => tools.yearlyFromMonthly(m),
    ([m], o) => `Net income a year: ${aud(m!)} × 12 = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['land', 'construction'],
    (v) => tools.sumOf(v),
    (v, o, extra) =>
      `Total development cost: ${[`${aud(v[0]!)} land`, `${aud(v[1]!)} construction`, ...(extra ?? []).map((f, i) => `${aud(v[2 + i]!)} ${partNames[f]}`)].join(' + ')} = ${aud(o)}.`,
    { optional: COST_PARTS },
  ),
  r(
    'lvr',
    ['loan', 'land'],
    ([l, v]) => tools.lvrOnLand(l, v),
    ([l, v], o) => `LVR on land (Plinth’s LVR): ${aud(l!)} / ${aud(v!)} = ${pct(o)}.`,
  ),
  r(
    'loanToGrv',
    ['loan', 'grv'],
    ([l, g]) => tools.loanToGrv(l, g),
    ([l, g], o) => `Loan / GRV ex GST: ${aud(l!)} / ${aud(g!)} = ${pct(o)}.${rated('loanToGrv', o)}`,
  ),
  r(
    'loanToCost',
    ['loan', 'cost'],
    ([l, c]) => tools.loanToCost(l, c),
    ([l, c], o) => `Loan / TDC: ${aud(l!)} / ${aud(c!)} = ${pct(o)}.${rated('loanToCost', o)}`,
  ),
  r(
    'annualInterest',
    ['loan', 'rate'],
    ([l, p]) => tools.annualInterest(l, p),
    ([l, p], o) => `Interest a year: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'annualInterest',
    ['monthlyInterest'],
    ([m]) => tools.yearlyFromMonthly(m),
    ([m], o) => `Interest a year: ${aud(m!)} × 12 = ${aud(o)}.`,
  ),
  r(
    'monthlyInterest',
    ['loan', 'rate'],
    ([l, p]) => tools.monthlyInterest(l, p),
    ([l, p], o) => `Monthly interest: ${aud(l!)} × ${givenPct(p!)} / 12 = ${aud(o)}.`,
  ),
  r(
    'monthlyInterest',
    ['annualInterest'],
    ([a]) => tools.monthlyFromYearly(a),
    ([a], o) => `Monthly interest: ${aud(a!)} / 12 = ${aud(o)}.`,
  ),
  r(
    'termInterest',
    ['loan', 'rate', 'term'],
    ([l, p, t]) => tools.capitalisedInterest(l, p, t)?.simple,
    ([l, p, t], o) => {
      const c = tools.capitalisedInterest(l, p, t)!;
      return `Over ${t} months: ${aud(o)} simple (${aud(l!)} × ${givenPct(p!)} × ${t} / 12, interest on the full loan, as a quote prices it); ${aud(c.compounded)} if capitalised monthly, taking the balance to ${aud(c.closingBalance)}. Both assume the whole loan is drawn from day one; a progressively drawn construction loan costs less.`;
    },
  ),
  r(
    'termInterest',
    ['monthlyInterest', 'term'],
    ([m, t]) => tools.interestOverTerm(m, t),
    ([m, t], o) => `Over ${t} months: ${aud(m!)} × ${t} = ${aud(o)} (simple interest).`,
  ),
  r(
    'icr',
    ['income', 'annualInterest'],
    ([i, a]) => tools.interestCover(i, a),
    ([i, a], o) => `ICR: ${aud(i!)} / ${aud(a!)} = ${times(o)}.${rated('icr', o)}`,
  ),
  r(
    'icr',
    ['profit', 'term', 'loan', 'rate'],
    ([p, t, l, ra]) => tools.platformIcr(p, t, l, ra),
    ([p, t, l, ra], o) =>
      `Plinth’s ICR (expected profit over the term / annual interest): ${aud(p!)} / ${t! / 12} years / ${aud(tools.annualInterest(l, ra)!)} = ${times(o)}.`,
    { isFallback: true },
  ),
  r(
    'debtToEquity',
    ['loan', 'equity'],
    ([l, e]) => tools.debtToEquity(l, e),
    ([l, e], o) => `Debt / equity: ${aud(l!)} / ${aud(e!)} = ${times(o)}.`,
  ),
  r(
    'profit',
    ['revenue', 'cost'],
    ([v, c]) => tools.profitOf(v, c),
    ([v, c], o) => `Profit: ${aud(v!)} − ${aud(c!)} = ${aud(o)}.`,
  ),
  r(
    'revenue',
    ['cost', 'profit'],
    ([c, p]) => tools.revenueOf(c, p),
    ([c, p], o) => `Revenue: ${aud(c!)} cost + ${aud(p!)} profit = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['revenue', 'profit'],
    ([v, p]) => tools.costOf(v, p),
    ([v, p], o) => `Total cost: ${aud(v!)} revenue − ${aud(p!)} profit = ${aud(o)}.`,
  ),
  r(
    'marginOnCost',
    ['profit', 'cost'],
    ([p, c]) => tools.marginOnCost(p, c),
    ([p, c], o) => `Margin on cost: ${aud(p!)} / ${aud(c!)} = ${pct(o)}.${rated('marginOnCost', o)}`,
  ),
  r(
    'marginOnRevenue',
    ['profit', 'revenue'],
    ([p, v]) => tools.marginOnRevenue(p, v),
    ([p, v], o) => `Margin on revenue: ${aud(p!)} / ${aud(v!)} = ${pct(o)}.`,
  ),
  r(
    'marginOnRevenue',
    ['marginOnCost'],
    ([m]) => tools.costMarginToRevenueMargin(m),
    ([m], o) => `${pct(m!)} on cost = ${m! / 100} / (1 + ${m! / 100}) = ${pct(o)} on revenue.`,
  ),
  r(
    'marginOnCost',
    ['marginOnRevenue'],
    ([m]) => tools.revenueMarginToCostMargin(m),
    ([m], o) =>
      `${pct(m!)} on revenue = ${m! / 100} / (1 − ${m! / 100}) = ${pct(o)} on cost.${rated('marginOnCost', o)}`,
  ),
  r(
    'profit',
    ['marginOnCost', 'cost'],
    ([m, c]) => tools.shareOf(m, c),
    ([m, c], o) => `Profit: ${pct(m!)} of ${aud(c!)} cost = ${aud(o)}.`,
  ),
  r(
    'profit',
    ['marginOnRevenue', 'revenue'],
    ([m, v]) => tools.shareOf(m, v),
    ([m, v], o) => `Profit: ${pct(m!)} of ${aud(v!)} revenue = ${aud(o)}.`,
  ),
  r(
    'loan',
    ['lvr', 'land'],
    ([p, v]) => tools.shareOf(p, v),
    ([p, v], o) => `Loan at ${givenPct(p!)} of ${aud(v!)} land: ${aud(o)}.`,
  ),
  r(
    'loan',
    ['loanToGrv', 'grv'],
    ([p, g]) => tools.shareOf(p, g),
    ([p, g], o) => `Loan at ${givenPct(p!)} of ${aud(g!)} GRV: ${aud(o)}.`,
  ),
  r(
    'loan',
    ['loanToCost', 'cost'],
    ([p, c]) => tools.shareOf(p, c),
    ([p, c], o) => `Loan at ${givenPct(p!)} of ${aud(c!)} cost: ${aud(o)}.`,
  ),
  r(
    'equity',
    ['cost', 'loan'],
    ([c, l]) => tools.equityGap(c, l),
    ([c, l], o) => `Equity: ${aud(c!)} cost − ${aud(l!)} loan = ${aud(o)}.`,
  ),
  r(
    'loan',
    ['cost', 'equity'],
    ([c, e]) => tools.equityGap(c, e),
    ([c, e], o) => `Loan: ${aud(c!)} cost − ${aud(e!)} equity = ${aud(o)}.`,
  ),
  r(
    'newCost',
    ['cost', 'costChangeTotal'],
    ([c, x]) => tools.changedBy(c, x),
    ([c, x], o) => `New cost: ${aud(c!)} ${signed(x!)} = ${aud(o)}.`,
  ),
  r(
    'newCost',
    ['cost', 'construction', 'costChange'],
    ([c, k, x]) => tools.changedByAmount(c, tools.shareOf(x, k)),
    ([c, k, x], o) =>
      `New cost: ${aud(c!)} + ${givenPct(x!)} of the ${aud(k!)} construction cost (${aud(tools.shareOf(x, k)!)}) = ${aud(o)} (the rise applies to the construction cost, as the Feasibility grid applies it; land and finance costs stay).`,
  ),
  r(
    'newCost',
    ['cost', 'costChange'],
    ([c, x]) => tools.changedBy(c, x),
    ([c, x], o) => `New cost: ${aud(c!)} ${signed(x!)} = ${aud(o)}.`,
  ),
  r(
    'newCost',
    ['cost', 'costChangeAmount'],
    ([c, x]) => tools.changedByAmount(c, x),
    ([c, x], o) => `New cost: ${aud(c!)} ${x! >= 0 ? '+' : '−'} ${aud(Math.abs(x!))} = ${aud(o)}.`,
  ),
  r('newCost', ['cost'], ([c]) => c, undefined, { isFallback: true, needsChange: true }),
  r(
    'newRevenue',
    ['revenue', 'revenueChange'],
    ([v, x]) => tools.changedBy(v, x),
    ([v, x], o) => `New revenue: ${aud(v!)} ${signed(x!)} = ${aud(o)}.`,
  ),
  r(
    'newRevenue',
    ['revenue', 'revenueChangeAmount'],
    ([v, x]) => tools.changedByAmount(v, x),
    ([v, x], o) => `New revenue: ${aud(v!)} ${x! >= 0 ? '+' : '−'} ${aud(Math.abs(x!))} = ${aud(o)}.`,
  ),
  r('newRevenue', ['revenue'], ([v]) => v, undefined, { isFallback: true, needsChange: true }),
  r(
    'newProfit',
    ['newRevenue', 'newCost'],
    ([v, c]) => tools.profitOf(v, c),
    ([v, c], o) => `New profit: ${aud(v!)} − ${aud(c!)} = ${aud(o)}.`,
  ),
  r(
    'newMarginOnCost',
    ['newProfit', 'newCost'],
    ([p, c]) => tools.marginOnCost(p, c),
    ([p, c], o) => `New margin on cost: ${aud(p!)} / ${aud(c!)} = ${pct(o)}.${rated('newMarginOnCost', o)}`,
  ),
  r(
    'newMarginOnRevenue',
    ['newProfit', 'newRevenue'],
    ([p, v]) => tools.marginOnRevenue(p, v),
    ([p, v], o) => `New margin on revenue: ${aud(p!)} / ${aud(v!)} = ${pct(o)}.`,
  ),
  r(
    'fee',
    ['feeRate', 'loan'],
    ([p, l]) => tools.shareOf(p, l),
    ([p, l], o) => `Establishment fee: ${givenPct(p!)} of ${aud(l!)} = ${aud(o)}.`,
  ),
  r(
    'presalesCover',
    ['presales', 'loan'],
    ([p, l]) => tools.presalesCover(p, l),
    ([p, l], o) =>
      `Presales / debt: ${aud(p!)} / ${aud(l!)} = ${pct(o)} (${times(o / 100)} cover).${rated('presalesCover', o)}`,
  ),
];

/**
 * The same relations read backwards (issue 21: "reverse questions of every ratio"): the base of a
 * share, the rate from the interest, the income an ICR needs, the loan a debt / equity allows.
 * After the usual ways, so a figure worked the usual way is never worked backwards instead.
 */
relations.push(
  r(
    'equity',
    ['equityToCost', 'cost'],
    ([p, c]) => tools.shareOf(p, c),
    ([p, c], o) => `Equity: ${givenPct(p!)} of ${aud(c!)} cost = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['equity', 'equityToCost'],
    ([e, p]) => tools.baseOfShare(p, e),
    ([e, p], o) => `Total cost: ${aud(e!)} equity / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'equityToCost',
    ['equity', 'cost'],
    ([e, c]) => tools.percentOf(e, c),
    ([e, c], o) => `Equity / cost: ${aud(e!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'land',
    ['loan', 'lvr'],
    ([l, p]) => tools.baseOfShare(p, l),
    ([l, p], o) =>
      `Land value for a ${aud(l!)} loan at ${givenPct(p!)} LVR: ${aud(l!)} / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'grv',
    ['loan', 'loanToGrv'],
    ([l, p]) => tools.baseOfShare(p, l),
    ([l, p], o) =>
      `GRV for a ${aud(l!)} loan at ${givenPct(p!)} of GRV: ${aud(l!)} / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['loan', 'loanToCost'],
    ([l, p]) => tools.baseOfShare(p, l),
    ([l, p], o) =>
      `Total cost for a ${aud(l!)} loan at ${givenPct(p!)} of cost: ${aud(l!)} / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'rate',
    ['annualInterest', 'loan'],
    ([a, l]) => tools.percentOf(a, l),
    ([a, l], o) => `Interest rate: ${aud(a!)} a year / ${aud(l!)} = ${pct(o)} a year.`,
  ),
  r(
    'loan',
    ['annualInterest', 'rate'],
    ([a, p]) => tools.baseOfShare(p, a),
    ([a, p], o) => `Loan: ${aud(a!)} interest a year / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'annualInterest',
    ['income', 'icr'],
    ([i, c]) => tools.perMultiple(i, c),
    ([i, c], o) => `Interest a year the income covers ${times(c!)}: ${aud(i!)} / ${times(c!)} = ${aud(o)}.`,
  ),
  r(
    'income',
    ['icr', 'annualInterest'],
    ([c, a]) => tools.timesOf(a, c),
    ([c, a], o) =>
      `Net income for ${times(c!)} cover: ${aud(a!)} × ${times(c!)} = ${aud(o)}.${rated('icr', c!)}`,
  ),
  r(
    'loan',
    ['equity', 'debtToEquity'],
    ([e, d]) => tools.timesOf(e, d),
    ([e, d], o) => `Loan: ${aud(e!)} equity × ${times(d!)} = ${aud(o)}.`,
  ),
  r(
    'equity',
    ['loan', 'debtToEquity'],
    ([l, d]) => tools.perMultiple(l, d),
    ([l, d], o) => `Equity: ${aud(l!)} loan / ${times(d!)} = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['profit', 'marginOnCost'],
    ([p, m]) => tools.baseOfShare(m, p),
    ([p, m], o) => `Total cost: ${aud(p!)} profit / ${givenPct(m!)} = ${aud(o)}.`,
  ),
  r(
    'revenue',
    ['profit', 'marginOnRevenue'],
    ([p, m]) => tools.baseOfShare(m, p),
    ([p, m], o) => `Revenue: ${aud(p!)} profit / ${givenPct(m!)} = ${aud(o)}.`,
  ),
  r(
    'presales',
    ['presalesCover', 'loan'],
    ([p, l]) => tools.shareOf(p, l),
    ([p, l], o) => `Presales: ${givenPct(p!)} of the ${aud(l!)} loan = ${aud(o)}.`,
  ),
  r(
    'loan',
    ['presales', 'presalesCover'],
    ([s, p]) => tools.baseOfShare(p, s),
    ([s, p], o) => `Loan: ${aud(s!)} presales / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'monthlyInterest',
    ['termInterest', 'term'],
    ([i, t]) => tools.perMultiple(i, t),
    ([i, t], o) => `Monthly interest: ${aud(i!)} / ${t} months = ${aud(o)}.`,
  ),
  r(
    'term',
    ['termInterest', 'monthlyInterest'],
    ([i, m]) => tools.perMultiple(i, m),
    ([i, m], o) => `Term: ${aud(i!)} / ${aud(m!)} a month = ${Math.round(o * 10) / 10} months.`,
  ),
  r(
    'construction',
    ['cost', 'land'],
    ([c, l]) => tools.remainderOf(c, l),
    ([c, l], o) => `Construction: ${aud(c!)} total cost − ${aud(l!)} land = ${aud(o)}.`,
    { unless: COST_PARTS },
  ),
  r(
    'land',
    ['cost', 'construction'],
    ([c, k]) => tools.remainderOf(c, k),
    ([c, k], o) => `Land: ${aud(c!)} total cost − ${aud(k!)} construction = ${aud(o)}.`,
    { unless: COST_PARTS },
  ),
);

relations.push(...compositeRelations);
