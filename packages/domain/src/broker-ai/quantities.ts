import { amountFigure } from './amount-figure';
import type { Figure } from './figure';
import { INC_GST, incGstAt } from './gst-words';
import { findQuantities, type Label, parseQuantities, type Quantity } from './parse';
import {
  DELAY_AFTER,
  DELAY_BEFORE,
  EX_LAND,
  PER_AREA_AFTER,
  PER_UNIT_AFTER,
  PER_UNIT_BEFORE,
  PRESALES,
  RATE_RISE_AFTER,
  RATE_RISE_BEFORE,
  REQUIRED,
  TOTAL_COST_WORDS,
  UNIT_NOUN,
} from './qualifiers';
import { unreadFigures } from './unread';
import { digitsForWords } from './words';

/**
 * The figures a question can name (issue 21): each read from the text with the words near it, in
 * either order, through the synonyms of parse.ts, and the changes a what-if names ("costs rise
 * 10 %", "sales come in 10 % lower", "revenue drops by $1m").
 */

export type { Figure } from './figure';

export type Figures = Partial<Record<Figure, number>>;

/** What a question says: its figures by name, and the ones it names without a word. */
export interface Reading {
  /** The question with numbers in words written as digits. */
  text: string;
  given: Figures;
  /** Amounts no word names, in order (read as the calculation's inputs in order). */
  unnamed: number[];
  /** For each unnamed amount, whether it stands as a base ('on $6m', 'of $4.8m', 'against $3m'). */
  unnamedIsBase: boolean[];
  isIncGst: boolean;
  isMarginScheme: boolean;
  /** Whether the question names a what-if change. */
  hasChange: boolean;
  /** How many amounts and rates it holds. */
  count: number;
  /**
   * The figures as written that were given no role (issue 35): a second figure for a role already
   * taken, a count or area nothing uses. The analyst asks about them rather than guess.
   */
  unplaced: string[];
  /** Each figure given, as written ('$3.2m'), for the working. */
  written: Partial<Record<Figure, string>>;
  /** How many amounts a word names (unnamed ones fill a calculation's inputs only when none is). */
  namedAmounts: number;
  /** Lines of working a multi-figure answer starts with (figures from the project, parts summed). */
  lead?: string[];
}

const SHORT_PERIOD_AFTER =
  /^\s*(?:(?:interest|rate|line fee|fee)\s+)?(?:(?:per|a|an|each|every)\s+(?:quarter|month|week|day|fortnight)\b|(?:quarterly|monthly|weekly|daily)\b|p\.?m\.?(?!\w)|p\.?q\.?(?!\w))/i;
const UNIT_AVERAGE_BEFORE =
  /\b(?:units?|apartments?|apts?|townhouses?|town ?homes?|lots|dwellings?|homes|houses|duplexes|villas|terraces|flats|penthouses?)\s+(?:(?:sell|go)(?:s|ing)?\s+(?:for|at)\s+)?(?:an?\s+)?averag(?:es?|ing)\s*(?:of\s*|at\s*|about\s*|around\s*)?$/i;
const PRESOLD_BEFORE =
  /\b(?:pre-?sales? (?:of|on)|pre-?sold|sold|exchanged(?: on)?|contracts? (?:on|for))\s*(?:the\s+)?(?:first\s+)?$/i;
const AT_LOAN_BEFORE =
  /(?:\d(?:\s?(?:k|m|mil|mill|mn|million|bn))?|\b(?:loan|facility|debt|mezz(?:anine)?|senior))\s*(?:@|at)\s*$/i;
