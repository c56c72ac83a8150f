import { brokerAiMessages, GENERAL_INFORMATION_NOTE } from '@plinth/domain/broker-ai/answer';
import { findQuantities } from '@plinth/domain/broker-ai/parse';
import { digitsForWords } from '@plinth/domain/broker-ai/words';
import { type AssistantProvider, replyText } from '../src/adapters/assistant/assistant-provider';
import { createBuiltinAnalyst } from '../src/adapters/assistant/builtin-analyst';
import type { EvalCase } from './brokerai-eval.data';

/** A case whose right reply may be to ask (issue 35): `declines` asks for a figure and prints none. */
export type EvalCase2 = EvalCase & { declines?: boolean };

/**
 * Scores an evaluation set through the built-in analyst as the chat receives it (the streamed
 * text, joined): a case passes when every `expects` is in the answer and no `refuses` is.
 */

export interface SetScore {
  passed: number;
  total: number;
  /** Replies that asked for a figure or declined, printing no derived figure or rating. */
  declined: number;
  /** Replies that printed a derived figure or a rating and were not right (issue 35: must be 0). */
  confidentlyWrong: number;
  /** The confidently wrong questions (never printed for a held-out set). */
  wrong: { question: string; answer: string }[];
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

export const passes = (c: EvalCase2, text: string) =>
  c.expects.every((e) => states(text, e)) &&
  !(c.refuses ?? []).some((r) => states(text, r)) &&
  (!c.declines || !printsDerivedFigure(c.question, text));

// Lines of a reply that state no figure of this question: the norms ('Typical: …'), knowledge
// entries (with their source), an example question, the note, the capabilities and decline texts.
const isStaticLine = (line: string) =>
  /^Typical:|\(Source: |^For example:/.test(line) ||
  line === GENERAL_INFORMATION_NOTE ||
  line === brokerAiMessages.capabilities ||
  line === brokerAiMessages.decline;

const RATING = /\bRating: (pass|watch|fail)\b|\b(clears|fails) the hurdle\b|\b(clears it|falls short)\b/;

/** The amounts, rates and multiples a text states (by the analyst's own reader). */
const valuesIn = (text: string) =>
  findQuantities(digitsForWords(text))
    .filter((q) => q.kind !== 'term')
    .map((q) => q.value);

/**
 * Whether a reply prints a figure the question did not give (a derived figure) or a rating:
 * the figures of its norm, knowledge and example lines aside.
 */
export function printsDerivedFigure(question: string, text: string) {
  const given = valuesIn(question);
  const body = text
    .split('\n')
    .filter((l) => !isStaticLine(l.trim()))
    .join('\n');
  if (RATING.test(body)) return true;
  return valuesIn(body).some(
    (v) => !given.some((g) => Math.abs(g - v) <= Math.max(0.005, Math.abs(g) * 1e-4)),
  );
}

export type Verdict = 'right' | 'declined' | 'confidentlyWrong';

/**
 * Right (passes), declined or asked (no derived figure, no rating), or confidently wrong: a
 * reply that prints a derived figure or rating and is not right, or any derived figure on a case
 * whose right reply is to ask (issue 35).
 */
export function verdictOf(c: EvalCase2, text: string): Verdict {
  if (passes(c, text)) return 'right';
  return printsDerivedFigure(c.question, text) ? 'confidentlyWrong' : 'declined';
}

export async function scoreSet(cases: EvalCase2[], provider: AssistantProvider = analyst): Promise<SetScore> {
  const score: SetScore = {
    passed: 0,
    total: cases.length,
    declined: 0,
    confidentlyWrong: 0,
    wrong: [],
    failing: [],
    times: [],
  };
  for (const c of cases) {
    const started = performance.now();
    const text = await replyText(provider, { question: c.question, history: [] });
    score.times.push(performance.now() - started);
    const verdict = verdictOf(c, text);
    if (verdict === 'right') score.passed++;
    else if (verdict === 'declined') score.declined++;
    else {
      score.confidentlyWrong++;
      score.wrong.push({ question: c.question, answer: text });
    }
    if (verdict !== 'right')
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

/** 'tuned: 148/150 (98.7%; 2 asked, 0 confidently wrong)' */
export const scoreLine = (name: string, s: SetScore) =>
  `${name}: ${s.passed}/${s.total} (${percentOf(s).toFixed(1)}%; ${s.declined} asked, ${s.confidentlyWrong} confidently wrong)`;
