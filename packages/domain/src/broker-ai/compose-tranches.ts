import { type AnalystAnswer, answer, aud, givenPct, pct } from './answer';
import type { Quantity } from './parse';
import * as tools from './tools';

/**
 * Issue 35 (decision 065): interest on two or more loans at their own rates ('senior $14m at 8.1 %
 * and mezz $2.4m at 15 %; completion slips 4 months, how much more interest'): each loan's
 * interest over the months given (or a year), the total, and the blended rate. Every figure of the
 * question must be a loan with its rate or the one number of months; anything else is left to the
 * figure-by-figure reading, which asks about what it cannot place.
 */

type Q = Omit<Quantity, 'label'>;

const TRANCHE =
  /\b(senior(?: debt| loan| facility)?|first mortgage|bank(?: debt| loan)?|mezzanine(?: debt| loan)?|mezz(?: debt| loan)?|second mortgage|junior(?: debt| loan)?|stretch(?: senior)?|pref(?:erred)?(?: equity)?|construction loan|land loan|bridg(?:e|ing)(?: loan)?)\b[^$\d.;]{0,12}$/i;
const INTEREST_ASK =
  /\binte?re?st\b|\bblended\b|\b(weighted|average) (rate|cost)\b|\bcost of (funds|debt)\b/i;
const BLENDED_ASK = /\bblended\b|\b(weighted|average) (rate|cost)\b|\bcost of (funds|debt)\b/i;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The answer, or null when the question is not loans at their rates. */
export function trancheInterest(text: string, qs: Q[]): AnalystAnswer | null {
  if (!INTEREST_ASK.test(text)) return null;
  const loans: { name: string; amount: number; rate: number }[] = [];
  const used = new Set<Q>();
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, r] = [qs[i]!, qs[i + 1]!];
    if (a.kind !== 'amount' || r.kind !== 'rate') continue;
    if (!/^\s*(?:loan\s+|facility\s+)?(?:at|@)\s*$/i.test(text.slice(a.end, r.start))) continue;
    const name = TRANCHE.exec(text.slice(Math.max(0, a.start - 30), a.start));
    if (!name) continue;
    loans.push({ name: name[1]!.toLowerCase(), amount: a.value, rate: r.value });
    used.add(a).add(r);
  }
  if (loans.length < 2) return null;
  const rest = qs.filter((q) => !used.has(q));
  if (rest.length > 1 || rest.some((q) => q.kind !== 'term')) return null;
  const months = rest[0]?.value;
  const lines: string[] = [];
  const each = loans.map((l) => {
    const v =
      months === undefined
        ? tools.shareOf(l.rate, l.amount)!
        : tools.interestOverTerm(tools.monthlyInterest(l.amount, l.rate), months)!;
    lines.push(
      months === undefined
        ? `${cap(l.name)}: ${aud(l.amount)} × ${givenPct(l.rate)} = ${aud(v)} a year.`
        : `${cap(l.name)}: ${aud(l.amount)} × ${givenPct(l.rate)} × ${months} / 12 = ${aud(v)}.`,
    );
    return v;
  });
  const total = each.reduce((s, v) => s + v, 0);
  lines.push(
    `Total interest${months === undefined ? ' a year' : ` over ${months} months`}: ${each.map(aud).join(' + ')} = ${aud(total)}.`,
  );
  if (BLENDED_ASK.test(text) || months === undefined) {
    const debt = loans.reduce((s, l) => s + l.amount, 0);
    const annual = loans.reduce((s, l) => s + tools.shareOf(l.rate, l.amount)!, 0);
    lines.push(
      `Blended rate: ${aud(annual)} a year / ${aud(debt)} of debt = ${pct(tools.percentOf(annual, debt)!)}.`,
    );
  }
  lines.push('Simple interest on each loan fully drawn for the period, as a quote prices it.');
  return answer('figure', lines, { total }, { isDecisionBearing: true });
}
