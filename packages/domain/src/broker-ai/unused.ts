import { type AnalystAnswer, answer } from './answer';
import type { Figure, Figures, Reading } from './quantities';
import { askableNames, propagate, type Solution } from './solve';

/**
 * Issue 35 (decision 065): a figure the question gives that the answer does not rest on is a sign
 * the question was misread (the rent read as the loan, a count of units left out, a third tranche
 * dropped). Unless it is explained, the analyst names it and asks instead of printing a figure.
 * It is explained when it agrees with the answer's own figures (a redundant share: 'equity 18 %
 * … the loan the other 82 %') or when it is the context of another loan ratio in a question on
 * loan ratios (the site beside the loan, TDC and GRV gives the LVR, asked or not).
 */

/** The loan ratios a lender reads together. */
const LOAN_RATIOS: Figure[] = ['lvr', 'loanToGrv', 'loanToCost'];

/** The figures a solution's working rests on, given ones included. */
export function restsOn(solution: Solution, figures: Figure[]): Set<Figure> {
  const out = new Set<Figure>();
  const visit = (f: Figure) => {
    if (out.has(f) || solution.known[f] === undefined) return;
    out.add(f);
    const step = solution.how[f];
    if (step) for (const i of [...step.relation.ins, ...step.extra]) visit(i);
  };
  for (const f of figures) visit(f);
  return out;
}

const PER_UNIT_WORDS =
  /\b(?:each|apiece|a pop|average|averag\w+|avg|per (?:unit|apartment|apt|lot|townhouse|dwelling|home|house|door|terrace|villa|flat)|an? (?:unit|door|lot|apartment|townhouse))\b|\/\s*(?:unit|apartment|lot)\b|\bx\s*\$?\d|@/i;
const PER_AREA_WORDS = /\b(?:per|a)\s*(?:sqm|sq\.? ?m|m2|square met)|\/\s*(?:sqm|sq\.? ?m|m2|m²)|m²|\bpsm\b/i;

/** 'for 30 units', 'the 8 townhouses', 'a 1,200 sqm block': a figure that only names the project. */
function isDescription(text: string, written: string | undefined) {
  if (!written) return false;
  const at = text.indexOf(written);
  if (at < 0 || text.indexOf(written, at + 1) >= 0) return false;
  const before = text.slice(Math.max(0, at - 16), at);
  const after = text.slice(at + written.length, at + written.length + 30);
  return (
    /\b(?:for|of|with|doing|building|develop\w*|the|our|a|an|across|in|on|into)\s+$/i.test(before) &&
    !/^\s*(?:(?:at|@|for|[-–—:=,]|x|×)?\s*\$?\d(?![\d,.]*\s+(?:[A-Z][a-z]+\s+)+(?:St|Street|Rd|Road|Ave|Avenue|Pde|Dr|Drive|Hwy|Lane|Ct|Pl|Tce|Way)\b)|(?:selling|sold|priced|averag\w*|each|worth|valued|going)\b)/i.test(
      after,
    )
  );
}

const agrees = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.01, Math.abs(b) * 1e-3);

/** The given figures an answer on `used` leaves unexplained. */
export function unexplainedFigures(
  own: Figures,
  solution: Solution,
  used: Figure[],
  hasChange: boolean,
  text = '',
  written: Partial<Record<Figure, string>> = {},
): Figure[] {
  const rests = restsOn(solution, used);
  const unused = (Object.keys(own) as Figure[]).filter((f) => !rests.has(f));
  if (!unused.length) return [];
  // Only among the loan ratios: lenders size a loan on land, GRV and TDC at once, so one of those
  // given beside a question on the others is context, not a misreading.
  const context = new Set<Figure>();
  if (used.some((u) => LOAN_RATIOS.includes(u))) {
    // The loan's own rate and term describe it ('7.5m senior, 18 months @ 9.75%: LTC?').
    context.add('rate').add('term');
    for (const m of LOAN_RATIOS)
      if (!used.includes(m) && solution.known[m] !== undefined)
        for (const f of restsOn(solution, [m])) context.add(f);
  }
  // '14 townhouses … LTC?', 'the 1,200 sqm block': a count of dwellings or a floor area with no
  // figure per unit or per m² beside it describes the project; no sum here could read it.
  if (!PER_UNIT_WORDS.test(text) && isDescription(text, written.units)) context.add('units');
  if (!PER_AREA_WORDS.test(text) && isDescription(text, written.area)) context.add('area');
  // Figures the working found on its own ('the loan is the other 82 %' beside an 18 % equity share).
  const derived = (Object.keys(solution.known) as Figure[]).filter((g) => own[g] === undefined);
  return unused.filter((f) => {
    if (context.has(f)) return false;
    // A figure worked out from this one itself explains nothing ('costs other than land' = the
    // finance costs alone when nothing else is given).
    if (derived.some((g) => agrees(solution.known[g]!, own[f]!) && !restsOn(solution, [g]).has(f)))
      return false;
    // Redundant only when the figures the answer rests on give it again: two left-out figures
    // that give each other back ('1.8m net income … covers it 1.5 times' beside an interest
    // answer) explain nothing (decision 077).
    const without: Figures = {};
    for (const g of Object.keys(own) as Figure[]) if (g !== f && rests.has(g)) without[g] = own[g];
    const again = propagate(without, hasChange).known[f];
    return again === undefined || !agrees(again, own[f]!);
  });
}

const roleName = (f: Figure) => askableNames[f] ?? f.replace(/([A-Z])/g, ' $1').toLowerCase();

/** The reply naming the figures an answer would have left out, and asking. */
export function askAboutUnused(unused: Figure[], reading: Reading, what: string): AnalystAnswer {
  const list = unused.map((f) => `“${reading.written[f] ?? f}” as the ${roleName(f)}`).join(' and ');
  return answer(
    'needInputs',
    [
      `I read ${list}, but ${what} doesn’t use ${unused.length > 1 ? 'them' : 'it'}, so I may have misread your question and haven’t worked anything out yet.`,
      'Tell me what each figure is (land, construction, soft costs, finance costs, GRV, the loan, equity, a price per unit, a rate or a term) and what you want worked out, and I’ll work it out line by line.',
    ],
    {},
    { isDecisionBearing: false },
  );
}
