import type { Figure, Figures } from './quantities';
import { type Relation, relations } from './relations';

/**
 * The solver (issue 21): from the figures a question gives, works out every figure the relations
 * reach, round by round, so each gets its shortest chain; a figure given is never re-derived. When
 * the figure asked for is out of reach it names the fewest figures the person could add.
 */

export interface Step {
  relation: Relation;
  round: number;
  /** The optional parts it took (a total's other lines). */
  extra: Figure[];
}

/** The line of working of a step, from the known figures. */
export function lineOf(step: Step, known: Figures) {
  const values = [...step.relation.ins, ...step.extra].map((f) => known[f]!);
  return step.relation.line?.(values, known[step.relation.out]!, step.extra);
}

export interface Solution {
  known: Figures;
  how: Partial<Record<Figure, Step>>;
}

const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Every figure the given ones reach, each with the relation that gave it. */
export function propagate(given: Figures, hasChange: boolean): Solution {
  const known: Figures = { ...given };
  const how: Solution['how'] = {};
  const usable = relations.filter((rel) => !rel.needsChange || hasChange);
  for (let round = 1; round <= 12; round++) {
    let isNew = false;
    // Sums of parts wait until every part that can be worked out is (stamp duty before the
    // all-in land cost); fallbacks come last.
    for (const pass of ['plain', 'sum', 'fallback'] as const) {
      const start = { ...known };
      for (const rel of usable) {
        const kind = rel.isFallback ? 'fallback' : rel.optional ? 'sum' : 'plain';
        if (kind !== pass || known[rel.out] !== undefined) continue;
        if (rel.unless?.some((f) => start[f] !== undefined)) continue;
        if (rel.givenOnly?.some((f) => given[f] === undefined)) continue;
        if (rel.unlessGiven?.some((f) => given[f] !== undefined)) continue;
        const values = rel.ins.map((f) => start[f]);
        if (!values.every(ok)) continue;
        // Parts a sum takes when they are known ('soft costs', 'finance costs'), after its own.
        const extra = (rel.optional ?? []).filter((f) => ok(start[f]));
        if (rel.ins.length === 0 && extra.length < (rel.minOptional ?? 1)) continue;
        const v = rel.run([...values, ...extra.map((f) => start[f]!)], extra);
        if (!ok(v)) continue;
        known[rel.out] = v;
        how[rel.out] = { relation: rel, round, extra };
        isNew = true;
      }
      if (isNew) break;
    }
    if (!isNew) break;
  }
  return { known, how };
}

/** The steps that lead to some figures, in the order they were worked out. */
export function chainOf(solution: Solution, figures: Figure[]): Step[] {
  const steps = new Set<Step>();
  const visit = (f: Figure) => {
    const step = solution.how[f];
    if (!step || steps.has(step)) return;
    for (const i of [...step.relation.ins, ...step.extra]) visit(i);
    steps.add(step);
  };
  for (const f of figures) visit(f);
  return [...steps].sort(
    (a, b) => a.round - b.round || relations.indexOf(a.relation) - relations.indexOf(b.relation),
  );
}

/** The figures a person can be asked for, by the names the answers use. */
export const askableNames: Partial<Record<Figure, string>> = {
  loan: 'loan amount',
  land: 'land value',
  grv: 'GRV',
  cost: 'total development cost',
  construction: 'construction cost',
  equity: 'equity',
  revenue: 'revenue',
  profit: 'profit',
  rate: 'interest rate',
  term: 'term',
  income: 'net income',
  purchase: 'purchase price',
  sale: 'sale price',
  units: 'number of units',
  pricePerUnit: 'price per unit',
  area: 'floor area',
  dutyRate: 'stamp duty rate',
  lineFeeRate: 'line fee rate',
  drawnShare: 'average drawn share of the facility',
  delayMonths: 'length of the delay',
  presalesRequired: 'presale cover the lender asks for',
  presales: 'presales',
  costsExLand: 'costs other than land',
  hurdle: 'target margin on cost',
};

/**
 * The fewest figures to add so the target can be worked out: a missing figure that can be asked
 * for is asked for itself before the figures behind it (the profit, before the revenue and cost).
 */
export function missingFor(target: Figure, known: Figures, hasChange: boolean): Figure[] | null {
  const usable = relations.filter(
    (rel) => (!rel.isFallback || (rel.needsChange && hasChange)) && (!rel.needsChange || hasChange),
  );
  const need = (f: Figure, seen: Set<Figure>, depth: number): Figure[] | null => {
    if (known[f] !== undefined) return [];
    let best: Figure[] | null = f !== target && askableNames[f] ? [f] : null;
    if (depth >= 5) return best;
    for (const rel of usable) {
      if (rel.out !== f || rel.ins.length === 0 || rel.ins.some((i) => seen.has(i))) continue;
      if (rel.unless?.some((u) => known[u] !== undefined)) continue;
      const union = new Set<Figure>();
      let isReachable = true;
      for (const i of rel.ins) {
        const n = need(i, new Set([...seen, f]), depth + 1);
        if (n === null) {
          isReachable = false;
          break;
        }
        for (const x of n) union.add(x);
      }
      if (isReachable && (best === null || union.size < best.length)) best = [...union];
    }
    return best;
  };
  return need(target, new Set([target]), 0);
}