const RATIO_AFTER =
  /^\s*(?:p\.?a\.?\s*|pa\s+|per annum\s+)?(?:of\b|on\b|lvr|ltv|ltc|lti|loan[- ]to|gearing|margin|presale|cover|share|equity|of the)/i;
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
  /** The words that name what changes ('costs', 'total costs', 'build'). */
  subject: string;
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
function findChanges(question: string, all: Omit<Quantity, 'label'>[]): Change[] {
  // 'whichever is lower', 'the lesser of' choose between limits: no change of costs or sales.
  // 'how many more units?' asks for a count: no rise of costs or sales (decision 077).
  const text = question
    .replace(WHICHEVER, (m) => ' '.repeat(m.length))
    .replace(
      /\bhow (?:many|much) more\b|\bup to\b|\b(?:make|makes|made|making|add|adds|added|adding|sum|sums|top|tops|set|sets|pick|picks|round|rounds)\s+up\b/gi,
      (m) => ' '.repeat(m.length),
    );
  const out: Change[] = [];
  for (const q of all) {
    if (q.kind !== 'rate' && q.kind !== 'amount') continue;
    const rest = text.slice(q.end, q.end + 40);
    if (q.kind === 'amount' && (PER_AREA_AFTER.test(rest) || PER_UNIT_AFTER.test(rest))) continue;
    const before = windowOf(text, q, all, 'before');
    const after = windowOf(text, q, all, 'after');
    const sign = /[+]\s*$/.test(before) ? 1 : /[−-]\s*$/.test(before) ? -1 : null;
    // '$5m project's costs rise 10 %': the change words after this figure lead to the next one.
    const next = all.find((o) => o.start >= q.end);
    const leadsOn = !!next && q.end + after.length >= next.start - 1 && /\S/.test(after);
    // 'revenue 20m falls 10%': the subject stands before the amount the change is of.
    const prev = all.filter((o) => o.end <= q.start).at(-1);
    const baseSubject =
      q.kind === 'rate' &&
      prev?.kind === 'amount' &&
      !COST_WORDS.test(before) &&
      !REVENUE_WORDS.test(before) &&
      /^\s*(?:is\s+|are\s+)?[a-z]+\s*(?:by\s*)?$/i.test(text.slice(prev.end, q.start))
        ? windowOf(text, prev, all, 'before')
        : null;
    const pairs: (readonly [string, string])[] = [
      ...(baseSubject ? [[baseSubject, before] as const] : []),
      [before, before],
      [before, after],
      [after, after],
      [after, before],
    ];
    for (const [subjectIn, verbIn] of pairs) {
      const isCost = COST_WORDS.test(subjectIn);
      const isRevenue = REVENUE_WORDS.test(subjectIn);
      if (isCost === isRevenue || (leadsOn && subjectIn === after)) continue;
      // 'revenue 20m falls 10%': the change words lead on to the rate; this amount is the base.
      if (q.kind === 'amount' && leadsOn && next?.kind === 'rate' && verbIn === after && verbIn !== before)
        continue;
      // 'costs run 10% over', 'sales come in 10% under': only after the figure ('over $10m' is a size).
      const isAfter = verbIn === after && verbIn !== before;
      const up =
        sign === 1 || UP.test(verbIn) || (isAfter && /^\s*over\b(?!\s*\$?\d)/i.test(text.slice(q.end)));
      const down =
        sign === -1 || DOWN.test(verbIn) || (isAfter && /^\s*under\b(?!\s*\$?\d)/i.test(text.slice(q.end)));
      if (up === down) continue;
      out.push({ q, on: isCost ? 'cost' : 'revenue', sign: up ? 1 : -1, subject: subjectIn });
      break;
    }
  }
  return out;
}

// A decimal point ('$2.4m') does not end the sentence the cost lines stand in.
const COST_LINES =
  /\b(?:land|site|acquisition)\b(?:[^.?]|\.(?=\d))*\b(?:build|construction|hard costs?)\b|\b(?:build|construction|hard costs?)\b(?:[^.?]|\.(?=\d))*\b(?:land|site|acquisition)\b/i;
const LOAN_FEE = /\b(?:establishment|line|exit|application|commitment|lender['’]?s?)\b|\binte?re?st\b/i;
const COST_FIGURES: Figure[] = [
  'cost',
  'construction',
  'land',
  'softCosts',
  'financeCosts',
  'otherCosts',
  'costsExLand',
];
const WHICHEVER =
  /\bwhichever\s+(?:is\s+)?(?:the\s+)?(?:lower|less|lesser|smaller|higher|greater|bigger)\b|\b(?:the\s+)?(?:lower|lesser|higher|greater)\s+of\b/gi;
const MONTHLY_AFTER =
  /^\s*(?:(?:a|per|each|every|\/)\s*(?:month|mth|mo|calendar month)\b|monthly\b|pm\b|p\.m\.|pcm\b)/i;

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
  duty: 'dutyRate',
  lineFee: 'lineFeeRate',
  drawn: 'drawnShare',
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
    case 'construction':
      return base === 'cost' ? 'constructionToCost' : null;
    case 'land':
      return base === 'cost' ? 'landToCost' : null;
    case 'soft':
      return base === 'cost' ? 'softToCost' : null;
    case 'financeCost':
      return base === 'cost' ? 'financeToCost' : null;
    case 'duty':
      return base === 'land' || base === 'purchase' ? 'dutyRate' : null;
    case 'drawn':
      return base === 'loan' ? 'drawnShare' : null;
    default:
      return null;
  }
}

