import { type AnalystAnswer, answer, aud, GENERAL_INFORMATION_NOTE, givenPct, pct } from './answer';
import { capitalStack } from './compose-stack';
import { trancheInterest } from './compose-tranches';
import { findQuantities, type Quantity } from './parse';
import * as tools from './tools';
import { unreadFigures } from './unread';
import { digitsForWords } from './words';

/**
 * Issue 35: arithmetic a question spells out whole, worked before the figure-by-figure reading:
 * 'X is Y % of Z' in every direction, rates in tiers ('1.25 % on the first $1m and 5.5 % above
 * that'), and capital stacks of any number of tranches by share of TDC or by amount. Each answer
 * shows its working line by line with the figures as given; a shape it does not fully recognise
 * is left to the analyst's reading (which asks about any figure it cannot place).
 */

type Q = Omit<Quantity, 'label'>;

/** The question with each amount as «A» and each rate as «R» (in order), lower case. */
function shapeOf(text: string, qs: Q[]) {
  let out = '';
  let at = 0;
  for (const q of qs) {
    out += text.slice(at, q.start);
    out += q.kind === 'amount' ? 'A' : q.kind === 'rate' ? 'R' : q.kind === 'term' ? 'T' : 'N';
    at = q.end;
  }
  out += text.slice(at);
  return out
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\s*\?+\s*$/, '')
    .trim()
    .toLowerCase();
}

const note = (lines: string[], figures: Record<string, number>, isDecision = false) =>
  answer('figure', lines, figures, { isDecisionBearing: isDecision });

const ASK = "(?:what(?:'s| is)|how much is|calc(?:ulate)?|work out|whats)";
const ART = '(?:(?:a|an|the) )?';
const PERCENT_WORD = '(?:percent(?:age)?|per ?cent|%|pc|pct|share|proportion)';

/** 'what is 5.5 % of $4.8m', '$450k is what % of $6m', '$1.2m is 15 % of what'. */
function percentOf(shape: string, qs: Q[]): AnalystAnswer | null {
  const amounts = qs.filter((q) => q.kind === 'amount');
  const rates = qs.filter((q) => q.kind === 'rate');
  if (qs.length !== 2) return null;
  if (
    rates.length === 1 &&
    new RegExp(
      `^(?:${ASK} )?r of ${ART}a(?: (?:grv|gdv|tdc|loan|site|land|cost|costs|price|purchase))?$`,
    ).test(shape)
  ) {
    const [r, a] = [rates[0]!.value, amounts[0]!.value];
    const v = tools.shareOf(r, a)!;
    return note([`${givenPct(r)} of ${aud(a)}: ${aud(a)} × ${givenPct(r)} = ${aud(v)}.`], { result: v });
  }
  if (rates.length === 1 && /^a (?:is|=) r of (?:what|how much|which)(?: [a-z]+)?$/.test(shape)) {
    const [r, a] = [rates[0]!.value, amounts[0]!.value];
    const v = tools.baseOfShare(r, a);
    if (v === null) return null;
    return note([`${aud(a)} is ${givenPct(r)} of: ${aud(a)} / ${givenPct(r)} = ${aud(v)}.`], { result: v });
  }
  if (amounts.length === 2) {
    const partFirst = new RegExp(
      `^(?:${ASK} )?a (?:is|as) (?:what|a|which) ${PERCENT_WORD} of ${ART}a$|^(?:${ASK} )?a as a ${PERCENT_WORD} of ${ART}a$`,
    ).test(shape);
    const wholeFirst = new RegExp(`^what ${PERCENT_WORD} of ${ART}a is a$`).test(shape);
    const partThenWhole = new RegExp(`^what ${PERCENT_WORD} is a of ${ART}a$`).test(shape);
    if (!partFirst && !wholeFirst && !partThenWhole) return null;
    const [part, whole] =
      partFirst || partThenWhole
        ? [amounts[0]!.value, amounts[1]!.value]
        : [amounts[1]!.value, amounts[0]!.value];
    const v = tools.percentOf(part, whole);
    if (v === null) return null;
    return note([`${aud(part)} / ${aud(whole)} = ${pct(v)}.`], { result: v });
  }
  return null;
}

interface Tier {
  rate: number;
  from: number;
  to: number | null;
}

/**
 * Rates in tiers given in the question ('duty is 1.25 % on the first $1m and 5.5 % above that;
 * site $3m'): each rate on its slice of the base, then the sum.
 */
