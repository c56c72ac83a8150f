import { aud, givenPct, pct } from './answer';
import { ceilUnits, partNames, type Relation, r } from './relation';
import * as tools from './tools';

/**
 * Issue 35: figures built from parts, units and periods, and the qualifiers lenders price on. Each
 * writes its line with the figures as given.
 */
export const compositeRelations: Relation[] = [
  r(
    'grv',
    ['units', 'pricePerUnit'],
    ([n, p]) => tools.timesOf(p, n),
    ([n, p], o) => `GRV: ${n} × ${aud(p!)} = ${aud(o)}.`,
  ),
  r(
    'presales',
    ['presalesCount', 'pricePerUnit'],
    ([n, p]) => tools.timesOf(p, n),
    ([n, p], o) => `Presales: ${n} × ${aud(p!)} = ${aud(o)}.`,
  ),
  r(
    'land',
    ['units', 'landPerUnit'],
    ([n, p]) => tools.timesOf(p, n),
    ([n, p], o) => `Land (the purchase price the margin is worked from): ${n} × ${aud(p!)} = ${aud(o)}.`,
  ),
  r(
    'profitPerUnit',
    ['profit', 'units'],
    ([p, n]) => tools.perMultiple(p, n),
    ([p, n], o) => `Profit per unit: ${aud(p!)} / ${n} = ${aud(o)}.`,
  ),
  r(
    'pricePerUnit',
    ['grv', 'units'],
    ([g, n]) => tools.perMultiple(g, n),
    ([g, n], o) => `Price per unit: ${aud(g!)} / ${n} = ${aud(o)}.`,
  ),
  r(
    'units',
    ['grv', 'pricePerUnit'],
    ([g, p]) => tools.perMultiple(g, p),
    ([g, p], o) => `Units: ${aud(g!)} / ${aud(p!)} = ${Math.round(o * 100) / 100}.`,
  ),
  r(
    'presalesCount',
    ['presales', 'pricePerUnit'],
    ([s, p]) => {
      const n = tools.perMultiple(s, p);
      return n === null ? null : ceilUnits(n);
    },
    ([s, p], o) =>
      `Presales to reach ${aud(s!)}: ${aud(s!)} / ${aud(p!)} = ${Math.round((s! / p!) * 100) / 100}, so ${o} units.`,
  ),
  r(
    'yieldOnCost',
    ['income', 'cost'],
    ([i, c]) => tools.percentOf(i, c),
    ([i, c], o) => `Yield on cost: ${aud(i!)} a year / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'grvIncGst',
    ['grv'],
    ([g]) => tools.timesOf(g, 1.1),
    ([g], o) => `GRV including GST: ${aud(g!)} × 1.1 = ${aud(o)}.`,
  ),
  r(
    'returnOnEquity',
    ['profit', 'equity'],
    ([p, e]) => tools.percentOf(p, e),
    ([p, e], o) => `Return on equity: ${aud(p!)} profit / ${aud(e!)} equity = ${pct(o)}.`,
  ),
  r(
    'costPerUnit',
    ['cost', 'units'],
    ([c, n]) => tools.perMultiple(c, n),
    ([c, n], o) => `Cost per unit: ${aud(c!)} / ${n} = ${aud(o)}.`,
  ),
  r(
    'endValue',
    ['income', 'capRate'],
    ([i, c]) => tools.baseOfShare(c, i),
    ([i, c], o) => `End value: ${aud(i!)} net income a year / ${givenPct(c!)} cap rate = ${aud(o)}.`,
  ),
  r(
    'salePerArea',
    ['grv', 'area'],
    ([g, a]) => tools.perMultiple(g, a),
    ([g, a], o) => `Sales per m²: ${aud(g!)} / ${a!.toLocaleString('en-AU')} m² = ${aud(o)}.`,
  ),
  r(
    'costPerArea',
    ['construction', 'area'],
    ([c, a]) => tools.perMultiple(c, a),
    ([c, a], o) => `Construction cost per m²: ${aud(c!)} / ${a!.toLocaleString('en-AU')} m² = ${aud(o)}.`,
  ),
  r(
    'construction',
    ['costPerArea', 'area'],
    ([c, a]) => tools.timesOf(c, a),
    ([c, a], o) => `Construction cost: ${aud(c!)} per m² × ${a!.toLocaleString('en-AU')} m² = ${aud(o)}.`,
  ),
  r(
    'grv',
    ['salePerArea', 'area'],
    ([p, a]) => tools.timesOf(p, a),
    ([p, a], o) => `GRV: ${aud(p!)} per m² × ${a!.toLocaleString('en-AU')} m² = ${aud(o)}.`,
  ),
  r(
    'costsExLand',
    [],
    (v) => tools.sumOf(v),
    (v, o, extra) =>
      extra!.length === 1
        ? `Costs other than land: ${aud(o)}.`
        : `Costs other than land: ${extra!.map((f, i) => `${aud(v[i]!)} ${partNames[f]}`).join(' + ')} = ${aud(o)}.`,
    { optional: ['construction', 'softCosts', 'financeCosts', 'otherCosts'] },
  ),
  r(
    'residualLand',
    ['grv', 'costsExLand', 'profit'],
    ([g, c, p]) => tools.remainderOf(tools.remainderOf(g, c), p),
    ([g, c, p], o) =>
      `Residual land value: ${aud(g!)} − ${aud(c!)} costs other than land − ${aud(p!)} profit = ${aud(o)}.`,
    { unlessGiven: ['marginOnCost', 'marginOnRevenue', 'hurdle'] },
  ),
  r(
    'residualLand',
    ['grv', 'costsExLand', 'marginOnCost'],
    ([g, c, m]) => tools.remainderOf(tools.baseOfShare(100 + m!, g), c),
    ([g, c, m], o) =>
      `Total cost a ${givenPct(m!)} margin on cost allows: ${aud(g!)} / (1 + ${givenPct(m!)}) = ${aud(tools.baseOfShare(100 + m!, g)!)}.\nResidual land value: ${aud(tools.baseOfShare(100 + m!, g)!)} − ${aud(c!)} costs other than land = ${aud(o)} (before stamp duty and acquisition costs).`,
    { givenOnly: ['marginOnCost'] },
  ),
  r(
    'residualLand',
    ['grv', 'costsExLand', 'marginOnRevenue'],
    ([g, c, m]) => tools.remainderOf(tools.changedBy(g, -m!), c),
    ([g, c, m], o) =>
      `Margin: ${aud(g!)} × ${givenPct(m!)} = ${aud(tools.shareOf(m, g)!)} on revenue; ${aud(g!)} − ${aud(tools.shareOf(m, g)!)} = ${aud(tools.changedBy(g, -m!)!)}.\nResidual land value: ${aud(tools.changedBy(g, -m!)!)} − ${aud(c!)} costs other than land = ${aud(o)} (before stamp duty and acquisition costs).`,
    { givenOnly: ['marginOnRevenue'] },
  ),
  r(
    'residualLand',
    ['grv', 'costsExLand', 'hurdle'],
    ([g, c, m]) => tools.remainderOf(tools.baseOfShare(100 + m!, g), c),
    ([g, c, m], o) =>
      `Total cost a ${givenPct(m!)} margin on cost allows: ${aud(g!)} / (1 + ${givenPct(m!)}) = ${aud(tools.baseOfShare(100 + m!, g)!)}.\nResidual land value: ${aud(tools.baseOfShare(100 + m!, g)!)} − ${aud(c!)} costs other than land = ${aud(o)} (before stamp duty and acquisition costs).`,
    { givenOnly: ['hurdle'] },
  ),
  r(
    'duty',
    ['dutyRate', 'land'],
    ([p, l]) => tools.shareOf(p, l),
    ([p, l], o) => `Stamp duty: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'duty',
    ['dutyRate', 'purchase'],
    ([p, l]) => tools.shareOf(p, l),
    ([p, l], o) => `Stamp duty: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'landAllIn',
    ['land'],
    (v) => tools.sumOf(v),
    (v, o, extra) =>
      `All-in land cost: ${[`${aud(v[0]!)} land`, ...(extra ?? []).map((f, i) => `${aud(v[1 + i]!)} ${partNames[f]}`)].join(' + ')} = ${aud(o)}.`,
    { optional: ['duty', 'legals', 'otherCosts'] },
  ),
  r(
    'lineFeeAnnual',
    ['lineFeeRate', 'loan'],
    ([p, l]) => tools.shareOf(p, l),
    ([p, l], o) => `Line fee a year: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'lineFeeMonthly',
    ['lineFeeAnnual'],
    ([a]) => tools.monthlyFromYearly(a),
    ([a], o) => `Line fee a month: ${aud(a!)} / 12 = ${aud(o)}.`,
  ),
  r(
    'lineFeeAnnual',
    ['lineFeeMonthly'],
    ([m]) => tools.yearlyFromMonthly(m),
    ([m], o) => `Line fee a year: ${aud(m!)} × 12 = ${aud(o)}.`,
  ),
  r(
    'lineFeeTerm',
    ['lineFeeMonthly', 'term'],
    ([m, t]) => tools.interestOverTerm(m, t),
    ([m, t], o) => `Line fee over ${t} months: ${aud(m!)} × ${t} = ${aud(o)}.`,
  ),
  r(
    'averageMonthlyInterest',
    ['averageBalance', 'rate'],
    ([b, p]) => tools.monthlyInterest(b, p),
    ([b, p], o) => `Monthly interest on the average balance: ${aud(b!)} × ${givenPct(p!)} / 12 = ${aud(o)}.`,
  ),
  r(
    'debtToCost',
    ['loan', 'mezz', 'cost'],
    ([l, m, c]) => tools.loanToCost(l! + m!, c),
    ([l, m, c], o) =>
      `Senior + mezzanine / TDC: (${aud(l!)} + ${aud(m!)}) / ${aud(c!)} = ${aud(l! + m!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'rateChangeInterest',
    ['loan', 'rateChange'],
    ([l, p]) => tools.shareOf(p, l),
    ([l, p], o) =>
      `Extra interest a year: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)} (${aud(o / 12)} a month).`,
  ),
  r(
    'landAllIn',
    ['purchase'],
    (v) => tools.sumOf(v),
    (v, o, extra) =>
      `All-in land cost: ${[`${aud(v[0]!)} purchase`, ...(extra ?? []).map((f, i) => `${aud(v[1 + i]!)} ${partNames[f]}`)].join(' + ')} = ${aud(o)}.`,
    { optional: ['duty', 'legals', 'otherCosts'] },
  ),
  r(
    'averageBalance',
    ['loan', 'drawnShare'],
    ([l, p]) => tools.shareOf(p, l),
    ([l, p], o) => `Average drawn balance: ${aud(l!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'averageInterest',
    ['averageBalance', 'rate', 'term'],
    ([b, p, t]) => tools.capitalisedInterest(b, p, t)?.simple,
    ([b, p, t], o) =>
      `Interest on the average balance: ${aud(b!)} × ${givenPct(p!)} × ${t} / 12 = ${aud(o)} (simple interest on the average drawn balance).`,
  ),
  r(
    'averageInterest',
    ['averageBalance', 'rate'],
    ([b, p]) => tools.annualInterest(b, p),
    ([b, p], o) => `Interest a year on the average balance: ${aud(b!)} × ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'delayInterest',
    ['monthlyInterest', 'delayMonths'],
    ([m, d]) => tools.interestOverTerm(m, d),
    ([m, d], o) => `Interest for a ${d}-month delay: ${aud(m!)} a month × ${d} = ${aud(o)}.`,
  ),
  r(
    'presalesCover',
    ['presales', 'loan'],
    ([p, l]) => tools.presalesCover(p, l),
    ([p, l], o) => `Presales / debt: ${aud(p!)} / ${aud(l!)} = ${pct(o)}.`,
  ),
  r(
    'presalesShortfall',
    ['presalesRequired', 'loan', 'presales'],
    ([q, l, p]) => {
      const need = tools.shareOf(q, l);
      return need === null ? null : Math.max(0, need - p!);
    },
    ([q, l, p], o) =>
      `Presales needed: ${givenPct(q!)} × ${aud(l!)} = ${aud(tools.shareOf(q, l)!)}.\nShortfall: ${aud(tools.shareOf(q, l)!)} − ${aud(p!)} presold = ${aud(o)}.`,
  ),
  r(
    'presalesShortfallUnits',
    ['presalesShortfall', 'pricePerUnit'],
    ([s, p]) => {
      const n = tools.perMultiple(s, p);
      return n === null ? null : ceilUnits(n);
    },
    ([s, p], o) =>
      `Units to presell: ${aud(s!)} / ${aud(p!)} = ${Math.round((s! / p!) * 100) / 100}, so ${o} more presales.`,
  ),
  r(
    'presalesUnits',
    ['presalesRequired', 'loan', 'pricePerUnit'],
    ([q, l, p]) => {
      const n = tools.perMultiple(tools.shareOf(q, l), p);
      return n === null ? null : ceilUnits(n);
    },
    ([q, l, p], o) =>
      `Presales needed: ${givenPct(q!)} × ${aud(l!)} = ${aud(tools.shareOf(q, l)!)}; / ${aud(p!)} = ${Math.round((tools.shareOf(q, l)! / p!) * 100) / 100}, so ${o} presales.`,
    { unless: ['presales'] },
  ),
  r(
    'cost',
    ['construction', 'constructionToCost'],
    ([k, p]) => tools.baseOfShare(p, k),
    ([k, p], o) => `Total cost: ${aud(k!)} construction / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['land', 'landToCost'],
    ([k, p]) => tools.baseOfShare(p, k),
    ([k, p], o) => `Total cost: ${aud(k!)} land / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['softCosts', 'softToCost'],
    ([k, p]) => tools.baseOfShare(p, k),
    ([k, p], o) => `Total cost: ${aud(k!)} soft costs / ${givenPct(p!)} = ${aud(o)}.`,
  ),
  r(
    'cost',
    ['equity', 'loanToCost'],
    ([e, p]) => tools.baseOfShare(100 - p!, e),
    ([e, p], o) => `Total cost: ${aud(e!)} equity / (100% − ${givenPct(p!)} loan) = ${aud(o)}.`,
    { unless: ['mezz', 'prefEquity'] },
  ),
  r(
    'constructionToCost',
    ['construction', 'cost'],
    ([k, c]) => tools.percentOf(k, c),
    ([k, c], o) => `Construction / TDC: ${aud(k!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'landToCost',
    ['land', 'cost'],
    ([k, c]) => tools.percentOf(k, c),
    ([k, c], o) => `Land / TDC: ${aud(k!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'softToCost',
    ['softCosts', 'cost'],
    ([k, c]) => tools.percentOf(k, c),
    ([k, c], o) => `Soft costs / TDC: ${aud(k!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
  r(
    'financeToCost',
    ['financeCosts', 'cost'],
    ([k, c]) => tools.percentOf(k, c),
    ([k, c], o) => `Finance costs / TDC: ${aud(k!)} / ${aud(c!)} = ${pct(o)}.`,
  ),
];
