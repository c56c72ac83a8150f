import { type AnalystAnswer, answer, aud, givenPct } from './answer';
import { findQuantities } from './parse';
import * as tools from './tools';

/**
 * Issue 35 (decision 065): 'how much is the 2 % exit fee on a 9m loan', 'contingency of 5 % on
 * construction of 8m', 'loan at 65 % of $18m GDV': a question with one rate and one amount, the
 * rate said to be on or of the amount, asks for that share of it. Tried only when the analyst
 * found no figure of its own to work out, so a ratio it knows is never read this way; the line
 * names what the question calls the result and shows the figures as given.
 */

const WORD = "[a-z'’-]+";
const BETWEEN = new RegExp(
  `^\\s*(?:p\\.?a\\.?\\s+)?(?:${WORD}\\s+){0,3}?(?:on|of)\\s+(?:(?:a|an|the|my|our|its|their)\\s+)?(?:${WORD}\\s+){0,2}$`,
  'i',
);
const PERIOD =
  /\b(?:per|a|an|each|every)\s+(?:year|annum|quarter|month|week|day)\b|\b(?:yearly|annual(?:ly)?|quarterly|monthly|weekly|daily)\b|\bp\.?a\.?(?!\w)|\bpm\b/i;
const RATIO_WORD =
  /\b(?:ltc|lvr|ltv|lti|loan[- ]to|margin on|presales?|cover|gearing|of (?:the )?(?:grv|gdv|tdc|cost|costs|value|land|site))\b/i;
const ASKED_NOUN =
  /\b(?:what(?:['’]s| is| are|s)|how much (?:is|are|will be|would be))\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?([a-z'’ -]+?)(?=\s+(?:if|on|of|for|at|when|with|given|where)\b|\s*[?,.;:]|\s*$)/i;
const ASKS = /\bhow much\b|\bwhat(?:['’]s| is|s)?\b|\bcalc|\bwork out\b|\?\s*$/i;
/** A bare noun phrase naming the share asks for it: 'contingency at 7.5 per cent of a $12m build'. */
const NAMED_SHARE = /^\s*[a-z][a-z'’ -]{2,40}?\s+(?:at|of|@)\s+\d/i;
const STOP = new Set(
  "a an the my our is are of at on to be by for if we i it its how much what what's whats that this and do does will would at about with".split(
    ' ',
  ),
);

/** The words that name the share: after the rate ('exit fee'), else before it ('contingency'). */
function nameOf(text: string, rateStart: number, rateEnd: number, amountStart: number) {
  const after = text
    .slice(rateEnd, amountStart)
    .replace(/\b(?:on|of)\b[\s\S]*$/i, '')
    .replace(/^\s*(?:p\.?a\.?|pa)\b/i, '');
  const before = (
    text
      .slice(0, rateStart)
      .split(/[,.;:?!]/)
      .at(-1) ?? ''
  ).replace(/['’]s\b/g, '’s');
  for (const part of [after, before]) {
    // The last run of naming words ('how much is drawn if we draw' → 'draw').
    const words: string[] = [];
    for (const w of part.toLowerCase().split(/\s+/).filter(Boolean).reverse()) {
      if (!STOP.has(w.replace(/[’']s$/, '')) && /^[a-z]/.test(w)) words.unshift(w);
      else if (words.length) break;
    }
    if (words.length) {
      const name = words.slice(-3).join(' ');
      return name[0]!.toUpperCase() + name.slice(1);
    }
  }
  return 'Share';
}

/** The answer, or null when the question is not one rate on one amount. */
export function rateOfAmount(text: string): AnalystAnswer | null {
  const qs = findQuantities(text);
  // A period ('a year', 'per quarter', 'monthly') asks for more than the share itself.
  if (qs.length !== 2 || !(ASKS.test(text) || NAMED_SHARE.test(text)) || PERIOD.test(text)) return null;
  const [rate, amount] = qs;
  if (rate!.kind !== 'rate' || amount!.kind !== 'amount') return null;
  if (!BETWEEN.test(text.slice(rate!.end, amount!.start))) return null;
  const v = tools.shareOf(rate!.value, amount!.value);
  if (v === null) return null;
  // '65% LTC on 10m' names a ratio the analyst knows: what is asked is something else.
  if (RATIO_WORD.test(text.slice(rate!.end, amount!.start))) return null;
  const name = nameOf(text, rate!.start, rate!.end, amount!.start);
  // 'what's the developer's contribution if … 65% …': the share must be what the question asks.
  const asked = ASKED_NOUN.exec(text)?.[1]?.toLowerCase().trim();
  if (asked && !/^(?:that|it|this|the amount|amount)$/.test(asked)) {
    const nameWords = name.toLowerCase().split(' ');
    if (!nameWords.some((w) => asked.includes(w.replace(/[’']s$/, '')))) return null;
  }
  return answer(
    'figure',
    [`${name}: ${givenPct(rate!.value)} × ${aud(amount!.value)} = ${aud(v)}.`],
    { result: v },
    { isDecisionBearing: false },
  );
}
