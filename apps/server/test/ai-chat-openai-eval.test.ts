import { findQuantities } from '@plinth/domain/broker-ai/parse';
import { digitsForWords } from '@plinth/domain/broker-ai/words';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyText } from '../src/adapters/assistant/assistant-provider';
import { createOpenAiCompatibleProvider } from '../src/adapters/assistant/openai-provider';
import { compositionCases } from './brokerai-eval.data';
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
import { type EvalCase2, percentOf, type SetScore, scoreLine, scoreSet } from './brokerai-eval.score';
import { type FakeOpenAi, readTranscript, startFakeOpenAi } from './support/fake-openai';

// Issue 35 item 5: with a model configured, the model reads the question and calls our tools for
// every figure. The model is a transcript of its exchanges (support/fake-openai.transcript.json)
// replayed by a local stand-in that speaks the chat-completions wire protocol, behind the same
// provider the app uses when OPENAI_BASE_URL is set. Decision 065 says how the transcript was made
// (no live model was reachable: the model's turns are written in its shape, the tool results are
// recorded from our tools and checked on every replay).
const transcript = readTranscript();
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi(transcript);
});
afterAll(() => fake.close());

/** Every number a text states (amounts, rates, multiples, counts; not terms). */
const numbersIn = (text: string) =>
  findQuantities(digitsForWords(text))
    .filter((q) => q.kind !== 'term')
    .map((q) => q.value);

/** Every number in a tool result: its JSON numbers and the numbers its texts state. */
function numbersOfResult(content: string): number[] {
  const out: number[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'number') out.push(v);
    else if (typeof v === 'string') out.push(...numbersIn(v));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  visit(JSON.parse(content));
  return out;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.005, Math.abs(b) * 1e-4);

describe('the model transcript', () => {
  it('prints no figure the tools did not give: every number the model says is in the question or a tool result', () => {
    const own: string[] = [];
    for (const e of transcript.exchanges) {
      const results = e.rounds
        .flatMap((r) => r.tool_results ?? [])
        .flatMap((t) => numbersOfResult(t.content));
      const known = [...numbersIn(e.question), ...results];
      for (const r of e.rounds)
        for (const v of numbersIn(r.assistant.content ?? ''))
          if (!known.some((k) => near(v, k))) own.push(`${v} in the reply to: ${e.question}`);
    }
    expect(own).toEqual([]);
  });

  it('calls a tool for every question before it answers', () => {
    for (const e of transcript.exchanges)
      expect(e.rounds[0]!.assistant.tool_calls?.length).toBeGreaterThan(0);
  });
});

describe('BrokerAI evaluation through the OpenAI-compatible provider (replayed model transcript)', () => {
  const cases: EvalCase2[] = [
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
  ];
  let viaModel: SetScore;
  let builtin: SetScore;
  beforeAll(async () => {
    const provider = createOpenAiCompatibleProvider({
      baseURL: fake.baseURL,
      apiKey: 'replay',
      model: transcript.model,
    });
    viaModel = await scoreSet(cases, provider);
    builtin = await scoreSet(cases);
    console.info(
      `BrokerAI eval via the model provider — ${scoreLine('issue 35 tuned', viaModel)}; built-in ${scoreLine('same set', builtin)}`,
    );
  }, 120_000);

  it('replays the transcript as recorded (else: npx tsx apps/server/test/support/fake-openai.record.ts)', () => {
    expect(fake.mismatches).toEqual([]);
  });
  it('offers analyse_question beside the single-figure tools, and calls a tool for every question', () => {
    expect([...fake.offeredTools]).toEqual(
      expect.arrayContaining(['analyse_question', 'lvr_on_land', 'max_loan']),
    );
    expect(fake.toolCallsReplayed).toBeGreaterThanOrEqual(cases.length);
  });
  it('scores as the built-in analyst does, with no confidently wrong reply', () => {
    expect(viaModel.passed).toBe(builtin.passed);
    expect(viaModel.confidentlyWrong).toBe(0);
    expect(percentOf(viaModel)).toBeGreaterThanOrEqual(90);
  });
  it('answers from a single calculator the model chose, with its figure', async () => {
    const provider = createOpenAiCompatibleProvider({
      baseURL: fake.baseURL,
      apiKey: 'replay',
      model: transcript.model,
    });
    const text = await replyText(provider, {
      question: 'What is the LVR of a $2.6m loan on $4m land?',
      history: [],
    });
    expect(text).toContain('LVR on land: 65%');
    const gst = await replyText(provider, {
      question: 'margin scheme GST on a lot sold for $1.1m that cost $440k',
      history: [],
    });
    expect(gst).toContain('$60,000');
  });
});
