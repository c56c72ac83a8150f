import {
  type AnalystAnswer,
  answer,
  GENERAL_INFORMATION_NOTE,
  type Intent,
  needInputs,
  normLine,
  pct,
} from './answer';
import { norms } from './norms';
import type { Figure, Figures, Reading } from './quantities';
import { normOf } from './relations';
import { askableNames, chainOf, lineOf, missingFor, type Solution } from './solve';
import type { Target } from './targets';

/**
 * The answer to a question for one figure: the chain of working that reached it (each line from
 * its relation), the rating against the norm, or the figures still needed, with an example.
 */

interface About {
  name: string;
  example: string;
  intent: Intent;
  /** Figures shown beside the one asked for when they are known. */
  with?: Figure[];
  /** Bears on a decision (ends with the general-information note). */
  isDecision?: boolean;
}

const MARGIN_EXAMPLE = 'margin on a $10m cost and $12.5m revenue';
const WHAT_IF_EXAMPLE = 'if costs of $10m rise 10% and revenue is $12.5m, what is my new profit?';
const INTEREST_EXAMPLE = 'interest on $3m at 9.5% over 18 months';

export const about: Partial<Record<Target, About>> = {
  lvr: { name: 'the LVR', example: 'What is the LVR of a $2.6m loan on $4m of land?', intent: 'lvr' },
  loanToGrv: {
    name: 'loan / GRV',
    example: 'loan to GRV of a $6.5m loan on a $10m GRV',
    intent: 'loanToGrv',
  },
  loanToCost: { name: 'loan / TDC', example: 'loan to cost of $8m on a TDC of $10m', intent: 'loanToCost' },
  icr: { name: 'the ICR', example: 'ICR with net rent of $450,000 on a $5m loan at 7.25%', intent: 'icr' },
  debtToEquity: {
    name: 'debt / equity',
    example: 'debt to equity with a $6m loan and $2m equity',
    intent: 'debtToEquity',
  },
  monthlyInterest: {
    name: 'the monthly interest',
    example: 'monthly interest on $3m at 9.5%',
    intent: 'monthlyInterest',
    with: ['termInterest'],
    isDecision: false,
  },
  annualInterest: {
    name: 'the interest a year',
    example: 'interest a year on $3m at 9.5%',
    intent: 'monthlyInterest',
    with: ['monthlyInterest'],
    isDecision: false,
  },
  termInterest: {
    name: 'the interest over the term',
    example: INTEREST_EXAMPLE,
    intent: 'capitalisedInterest',
    with: ['monthlyInterest'],
    isDecision: false,
  },
  marginOnCost: {
    name: 'the margin on cost',
    example: MARGIN_EXAMPLE,
    intent: 'marginOnCost',
    with: ['profit', 'marginOnRevenue'],
  },
  marginOnRevenue: {
    name: 'the margin on revenue',
    example: MARGIN_EXAMPLE,
    intent: 'marginOnCost',
    with: ['profit', 'marginOnCost'],
  },
  profit: {
    name: 'the profit',
    example: MARGIN_EXAMPLE,
    intent: 'marginOnCost',
    with: ['marginOnCost', 'marginOnRevenue'],
  },
  newProfit: {
    name: 'the new profit',
    example: WHAT_IF_EXAMPLE,
    intent: 'whatIf',
    with: ['newMarginOnCost'],
  },
  newMarginOnCost: {
    name: 'the new margin',
    example: WHAT_IF_EXAMPLE,
    intent: 'whatIf',
    with: ['newProfit'],
  },
  newMarginOnRevenue: {
    name: 'the new margin on revenue',
    example: WHAT_IF_EXAMPLE,
    intent: 'whatIf',
    with: ['newProfit', 'newMarginOnCost'],
  },
  newCost: { name: 'the new cost', example: WHAT_IF_EXAMPLE, intent: 'whatIf' },
  newRevenue: { name: 'the new revenue', example: WHAT_IF_EXAMPLE, intent: 'whatIf' },
  equity: { name: 'the equity', example: 'equity in a $10m project with a $7m loan', intent: 'figure' },
  revenue: { name: 'the revenue', example: 'revenue on a $10m cost with a $2m profit', intent: 'figure' },
  cost: {
    name: 'the total cost',
    example: 'total cost with $12.5m revenue and a $2.5m profit',
    intent: 'figure',
  },
  grv: { name: 'the GRV ex GST', example: 'GRV ex GST of an $11m GRV including GST', intent: 'figure' },
  loan: { name: 'the loan', example: 'loan at 65% of a $10m GRV', intent: 'figure' },
  rate: {
    name: 'the interest rate',
    example: 'what rate am I paying if interest is $45k a month on $6m',
    intent: 'figure',
    isDecision: false,
  },
  income: {
    name: 'the net income',
    example: 'what NOI do I need for 1.5x ICR on a $5m loan at 8%',
    intent: 'icr',
    with: ['icr'],
  },
  land: { name: 'the land value', example: 'land value for a $2.1m loan at 70% LVR', intent: 'figure' },
  construction: {
    name: 'the construction cost',
    example: 'construction cost in a $10m TDC with $3m of land',
    intent: 'figure',
  },
  presales: {
    name: 'the presales',
    example: 'presales to cover 100% of a $6m loan',
    intent: 'figure',
    with: ['presalesCover'],
  },
  equityToCost: {
    name: 'equity as a share of cost',
    example: 'equity as a % of cost with $3m equity and a $10m TDC',
    intent: 'figure',
  },
  fee: {
    name: 'the establishment fee',
    example: 'a 1.5% establishment fee on an $8m loan',
    intent: 'figure',
  },
  term: { name: 'the term', example: 'term if interest totals $360k at $20k a month', intent: 'figure' },
  residualLand: {
    name: 'the residual land value',
    example: 'residual land value with a $20m GRV, $13m of costs other than land and a 20% margin on cost',
    intent: 'figure',
  },
  landAllIn: {
    name: 'the all-in land cost',
    example: 'land $3m, stamp duty 5.5%, legals $25k: all-in land cost?',
    intent: 'figure',
    isDecision: false,
  },
  duty: {
    name: 'the stamp duty',
    example: 'stamp duty at 5.5% on a $4.8m site',
    intent: 'figure',
    isDecision: false,
  },
  pricePerUnit: {
    name: 'the price per unit',
    example: 'GRV of $18m across 24 apartments: price per unit?',
    intent: 'figure',
  },
  units: {
    name: 'the number of units',
    example: 'how many units at $750k make a $15m GRV?',
    intent: 'figure',
  },
  constructionToCost: {
    name: 'construction as a share of TDC',
    example: 'land $2.5m, build $6m, soft costs $1m: what % of TDC is the build?',
    intent: 'figure',
  },
  landToCost: {
    name: 'land as a share of TDC',
    example: 'land $2.5m, build $6m, soft costs $1m: what % of TDC is the land?',
    intent: 'figure',
  },
  softToCost: {
    name: 'soft costs as a share of TDC',
    example: 'land $2.5m, build $6m, soft costs $1m: what % of TDC are soft costs?',
    intent: 'figure',
  },
  financeToCost: {
    name: 'finance costs as a share of TDC',
    example: 'land $2.5m, build $6m, finance costs $0.5m: what % of TDC are finance costs?',
    intent: 'figure',
  },
  lineFeeMonthly: {
    name: 'the line fee a month',
    example: 'a 1.2% pa line fee on a $10m facility, per month',
    intent: 'figure',
    with: ['lineFeeAnnual'],
    isDecision: false,
  },
  lineFeeAnnual: {
    name: 'the line fee a year',
    example: 'a 1.2% pa line fee on a $10m facility',
    intent: 'figure',
    isDecision: false,
  },
  averageInterest: {
    name: 'the interest on the average drawn balance',
    example: '$8m facility at 9.5%, 55% drawn on average over 18 months',
    intent: 'capitalisedInterest',
    isDecision: false,
  },
  presalesCount: {
    name: 'the number of presales',
    example: 'how many presales at $750k each make $6m of presales?',
    intent: 'figure',
    isDecision: false,
  },
  yieldOnCost: {
    name: 'the yield on cost',
    example: 'yield on cost with $900k of net income on a $12m TDC',
    intent: 'figure',
  },
  presalesIncGst: {
    name: 'the presales including GST',
    example: 'presales of $6.6m including GST against a $6m loan: cover?',
    intent: 'figure',
    isDecision: false,
  },
  grvIncGst: {
    name: 'the GRV including GST',
    example: 'GRV including GST if the GRV ex GST is $20m',
    intent: 'figure',
    isDecision: false,
  },
  endValue: {
    name: 'the end value',
    example: 'end value of $900k net rent a year at a 6% cap rate',
    intent: 'figure',
  },
  returnOnEquity: {
    name: 'the return on equity',
    example: 'return on equity with $3m of equity and a $1.8m profit',
    intent: 'figure',
  },
  costPerUnit: {
    name: 'the cost per unit',
    example: 'TDC of $21m for 30 apartments: cost per unit?',
    intent: 'figure',
    isDecision: false,
  },
  costPerArea: {
    name: 'the cost per m²',
    example: 'build $9.6m over 3,200 m²: cost per m²?',
    intent: 'figure',
    isDecision: false,
  },
  profitPerUnit: {
    name: 'the profit per unit',
    example: '20 units, GRV $16m, TDC $13m: profit per unit?',
    intent: 'figure',
    with: ['profit'],
  },
  averageMonthlyInterest: {
    name: 'the monthly interest on the average drawn balance',
    example: 'monthly interest on an average drawn balance of $3.6m at 11%',
    intent: 'monthlyInterest',
    isDecision: false,
  },
  lineFeeTerm: {
    name: 'the line fee over the term',
    example: 'a 1% pa line fee on a $30m limit over 20 months',
    intent: 'figure',
    with: ['lineFeeMonthly'],
    isDecision: false,
  },
  debtToCost: {
    name: 'senior + mezzanine / TDC',
    example: 'senior $19.5m, mezz $2.7m, TDC $27m',
    intent: 'figure',
  },
  rateChangeInterest: {
    name: 'the extra interest',
    example: 'how much does a 50 bps rate rise add a year on a $14m loan',
    intent: 'figure',
    isDecision: false,
  },
  delayInterest: {
    name: 'the interest for the delay',
    example: 'a $6m loan at 10%: what does a 4-month delay cost in interest?',
    intent: 'figure',
    isDecision: false,
  },
  presalesShortfall: {
    name: 'the presale shortfall',
    example: 'bank wants 100% presale cover on a $10m loan, $7.2m presold: shortfall?',
    intent: 'figure',
  },
  presalesShortfallUnits: {
    name: 'the presales still needed',
    example: 'bank wants 100% cover on a $10m loan, $7.2m presold, units average $800k: how many more?',
    intent: 'figure',
    with: ['presalesCover'],
  },
  presalesUnits: {
    name: 'the number of presales',
    example: 'presales must cover 100% of a $9m loan at $750k a unit: how many?',
    intent: 'figure',
  },
  presalesCover: {
    name: 'presales / debt',
    example: 'presales cover with $6m of presales and a $5m loan',
    intent: 'figure',
  },
};

