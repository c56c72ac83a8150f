import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleProvider } from '../src/adapters/assistant/openai-provider';
import { compositionCases } from './brokerai-eval.data';
import { newUser3Cases } from './brokerai-eval.new-user-3.data';
import { type EvalCase2, percentOf, type SetScore, scoreLine, scoreSet } from './brokerai-eval.score';

// Issue 35 item 5: with a model configured, the model reads the question and calls our tools for
// every figure. The model's side is a transcript at the HTTP boundary of the outside service
// (OpenAI chat completions, streamed), behind the same provider the app uses: for each question
// its turns are (1) a call of analyse_question with the question as written, then (2) a reply
// that relays the tool's answer, as the system prompt instructs. No live model can be reached
// from here, so the transcript is scripted in that shape, not recorded from a model: it shows
// that the provider offers the tools, runs them in our code and passes their figures through,
// and the evaluation scores the result like the built-in analyst's.
interface ChatRequest {
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
}

/** The model's turns for one question: the tool calls it makes, then it relays the tool's answer. */
const transcriptFor = (question: string) => [
  { tool_calls: [{ name: 'analyse_question', arguments: JSON.stringify({ question }) }] },
  { content_from_tool: 'answer' as const },
];

let standIn: Server;
let baseURL: string;
const offeredTools = new Set<string>();
let toolCallsMade = 0;

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-t',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'transcript',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

async function bodyOf(req: IncomingMessage): Promise<ChatRequest> {
  let text = '';
  for await (const piece of req) text += piece;
  return JSON.parse(text) as ChatRequest;
}

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const body = await bodyOf(req);
    for (const t of body.tools ?? []) offeredTools.add(t.function.name);
    const question = body.messages.filter((m) => m.role === 'user').at(-1)!.content!;
    const [first, second] = transcriptFor(question);
    const last = body.messages.at(-1)!;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (last.role === 'tool') {
      const result = JSON.parse(last.content!) as Record<string, unknown>;
      res.write(chunk({ role: 'assistant', content: String(result[second!.content_from_tool!]) }, 'stop'));
    } else {
      const calls = first!.tool_calls!;
      toolCallsMade += calls.length;
      res.write(
        chunk(
          {
            role: 'assistant',
            tool_calls: calls.map((c, index) => ({
              index,
              id: `call_${index}`,
              type: 'function',
              function: { name: c.name, arguments: c.arguments },
            })),
          },
          'tool_calls',
        ),
      );
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
  baseURL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((done) => standIn.close(() => done())));

describe('BrokerAI evaluation through the OpenAI-compatible provider (model transcript)', () => {
  const cases: EvalCase2[] = [...compositionCases, ...newUser3Cases];
  let viaModel: SetScore;
  let builtin: SetScore;
  beforeAll(async () => {
    const provider = createOpenAiCompatibleProvider({ baseURL, model: 'transcript' });
    viaModel = await scoreSet(cases, provider);
    builtin = await scoreSet(cases);
    console.info(
      `BrokerAI eval via the model provider — ${scoreLine('issue 35 tuned', viaModel)}; built-in ${scoreLine('same set', builtin)}`,
    );
  }, 120_000);

  it('offers analyse_question beside the single-figure tools, and calls it for every question', () => {
    expect([...offeredTools]).toEqual(
      expect.arrayContaining(['analyse_question', 'lvr_on_land', 'max_loan']),
    );
    expect(toolCallsMade).toBe(cases.length);
  });
  it('scores as the built-in analyst does, with no confidently wrong reply', () => {
    expect(viaModel.passed).toBe(builtin.passed);
    expect(viaModel.confidentlyWrong).toBe(0);
    expect(percentOf(viaModel)).toBeGreaterThanOrEqual(97);
  });
});
