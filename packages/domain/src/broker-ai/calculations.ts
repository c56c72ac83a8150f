import { type AnalystAnswer, answer, aud, needInputs, normLine, pct, times } from './answer';
import { DEFAULT_MARGIN_HURDLE, norms, rate } from './norms';
import type { Label, Quantity } from './parse';
import * as tools from './tools';

/**
 * One answer per calculation: the figures come from tools.ts only, and a missing input is asked
 * for, never assumed.
 */

/** Figures a project-bound session already knows (the deal's own fields the asker may see). */
export interface DealFacts {
  loan?: number | null;
  land?: number | null;
  cost?: number | null;
  profit?: number | null;
  equity?: number | null;
  ratePercent?: number | null;
  termMonths?: number | null;
}

/** The question's figures, with the bound deal's facts behind them. */
export class Inputs {
  constructor(
    readonly text: string,
    readonly quantities: Quantity[],
    readonly deal: DealFacts = {},
  ) {}

  private first(kind: Quantity['kind'], labels: Label[]) {
    return this.quantities.find((q) => q.kind === kind && q.label !== null && labels.includes(q.label));
  }
  private unlabelled(kind: Quantity['kind']) {
    return this.quantities.filter((q) => q.kind === kind && q.label === null);
  }
  amount(label: Label) {
    return this.first('amount', [label])?.value;
  }
  /** A labelled amount, else the n-th unlabelled one (for "LVR of 2.6m on 4m"). */
  amountOr(label: Label, nth: number) {
    return this.amount(label) ?? this.unlabelled('amount')[nth]?.value;
  }
  rate(labels: Label[]) {
    return this.first('rate', labels)?.value;
  }
  interestRate() {
    return this.rate(['interest']) ?? this.unlabelled('rate')[0]?.value ?? this.deal.ratePercent ?? undefined;
  }
  term() {
    return this.quantities.find((q) => q.kind === 'term')?.value ?? this.deal.termMonths ?? undefined;
  }
  multiple() {
    return this.quantities.find((q) => q.kind === 'multiple')?.value;
  }
  get amounts() {
    return this.quantities.filter((q) => q.kind === 'amount');
  }
  loan() {
    return this.amount('loan') ?? this.deal.loan ?? undefined;
  }
  land() {
    return this.amount('land') ?? this.deal.land ?? undefined;
  }
  cost() {
    return this.amount('cost') ?? this.deal.cost ?? undefined;
  }
  revenue() {
    const given = this.amount('grv') ?? this.amount('sale');
    if (given !== undefined) return given;
    const { cost, profit } = this.deal;
    return cost != null && profit != null ? cost + profit : undefined;
  }
  profit() {
    return this.amount('profit') ?? this.deal.profit ?? undefined;
  }
}

const src = (n: { source: string; sourceKind: AnalystAnswer['sources'][number]['sourceKind'] }) => [
  { source: n.source, sourceKind: n.sourceKind },
];

export function lvrAnswer(i: Inputs): AnalystAnswer {
  const loan = i.loan() ?? i.amountOr('loan', 0);
  const land = i.land() ?? i.amountOr('land', loan === i.amountOr('loan', 0) ? 1 : 0);
  const value = tools.lvrOnLand(loan, land);
  if (value === null || loan === undefined || land === undefined)
    return needInputs('the LVR', ['the loan amount', 'the land value'], 'LVR of a $2.6m loan on $4m of land');
  const n = norms.lvrOnLand;
  return answer(
    'lvr',
    [
      `LVR on land (Plinth’s LVR): ${aud(loan)} / ${aud(land)} = ${pct(value)}.`,
      normLine(n),
      'Lenders size a development loan on GRV ex GST and on total development cost as well; give me those and I’ll work out loan / GRV and loan / TDC.',
    ],
    { lvr: value },
    { sources: src(n) },
  );
}

