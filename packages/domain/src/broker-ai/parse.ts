import { type Label, labelWords } from './labels';
import { markShares } from './shares';

/**
 * Reads the figures out of a plain question: amounts ($4.5m, 4,500,000, 4.5 million, $850k), rates
 * (9%, 9 per cent, 9.5 percent p.a.), terms (18 months, 2 years, 24-month) and multiples (1.5x),
 * each with the word that names it ("loan", "land", "sold for", "hurdle") when one stands close by.
 */

export type QuantityKind = 'amount' | 'rate' | 'term' | 'multiple' | 'count' | 'area';

export type { Label } from './labels';

export interface Quantity {
  kind: QuantityKind;
  /** Dollars for amounts, percent for rates, months for terms, times for multiples. */
  value: number;
  label: Label | null;
  /** The naming word as written ('monthly interest', 'net rent'), when there is one. */
  word?: string;
  /** A rate that is a share of a named base ('65% of a $10m GRV', 'put in 25% of the TDC'). */
  share?: { subject: Label | null; base: Label };
  start: number;
  end: number;
}

const multipliers: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mil: 1e6,
  mill: 1e6,
  mils: 1e6,
  million: 1e6,
  mn: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

// A number (1,234,567 or 4.5 or .5), then what follows it: a rate, a term, a multiple or a scale.
const QUANTITY =
  /(?<dollar>(?:a|au)?\$\s?|aud\s?)?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:\s?(?<bps>bps\b|bp\b|basis points?\b)|\s?(?<rate>%|per[\s-]?cent\b|percent\b|pct\b|pc\b|p\.c\.?(?!\w))|\s?(?<area>sqm\b|sq\.? ?m(?:etres|eters)?\b|m2\b|m²|square met(?:re|er)s?\b)|\s(?<count>(?:units?|apartments?|apts?|townhouses?|town ?homes?|lots|dwellings?|homes|houses|terraces|villas|residences|flats|duplexes|studios|penthouses?|suites|presales|pre-sales|sales|contracts|buyers)\b)|[\s-]?(?<term>months?\b|mths?\b|mos?\b|years?\b|yrs?\b|y\b)|\s?(?<times>x\b|×|times\b)|\s?(?<scale>thousand\b|million\b|mill\b|mil\b|mils\b|mn\b|billion\b|bn\b|k\b|m\b|b\b))?(?<bucks>\s?(?:bucks|dollars|aud)\b)?/gi;

function toQuantity(m: RegExpExecArray): Omit<Quantity, 'label'> | null {
  const g = m.groups!;
  const n = Number(g.num!.replaceAll(',', ''));
  if (!Number.isFinite(n)) return null;
  const at = { start: m.index, end: m.index + m[0].length };
  if (g.bps) return { kind: 'rate', value: n / 100, ...at };
  if (g.rate) return { kind: 'rate', value: n, ...at };
  if (g.area && !g.dollar) return { kind: 'area', value: n, ...at };
  if (g.count && !g.dollar && !g.num!.includes('.')) return { kind: 'count', value: n, ...at };
  if (g.term) return { kind: 'term', value: /^y/i.test(g.term) ? n * 12 : n, ...at };
  if (g.times) return { kind: 'multiple', value: n, ...at };
  if (g.scale) return { kind: 'amount', value: n * multipliers[g.scale.toLowerCase()]!, ...at };
  // A bare number is money only when written as money: a dollar sign, thousands commas, or 1000+.
  if (g.dollar || g.bucks || g.num!.includes(',') || n >= 1000) return { kind: 'amount', value: n, ...at };
  return null;
}

// Numbers that are not figures of the question (decision 082): a year ('in 2021', 'FY2026'), a
// street number ('22 Smith St', '4/15 Beach Rd'), a date ('12/11'), experience ('20 years
// experience'), a lease ('WALE 4.2 years').
const STREET_AFTER =
  /^(?:[-/]\d+)?\s+(?:[A-Z][a-z]+\s+){1,3}(?:St|Street|Rd|Road|Ave|Avenue|Pde|Parade|Dr|Drive|Hwy|Highway|Lane|Ln|Cres|Crescent|Ct|Court|Pl|Place|Tce|Terrace|Blvd|Boulevard|Way|Cct|Circuit|Esp|Esplanade|Cl|Close|Gr|Grove|Sq|Square)\b/;
