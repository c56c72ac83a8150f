import { findQuantities, type Label, parseQuantities, type Quantity } from './parse';
import { digitsForWords } from './words';

/**
 * The figures a question can name (issue 21): each read from the text with the words near it, in
 * either order, through the synonyms of parse.ts, and the changes a what-if names ("costs rise
 * 10 %", "sales come in 10 % lower", "revenue drops by $1m").
 */

export type Figure =
  | 'loan'
  | 'land'
  | 'grv'
  | 'grvIncGst'
  | 'cost'
  | 'construction'
  | 'equity'
  | 'revenue'
  | 'profit'
  | 'rate'
  | 'term'
  | 'annualInterest'
  | 'monthlyInterest'
  | 'termInterest'
  | 'income'
  | 'monthlyIncome'
  | 'presales'
  | 'purchase'
  | 'sale'
  | 'fee'
  | 'feeRate'
  | 'hurdle'
  | 'holding'
  | 'lvr'
  | 'loanToGrv'
  | 'loanToCost'
  | 'icr'
  | 'debtToEquity'
  | 'marginOnCost'
  | 'marginOnRevenue'
  | 'costChange'
  | 'revenueChange'
  | 'costChangeAmount'
  | 'revenueChangeAmount'
  | 'newCost'
  | 'newRevenue'
  | 'newProfit'
  | 'newMarginOnCost'
  | 'newMarginOnRevenue'
  | 'presalesCover'
  | 'equityToCost';

export type Figures = Partial<Record<Figure, number>>;

/** What a question says: its figures by name, and the ones it names without a word. */
export interface Reading {
  /** The question with numbers in words written as digits. */
  text: string;
  given: Figures;
  /** Amounts no word names, in order (read as the calculation's inputs in order). */
  unnamed: number[];
  isIncGst: boolean;
  isMarginScheme: boolean;
  /** Whether the question names a what-if change. */
  hasChange: boolean;
  /** How many amounts and rates it holds. */
  count: number;
}

const COST_WORDS = /\b(costs?|tdc|build|construction|spend|budget|expenses?)\b/i;
const REVENUE_WORDS = /\b(sales?|revenue|grv|gdv|prices?|values?|realisations?|sell-?out)\b/i;
const UP =
  /(\+|\b(rises?|rising|rose|go(es)? up|went up|increases?|increasing|increased|jumps?|climbs?|blows? ?out|blow-?out|overruns?|over-?run|higher|more|up|over budget|escalat\w*|inflat\w*|spikes?|balloons?))/i;
const DOWN =
  /(−|\b(falls?|falling|fell|drops?|dropping|dropped|lower|less|down|decreases?|decreasing|declines?|declining|slips?|softens?|shrinks?|cut|reduc\w*|short|weaker|miss(es)?)\b)/i;

interface Change {
  q: Omit<Quantity, 'label'>;
  on: 'cost' | 'revenue';
  sign: 1 | -1;
}

/** The window beside a figure, cut at a clause break, 'and' or another figure. */
function windowOf(
  text: string,
  q: Omit<Quantity, 'label'>,
  all: Omit<Quantity, 'label'>[],
  side: 'before' | 'after',
) {
  if (side === 'before') {
    const from = Math.max(0, ...all.filter((o) => o.end <= q.start).map((o) => o.end), q.start - 45);
    const w = text.slice(from, q.start);
    const cut = Math.max(
      ...[/[,.;?!:—–]/g, /\band\b|\bwith\b|\bon\b/gi].flatMap((re) =>
        [...w.matchAll(re)].map((m) => m.index + m[0].length),
      ),
      0,
    );
    return w.slice(cut);
  }
  const to = Math.min(text.length, ...all.filter((o) => o.start >= q.end).map((o) => o.start), q.end + 30);
  const w = text.slice(q.end, to);
  const cut = w.search(/[,.;?!:—–]|\band\b|\bwith\b|\bon\b|\bwhat\b/i);
  return cut < 0 ? w : w.slice(0, cut);
}

/** The what-if changes among the figures: a subject (costs, sales) and a direction beside a figure. */
function findChanges(text: string, all: Omit<Quantity, 'label'>[]): Change[] {
  const out: Change[] = [];
  for (const q of all) {
    if (q.kind !== 'rate' && q.kind !== 'amount') continue;
    const before = windowOf(text, q, all, 'before');
    const after = windowOf(text, q, all, 'after');
    const sign = /[+]\s*$/.test(before) ? 1 : /[−-]\s*$/.test(before) ? -1 : null;
    // '$5m project's costs rise 10 %': the change words after this figure lead to the next one.
    const next = all.find((o) => o.start >= q.end);
    const leadsOn = !!next && q.end + after.length >= next.start - 1 && /\S/.test(after);
    for (const [subjectIn, verbIn] of [
      [before, before],
      [before, after],
      [after, after],
      [after, before],
    ] as const) {
      const isCost = COST_WORDS.test(subjectIn);
      const isRevenue = REVENUE_WORDS.test(subjectIn);
      if (isCost === isRevenue || (leadsOn && subjectIn === after)) continue;
      const up = sign === 1 || UP.test(verbIn);
      const down = sign === -1 || DOWN.test(verbIn);
      if (up === down) continue;
      out.push({ q, on: isCost ? 'cost' : 'revenue', sign: up ? 1 : -1 });
      break;
    }
  }
  return out;
}

