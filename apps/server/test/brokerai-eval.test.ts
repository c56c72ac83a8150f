import { describe, expect, it } from 'vitest';
import { replyText } from '../src/adapters/assistant/assistant-provider';
import { createBuiltinAnalyst } from '../src/adapters/assistant/builtin-analyst';
import { evalCases } from './brokerai-eval.data';

// Issue 11's evaluation: every question of brokerai-eval.data.ts through the built-in analyst,
// as the chat receives it (the streamed text, joined). The README reports the pass rate.
const analyst = createBuiltinAnalyst();

describe('BrokerAI evaluation (built-in analyst)', () => {
  it('holds at least 40 questions', () => {
    expect(evalCases.length).toBeGreaterThanOrEqual(40);
  });
  it.each(evalCases.map((c) => [c.question, c] as const))('%s', async (_question, c) => {
    const text = await replyText(analyst, { question: c.question, history: [] });
    for (const expected of c.expects) expect(text).toContain(expected);
    for (const refused of c.refuses ?? []) expect(text).not.toContain(refused);
  });
});
