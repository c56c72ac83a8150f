import type { Figure } from './quantities';

/** A relation between figures: one worked out of others through a function of tools.ts. */
export interface Relation {
  out: Figure;
  ins: Figure[];
  run: (v: number[], optional?: Figure[]) => number | null | undefined;
  /** The line of working; none for a figure that is the same as another (GRV and revenue). */
  line?: (v: number[], out: number, optional?: Figure[]) => string;
  /** Parts added when known (after `ins`, in this order): a total of named lines. */
  optional?: Figure[];
  /** With no `ins`, how many of `optional` must be known (default 1). */
  minOptional?: number;
  /** Run only when these were given in the question (not worked out from others). */
  givenOnly?: Figure[];
  /** Not run when any of these is known (a two-tranche relation when a mezzanine is given). */
  unless?: Figure[];
  /** Not used when any of these was given (a figure worked out from others does not block it). */
  unlessGiven?: Figure[];
  /** Used only when nothing else works, and never named as a way to get the figure. */
  isFallback?: boolean;
  /** Only when the question names a what-if change. */
  needsChange?: boolean;
}

export const r = (
  out: Figure,
  ins: Figure[],
  run: Relation['run'],
  line?: Relation['line'],
  extra: Partial<Relation> = {},
): Relation => ({ out, ins, run, line, ...extra });

/** The lines of a total development cost besides land and construction. */
export const COST_PARTS: Figure[] = ['softCosts', 'financeCosts', 'otherCosts', 'duty', 'legals'];
export const partNames: Partial<Record<Figure, string>> = {
  land: 'land',
  construction: 'construction',
  softCosts: 'soft costs',
  financeCosts: 'finance costs',
  otherCosts: 'other costs',
  duty: 'stamp duty',
  legals: 'legals',
  loan: 'senior loan',
  mezz: 'mezzanine',
  prefEquity: 'preferred equity',
  equity: 'equity',
};
export const ceilUnits = (v: number) => Math.ceil(v - 1e-9);