/** Unnamed amounts are read as the calculation's inputs in this order ('LVR of 2.6m on 4m'). */
export const slotsOf: Partial<Record<Target, Figure[]>> = {
  lvr: ['loan', 'land'],
  loanToGrv: ['loan', 'grv'],
  loanToCost: ['loan', 'cost'],
  icr: ['loan'],
  debtToEquity: ['loan', 'equity'],
  monthlyInterest: ['loan'],
  annualInterest: ['loan'],
  termInterest: ['loan'],
  allInCost: ['loan'],
  marginOnCost: ['cost', 'revenue'],
  marginOnRevenue: ['cost', 'revenue'],
  profit: ['cost', 'revenue'],
  newProfit: ['cost', 'revenue'],
  newMarginOnCost: ['cost', 'revenue'],
  stress: ['cost', 'revenue'],
  gst: ['purchase', 'sale'],
  withholding: ['sale'],
  presalesCover: ['presales', 'loan'],
  rate: ['loan', 'annualInterest'],
  fee: ['loan'],
  income: ['loan'],
  land: ['loan'],
  grv: ['loan'],
  equity: ['cost', 'loan'],
  delayInterest: ['loan'],
  presalesUnits: ['loan'],
  presalesShortfall: ['loan'],
  presalesShortfallUnits: ['loan'],
  lineFeeMonthly: ['loan'],
  lineFeeAnnual: ['loan'],
  lineFeeTerm: ['loan'],
  rateChangeInterest: ['loan'],
  duty: ['land'],
  landAllIn: ['land'],
  averageInterest: ['averageBalance'],
  averageMonthlyInterest: ['averageBalance'],
};

