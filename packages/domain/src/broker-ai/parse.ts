/**
 * Reads the figures out of a plain question: amounts ($4.5m, 4,500,000, 4.5 million, $850k), rates
 * (9%, 9 per cent, 9.5 percent p.a.), terms (18 months, 2 years, 24-month) and multiples (1.5x),
 * each with the word that names it ("loan", "land", "sold for", "hurdle") when one stands close by.
 */

export type QuantityKind = 'amount' | 'rate' | 'term' | 'multiple';

export type Label =
  | 'loan'
  | 'land'
  | 'grv'
  | 'cost'
  | 'purchase'
  | 'sale'
  | 'profit'
  | 'equity'
  | 'income'
  | 'fee'
  | 'holding'
  | 'interest'
  | 'hurdle'
  | 'margin'
  | 'lvr'
  | 'presales';

export interface Quantity {
  kind: QuantityKind;
  /** Dollars for amounts, percent for rates, months for terms, times for multiples. */
  value: number;
  label: Label | null;
  start: number;
  end: number;
}

const multipliers: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mil: 1e6,
  mill: 1e6,
  million: 1e6,
  mn: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  eighteen: 18,
  'twenty-four': 24,
  'thirty-six': 36,
};

// A number (1,234,567 or 4.5 or .5), then what follows it: a rate, a term, a multiple or a scale.
const QUANTITY =
  /(?<dollar>(?:a|au)?\$\s?|aud\s?)?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:\s?(?<rate>%|per\s?cent\b|percent\b|pct\b)|[\s-]?(?<term>months?\b|mths?\b|mos?\b|years?\b|yrs?\b|y\b)|\s?(?<times>x\b|×|times\b)|\s?(?<scale>thousand\b|million\b|mill\b|mil\b|mn\b|billion\b|bn\b|k\b|m\b|b\b))?/gi;

const WORD_TERM =
  /\b(?<word>a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|eighteen|twenty-four|thirty-six)[\s-](?<term>months?|years?)\b/gi;

function toQuantity(m: RegExpExecArray): Omit<Quantity, 'label'> | null {
  const g = m.groups!;
  const n = Number(g.num!.replaceAll(',', ''));
  if (!Number.isFinite(n)) return null;
  const at = { start: m.index, end: m.index + m[0].length };
  if (g.rate) return { kind: 'rate', value: n, ...at };
  if (g.term) return { kind: 'term', value: /^y/i.test(g.term) ? n * 12 : n, ...at };
  if (g.times) return { kind: 'multiple', value: n, ...at };
  if (g.scale) return { kind: 'amount', value: n * multipliers[g.scale.toLowerCase()]!, ...at };
  // A bare number is money only when written as money: a dollar sign, thousands commas, or 1000+.
  if (g.dollar || g.num!.includes(',') || n >= 1000) return { kind: 'amount', value: n, ...at };
  return null;
}

