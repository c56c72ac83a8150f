import { type AnalystAnswer, answer, GENERAL_INFORMATION_NOTE } from './answer';
import { findQuantities } from './parse';

/**
 * Issue 35 (decision 077): a figure given as a range ('sales between 12m and 12.5m', 'land at
 * 9.5m to 10m', '7-8%') is worked at each end, each with its own working, rather than read as two
 * figures (which the analyst would have to ask about) or as one end alone.
 */

export interface RangeAt {
  /** The question with the range as its low end, and as its high end. */
  low: string;
  high: string;
  lowText: string;
  highText: string;
}

const UNIT = '(?:m|mil|million|k|bn|%|pc|pct|per ?cent|percent)';
/** '9.5-10m', '7 to 8%': the unit written once, after the second figure. */
const SHARED_UNIT = new RegExp(
  String.raw`(\$?)(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\$?)(\d+(?:\.\d+)?)\s*(${UNIT})(?![a-z])`,
  'gi',
);

/** The question with the unit of a range written on both its ends. */
function withBothUnits(text: string) {
  return text.replace(SHARED_UNIT, (_all, d1, a, d2, b, unit) => {
    const space = /^[a-z]/i.test(unit) && !/^(m|k|bn)$/i.test(unit) ? ' ' : '';
    return `${d1 || d2}${a}${space}${unit} to ${d1 || d2}${b}${space}${unit}`;
  });
}

/** The first range in a question, or null. */
export function rangeIn(question: string): RangeAt | null {
  // Most questions have no range: a cheap look for a joining word before a figure first.
  if (!/(?:-|–|—|\bto\b|\band\b)\s*(?:about\s+|roughly\s+)?\$?\s?\d/i.test(question)) return null;
  const text = withBothUnits(question);
  const qs = findQuantities(text).filter((q) => q.kind === 'amount' || q.kind === 'rate');
  for (let i = 1; i < qs.length; i++) {
    const a = qs[i - 1]!;
    const b = qs[i]!;
    if (a.kind !== b.kind || b.value <= a.value) continue;
    const gap = text.slice(a.end, b.start);
    // 'rise from 8% to 9.5%' is a change, not a range.
    if (/\bfrom\s+$/i.test(text.slice(0, a.start))) continue;
    const between = /\bbetween\s+(?:about\s+|roughly\s+)?$/i.test(text.slice(0, a.start));
    if (!/^\s*(?:-|–|—|to)\s*$/i.test(gap) && !(between && /^\s*and\s*$/i.test(gap))) continue;
    const start = between ? text.slice(0, a.start).search(/\bbetween\s+(?:about\s+|roughly\s+)?$/i) : a.start;
    const lowText = text.slice(a.start, a.end).trim();
    const highText = text.slice(b.start, b.end).trim();
    const head = text.slice(0, start);
    const tail = text.slice(b.end);
    return { low: `${head}${lowText}${tail}`, high: `${head}${highText}${tail}`, lowText, highText };
  }
  return null;
}

const body = (a: AnalystAnswer) =>
  a.text
    .split('\n')
    .filter((l) => l !== GENERAL_INFORMATION_NOTE)
    .map((l) => `  ${l}`);

/** The answer at each end of a range, or the first end's reply when it asks or cannot answer. */
export function rangeAnswer(range: RangeAt, answerAt: (question: string) => AnalystAnswer): AnalystAnswer {
  const low = answerAt(range.low);
  const high = answerAt(range.high);
  for (const a of [low, high])
    if (
      a.intent === 'needInputs' ||
      a.intent === 'capabilities' ||
      a.intent === 'knowledge' ||
      a.intent === 'decline'
    )
      return a;
  const figures: Record<string, number> = {};
  for (const [k, v] of Object.entries(low.figures)) figures[`low_${k}`] = v;
  for (const [k, v] of Object.entries(high.figures)) figures[`high_${k}`] = v;
  return answer(
    low.intent,
    [
      `You gave a range, ${range.lowText} to ${range.highText}, so here is the working at each end.`,
      `At ${range.lowText}:`,
      ...body(low),
      `At ${range.highText}:`,
      ...body(high),
    ],
    figures,
    { isDecisionBearing: low.isDecisionBearing || high.isDecisionBearing, sources: low.sources },
  );
}
