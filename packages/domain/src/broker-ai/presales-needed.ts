import { type AnalystAnswer, answer, aud } from './answer';
import { findQuantities } from './parse';
import { ceilUnits } from './relation';
import * as tools from './tools';

/**
 * Issue 35 (decision 082): presales required as an amount, not a share of the loan — 'we have
 * $4.6m of presales and the bank requires $6m of presales. how short are we?' — the shortfall in
 * dollars, and in units when a price each is given. Only exactly these figures: an amount held,
 * an amount required and at most a price per unit; anything else goes to the reading.
 */

const REQUIRED_AMOUNT =
  /\b(?:requires?|required|wants?|needs?|asks? for|minimum(?: of)?|target(?: of)?|condition(?: of)?)\s+(?:a\s+|at least\s+)?$/i;
const OF_PRESALES = /^\s*(?:of|in)\s+(?:pre-?sales|pre-?sold contracts|exchanged contracts)\b/i;
const HELD_BEFORE =
  /\b(?:have|has|got|hold|holding|exchanged|secured|sold|presold|pre-sold)\s+(?:about\s+|around\s+)?$/i;
const HELD_AFTER =
  /^\s*(?:of|in)\s+(?:pre-?sales|exchanged|contracts|presold)\b|^\s*(?:exchanged|presold|pre-sold|of contracts)\b/i;
const PER_UNIT = /^\s*(?:each|a unit|per unit|an? (?:apartment|townhouse|lot))\b|\b(?:at|@)\s*$/i;
const ASKS = /\bshort(?:fall)?\b|\bgap\b|\bhow much more\b|\bhow many more\b|\bstill need\b|\bto go\b/i;

export function presalesNeeded(text: string): AnalystAnswer | null {
  if (!ASKS.test(text)) return null;
  const qs = findQuantities(text);
  const amounts = qs.filter((q) => q.kind === 'amount');
  if (qs.length !== amounts.length || amounts.length < 2 || amounts.length > 3) return null;
  const required = amounts.filter(
    (q) =>
      REQUIRED_AMOUNT.test(text.slice(Math.max(0, q.start - 30), q.start)) &&
      OF_PRESALES.test(text.slice(q.end)),
  );
  const held = amounts.filter(
    (q) =>
      !required.includes(q) &&
      (HELD_BEFORE.test(text.slice(Math.max(0, q.start - 30), q.start)) ||
        HELD_AFTER.test(text.slice(q.end))),
  );
  const price = amounts.filter(
    (q) =>
      !required.includes(q) &&
      !held.includes(q) &&
      (PER_UNIT.test(text.slice(q.end, q.end + 20)) ||
        PER_UNIT.test(text.slice(Math.max(0, q.start - 6), q.start))),
  );
  if (
    required.length !== 1 ||
    held.length !== 1 ||
    required.length + held.length + price.length !== amounts.length
  )
    return null;
  const need = required[0]!.value;
  const have = held[0]!.value;
  const short = Math.max(0, need - have);
  const lines = [`Presales shortfall: ${aud(need)} required − ${aud(have)} presold = ${aud(short)}.`];
  const figures: Record<string, number> = { presalesShortfall: short };
  if (price[0]) {
    const n = ceilUnits(tools.perMultiple(short, price[0].value)!);
    lines.push(
      `Units to presell: ${aud(short)} / ${aud(price[0].value)} = ${Math.round((short / price[0].value) * 100) / 100}, so ${n} more presales.`,
    );
    figures.presalesShortfallUnits = n;
  }
  return answer('figure', lines, figures, { isDecisionBearing: true });
}