export function loanToGrvAnswer(i: Inputs): AnalystAnswer {
  const loan = i.loan();
  const grv = i.amount('grv') ?? i.revenue();
  const isIncGst = /inc(l(uding|\.)?)?\.?\s*gst|gst[- ]inclusive/i.test(i.text);
  const grvEx = isIncGst ? tools.exGst(grv) : grv;
  const value = tools.loanToGrv(loan, grvEx);
  if (value === null || loan === undefined || grvEx == null)
    return needInputs(
      'loan / GRV',
      ['the loan amount', 'the GRV (ex GST)'],
      'loan to GRV of a $6.5m loan on a $10m GRV',
    );
  const n = norms.loanToGrv;
  return answer(
    'loanToGrv',
    [
      isIncGst && grv !== undefined ? `GRV ex GST: ${aud(grv)} / 1.1 = ${aud(grvEx)}.` : null,
      `Loan / GRV ex GST: ${aud(loan)} / ${aud(grvEx)} = ${pct(value)}. Rating: ${rate(n, value)}.`,
      normLine(n),
    ],
    { loanToGrv: value, grvExGst: grvEx },
    { sources: src(n) },
  );
}

export function loanToCostAnswer(i: Inputs): AnalystAnswer {
  const loan = i.loan();
  const cost = i.cost();
  const value = tools.loanToCost(loan, cost);
  if (value === null || loan === undefined || cost === undefined)
    return needInputs(
      'loan / TDC',
      ['the loan amount', 'the total development cost'],
      'loan to cost of $8m on a TDC of $10m',
    );
  const n = norms.loanToCost;
  return answer(
    'loanToCost',
    [`Loan / TDC: ${aud(loan)} / ${aud(cost)} = ${pct(value)}. Rating: ${rate(n, value)}.`, normLine(n)],
    { loanToCost: value },
    { sources: src(n) },
  );
}

export function icrAnswer(i: Inputs): AnalystAnswer {
  const loan = i.loan() ?? i.amounts.find((q) => q.label === null)?.value;
  const ratePercent = i.interestRate();
  const income = i.amount('income');
  const n = norms.servicingIcr;
  if (income !== undefined && loan !== undefined && ratePercent !== undefined) {
    const value = tools.servicingIcr(income, loan, ratePercent)!;
    const interest = (loan * ratePercent) / 100;
    return answer(
      'icr',
      [
        `Interest a year: ${aud(loan)} × ${pct(ratePercent)} = ${aud(interest)}.`,
        `ICR: ${aud(income)} / ${aud(interest)} = ${times(value)}. Rating: ${rate(n, value)}.`,
        normLine(n),
      ],
      { icr: value, annualInterest: interest },
      { sources: src(n) },
    );
  }
  const profit = i.profit();
  const term = i.term();
  const platform = tools.platformIcr(profit, term, loan, ratePercent);
  if (platform !== null && profit !== undefined) {
    return answer(
      'icr',
      [
        `Plinth’s ICR (expected profit over the term / annual interest): ${aud(profit)} / ${term! / 12} years / ${aud((loan! * ratePercent!) / 100)} = ${times(platform)}.`,
        normLine(n),
      ],
      { icr: platform },
      { sources: src(n) },
    );
  }
  return needInputs(
    'the ICR',
    ['the net annual income', 'the loan amount', 'the interest rate'],
    'ICR with net rent of $450,000 on a $5m loan at 8%',
  );
}