const isIncidental = (text: string, q: Omit<Quantity, 'label'>, m: RegExpExecArray) => {
  const g = m.groups!;
  const written = text.slice(q.start, q.end);
  const before = text.slice(Math.max(0, q.start - 12), q.start);
  const after = text.slice(q.end, q.end + 50);
  if (
    q.kind === 'amount' &&
    !g.dollar &&
    !g.scale &&
    !g.bucks &&
    /^\d{4}$/.test(g.num!) &&
    q.value >= 1950 &&
    q.value <= 2100
  )
    return true;
  if (!g.dollar && STREET_AFTER.test(text.slice(q.end))) return true;
  if (!g.dollar && (/\d\/\s*$/.test(before) || /^\/\d/.test(after)) && !/[%$]/.test(written)) return true;
  if (
    q.kind === 'term' &&
    (/^\s*(?:of\s+)?(?:experience|in (?:the )?(?:business|industry)|old|track record)\b/i.test(after) ||
      /\bwale\s*(?:of\s*)?$/i.test(before))
  )
    return true;
  return false;
};

/** Every quantity in the text, in order, unlabelled. */
export function findQuantities(text: string): Omit<Quantity, 'label'>[] {
  const found: Omit<Quantity, 'label'>[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const q = toQuantity(m as RegExpExecArray);
    if (q && !isIncidental(text, q, m as RegExpExecArray)) found.push(q);
  }
  return found.sort((a, b) => a.start - b.start);
}

