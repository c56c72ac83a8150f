import { beforeAll, describe, expect, it } from 'vitest';
import { compositionCases, evalCases } from './brokerai-eval.data';
import { heldOutCases } from './brokerai-eval.held-out.data';
// Issue 35's second held-out set: imported whole and never read (only its score is printed).
import * as heldOut2Module from './brokerai-eval.held-out-2.data';
import { newUserCases, newUserCases1 } from './brokerai-eval.new-user-1.data';
import { newUserCases2 } from './brokerai-eval.new-user-2.data';
import { newUser3Cases } from './brokerai-eval.new-user-3.data';
import { newUser4Cases } from './brokerai-eval.new-user-4.data';
import { newUser4bCases } from './brokerai-eval.new-user-4b.data';
import { newUser4cCases } from './brokerai-eval.new-user-4c.data';
import { newUser5Cases } from './brokerai-eval.new-user-5.data';
import { newUser5bCases } from './brokerai-eval.new-user-5b.data';
import { newUser5cCases } from './brokerai-eval.new-user-5c.data';
import { newUser5dCases } from './brokerai-eval.new-user-5d.data';
import { newUser5eCases } from './brokerai-eval.new-user-5e.data';
import { newUser5fCases } from './brokerai-eval.new-user-5f.data';
import { newUser6Cases } from './brokerai-eval.new-user-6.data';
import { newUser6bCases } from './brokerai-eval.new-user-6b.data';
import { newUser6cCases } from './brokerai-eval.new-user-6c.data';
import { newUser6dCases } from './brokerai-eval.new-user-6d.data';
import {
  type EvalCase2,
  percentile,
  percentOf,
  type SetScore,
  scoreLine,
  scoreSet,
  states,
} from './brokerai-eval.score';

// Issue 21's evaluation: every question through the built-in analyst as the chat receives it.
// The tuned set is the authored cases (brokerai-eval.data.ts) and the new-user cases (written by
// someone who never read the parser; routing may be tuned against them). The held-out set was
// written the same way and is never tuned against: only its score is printed, never its questions
// or which of them fail. The README reports both scores.
const tunedCases = [
  ...evalCases,
  ...newUserCases,
  ...compositionCases,
  ...newUser3Cases,
  ...newUser4Cases,
  ...newUser4bCases,
  ...newUser4cCases,
  ...newUser5Cases,
  ...newUser5bCases,
  ...newUser5cCases,
  ...newUser5dCases,
  ...newUser5eCases,
  ...newUser5fCases,
  ...newUser6Cases,
  ...newUser6bCases,
  ...newUser6cCases,
  ...newUser6dCases,
];
const heldOut2Cases = Object.values(heldOut2Module).find((v): v is EvalCase2[] => Array.isArray(v)) ?? [];

const TUNED_TARGET_PERCENT = 97;
const HELD_OUT_TARGET_PERCENT = 90;
const P95_BUDGET_MS = 50;

let tuned: SetScore;
let heldOut: SetScore;
let heldOut2: SetScore;
let p95 = 0;

