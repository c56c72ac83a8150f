import { type AnalystAnswer, answer, aud, givenPct, pct } from './answer';
import type { Quantity } from './parse';
import * as tools from './tools';

/**
 * Issue 35 (decisions 057, 065, 077): a capital stack of any number of tranches, by share of TDC
 * or by amount; a cumulative share ('mezz taking it to 85%') less the tranches below it; what two
 * tranches leave together. Split from compose.ts.
 */

type Q = Omit<Quantity, 'label'>;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

type Tranche = 'senior' | 'stretch senior' | 'mezzanine' | 'preferred equity' | 'equity';
const TRANCHE_WORDS: [Tranche, RegExp][] = [
  // A stretch senior layer beside a mezzanine one is its own tranche (decision 077).
  ['stretch senior', /\bstretch(?: senior)?\b(?=[^.?]*\bmezz)/gi],
  ['preferred equity', /\b(?:preferred equity|pref(?:erred)? equity|pref)\b/gi],
  [
    'mezzanine',
    /\b(?:mezzanine(?: debt| loan| finance)?|mezz(?: debt| loan)?|second mortgage|junior debt|stretch(?: senior)?)\b/gi,
  ],
  [
    'senior',
    /\b(?:senior(?: debt| loan| facility| lender)?|first mortgage|bank debt|construction loan|(?:the |from the )?bank(?!\s+(?:guarantees?|accounts?|statements?|wants|requires|needs|asks|valuation|valuer)\b))\b/gi,
  ],
  [
    'equity',
    /\b(?:(?:developer|sponsor|ordinary|common|cash) (?:equity|contribution)|equity|developer|sponsor)\b/gi,
  ],
];
const STACK_TOTAL =
  /\b(?:tdc|total development cost|total cost|total project cost|project cost|stack|total)\b/i;