const allowed: Record<QuantityKind, Label[]> = {
  amount: [
    'grv',
    'revenue',
    'cost',
    'construction',
    'land',
    'loan',
    'purchase',
    'sale',
    'profit',
    'equity',
    'income',
    'fee',
    'holding',
    'interest',
    'presales',
    'soft',
    'financeCost',
    'otherCost',
    'duty',
    'legals',
    'mezz',
    'prefEquity',
    'lineFee',
    'drawn',
  ],
  rate: [
    'interest',
    'interestRate',
    'hurdle',
    'margin',
    'marginRevenue',
    'lvr',
    'loanToGrv',
    'loanToCost',
    'grv',
    'cost',
    'land',
    'presales',
    'fee',
    'profit',
    'duty',
    'lineFee',
    'drawn',
  ],
  term: [],
  count: [],
  area: [],
  multiple: ['icr', 'debtToEquity'],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordList = labelWords
  .flatMap(([label, words]) => words.map((w) => [label, w] as const))
  .sort((a, b) => b[1].length - a[1].length);
const LABEL = new RegExp(
  `\\b(?:${wordList.map(([, w]) => `(${escapeRegExp(w)})`).join('|')})(?![a-z])`,
  'gi',
);

export interface LabelWord {
  label: Label;
  text: string;
  start: number;
  end: number;
}

function findLabelWords(text: string): LabelWord[] {
  const found: LabelWord[] = [];
  for (const m of text.matchAll(LABEL)) {
    const i = m.slice(1).findIndex((g) => g !== undefined);
    // 'TDC excl land', 'non-land costs': the land is what is left out, not a figure's name.
    if (
      wordList[i]![0] === 'land' &&
      /\b(?:ex|excl\.?|excluding|exclusive of|other than|less|before|without|not including|non)[\s-]*(?:the\s+)?$/i.test(
        text.slice(Math.max(0, m.index - 20), m.index),
      )
    )
      continue;
    found.push({ label: wordList[i]![0], text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/** How far (in characters) a naming word may stand before its figure. */
const REACH = 40;

interface Candidate {
  word: LabelWord;
  distance: number;
}

/** The naming words that may name a figure: before it within reach, or right after it ('$4m land'). */
// What may stand between a figure and the word after it: '$4m land', '$2m of equity', '$1.7m in
// cash', '$400,000 a year in interest', '18% margin on cost'.
const AFTER =
  /^[\s-]*(?:(?:a|per|each|every)\s+(?:year|month|annum)\s*)?(?:(?:of|in|for|as|worth of)\s+(?:the\s+|my\s+|our\s+|total\s+)?)?$/i;

function candidatesOf(
  text: string,
  q: Quantity,
  words: LabelWord[],
  quantities: Quantity[],
  allWords: LabelWord[],
): Candidate[] {
  const out: Candidate[] = [];
  for (const w of words) {
    if (!allowed[q.kind].includes(w.label)) continue;
    const isBefore = w.end <= q.start;
    const between = isBefore ? text.slice(w.end, q.start) : text.slice(q.end, w.start);
    if (isBefore ? between.length > REACH : !AFTER.test(between)) continue;
    // '1.2% pa' says the period of a rate; a word before it names it ('line fee of 1.2% pa').
    const period = !isBefore && /^(?:pa|p\.a\.|per annum)$/i.test(w.text);
    // A word never names a figure across a sentence, a semicolon, another figure or another naming
    // word, nor the base of a figure ('interest on $3m', 'borrow against $4m of land').
    if (/[.;?!]\s|\n/.test(between)) continue;
    if (isBefore && /\b(on|against|over|from|per)\b/i.test(between)) continue;
    const [from, to] = isBefore ? [w.end, q.start] : [q.end, w.start];
    if (quantities.some((o) => o !== q && o.start >= from && o.end <= to)) continue;
    if (isBefore && allWords.some((o) => o !== w && o.start >= from && o.end <= to)) continue;
    out.push({ word: w, distance: between.length + (period ? REACH : 0) });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/**
 * Every quantity with its label. Each naming word names one figure of a kind; of the ways to pair
 * them, the one that names the most figures wins, then the one with the words closest to their
 * figures: so '$2.6m loan on $4.0m land' pairs loan with 2.6m and land with 4.0m, and
 * 'cost $10m revenue $12.5m' pairs cost with 10m.
 */
export function parseQuantities(
  text: string,
  isSetAside: (q: Omit<Quantity, 'label'>) => boolean = () => false,
) {
  const quantities: Quantity[] = findQuantities(text).map((q) => ({ ...q, label: null }));
  const words = findLabelWords(text).filter(
    (w) => !quantities.some((q) => w.start < q.end && w.end > q.start),
  );
  for (const kind of ['amount', 'rate', 'multiple'] as const) {
    const ofKind = quantities.filter((q) => q.kind === kind && !isSetAside(q));
    const options = ofKind.map((q) => candidatesOf(text, q, words, quantities, words).slice(0, 4));
    let best = { named: -1, distance: Number.POSITIVE_INFINITY, choice: [] as (Candidate | null)[] };
    const choice: (Candidate | null)[] = [];
    const search = (i: number, used: Set<LabelWord>, named: number, distance: number) => {
      if (i === ofKind.length) {
        if (named > best.named || (named === best.named && distance < best.distance))
          best = { named, distance, choice: [...choice] };
        return;
      }
      for (const c of options[i]!) {
        if (used.has(c.word)) continue;
        used.add(c.word);
        choice.push(c);
        search(i + 1, used, named + 1, distance + c.distance);
        choice.pop();
        used.delete(c.word);
      }
      choice.push(null);
      search(i + 1, used, named, distance);
      choice.pop();
    };
    // At most 5 choices for each of a handful of figures: a question holds few enough.
    if (ofKind.length <= 8) search(0, new Set(), 0, 0);
    best.choice.forEach((c, i) => {
      if (c) {
        ofKind[i]!.label = c.word.label;
        ofKind[i]!.word = c.word.text.toLowerCase();
      }
    });
  }
  markShares(
    text,
    quantities.filter((q) => !isSetAside(q)),
    words,
  );
  return quantities;
}

/** The first quantity of a kind with one of the labels (or with none, when `orUnlabelled`). */
export function pick(quantities: Quantity[], kind: QuantityKind, labels: Label[], orUnlabelled = false) {
  return (
    quantities.find((q) => q.kind === kind && q.label !== null && labels.includes(q.label)) ??
    (orUnlabelled ? quantities.find((q) => q.kind === kind && q.label === null) : undefined)
  );
}