export function marginAnswer(i: Inputs): AnalystAnswer {
  const cost = i.cost();
  const revenue = i.revenue();
  const profit = i.profit() ?? (cost !== undefined && revenue !== undefined ? revenue - cost : undefined);
  if (profit === undefined || (cost === undefined && revenue === undefined))
    return needInputs(
      'the margin',
      ['the total cost', 'the revenue (or the profit)'],
      'margin on a $10m cost and $12.5m revenue',
    );
  const onCost = cost !== undefined ? tools.marginOnCost(profit, cost) : null;
  const onRevenue =
    revenue !== undefined ? tools.marginOnRevenue(profit, revenue) : tools.costMarginToRevenueMargin(onCost);
  const n = norms.marginOnCost;
  const hurdle = i.rate(['hurdle']);
  return answer(
    'marginOnCost',
    [
      `Profit: ${aud(profit)}.`,
      onCost !== null &&
        `Margin on cost: ${aud(profit)} / ${aud(cost!)} = ${pct(onCost)}. Rating: ${rate(n, onCost)}.`,
      onRevenue !== null && `Margin on revenue: ${pct(onRevenue)}.`,
      hurdle !== undefined &&
        onCost !== null &&
        `Against your ${pct(hurdle)} hurdle: ${onCost >= hurdle ? 'clears it' : 'falls short'}.`,
      normLine(n),
    ],
    {
      profit,
      ...(onCost !== null ? { marginOnCost: onCost } : {}),
      ...(onRevenue !== null ? { marginOnRevenue: onRevenue } : {}),
    },
    { sources: src(n) },
  );
}

export function marginConversionAnswer(i: Inputs): AnalystAnswer {
  const r = i.quantities.find((q) => q.kind === 'rate');
  if (!r) return needInputs('the conversion', ['the margin in %'], 'what is 18% margin on cost on revenue?');
  const after = i.text.slice(r.end, r.end + 30).toLowerCase();
  const isGivenOnRevenue = /^\s*(margin\s+)?(on|of)\s+(revenue|gdv|grv|sales|gross)/.test(after);
  const n = norms.marginOnCost;
  if (isGivenOnRevenue) {
    const onCost = tools.revenueMarginToCostMargin(r.value)!;
    return answer(
      'marginConversion',
      [
        `${pct(r.value)} on revenue = ${r.value / 100} / (1 − ${r.value / 100}) = ${pct(onCost)} on cost.`,
        normLine(n),
      ],
      { marginOnCost: onCost, marginOnRevenue: r.value },
      { sources: src(n) },
    );
  }
  const onRevenue = tools.costMarginToRevenueMargin(r.value)!;
  return answer(
    'marginConversion',
    [
      `${pct(r.value)} on cost = ${r.value / 100} / (1 + ${r.value / 100}) = ${pct(onRevenue)} on revenue.`,
      normLine(n),
    ],
    { marginOnCost: r.value, marginOnRevenue: onRevenue },
    { sources: src(n) },
  );
}

export function debtToEquityAnswer(i: Inputs): AnalystAnswer {
  const loan = i.loan();
  const equity = i.amount('equity') ?? i.deal.equity ?? undefined;
  const value = tools.debtToEquity(loan, equity);
  if (value === null || loan === undefined || equity === undefined)
    return needInputs(
      'debt / equity',
      ['the loan amount', 'the equity'],
      'debt to equity with a $6m loan and $2m equity',
    );
  return answer('debtToEquity', [`Debt / equity: ${aud(loan)} / ${aud(equity)} = ${times(value)}.`], {
    debtToEquity: value,
  });
}

export function interestAnswer(i: Inputs, wantsTotal: boolean): AnalystAnswer {
  const loan = i.loan() ?? i.amounts.find((q) => q.label === null)?.value;
  const ratePercent = i.interestRate();
  const monthly = tools.monthlyInterest(loan, ratePercent);
  if (monthly === null || loan === undefined || ratePercent === undefined)
    return needInputs(
      'the interest',
      ['the loan amount', 'the interest rate'],
      'interest on $3m at 9.5% over 18 months',
    );
  const term = i.term();
  const lines = [`Monthly interest: ${aud(loan)} × ${pct(ratePercent)} / 12 = ${aud(monthly)}.`];
  const figures: Record<string, number> = { monthlyInterest: monthly };
  if (term !== undefined) {
    const c = tools.capitalisedInterest(loan, ratePercent, term)!;
    lines.push(
      `Over ${term} months: ${aud(c.simple)} simple (interest on the full loan, as a quote prices it); ${aud(c.compounded)} if capitalised monthly, taking the balance to ${aud(c.closingBalance)}.`,
      'Both assume the whole loan is drawn from day one; a progressively drawn construction loan costs less.',
    );
    Object.assign(figures, { simpleInterest: c.simple, capitalisedInterest: c.compounded });
  } else if (wantsTotal) {
    return needInputs(
      'the interest over the term',
      ['the term (months or years)'],
      'capitalised interest on $3m at 9.5% over 18 months',
    );
  }
  return answer(
    wantsTotal || term !== undefined ? 'capitalisedInterest' : 'monthlyInterest',
    lines,
    figures,
    {
      isDecisionBearing: false,
    },
  );
}