/** Every quantity in the text, in order, unlabelled. */
export function findQuantities(text: string): Omit<Quantity, 'label'>[] {
  const found: Omit<Quantity, 'label'>[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const q = toQuantity(m as RegExpExecArray);
    if (q) found.push(q);
  }
  for (const m of text.matchAll(WORD_TERM)) {
    const g = m.groups!;
    const n = numberWords[g.word!.toLowerCase()]!;
    found.push({
      kind: 'term',
      value: /^y/i.test(g.term!) ? n * 12 : n,
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

// The words that name a figure; longer phrases first so 'total development cost' wins over 'cost'.
const labelWords: [Label, string[]][] = [
  [
    'grv',
    [
      'gross realisation value',
      'gross realization value',
      'gross realisation',
      'grv',
      'gdv',
      'end value',
      'on completion',
      'completed value',
      'sales revenue',
      'revenue',
      'sell-out',
      'sellout',
      'total sales',
      'realisation',
    ],
  ],
  [
    'cost',
    [
      'total development cost',
      'development costs',
      'development cost',
      'project cost',
      'total cost',
      'construction cost',
      'build cost',
      'tdc',
      'costs',
      'cost',
      'ltc',
    ],
  ],
  ['land', ['land value', 'site value', 'land', 'site']],
  ['loan', ['senior debt', 'loan amount', 'facility', 'borrowing', 'borrow', 'loan', 'debt', 'lend']],
  ['purchase', ['purchase price', 'purchased', 'bought', 'acquired', 'paid', 'purchase']],
  ['sale', ['sale price', 'selling', 'sold', 'sells', 'sell', 'sale']],
  ['profit', ['profit']],
  ['equity', ['equity']],
  ['income', ['net operating income', 'net income', 'rental income', 'income', 'noi', 'rent']],
  ['fee', ['establishment fee', 'line fee', 'fees', 'fee']],
  ['holding', ['holding costs', 'holding cost', 'holding']],
  ['interest', ['interest rate', 'interest', 'rate', 'p.a.', 'coupon', 'pricing']],
  ['hurdle', ['hurdle', 'target margin', 'minimum margin', 'required margin']],
  ['margin', ['margin']],
  ['lvr', ['lvr', 'loan to value', 'loan-to-value']],
  ['presales', ['presales', 'pre-sales', 'presold']],
];

const allowed: Record<QuantityKind, Label[]> = {
  amount: ['grv', 'cost', 'land', 'loan', 'purchase', 'sale', 'profit', 'equity', 'income', 'fee', 'holding'],
  rate: ['interest', 'hurdle', 'margin', 'lvr', 'grv', 'cost', 'land', 'presales', 'fee'],
  term: [],
  multiple: [],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordList = labelWords
  .flatMap(([label, words]) => words.map((w) => [label, w] as const))
  .sort((a, b) => b[1].length - a[1].length);
const LABEL = new RegExp(
  `\\b(?:${wordList.map(([, w]) => `(${escapeRegExp(w)})`).join('|')})(?![a-z])`,
  'gi',
);

interface LabelWord {
  label: Label;
  start: number;
  end: number;
}

function findLabelWords(text: string): LabelWord[] {
  const found: LabelWord[] = [];
  for (const m of text.matchAll(LABEL)) {
    const i = m.slice(1).findIndex((g) => g !== undefined);
    found.push({ label: wordList[i]![0], start: m.index, end: m.index + m[0].length });
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
function candidatesOf(text: string, q: Quantity, words: LabelWord[], quantities: Quantity[]): Candidate[] {
  const out: Candidate[] = [];
  for (const w of words) {
    if (!allowed[q.kind].includes(w.label)) continue;
    const isBefore = w.end <= q.start;
    const between = isBefore ? text.slice(w.end, q.start) : text.slice(q.end, w.start);
    if (isBefore ? between.length > REACH : !/^[\s-]*(of\s+(the\s+)?)?$/i.test(between)) continue;
    // A word never names a figure across a sentence, a semicolon or another figure.
    if (/[.;?!]\s|\n/.test(between)) continue;
    const [from, to] = isBefore ? [w.end, q.start] : [q.end, w.start];
    if (quantities.some((o) => o !== q && o.start >= from && o.end <= to)) continue;
    out.push({ word: w, distance: between.length });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/**
 * Every quantity with its label. Each naming word names one figure of a kind; of the ways to pair
 * them, the one that names the most figures wins, then the one with the words closest to their
 * figures: so '$2.6m loan on $4.0m land' pairs loan with 2.6m and land with 4.0m, and
 * 'cost $10m revenue $12.5m' pairs cost with 10m.
 */
export function parseQuantities(text: string): Quantity[] {
  const quantities: Quantity[] = findQuantities(text).map((q) => ({ ...q, label: null }));
  const words = findLabelWords(text).filter(
    (w) => !quantities.some((q) => w.start < q.end && w.end > q.start),
  );
  for (const kind of ['amount', 'rate'] as const) {
    const ofKind = quantities.filter((q) => q.kind === kind);
    const options = ofKind.map((q) => candidatesOf(text, q, words, quantities).slice(0, 4));
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
      if (c) ofKind[i]!.label = c.word.label;
    });
  }
  return quantities;
}

/** The first quantity of a kind with one of the labels (or with none, when `orUnlabelled`). */
export function pick(quantities: Quantity[], kind: QuantityKind, labels: Label[], orUnlabelled = false) {
  return (
    quantities.find((q) => q.kind === kind && q.label !== null && labels.includes(q.label)) ??
    (orUnlabelled ? quantities.find((q) => q.kind === kind && q.label === null) : undefined)
  );
}