const MONTHLY_AFTER =
  /^\s*(?:(?:a|per|each|every|\/)\s*(?:month|mth|mo|calendar month)\b|monthly\b|pm\b|p\.m\.|pcm\b)/i;

const amountFigure = (label: Label, isMonthly: boolean, isIncGst: boolean, word?: string): Figure | null => {
  switch (label) {
    case 'grv':
    case 'revenue':
      return isIncGst ? 'grvIncGst' : label;
    case 'income':
      return isMonthly ? 'monthlyIncome' : 'income';
    case 'interest':
      if (/total|term|over the loan/.test(word ?? '')) return 'termInterest';
      return isMonthly ? 'monthlyInterest' : 'annualInterest';
    case 'loan':
    case 'land':
    case 'cost':
    case 'construction':
    case 'purchase':
    case 'sale':
    case 'profit':
    case 'equity':
    case 'fee':
    case 'holding':
    case 'presales':
      return label;
    default:
      return null;
  }
};

const rateFigure: Partial<Record<Label, Figure>> = {
  interest: 'rate',
  interestRate: 'rate',
  hurdle: 'hurdle',
  margin: 'marginOnCost',
  profit: 'marginOnCost',
  marginRevenue: 'marginOnRevenue',
  lvr: 'lvr',
  land: 'lvr',
  loanToGrv: 'loanToGrv',
  grv: 'loanToGrv',
  loanToCost: 'loanToCost',
  cost: 'loanToCost',
  presales: 'presalesCover',
  fee: 'feeRate',
};

const onRevenue: Label[] = ['grv', 'revenue', 'sale'];

/** The ratio a share names: who takes it of which base ('loan' of 'grv' is loan / GRV). */
export function shareFigure(subject: Label | null, base: Label): Figure | null {
  switch (subject) {
    case null:
    case 'loan':
      if (onRevenue.includes(base)) return 'loanToGrv';
      if (base === 'cost') return 'loanToCost';
      return base === 'land' || base === 'purchase' ? 'lvr' : null;
    case 'equity':
      return base === 'cost' ? 'equityToCost' : null;
    case 'presales':
      return base === 'loan' ? 'presalesCover' : null;
    case 'profit':
    case 'margin':
    case 'marginRevenue':
      if (base === 'cost') return 'marginOnCost';
      return onRevenue.includes(base) ? 'marginOnRevenue' : null;
    case 'fee':
      return base === 'loan' ? 'feeRate' : null;
    default:
      return null;
  }
}

const multipleFigure: Partial<Record<Label, Figure>> = { icr: 'icr', debtToEquity: 'debtToEquity' };

const INC_GST = /\binc(l(uding|\.)?)?\.?\s*gst\b|\bgst[- ]inc(lusive)?\b|\binclusive of gst\b/i;

/** Reads the figures of a question. */
export function readQuestion(question: string): Reading {
  const text = digitsForWords(question.trim());
  const found = findQuantities(text);
  const changes = findChanges(text, found);
  const isChange = (q: Omit<Quantity, 'label'>) => changes.some((c) => c.q.start === q.start);
  const quantities = parseQuantities(text, isChange);
  const isIncGst = INC_GST.test(text);
  const given: Figures = {};
  const set = (f: Figure, v: number) => {
    if (given[f] === undefined) given[f] = v;
  };
  const unnamed: number[] = [];
  const unnamedRates: number[] = [];
  for (const q of quantities) {
    const change = changes.find((c) => c.q.start === q.start);
    if (change) {
      const f: Figure =
        change.on === 'cost'
          ? q.kind === 'rate'
            ? 'costChange'
            : 'costChangeAmount'
          : q.kind === 'rate'
            ? 'revenueChange'
            : 'revenueChangeAmount';
      set(f, change.sign * Math.abs(q.value));
      continue;
    }
    if (q.kind === 'term') set('term', q.value);
    if (q.kind === 'amount') {
      const isMonthly = MONTHLY_AFTER.test(text.slice(q.end)) || !!q.word?.startsWith('monthly');
      const f = q.label && q.label !== 'none' ? amountFigure(q.label, isMonthly, isIncGst, q.word) : null;
      if (f) set(f, q.value);
      else unnamed.push(q.value);
    }
    if (q.kind === 'multiple' && q.label && multipleFigure[q.label]) set(multipleFigure[q.label]!, q.value);
    if (q.kind === 'rate') {
      const shared = q.share ? shareFigure(q.share.subject, q.share.base) : null;
      const f = shared ?? (q.label ? rateFigure[q.label] : undefined);
      if (f) set(f, q.value);
      else unnamedRates.push(q.value);
    }
  }
  if (given.rate === undefined && unnamedRates[0] !== undefined) given.rate = unnamedRates[0];
  return {
    text,
    given,
    unnamed,
    isIncGst,
    isMarginScheme:
      /margin scheme/i.test(text) &&
      !/\b(not|no|without|isn['’]t|outside)\b[^.]{0,20}margin scheme|\bfully taxable\b/i.test(text),
    hasChange: changes.length > 0,
    count: quantities.filter((q) => q.kind === 'amount' || q.kind === 'rate').length,
  };
}