export function gstAnswer(i: Inputs): AnalystAnswer {
  // Unnamed amounts are read in order (purchase, then sale); one figure is never used for both.
  const unnamed = i.amounts.filter((q) => q.label === null).map((q) => q.value);
  const purchase = i.amount('purchase') ?? i.amount('land') ?? unnamed.shift();
  const sale = i.amount('sale') ?? i.amount('grv') ?? unnamed.shift();
  const gst = tools.marginSchemeGst(purchase, sale);
  if (gst === null || purchase === undefined || sale === undefined)
    return needInputs(
      'GST under the margin scheme',
      ['the purchase price', 'the sale price'],
      'margin scheme GST on a site bought for $1.5m and sold for $2.4m',
    );
  const full = tools.gstInPrice(sale)!;
  return answer(
    'marginSchemeGst',
    [
      `GST under the margin scheme: (${aud(sale)} − ${aud(purchase)}) / 11 = ${aud(gst)}.`,
      `Fully taxable, the GST in ${aud(sale)} would be ${aud(full)}.`,
      'Development costs are not deducted from the margin; the scheme needs written agreement before settlement and is unavailable where GST credits were claimed on the purchase (ATO, regulator).',
    ],
    { marginSchemeGst: gst, fullGst: full },
    { sources: [{ source: 'ato.gov.au, "GST and the margin scheme"', sourceKind: 'regulator' }] },
  );
}

export function withholdingAnswer(i: Inputs): AnalystAnswer {
  const price = i.amount('sale') ?? i.amounts[0]?.value;
  if (price === undefined)
    return needInputs(
      'the GST withholding',
      ['the sale price'],
      'GST withholding on a new apartment sold for $850k under the margin scheme',
    );
  const isMargin = /margin scheme/i.test(i.text);
  const w = tools.gstWithholding(price, isMargin)!;
  return answer(
    'gstWithholding',
    [
      isMargin
        ? `Under the margin scheme the buyer withholds 7 % of the price: ${aud(price)} × 7 % = ${aud(w)}.`
        : `The buyer withholds 1/11 of the price: ${aud(price)} / 11 = ${aud(w)} (7 %, ${aud(price * 0.07)}, if the margin scheme applies).`,
      'Buyers of new residential property have withheld GST at settlement since 1 July 2018 (ATO, regulator).',
    ],
    { withholding: w },
    { sources: [{ source: 'ato.gov.au', sourceKind: 'regulator' }] },
  );
}