function tiered(text: string, qs: Q[]): AnalystAnswer | null {
  const rates = qs.filter((q) => q.kind === 'rate');
  if (rates.length < 2) return null;
  const tiers: Tier[] = [];
  const used = new Set<Q>();
  let bound = 0;
  for (const r of rates) {
    const after = text.slice(r.end, r.end + 60).toLowerCase();
    const next = qs.find((q) => q.start >= r.end && q.kind === 'amount');
    const gap = next ? text.slice(r.end, next.start).toLowerCase() : '';
    // 'first $750k at 3%, balance at 5.5%': the slice named before its rate.
    const prevQ = qs.filter((q) => q.end <= r.start).at(-1);
    const lead = text.slice(prevQ?.end ?? Math.max(0, r.start - 40), r.start).toLowerCase();
    const prevAmount = prevQ?.kind === 'amount' && !used.has(prevQ) ? prevQ : undefined;
    if (
      prevAmount &&
      /^\s*(?:at|@|is|charged at|taxed at|:|=|-|–)?\s*$/.test(lead) &&
      /\b(?:first|up to|to|below|under)\s*$/i.test(
        text.slice(Math.max(0, prevAmount.start - 20), prevAmount.start),
      )
    ) {
      tiers.push({ rate: r.value, from: bound, to: prevAmount.value });
      bound = prevAmount.value;
      used.add(prevAmount);
    } else if (
      tiers.length &&
      /\b(?:balance|rest|remainder|excess|above(?: that)?|over(?: that)?|thereafter|beyond)\s*(?:is\s+|at\s+|@\s*|:\s*|charged at\s+|taxed at\s+)?$/.test(
        lead,
      )
    ) {
      tiers.push({ rate: r.value, from: bound, to: null });
    } else if (next && /^\s*(?:on|for|of)\s+the\s+first\s*$|^\s*(?:up to|to|below|under)\s*$/.test(gap)) {
      tiers.push({ rate: r.value, from: bound, to: next.value });
      bound = next.value;
      used.add(next);
    } else if (next && /^\s*(?:on|for)\s+the\s+next\s*$/.test(gap)) {
      tiers.push({ rate: r.value, from: bound, to: bound + next.value });
      bound += next.value;
      used.add(next);
    } else if (
      /^\s*(?:on\s+the\s+(?:balance|rest|remainder|excess)|above(?: that| this)?|over(?: that| this)?|thereafter|after that|beyond(?: that)?|on anything (?:above|over)|(?:for|on) (?:the )?(?:amount|portion|part|value|balance) (?:above|over|beyond)(?: that| this)?)\b/.test(
        after,
      )
    ) {
      if (
        next &&
        /^\s*(?:above|over|beyond|on anything (?:above|over))\s*$/.test(gap) &&
        next.value === bound
      )
        used.add(next);
      tiers.push({ rate: r.value, from: bound, to: null });
    } else return null;
    used.add(r);
  }
  if (!tiers.length || tiers.at(-1)!.to !== null) return null;
  const rest = qs.filter((q) => !used.has(q));
  if (rest.length !== 1 || rest[0]!.kind !== 'amount') return null;
  const base = rest[0]!.value;
  const lines: string[] = [];
  let total = 0;
  for (const t of tiers) {
    if (base <= t.from) break;
    const top = t.to === null ? base : Math.min(base, t.to);
    const slice = top - t.from;
    const v = tools.shareOf(t.rate, slice)!;
    total += v;
    lines.push(
      t.from === 0
        ? `${givenPct(t.rate)} on the first ${aud(slice)}: ${aud(slice)} × ${givenPct(t.rate)} = ${aud(v)}.`
        : `${givenPct(t.rate)} on ${aud(t.from)} to ${aud(top)}: ${aud(slice)} × ${givenPct(t.rate)} = ${aud(v)}.`,
    );
  }
  const what = /\bduty\b/i.test(text) ? 'Stamp duty' : 'Total';
  lines.push(
    `${what} on ${aud(base)}: ${lines.length > 1 ? `${lines.map((l) => l.split('= ').at(-1)!.replace(/\.$/, '')).join(' + ')} = ` : ''}${aud(total)}.`,
  );
  lines.push('Worked on the tiers you gave; check them against the state revenue office’s current schedule.');
  return note(lines, { result: total });
}