/** A capital stack of any number of tranches, by share of TDC or by amount. */
export function capitalStack(text: string, qs: Q[]): AnalystAnswer | null {
  const words: { tranche: Tranche; start: number; end: number }[] = [];
  for (const [tranche, re] of TRANCHE_WORDS)
    for (const m of text.matchAll(re)) {
      if (words.some((w) => m.index < w.end && m.index + m[0].length > w.start)) continue;
      words.push({ tranche, start: m.index, end: m.index + m[0].length });
    }
  words.sort((a, b) => a.start - b.start);
  // 'how much mezz and equity' names a tranche again: the first naming carries its figure.
  const firsts = words.filter((w, i) => words.findIndex((o) => o.tranche === w.tranche) === i);
  const kinds = new Set(words.map((w) => w.tranche));
  if (
    kinds.size < 2 ||
    (!kinds.has('mezzanine') &&
      !kinds.has('preferred equity') &&
      !/\b(stack|tranches?|each|split|capital structure|rest|balance|remainder)\b/i.test(text))
  )
    return null;
  const figure = new Map<Tranche, Q>();
  const cumulative = new Set<Tranche>();
  let shareOfTotal: { tranche: Tranche; amount: number; rate: number } | null = null;
  const used = new Set<Q>();
  for (const w of firsts) {
    const limit = words.find((o) => o.start > w.start)?.start ?? text.length;
    const after = qs.find(
      (q) =>
        q.start >= w.end &&
        q.start < limit &&
        !used.has(q) &&
        /^[\s:=-]*(?:(?:at|of|is|are|for|be|about|around|making up|takes?|taking|bringing|brings?|it|to|up|with|covers?|another|a further|further|funds?|fund|will|would|can|goes|go|lends?|provides?|puts?|putting|in|contributes?|contributing|brings?|has|have|tips?)\s+)*$/i.test(
          text.slice(w.end, q.start),
        ),
    );
    const before = qs.find(
      (q) =>
        q.end <= w.start &&
        !used.has(q) &&
        /^[\s-]*(?:(?:ltc|lvr|ltv|of (?:the )?(?:tdc|cost|costs))\s+)?(?:(?:of|in|from|cash for|cash as|as|for)\s+)?$/i.test(
          text.slice(q.end, w.start),
        ),
    );
    const q = after ?? before;
    if (q && (q.kind === 'amount' || q.kind === 'rate')) {
      // 'mezz taking it to 85%': a share counted from the bottom of the stack, not its own.
      if (
        q === after &&
        q.kind === 'rate' &&
        /\b(?:tak(?:es|ing|e)|bring(?:s|ing)?)\s+it\s+(?:up\s+)?to\b|\bup to\b/i.test(
          text.slice(w.end, q.start),
        )
      )
        cumulative.add(w.tranche);
      figure.set(w.tranche, q);
      used.add(q);
      // 'the senior is $9.1m at 65% of TDC': its share too, which gives the total.
      const share = qs.find((o) => o.start >= q.end && o.kind === 'rate');
      if (
        q.kind === 'amount' &&
        share &&
        share.start < limit &&
        /^\s*(?:at|is|being|,|=|or)?\s*$/i.test(text.slice(q.end, share.start)) &&
        /^\s*of\s+(?:the\s+)?(?:tdc|total (?:development |project )?cost|cost|costs|stack)\b/i.test(
          text.slice(share.end),
        )
      ) {
        shareOfTotal = { tranche: w.tranche, amount: q.value, rate: share.value };
        used.add(share);
      }
    }
  }
  const rest = qs.filter((q) => !used.has(q));
  const totalQ = rest.find((q) => q.kind === 'amount');
  if (rest.length > (totalQ ? 1 : 0)) return null;
  // 'senior 60% mezz 25% equity 15% on 40m': the amount the shares are on is the total.
  const isOnTotal =
    !!totalQ &&
    /\b(?:on|of)\s+(?:a\s+|the\s+)?$/i.test(text.slice(0, totalQ.start)) &&
    figure.size === firsts.length;
  if (totalQ && !isOnTotal && !STACK_TOTAL.test(text.slice(Math.max(0, totalQ.start - 30), totalQ.end + 30)))
    return null;
  // 'mezz 15%, the developer chips $5m': an amount a tranche word stands before, with no figure
  // and no word of the total between them, is that tranche's, however it is worded: never the total.
  if (totalQ && !isOnTotal) {
    const owner = words.filter((w) => w.end <= totalQ.start).at(-1);
    const between = owner ? text.slice(owner.end, totalQ.start) : '';
    if (
      owner &&
      between.length < 40 &&
      !/[.;?!—–]/.test(between) &&
      !STACK_TOTAL.test(between) &&
      !/\b(?:on|of|across)\s+(?:an?\s+|the\s+)?$/i.test(between) &&
      !/^\s*(?:of\s+)?(?:tdc|total|project cost|stack)\b/i.test(text.slice(totalQ.end)) &&
      !qs.some((q) => q.start >= owner.end && q.end <= totalQ.start)
    )
      return null;
  }
  const total = totalQ?.value;
  const names = firsts.map((w) => w.tranche);
  const amountOf = new Map<Tranche, number>();
  const lines: string[] = [];
  // A cumulative share less the shares below it is the tranche's own ('60% senior, mezz to 85%').
  let below = 0;
  for (const n of names) {
    const q = figure.get(n);
    if (q?.kind !== 'rate') continue;
    if (cumulative.has(n)) {
      const own = q.value - below;
      // 'mezz up to 15%' beside a 60% senior is its own share; 'taking it to 85%' never is.
      if (own <= 0 && !/\btak|\bbring/i.test(text)) {
        below += q.value;
        continue;
      }
      if (own <= 0) return null;
      lines.push(
        `${cap(n)}: ${givenPct(q.value)} of the total with what ranks below it, less ${givenPct(below)} = ${givenPct(own)}.`,
      );
      figure.set(n, { ...q, value: own });
      below = q.value;
    } else below += q.value;
  }
  const rateSum = names.reduce((s, n) => s + (figure.get(n)?.kind === 'rate' ? figure.get(n)!.value : 0), 0);
  const missing = names.filter((n) => !figure.has(n));
  // 'senior at 70% of a $12m TDC, what's left for equity and mezz combined': the rest, together.
  if (
    missing.length === 2 &&
    total !== undefined &&
    names.length === 3 &&
    /\b(?:combined|together|between them|in total|all up)\b/i.test(text)
  ) {
    const n = names.find((x) => figure.has(x))!;
    const q = figure.get(n)!;
    const v = q.kind === 'rate' ? tools.shareOf(q.value, total)! : q.value;
    const restOf = total - v;
    if (restOf < 0) return null;
    return answer(
      'figure',
      [
        ...(q.kind === 'rate' ? [`${cap(n)}: ${givenPct(q.value)} × ${aud(total)} = ${aud(v)}.`] : []),
        `${cap(missing[0]!)} and ${missing[1]} together (the rest): ${aud(total)} − ${aud(v)} = ${aud(restOf)}.`,
        `How it splits between them needs one of their figures.`,
      ],
      { total, [n]: v, rest: restOf },
      { isDecisionBearing: true },
    );
  }
  if (missing.length > 1) return null;
  let tdc = total;
  if (tdc === undefined && shareOfTotal) {
    tdc = tools.baseOfShare(shareOfTotal.rate, shareOfTotal.amount)!;
    lines.push(
      `Total: ${aud(shareOfTotal.amount)} ${shareOfTotal.tranche} is ${givenPct(shareOfTotal.rate)} of it, so ${aud(shareOfTotal.amount)} / ${givenPct(shareOfTotal.rate)} = ${aud(tdc)}.`,
    );
  }
  if (tdc === undefined) {
    const amounts = names.filter((n) => figure.get(n)?.kind === 'amount');
    if (missing.length === 0 && amounts.length === names.length)
      tdc = tools.sumOf(amounts.map((n) => figure.get(n)!.value))!;
    else if (missing.length === 0 && amounts.length === 1 && rateSum < 100) {
      const a = figure.get(amounts[0]!)!.value;
      tdc = tools.baseOfShare(100 - rateSum, a)!;
      lines.push(
        `Total: ${aud(a)} ${amounts[0]} is the ${givenPct(100 - rateSum)} the other tranches leave (100% − ${givenPct(rateSum)}), so ${aud(a)} / ${givenPct(100 - rateSum)} = ${aud(tdc)}.`,
      );
    } else return null;
    if (amounts.length === names.length)
      lines.push(
        `Total: ${amounts.map((n) => `${aud(figure.get(n)!.value)} ${n}`).join(' + ')} = ${aud(tdc)}.`,
      );
  }
  for (const n of names) {
    const q = figure.get(n);
    if (!q) continue;
    if (q.kind === 'amount') amountOf.set(n, q.value);
    else {
      const v = tools.shareOf(q.value, tdc)!;
      amountOf.set(n, v);
      lines.push(`${cap(n)}: ${givenPct(q.value)} × ${aud(tdc)} = ${aud(v)}.`);
    }
  }
  if (missing.length === 1) {
    const known = names.filter((n) => amountOf.has(n));
    const v = tdc - known.reduce((s, n) => s + amountOf.get(n)!, 0);
    if (v < 0) return null;
    amountOf.set(missing[0]!, v);
    lines.push(
      `${cap(missing[0]!)} (the rest): ${aud(tdc)} − ${known.map((n) => aud(amountOf.get(n)!)).join(' − ')} = ${aud(v)}.`,
    );
  }
  const sum = names.reduce((s, n) => s + amountOf.get(n)!, 0);
  const figures: Record<string, number> = { total: tdc };
  for (const n of names) {
    const share = tools.percentOf(amountOf.get(n)!, tdc)!;
    figures[n] = amountOf.get(n)!;
    if (figure.get(n)?.kind !== 'rate')
      lines.push(`${cap(n)}: ${aud(amountOf.get(n)!)} / ${aud(tdc)} = ${pct(share)} of the stack.`);
  }
  if (Math.abs(sum - tdc) > 0.5)
    lines.push(
      `The tranches add to ${aud(sum)}, not ${aud(tdc)}: ${aud(Math.abs(tdc - sum))} is ${sum < tdc ? 'not yet funded' : 'more than the total'}.`,
    );
  const debt = names.filter((n) => n === 'senior' || n === 'stretch senior' || n === 'mezzanine');
  if (debt.length > 1) {
    const d = debt.reduce((s, n) => s + amountOf.get(n)!, 0);
    lines.push(
      `Debt (senior and mezzanine) / total: ${aud(d)} / ${aud(tdc)} = ${pct(tools.percentOf(d, tdc)!)}.`,
    );
  }
  return answer('figure', lines, figures, { isDecisionBearing: true });
}