export function stressAnswer(i: Inputs): AnalystAnswer {
  const cost = i.cost();
  const revenue = i.revenue();
  const hurdle = i.rate(['hurdle', 'margin']) ?? DEFAULT_MARGIN_HURDLE;
  if (cost === undefined || revenue === undefined)
    return needInputs(
      'the stress tests',
      ['the total development cost', 'the revenue (GRV ex GST)'],
      'stress test a $10m cost and $12.5m revenue, $7m loan at 9%, 18% hurdle',
    );
  const cases = tools.stressTest({
    cost,
    revenue,
    loan: i.loan(),
    ratePercent: i.interestRate(),
    hurdlePercent: hurdle,
    holdingPerMonth: i.amount('holding'),
  })!;
  const figures: Record<string, number> = {};
  const lines = [`Stress tests against a ${pct(hurdle)} margin on cost:`];
  for (const c of cases) {
    lines.push(
      `• ${c.name}: cost ${aud(c.cost)}, revenue ${aud(c.revenue)}, profit ${aud(c.profit)}, margin ${pct(c.marginOnCost)} — ${c.clearsHurdle ? 'clears' : 'fails'} the hurdle.`,
    );
    figures[c.name] = c.marginOnCost;
  }
  if (!cases.some((c) => c.name === '6-month delay'))
    lines.push('Give me the loan and its rate and I’ll add the 6-month delay (six more months of interest).');
  lines.push(normLine(norms.marginOnCost));
  return answer('stressTest', lines, figures, { sources: src(norms.marginOnCost) });
}

export function maxLoanAnswer(i: Inputs): AnalystAnswer {
  const limits = {
    maxLoanToGrv: i.rate(['grv']),
    maxLoanToCost: i.rate(['cost']),
    maxLvrOnLand: i.rate(['lvr', 'land']),
  };
  const values = { grvExGst: i.amount('grv') ?? i.amount('sale'), cost: i.cost(), land: i.land() };
  const isDefault = Object.values(limits).every((v) => v === undefined);
  const result = tools.maxLoan(
    values,
    isDefault ? { maxLoanToGrv: norms.loanToGrv.pass, maxLoanToCost: norms.loanToCost.watch } : limits,
  );
  if (!result)
    return needInputs(
      'the largest loan',
      [
        'the GRV ex GST, the total development cost or the land value',
        'the lender’s limits (e.g. 65% of GRV, 80% of cost)',
      ],
      'max loan at 65% of GRV and 80% of cost with GRV $20m and TDC $15m',
    );
  return answer(
    'maxLoan',
    [
      isDefault ? 'With typical non-bank limits (65 % of GRV, 85 % of TDC):' : 'Under the limits you gave:',
      ...result.byLimit.map((b) => `• ${b.limit}: ${aud(b.loan)}`),
      `Largest loan: ${aud(result.maxLoan)}, set by ${result.bindingLimit}.`,
      isDefault && normLine(norms.loanToGrv),
    ],
    { maxLoan: result.maxLoan },
    { sources: src(norms.loanToGrv) },
  );
}

export function quoteCostAnswer(i: Inputs): AnalystAnswer {
  // 'All-in cost of $5m': the amount after 'cost' is the loan here, not a development cost.
  const loan = i.loan() ?? i.amounts.find((q) => q.label !== 'fee')?.value;
  const ratePercent = i.interestRate();
  const term = i.term();
  const feeRate = i.rate(['fee']);
  const fee = i.amount('fee') ?? (feeRate !== undefined && loan !== undefined ? (loan * feeRate) / 100 : 0);
  if (loan === undefined || ratePercent === undefined || term === undefined)
    return needInputs(
      'the all-in cost',
      ['the loan amount', 'the interest rate', 'the term'],
      'all-in cost of $5m at 10% for 18 months with a 2% establishment fee',
    );
  const c = tools.quoteCost({
    loan_amount: loan,
    interest_rate: ratePercent,
    loan_term: term,
    establishment_fee: fee,
  })!;
  return answer(
    'quoteCost',
    [
      `Interest: ${aud(loan)} × ${pct(ratePercent)} × ${term} / 12 = ${aud(c.interest)}.`,
      `Establishment fee: ${aud(c.establishment_fee)}.`,
      `All-in cost: ${aud(c.total)}, or ${pct(c.allInRatePercent)} a year on the loan.`,
      'Other fees (line fees, legal, valuation) are added as the lender states them.',
    ],
    { allInCost: c.total, interest: c.interest, allInRate: c.allInRatePercent },
  );
}