const multipleFigure: Partial<Record<Label, Figure>> = { icr: 'icr', debtToEquity: 'debtToEquity' };

/** Reads the figures of a question. */
export function readQuestion(question: string): Reading {
  const text = digitsForWords(question.trim());
  const found = findQuantities(text);
  const changes = findChanges(text, found);
  const isChange = (q: Omit<Quantity, 'label'>) => changes.some((c) => c.q.start === q.start);
  const quantities = parseQuantities(text, isChange);
  const isIncGst = INC_GST.test(text);
  const given: Figures = {};
  const written: Partial<Record<Figure, string>> = {};
  const unplaced: string[] = [];
  const asWritten = (q: Omit<Quantity, 'label'>) => text.slice(q.start, q.end).trim();
  const set = (f: Figure, v: number, q: Omit<Quantity, 'label'>) => {
    if (given[f] === undefined) {
      given[f] = v;
      written[f] = asWritten(q);
    } else if (Math.abs(given[f]! - v) > 1e-9) unplaced.push(asWritten(q));
  };
  const unnamed: number[] = [];
  const unnamedIsBase: boolean[] = [];
  const unnamedRates: Omit<Quantity, 'label'>[] = [];
  let namedAmounts = 0;
  for (const q of quantities) {
    const change = changes.find((c) => c.q.start === q.start);
    const after = text.slice(q.end, q.end + 40);
    const before = text.slice(Math.max(0, q.start - 40), q.start);
    if (change) {
      const f: Figure =
        change.on === 'cost'
          ? q.kind === 'rate'
            ? TOTAL_COST_WORDS.test(change.subject)
              ? 'costChangeTotal'
              : 'costChange'
            : 'costChangeAmount'
          : q.kind === 'rate'
            ? 'revenueChange'
            : 'revenueChangeAmount';
      set(f, change.sign * Math.abs(q.value), q);
      continue;
    }
    if (q.kind === 'term') {
      if (DELAY_AFTER.test(after) || DELAY_BEFORE.test(before)) set('delayMonths', q.value, q);
      else set('term', q.value, q);
    }
    if (q.kind === 'count') {
      const noun = text.slice(q.start, q.end).replace(/^[\d,.\s]+/, '');
      // A count of presales or buyers is read, and nothing here works from it.
      // 'presales of 8 units at 700k', 'we've presold 6 townhouses': the units presold.
      if (
        UNIT_NOUN.test(noun) &&
        (PRESOLD_BEFORE.test(before) ||
          /^\s*(?:(?:already|are|were|have|has|been|is|now|all|since|so far)\s+)*(?:pre-?sold|pre-?sales|exchanged|sold off the plan|under contract|contracted)\b/i.test(
            after,
          ))
      )
        set('presalesCount', q.value, q);
      else if (UNIT_NOUN.test(noun)) set('units', q.value, q);
      else if (/^(?:presales|pre-sales|sales|contracts)$/i.test(noun)) set('presalesCount', q.value, q);
    }
    if (q.kind === 'area') set('area', q.value, q);
    if (q.kind === 'amount') {
      namedAmounts++;
      const isMonthly = MONTHLY_AFTER.test(text.slice(q.end)) || !!q.word?.startsWith('monthly');
      const label = q.label && q.label !== 'none' ? q.label : null;
      if (PER_AREA_AFTER.test(after)) {
        if (label === 'sale' || label === 'revenue' || label === 'grv') set('salePerArea', q.value, q);
        else if (!label || label === 'construction' || label === 'cost') set('costPerArea', q.value, q);
        else unplaced.push(asWritten(q));
        continue;
      }
      // 'each apartment averages $700k': a price per unit, not an average drawn balance.
      const unitAverage = UNIT_AVERAGE_BEFORE.test(before);
      if (
        (label !== 'drawn' || unitAverage) &&
        (PER_UNIT_AFTER.test(after) || PER_UNIT_BEFORE.test(before))
      ) {
        // 'land attributable $440k each', 'land cost per lot is $165,000': the land's share of each.
        const isLand =
          label === 'land' || label === 'purchase' || /\b(land|site)\b[^$\d]{0,25}$/i.test(before);
        if (isLand) set('landPerUnit', q.value, q);
        else if (!label || unitAverage || ['sale', 'revenue', 'grv', 'presales'].includes(label))
          set('pricePerUnit', q.value, q);
        else unplaced.push(asWritten(q));
        continue;
      }
      // 'build is 58% of TDC and costs $8.7m', 'soft costs are 8 pc of TDC which is 1.04 mil':
      // the amount of the share's subject.
      const shareBefore = quantities
        .filter((o) => o.end <= q.start && o.kind === 'rate' && o.share?.subject)
        .at(-1);
      if (
        shareBefore &&
        /^[^.;?]*$/.test(text.slice(shareBefore.end, q.start)) &&
        /\b(?:and|which|that|it)\s+(?:costs?|is|['’]s|comes to|equals|amounts to)\s*(?:about\s+|around\s+)?$/i.test(
          before,
        )
      ) {
        const subject = amountFigure(shareBefore.share!.subject!, false, isIncGst);
        if (subject) {
          set(subject, q.value, q);
          continue;
        }
      }
      if (label === 'cost' && EX_LAND.test(text.slice(Math.max(q.start - 30, 0), q.end + 30))) {
        set('costsExLand', q.value, q);
        continue;
      }
      let f = label ? amountFigure(label, isMonthly, incGstAt(text, q, isIncGst), q.word) : null;
      // 'site 6m, construction 14m, fees 1.6m': fees among the cost lines are the consultants'.
      if (
        f === 'fee' &&
        /^(?:fees|fee)$/i.test(q.word ?? '') &&
        COST_LINES.test(text) &&
        !LOAN_FEE.test(text)
      )
        f = 'softCosts';
      // 'site 1,850k, construction 4,200k, soft 350k, interest 400k': interest as an amount among
      // the cost lines, with no rate to work it from, is the finance cost line (decision 077).
      if (
        (f === 'annualInterest' || f === 'termInterest') &&
        COST_LINES.test(text) &&
        !found.some((o) => o.kind === 'rate')
      )
        f = 'financeCosts';
      // 'bank wants 100% presale cover … we have $9m': the presales held.
      if (
        !f &&
        PRESALES.test(text) &&
        /\b(?:we(?:['’]ve| have)(?: got)?|got|have|sold|secured|exchanged)\s*$/i.test(before)
      )
        f = 'presales';
      // 'TDC 8m inc GST': a cost with its GST in it is not the cost lenders and margins use.
      if (f && COST_FIGURES.includes(f) && INC_GST.test(text.slice(q.end, q.end + 15))) {
        unplaced.push(asWritten(q));
        continue;
      }
      if (f) set(f, q.value, q);
      else {
        namedAmounts--;
        unnamed.push(q.value);
        // A base ('on $6m') or a flow ('$600k a year'): the calculation's own inputs.
        unnamedIsBase.push(
          /\b(?:on|of|against|for|over)\s+(?:an?\s+|the\s+|my\s+|our\s+)?$/i.test(before) ||
            /^\s*(?:(?:loan|facility)\s+)?(?:at|@)\s*\d/i.test(after) ||
            /^\s*(?:(?:a|per|each|every)\s+(?:year|annum|month)\b|p\.?a\.?(?!\w)|pm\b|monthly\b|yearly\b)/i.test(
              after,
            ),
        );
      }
    }
    if (q.kind === 'multiple') {
      if (q.label && multipleFigure[q.label]) set(multipleFigure[q.label]!, q.value, q);
      // '1.5x on $750k of NOI': a cover; '3x my equity': gearing; else it has no role.
      else if (/\b(cover|icr|interest|noi|rent|income|ebitda|servic)/i.test(text)) set('icr', q.value, q);
      else if (/\b(equity|gearing|geared|leverage)\b/i.test(text)) set('debtToEquity', q.value, q);
      else unplaced.push(asWritten(q));
    }
    // '0.5% per quarter', '1.2% a month': a rate for a period other than a year is asked about.
    if (q.kind === 'rate' && SHORT_PERIOD_AFTER.test(after)) {
      unplaced.push(asWritten(q));
      continue;
    }
    // 'at a 6% cap rate', 'cap rate 6%': the capitalisation rate an end value is worked at (decision 077).
    if (
      q.kind === 'rate' &&
      (/^\s*(?:cap(?:italis|italiz)?(?:ation)?\s+rate|cap)\b/i.test(after) ||
        /\bcap(?:italis|italiz)?(?:ation)?\s+rate\s*(?:of|is|at|@)?\s*$/i.test(before))
    ) {
      set('capRate', q.value, q);
      continue;
    }
    if (q.kind === 'rate' && (RATE_RISE_AFTER.test(after) || RATE_RISE_BEFORE.test(before))) {
      set('rateChange', q.value, q);
      continue;
    }
    if (q.kind === 'rate') {
      const shared = q.share ? shareFigure(q.share.subject, q.share.base) : null;
      let f = shared ?? (q.label ? rateFigure[q.label] : undefined);
      // 'senior debt 20m @ 7.5 pc - cost of the delay': a rate straight after a loan is its interest
      // rate, whatever word follows, unless a ratio is named with it ('at 65% LVR', 'at 60% of GRV').
      if (!shared && f !== 'rate' && q.value < 30 && AT_LOAN_BEFORE.test(before) && !RATIO_AFTER.test(after))
        f = 'rate';
      // 'how many presales to cover a 6.6m loan at 100%', 'bank wants 120% debt cover': a cover.
      if (!f && PRESALES.test(text) && /\bcover/i.test(text) && q.value >= 20) f = 'presalesCover';
      // 'monthly line fee on a 7.2 mil facility at 2.25 pc pa': the line fee's rate.
      // 'the rate is 5.5% … stamp duty': a bare 'rate' takes the meaning the question gives it.
      const isPeriodOnly = f === 'rate' && /^(?:pa|p\.a\.|per annum|rate|the rate)$/i.test(q.word ?? '');
      if (
        (!f || isPeriodOnly) &&
        /\b(line|commitment|undrawn) fees?\b/i.test(text) &&
        !/\binte?re?st\b/i.test(text)
      )
        f = 'lineFeeRate';
      // 'stamp duty on a $2.5m purchase at 5.5%': the duty's rate.
      if ((!f || isPeriodOnly) && /\bduty\b/i.test(text) && !/\binte?re?st\b/i.test(text)) f = 'dutyRate';
      // '1% line fee on an $8m facility for 18 months at 9%': with the line fee's rate placed, a
      // second unnamed rate is the interest rate.
      if (f === 'lineFeeRate' && given.lineFeeRate !== undefined && given.rate === undefined && !q.label)
        f = 'rate';
      // 'target 20% margin on GDV': a margin on revenue, whatever names it first.
      const onRevenue = /^\s*(?:margin\s+)?on\s+(?:the\s+)?(?:gdv|grv|revenue|sales|end value)\b/i.test(
        after,
      );
      if ((f === 'hurdle' || f === 'marginOnCost') && onRevenue) set('marginOnRevenue', q.value, q);
      else if (f) set(f, q.value, q);
      else unnamedRates.push(q);
    }
  }
  unplaced.push(...unreadFigures(text, found));
  // 'purchase 3.3m, build 7.2m, other 1.5m': the purchase among the cost lines is the land's
  // (not when a sale makes it the margin scheme's purchase price).
  if (
    given.purchase !== undefined &&
    given.land === undefined &&
    given.sale === undefined &&
    given.construction !== undefined &&
    !/margin scheme/i.test(text)
  ) {
    given.land = given.purchase;
    written.land = written.purchase;
    delete given.purchase;
    delete written.purchase;
  }
  if (given.rate === undefined && unnamedRates[0] !== undefined) {
    given.rate = unnamedRates[0].value;
    written.rate = asWritten(unnamedRates[0]);
    unnamedRates.shift();
  }
  for (const q of unnamedRates) unplaced.push(asWritten(q));
  // 'The bank wants 100% presale cover': the cover asked for, not the cover the deal has.
  if (given.presalesCover !== undefined && (REQUIRED.test(text) || /\bhow many\b|\bto cover\b/i.test(text))) {
    given.presalesRequired = given.presalesCover;
    written.presalesRequired = written.presalesCover;
    delete given.presalesCover;
  }
  return {
    text,
    given,
    written,
    namedAmounts,
    unnamed,
    unnamedIsBase,
    unplaced,
    isIncGst,
    isMarginScheme:
      /margin scheme/i.test(text) &&
      !/\b(not|no|without|isn['’]t|outside)\b[^.]{0,20}margin scheme|\bfully taxable\b/i.test(text),
    hasChange: changes.length > 0,
    count: quantities.filter((q) => q.kind === 'amount' || q.kind === 'rate').length,
  };
}