/** The figures with the unnamed amounts set in the target's empty slots, in order. */
export function withUnnamed(given: Figures, target: Target, unnamed: number[]): Figures {
  const out = { ...given };
  const free = [...unnamed];
  for (const f of slotsOf[target] ?? []) if (out[f] === undefined && free.length) out[f] = free.shift()!;
  return out;
}

const sourcesOf = (f: Figure) => {
  const n = f === 'lvr' ? norms.lvrOnLand : normOf[f];
  return n ? [{ source: n.source, sourceKind: n.sourceKind }] : [];
};

/** The answer for one figure, or what it needs. */
export function figureAnswer(
  target: Figure,
  solution: Solution,
  reading: Reading,
  hasChange: boolean,
): AnalystAnswer {
  const a = about[target] ?? { name: 'that figure', example: MARGIN_EXAMPLE, intent: 'figure' as const };
  const value = solution.known[target];
  if (value === undefined) {
    const missing = missingFor(target, solution.known, hasChange);
    const names = (missing ?? []).map((f) => `the ${askableNames[f]}`);
    if (names.length === 0) names.push('more figures');
    return needInputs(a.name, names, a.example);
  }
  const shown = [target, ...(a.with ?? []).filter((f) => solution.known[f] !== undefined)];
  const steps = chainOf(solution, shown);
  const lines: string[] = steps.flatMap((s) => {
    const line = lineOf(s, solution.known);
    return line ? line.split('\n') : [];
  });
  const isConversion = steps.some((s) => s.relation.ins.length === 1 && /margin/i.test(s.relation.ins[0]!));
  const hurdle = reading.given.hurdle;
  const margin = solution.known.newMarginOnCost ?? solution.known.marginOnCost;
  if (hurdle !== undefined && margin !== undefined && /margin|profit/i.test(target))
    lines.push(`Against your ${pct(hurdle)} hurdle: ${margin >= hurdle ? 'clears it' : 'falls short'}.`);
  const normFigure = shown.find((f) => normOf[f] || f === 'lvr');
  const isLvrOnly = solution.known.loanToGrv === undefined && solution.known.loanToCost === undefined;
  if (normFigure === 'lvr') {
    lines.push(
      normLine(norms.lvrOnLand),
      ...(isLvrOnly
        ? [
            'Lenders size a development loan on GRV ex GST and on total development cost as well; give me those and I’ll work out loan / GRV and loan / TDC.',
          ]
        : []),
    );
  } else if (normFigure) lines.push(normLine(normOf[normFigure]!));
  const figures: Record<string, number> = {};
  for (const f of shown) figures[f] = solution.known[f]!;
  return answer(isConversion && /margin/i.test(target) ? 'marginConversion' : a.intent, lines, figures, {
    isDecisionBearing: a.isDecision ?? true,
    sources: normFigure ? sourcesOf(normFigure) : [],
  });
}

