import { replyText } from '../src/adapters/assistant/assistant-provider';
import { createBuiltinAnalyst } from '../src/adapters/assistant/builtin-analyst';
import type { EvalCase } from './brokerai-eval.data';

/**
 * Scores an evaluation set through the built-in analyst as the chat receives it (the streamed
 * text, joined): a case passes when every `expects` is in the answer and no `refuses` is.
 */

export interface SetScore {
  passed: number;
  total: number;
  /** The questions that failed, with the answer given (never printed for the held-out set). */
  failing: { question: string; expects: string[]; refuses: string[]; answer: string }[];
  /** Milliseconds per answer, one per case. */
  times: number[];
}

const analyst = createBuiltinAnalyst();

/**
 * Whether the answer states an expected string. A figure must stand as a figure, not inside a
 * longer one: '8%' is not found in '18%' nor '$400,000' in '$400,000,000'.
 */
export function states(text: string, expected: string) {
  const startsFigure = /^[-$\d]/.test(expected);
  const endsInDigit = /\d$/.test(expected);
  for (let at = text.indexOf(expected); at >= 0; at = text.indexOf(expected, at + 1)) {
    const before = text.slice(0, at);
    const after = text.slice(at + expected.length);
    if (startsFigure && /[\d.,$-]$/.test(before)) continue;
    if (endsInDigit && /^(\d|[.,]\d)/.test(after)) continue;
    return true;
  }
  return false;
}

export const passes = (c: EvalCase, text: string) =>
  c.expects.every((e) => states(text, e)) && !(c.refuses ?? []).some((r) => states(text, r));

export async function scoreSet(cases: EvalCase[]): Promise<SetScore> {
  const score: SetScore = { passed: 0, total: cases.length, failing: [], times: [] };
  for (const c of cases) {
    const started = performance.now();
    const text = await replyText(analyst, { question: c.question, history: [] });
    score.times.push(performance.now() - started);
    if (passes(c, text)) score.passed++;
    else
      score.failing.push({
        question: c.question,
        expects: c.expects,
        refuses: c.refuses ?? [],
        answer: text,
      });
  }
  return score;
}

export const percentOf = (s: SetScore) => (s.total === 0 ? 0 : (s.passed / s.total) * 100);

/** The p-th percentile of some times (nearest rank). */
export function percentile(times: number[], p: number) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** 'tuned: 148/150 (98.7%)' */
export const scoreLine = (name: string, s: SetScore) =>
  `${name}: ${s.passed}/${s.total} (${percentOf(s).toFixed(1)}%)`;