const UNIT_GROUP =
  /(\d+)\s+(?:units?|apartments?|apts?|townhouses?|town ?homes?|lots|dwellings?|homes|houses|terraces|villas|penthouses?|studios?|flats|duplexes|residences|suites)?\s*(?:@|at|for|selling at|sold at)\s*(\$?\s?\d[\d,.]*\s?(?:k|m|mil|million)?)\s*(?:each|apiece|per unit)?/gi;

/** '30 apartments @ $640k + 6 at $890k': the sum of the groups, each units × price. */
const PRESOLD = /\b(?:pre-?sold|pre-?sales?|sold|exchanged|contracts?)\b/i;

function unitGroups(text: string, qs: Q[]): AnalystAnswer | null {
  const groups = [...text.matchAll(UNIT_GROUP)];
  if (groups.length < 2 || PRESOLD.test(text)) return null;
  const lines: string[] = [];
  let total = 0;
  let counted = 0;
  for (const g of groups) {
    const price = findQuantities(g[2]!)[0];
    if (price?.kind !== 'amount') return null;
    const n = Number(g[1]);
    const v = n * price.value;
    total += v;
    counted += 1 + 1;
    lines.push(`${n} × ${aud(price.value)} = ${aud(v)}.`);
  }
  const amountsAndRates = qs.filter((q) => q.kind === 'amount' || q.kind === 'rate').length;
  if (amountsAndRates !== groups.length) return null;
  lines.push(`GRV: ${lines.map((l) => l.split('= ')[1]!.replace(/\.$/, '')).join(' + ')} = ${aud(total)}.`);
  void counted;
  return note(lines, { grv: total });
}

/**
 * '12 apartments at 685k and 2 penthouses at 1.6m - GRV and margin if TDC is 9.8m': groups of units
 * written side by side, with other figures beside them, are summed into the GRV first and the
 * question read again with that GRV in their place (its working shown first).
 */
export function unitGroupsAsGrv(question: string): { text: string; lead: string[] } {
  const text = digitsForWords(question.trim());
  const groups = [...text.matchAll(UNIT_GROUP)];
  const none = { text: question, lead: [] };
  // Units sold or presold are presales, not the GRV: left to the reading.
  if (groups.length < 2 || PRESOLD.test(text)) return none;
  for (let i = 1; i < groups.length; i++) {
    const gap = text.slice(groups[i - 1]!.index + groups[i - 1]![0].length, groups[i]!.index);
    if (!/^\s*(?:,|and|plus|\+|&)?\s*$/i.test(gap)) return none;
  }
  const answered = unitGroups(
    text,
    findQuantities(text).filter((q) => {
      const start = groups[0]!.index;
      const end = groups.at(-1)!.index + groups.at(-1)![0].length;
      return q.start >= start && q.end <= end;
    }),
  );
  if (!answered) return none;
  const start = groups[0]!.index;
  const end = groups.at(-1)!.index + groups.at(-1)![0].length;
  return {
    text: `${text.slice(0, start)}GRV ${aud(answered.figures.grv!)}${text.slice(end)}`,
    lead: answered.text.split('\n').filter((l) => l !== GENERAL_INFORMATION_NOTE),
  };
}

/** 'Duty is $110,000 plus 6.5 % of the amount over $2m; the site is $3.4m'. */
function baseAndExcess(text: string, qs: Q[]): AnalystAnswer | null {
  if (qs.length !== 4) return null;
  const i = qs.findIndex(
    (q, k) =>
      q.kind === 'amount' &&
      qs[k + 1]?.kind === 'rate' &&
      qs[k + 2]?.kind === 'amount' &&
      /^\s*(?:plus|\+)\s*$/i.test(text.slice(q.end, qs[k + 1]!.start)) &&
      /^\s*(?:of\s+(?:the\s+)?(?:(?:amount|value|price|excess|balance|portion|part)\s+)?)?(?:over|above|exceeding|in excess of)\s*$/i.test(
        text.slice(qs[k + 1]!.end, qs[k + 2]!.start),
      ),
  );
  if (i < 0) return null;
  const [fixed, rate, threshold] = [qs[i]!, qs[i + 1]!, qs[i + 2]!];
  const base = qs.find((q) => q !== fixed && q !== rate && q !== threshold);
  if (base?.kind !== 'amount' || fixed.kind !== 'amount' || rate.kind !== 'rate') return null;
  const excess = Math.max(0, base.value - threshold.value);
  const onExcess = tools.shareOf(rate.value, excess)!;
  const total = fixed.value + onExcess;
  const what = /\bduty\b/i.test(text) ? 'Stamp duty' : 'Total';
  return note(
    [
      `Amount over ${aud(threshold.value)}: ${aud(base.value)} − ${aud(threshold.value)} = ${aud(excess)}.`,
      `${givenPct(rate.value)} of it: ${aud(excess)} × ${givenPct(rate.value)} = ${aud(onExcess)}.`,
      `${what}: ${aud(fixed.value)} + ${aud(onExcess)} = ${aud(total)}.`,
    ],
    { result: total },
  );
}

