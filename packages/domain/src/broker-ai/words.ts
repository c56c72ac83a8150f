/**
 * Numbers written in words, as digits, before the figures are read: "four and a half million" →
 * "4.5 million", "two million" → "2 million", "half a million" → "0.5 million", "a year and a half"
 * → "18 months", "eighteen months" → "18 months", "nine per cent" → "9 per cent". Only a number
 * word followed by a scale or a unit becomes digits, so "a loan" or "one site" stay as they are.
 */

const units: Record<string, number> = {
  zero: 0,
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
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const tens: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const UNIT = Object.keys(units).join('|');
const TEN = Object.keys(tens).join('|');
// 'twenty-four', 'thirty six', 'seven', 'two hundred and fifty'.
const SMALL = `(?:(?:${TEN})(?:[\\s-](?:${UNIT}))?|${UNIT})`;
const WORD_NUMBER = `(?:${SMALL}(?:\\s+hundred(?:\\s+(?:and\\s+)?${SMALL})?)?|an?)`;
const FRACTION = '(?:\\s+and\\s+(?:a\\s+)?(?:half|quarter|three[\\s-]quarters))';
const DIGITS = '\\d+(?:\\.\\d+)?';

/** The value of a number in words ('two hundred and fifty' → 250, 'a' → 1). */
export function wordValue(words: string): number | null {
  const w = words.toLowerCase().trim();
  if (w === 'a' || w === 'an') return 1;
  let total = 0;
  let current = 0;
  for (const part of w.split(/[\s-]+/)) {
    if (part === 'and') continue;
    if (part in units) current += units[part]!;
    else if (part in tens) current += tens[part]!;
    else if (part === 'hundred') current = (current || 1) * 100;
    else return null;
  }
  total += current;
  return total;
}

const fractionValue = (f: string | undefined) =>
  !f ? 0 : /three/i.test(f) ? 0.75 : /quarter/i.test(f) ? 0.25 : /half/i.test(f) ? 0.5 : 0;

const numberOf = (n: string) => (/^\d/.test(n) ? Number(n) : wordValue(n));

const SCALE = '(million|mils|mil|mill|billion|bn|thousand|grand|k)';
const TERM_UNIT = '(years?|months?|yrs?|mths?)';

const rules: [RegExp, (...g: string[]) => string][] = [
  // 'a year and a half', 'two years and a half'
  [
    new RegExp(`\\b(${WORD_NUMBER}|${DIGITS})\\s+(years?|yrs?)\\s+and\\s+a\\s+half\\b`, 'gi'),
    (n) => `${(numberOf(n) ?? 0) * 12 + 6} months`,
  ],
  // 'a dozen townhouses', 'half a dozen lots'
  [/\bhalf\s+a\s+dozen\b/gi, () => '6'],
  [/\ba\s+dozen\b/gi, () => '12'],
  // 'half a million', 'a quarter of a million', 'half a year'
  [/\bhalf\s+an?\s+(million|billion|year)\b/gi, (u) => (/year/i.test(u) ? '6 months' : `0.5 ${u}`)],
  [/\ba\s+quarter\s+(?:of\s+)?an?\s+(million|billion)\b/gi, (u) => `0.25 ${u}`],
  // 'four point five million'
  [new RegExp(`\\b(${SMALL})\\s+point\\s+(${UNIT})\\b`, 'gi'), (a, b) => `${wordValue(a)}.${wordValue(b)}`],
  // 'four and a half million', 'two million', '2 and a half mil', 'ten thousand'
  [
    new RegExp(`(?<![\\d.,])\\b(${WORD_NUMBER}|${DIGITS})(${FRACTION})?\\s+${SCALE}\\b`, 'gi'),
    (n, f, s) => {
      const value = (numberOf(n) ?? 0) + fractionValue(f);
      return `${value} ${s!.toLowerCase() === 'grand' ? 'thousand' : s}`;
    },
  ],
  // 'for a year', 'over a month': a term ('$400k a year' is a period, not a term)
  [
    /\b(for|over|across|within|in|term of|lasting|takes|after|of)\s+an?\s+(year|month)\b/gi,
    (w, u) => `${w} 1 ${u}`,
  ],
  // 'one and a half years', 'eighteen months', '2 and a half years'
  [
    new RegExp(`\\b(${SMALL}|${DIGITS})(${FRACTION})?[\\s-]+${TERM_UNIT}\\b`, 'gi'),
    (n, f, u) => `${(numberOf(n) ?? 0) + fractionValue(f)} ${u}`,
  ],
  // '6 extra months of interest': a delay, read as '6 months extra'
  [
    new RegExp(`\\b(${SMALL}|${DIGITS})\\s+(extra|more|additional|further)\\s+(months?)\\b`, 'gi'),
    (n, w, u) => `${numberOf(n) ?? n} ${u} ${w}`,
  ],
  // 'nine per cent', 'twelve and a half percent'
  [
    new RegExp(`\\b(${SMALL})(${FRACTION})?\\s+(per\\s?cent|percent|pct|pc|bps|basis points?)\\b`, 'gi'),
    (n, f, p) => `${(wordValue(n) ?? 0) + fractionValue(f)} ${p}`,
  ],
  // 'six townhouses', 'twelve apartments', 'twenty units' (issue 35: a count of dwellings)
  [
    new RegExp(
      `\\b(${SMALL}(?:\\s+hundred(?:\\s+(?:and\\s+)?${SMALL})?)?)\\s+(units?|apartments?|townhouses?|lots|dwellings?|homes|houses|terraces|villas|flats|duplexes|presales|pre-sales)\\b`,
      'gi',
    ),
    (n, u) => `${wordValue(n) ?? n} ${u}`,
  ],
];

/** The text with its numbers in words written as digits (only where a scale or unit follows). */
export function digitsForWords(text: string): string {
  let out = text;
  for (const [re, to] of rules) out = out.replace(re, (...m) => to(...(m.slice(1, -2) as string[])));
  return out;
}

/**
 * Brokers' shorthand written out (decision 077): 'MoC', 'MoR', 'p/m', 'p/a', 'mths', 'int',
 * "req'd", 'psm', 'avg bal', '14 x $600k', 'buy 900k, sell 2.2m'. Only whole tokens are read.
 */
const SHORTHAND: [RegExp, string][] = [
  [/\bMoC\b/g, 'margin on cost'],
  [/\bMoR\b/g, 'margin on revenue'],
  [/\bp\/m\b/gi, 'per month'],
  [/\bp\/a\b/gi, 'per annum'],
  [/\b(\d+)\s*mths?\b/gi, '$1 months'],
  [/\bmths?\b/gi, 'months'],
  [/\bint\b(?!['’])/gi, 'interest'],
  [/\breq['’]?d\b/gi, 'required'],
  [/\bpsm\b(?=\s*(?:cost|price|rate|\?|:|$))/gi, 'cost per sqm'],
  [/\bavg\.? bal(?:ance)?\b/gi, 'average drawn balance'],

  [/\bRLV\b/g, 'residual land value'],
  [/\bmargin-scheme\b/gi, 'margin scheme'],
  // 'our 12-unit block': a count of dwellings.
  [/\b(\d+)-(unit|apartment|townhouse|lot|dwelling|home)\b/gi, '$1 $2s'],
  // 'GRV down 10 pct from 20m': the figure before the change, as 'GRV 20m down 10 pct'.
  [
    /\b(costs?|tdc|build|construction|sales|revenue|grv|gdv)\s+((?:is\s+|are\s+)?(?:up|down|rises?|falls?|drops?|increases?|decreases?))\s+(?:by\s+)?(\d[\d.]*\s*(?:%|pc|pct|per ?cent|percent))\s+from\s+(\$?\d[\d,.]*\s?(?:k|m|mil|million)?)(?=[\s,.;?!—–-]|$)/gi,
    '$1 $4 $2 $3',
  ],
  // 'monthly interest: 4.8m at 8.75 pc': a heading that asks, not a label of the figure after it.
  [
    /^\s*((?:monthly|annual|yearly|quarterly)\s+(?:interest|line fees?|fees?|interest cost))\s*:\s*(?=\$?\d)/i,
    '$1? ',
  ],
  // 'land 2.2m + stamp duty 121k + build 5.8m': a plus between labelled lines separates them.
  [
    /(\d(?:[\d,.]*\d)?\s?(?:k|m|mil|million)?)\s*\+\s*(?=(?:the\s+)?(?:land|site|stamp|duty|build|construction|soft|finance|fees|professional|consultants?|legals?|contingency|interest|other|marketing|selling|holding)\b)/gi,
    '$1, ',
  ],
  // '10 x 3-bed townhouses', '6 x 2 bedroom apartments': so many dwellings.
  [
    /\b(\d+)\s*(?:x|×)\s+(?:\d[\s-]?(?:bed(?:room)?s?|br)\s+)(?=(?:units?|lots|apartments?|townhouses?|homes|dwellings?|duplexes|villas|terraces|flats)\b)/gi,
    '$1 ',
  ],
  [/\bbuy(?:ing)?\s+(?=\$?\d)/gi, 'bought for '],
  [/\bsell(?:ing)?\s+(?=\$?\d)/gi, 'sold for '],
];

export function expandShorthand(text: string): string {
  let out = text;
  for (const [re, to] of SHORTHAND) out = out.replace(re, to);
  // '14 x $600k', '18 units x 650k': so many units at a price each.
  out = out.replace(
    /\b(\d+)\s+(?:(units?|lots|apartments|townhouses|homes|dwellings)\s+)?x\s+(?=\$?\d)/gi,
    (_m, n: string, noun?: string) => `${n} ${noun ?? 'units'} at `,
  );
  return out.replace(/ {2,}/g, ' ');
}
