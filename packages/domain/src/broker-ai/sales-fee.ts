import { type AnalystAnswer, answer, aud, givenPct } from './answer';
import { findQuantities } from './parse';
import * as tools from './tools';

/**
 * Issue 35 (decision 077): 'sell 25 units at 600k each, agent fees 2.5% - how much commission':
 * a rate of the sales on units × price. The sales are worked out first (units × price), then the
 * rate on them, named as the question names it. Only a question of exactly one group of units at a
 * price and one rate on the sales; anything else goes to the reading.
 */

const GROUP =
  /\b(\d+)\s+(units?|apartments?|apts?|townhouses?|lots|dwellings?|homes|houses|villas|terraces)\s+(?:@|at|for|selling (?:at|for)|sold (?:at|for)|averaging)\s*/i;
const FEE =
  /\b(agent(?:['’]s)?(?: fees?| commissions?)?|agency fees?|sales commissions?|commissions?|selling costs?|marketing(?: costs?)?|sales and marketing)\b/i;
const ASKS = /\bhow much\b|\bwhat(?:['’]s| is| are|s)?\b|\?\s*$/i;

export function salesFee(text: string): AnalystAnswer | null {
  const group = GROUP.exec(text);
  const fee = FEE.exec(text);
  if (!group || !fee || !ASKS.test(text)) return null;
  const qs = findQuantities(text);
  const price = qs.find((q) => q.start >= group.index + group[0].length - 1 && q.kind === 'amount');
  const rates = qs.filter((q) => q.kind === 'rate');
  const others = qs.filter((q) => q !== price && q.kind !== 'rate' && q.start !== group.index);
  if (!price || rates.length !== 1 || others.some((q) => q.kind !== 'count')) return null;
  if (others.length > 1) return null;
  const units = Number(group[1]);
  const rate = rates[0]!;
  const sales = tools.timesOf(units, price.value)!;
  const v = tools.shareOf(rate.value, sales)!;
  const asked = /\bcommission/i.test(text) ? 'Commission' : fee[1]![0]!.toUpperCase() + fee[1]!.slice(1);
  return answer(
    'figure',
    [
      `Sales: ${units} ${group[2]} × ${aud(price.value)} = ${aud(sales)}.`,
      `${asked}: ${givenPct(rate.value)} × ${aud(sales)} = ${aud(v)}.`,
    ],
    { sales, fee: v },
    { isDecisionBearing: false },
  );
}