/** Answers to figures asked for together ('LVR and LTC'), as one: each line once, the note last. */
export function joinAnswers(answers: AnalystAnswer[]): AnalystAnswer {
  if (answers.length === 1) return answers[0]!;
  // One of the figures asked for needs a figure not given: the question is asked back whole,
  // never half answered (decisions 065, 077).
  const asks = answers.filter((a) => a.intent === 'needInputs');
  if (asks.length)
    return answer(
      'needInputs',
      [
        ...new Set(asks.flatMap((a) => a.text.split('\n'))),
        'I’ve left the other figures you asked for until I have it, so nothing is half answered.',
      ],
      {},
      { isDecisionBearing: false },
    );
  const lines = [
    ...new Set(answers.flatMap((a) => a.text.split('\n')).filter((l) => l !== GENERAL_INFORMATION_NOTE)),
  ];
  const isDecisionBearing = answers.some((a) => a.isDecisionBearing);
  const sources = answers
    .flatMap((a) => a.sources)
    .filter((s, i, all) => all.findIndex((o) => o.source === s.source) === i);
  return answer(
    answers.find((a) => a.intent !== 'needInputs')?.intent ?? 'needInputs',
    lines,
    Object.assign({}, ...answers.map((a) => a.figures)),
    { isDecisionBearing, sources },
  );
}