/** The answer to a question spelt out as arithmetic, or null to read it figure by figure. */
export function composeAnswer(question: string): AnalystAnswer | null {
  const text = digitsForWords(question.trim());
  const qs = findQuantities(text);
  // A whole number or a fraction in words no shape reads ('2 buildings of …', 'half the units') is
  // left to the reading, which asks about it.
  if (qs.length < 2 || unreadFigures(text, qs).length) return null;
  return (
    percentOf(shapeOf(text, qs), qs) ??
    tiered(text, qs) ??
    baseAndExcess(text, qs) ??
    unitGroups(text, qs) ??
    trancheInterest(text, qs) ??
    capitalStack(text, qs)
  );
}

const BASE_RATE = '(?:bbsy|bbsw|base(?: rate)?|cash rate|reference rate|benchmark|swap(?: rate)?)';

/**
 * A rate given as a base and a margin ('425 bps over BBSY at 4.15 %', 'BBSY 4.15 % plus a 4.25 %
 * margin'): the question read with the all-in rate in their place, and the line that adds them.
 */
export function allInRate(question: string): { text: string; lead: string[] } {
  const text = digitsForWords(question.trim());
  const qs = findQuantities(text).filter((q) => q.kind === 'rate');
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i]!, qs[i + 1]!];
    const between = text.slice(a.end, b.start).toLowerCase();
    const marginFirst = new RegExp(
      `^\\s*(?:margin\\s+)?(?:over|above|on top of|plus|\\+)\\s+(?:the\\s+)?${BASE_RATE}\\s*(?:rate\\s*)?(?:at|of|is|=|currently|@)?\\s*(?:at\\s*)?$`,
    ).test(between);
    const baseFirst =
      new RegExp(`\\b${BASE_RATE}\\s*(?:rate\\s*)?(?:at|of|is|=|@)?\\s*$`, 'i').test(
        text.slice(Math.max(0, a.start - 25), a.start),
      ) && /^\s*(?:plus|\+|and)\s+(?:a\s+)?(?:margin\s+(?:of\s+)?)?$/.test(between);
    // 'rate is 7% plus 150 bps': a rate and a margin on it, whatever the base is called.
    const plusMargin =
      /^\s*(?:plus|\+|and)\s+(?:a\s+)?(?:margin\s+(?:of\s+)?)?$/i.test(between) &&
      !/^\s*(?:establishment|est\.?|line|upfront|exit|fee|fees)\b/i.test(text.slice(b.end)) &&
      (/\b(?:bps|bp|basis points?)\b/i.test(text.slice(b.start, b.end + 1)) ||
        /^\s*margin\b/i.test(text.slice(b.end)));
    if (!marginFirst && !baseFirst && !plusMargin) continue;
    const [margin, base] = marginFirst ? [a, b] : [b, a];
    const total = Math.round((margin.value + base.value) * 1e6) / 1e6;
    const head = text
      .slice(0, a.start)
      .replace(/\b(?:an?\s+|the\s+)?(?:margin|spread)\s+(?:of\s+)?$/i, '')
      .replace(new RegExp(`\\b${BASE_RATE}\\s*(?:rate\\s*)?(?:at|of|is|=|@)?\\s*$`, 'i'), '');
    const tail = text.slice(b.end).replace(/^\s*margin\b/i, '');
    return {
      text: `${head}interest at ${total}%${tail}`,
      lead: [
        `Rate: ${givenPct(base.value)} base + ${givenPct(margin.value)} margin = ${givenPct(total)} a year.`,
      ],
    };
  }
  return { text, lead: [] };
}