describe('BrokerAI evaluation (built-in analyst)', () => {
  beforeAll(async () => {
    // Warm up first (the regular expressions compile on first use), as bench/broker-ai does.
    await scoreSet(evalCases.slice(0, 20));
    tuned = await scoreSet(tunedCases);
    heldOut = await scoreSet(heldOutCases);
    heldOut2 = await scoreSet(heldOut2Cases);
    p95 = percentile([...tuned.times, ...heldOut.times, ...heldOut2.times], 95);
    // Each tuned part's own score (the README and the issue report them per set).
    const partOf = (cases: EvalCase2[]) => {
      const questions = new Set(cases.map((c) => c.question));
      const failing = tuned.failing.filter((f) => questions.has(f.question));
      const wrong = tuned.wrong.filter((w) => questions.has(w.question)).length;
      return `${cases.length - failing.length}/${cases.length} (${wrong} confidently wrong)`;
    };
    console.info(
      `BrokerAI eval parts — authored ${partOf(evalCases)}, new-user 1 ${partOf(newUserCases1)}, new-user 2 ${partOf(newUserCases2)}, issue 35 composition ${partOf(compositionCases)}, new-user 3 ${partOf(newUser3Cases)}, new-user 4 ${partOf([...newUser4Cases, ...newUser4bCases, ...newUser4cCases])}, new-user 5 ${partOf([...newUser5Cases, ...newUser5bCases, ...newUser5cCases, ...newUser5dCases, ...newUser5eCases, ...newUser5fCases])}, new-user 6 ${partOf([...newUser6Cases, ...newUser6bCases, ...newUser6cCases, ...newUser6dCases])}`,
    );
    console.info(
      `BrokerAI eval — ${scoreLine('tuned', tuned)}, ${scoreLine('held-out', heldOut)}, ${scoreLine('held-out-2', heldOut2)}, p95 ${p95.toFixed(1)} ms`,
    );
    if (tuned.wrong.length > 0)
      console.info(
        `Confidently wrong tuned replies:\n${tuned.wrong.map((w) => `  ✗ ${w.question}\n    ${w.answer.replaceAll('\n', '\n    ')}`).join('\n')}`,
      );
    if (tuned.failing.length > 0)
      console.info(
        `Failing tuned cases:\n${tuned.failing
          .map(
            (f) =>
              `  ✗ ${f.question}\n    expects ${JSON.stringify(f.expects)}${f.refuses.length ? ` refuses ${JSON.stringify(f.refuses)}` : ''}`,
          )
          .join('\n')}`,
      );
  });

  it('finds a figure only where it stands as one, not inside a longer figure', () => {
    expect(states('Margin on cost: 18%.', '8%')).toBe(false);
    expect(states('18% on cost, 8% on revenue', '8%')).toBe(true);
    expect(states('a loss of -$400,000', '$400,000')).toBe(false);
    expect(states('$400,000,000 in total', '$400,000')).toBe(false);
    expect(states('ICR 1.50x.', '1.50x')).toBe(true);
    expect(states('about 65.5%', '65')).toBe(false);
    expect(states('Mezzanine finance', 'Mezzanine')).toBe(true);
  });

  it('holds at least 200 cases, 120 of them written as a new user asks, 60 held out, and 110 more held out (issue 35)', () => {
    expect(tunedCases.length + heldOutCases.length).toBeGreaterThanOrEqual(200);
    expect(newUserCases.length + heldOutCases.length).toBeGreaterThanOrEqual(120);
    expect(heldOutCases).toHaveLength(60);
    expect(heldOut2Cases.length).toBeGreaterThanOrEqual(110);
  });

  it(`answers at least ${TUNED_TARGET_PERCENT} % of the tuned set`, () => {
    expect(percentOf(tuned)).toBeGreaterThanOrEqual(TUNED_TARGET_PERCENT);
  });

  it(`answers at least ${HELD_OUT_TARGET_PERCENT} % of the held-out set`, () => {
    expect(percentOf(heldOut)).toBeGreaterThanOrEqual(HELD_OUT_TARGET_PERCENT);
  });

  // Issue 35 is NOT met on the second held-out set: its target is 90 % right and no confidently
  // wrong reply; measured on 2026-11-29 (9e609a0): 66 of 112 right, 10 confidently wrong; after decision 065: 69 right, 4 confidently wrong; after decision 077: 71 right, 4 confidently wrong; after decision 082: 72 right, 4 confidently wrong. Until it
  // is met these two hold the measured level, so no change can make it worse unseen; whoever
  // improves it raises them, and the issue stays open until they read 90 % and 0.
  const HELD_OUT_2_MEASURED = { passed: 72, confidentlyWrong: 4 };

  it(`answers at least the measured ${HELD_OUT_2_MEASURED.passed} of the second held-out set (issue 35 asks ${HELD_OUT_TARGET_PERCENT} %)`, () => {
    expect(heldOut2.passed).toBeGreaterThanOrEqual(HELD_OUT_2_MEASURED.passed);
  });

  // Issue 35: a reply that declines or asks is not wrong; one that prints a derived figure or a
  // rating that is not the expected one is, in every set.
  it('prints no confidently wrong figure in the tuned and first held-out sets', () => {
    expect(tuned.confidentlyWrong).toBe(0);
    expect(heldOut.confidentlyWrong).toBe(0);
  });

  it(`prints no more than the measured ${HELD_OUT_2_MEASURED.confidentlyWrong} confidently wrong figures in the second held-out set (issue 35 asks 0)`, () => {
    expect(heldOut2.confidentlyWrong).toBeLessThanOrEqual(HELD_OUT_2_MEASURED.confidentlyWrong);
  });

  it(`answers each question with a p95 under ${P95_BUDGET_MS} ms`, () => {
    expect(p95).toBeLessThan(P95_BUDGET_MS);
  });

  // Every authored case still passes (issue 11's set is never loosened).
  it.each(evalCases.map((c) => [c.question, c] as const))('authored: %s', (question) => {
    expect(tuned.failing.map((f) => f.question)).not.toContain(question);
  });
});
