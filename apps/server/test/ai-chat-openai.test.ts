import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyText } from '../src/adapters/assistant/assistant-provider';
import { createOpenAiCompatibleProvider } from '../src/adapters/assistant/openai-provider';
import { ConfigError, loadConfig } from '../src/config';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';

// The OpenAI-compatible provider against a small local stand-in that speaks chat completions
// (streamed, with tool calls): the real service cannot be reached from here. The stand-in asks
// for our lvr_on_land tool, then words its answer from the tool's result, so the figure the user
// reads is the one our code worked out.
interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
}

const received: ChatRequest[] = [];
let failNext = false;
let standIn: Server;
let baseURL: string;

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'stand-in',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

async function bodyOf(req: IncomingMessage): Promise<ChatRequest> {
  let text = '';
  for await (const piece of req) text += piece;
  return JSON.parse(text) as ChatRequest;
}

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = await bodyOf(req);
    received.push(body);
    if (failNext) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const last = body.messages.at(-1)!;
    if (last.role === 'tool') {
      const result = JSON.parse(last.content!) as { lvr_percent: number };
      res.write(chunk({ role: 'assistant', content: 'LVR on land: ' }));
      res.write(chunk({ content: `${result.lvr_percent}%.` }, 'stop'));
    } else if (/LVR/.test(last.content ?? '')) {
      res.write(
        chunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'lvr_on_land', arguments: '{"loan":2600000,' },
            },
          ],
        }),
      );
      res.write(
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"land_value":4000000}' } }] }, 'tool_calls'),
      );
    } else {
      res.write(chunk({ role: 'assistant', content: 'Hello from ' }));
      res.write(chunk({ content: 'the model.' }, 'stop'));
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
  baseURL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((done) => standIn.close(() => done())));

describe('openai-compatible provider', () => {
  it('reply: offers our tools, runs the one the model calls and streams the answer built on its figure', async () => {
    received.length = 0;
    const provider = createOpenAiCompatibleProvider({ baseURL, model: 'stand-in' });
    const pieces: string[] = [];
    for await (const piece of provider.reply({ question: 'LVR of $2.6m on $4m land?', history: [] }))
      pieces.push(piece);
    const text = pieces.join('');
    expect(text).toContain('LVR on land: 65%.');
    expect(text).toContain('General information only, not financial advice.');
    expect(pieces.length).toBeGreaterThan(1);
    expect(received).toHaveLength(2);
    expect(received[0]!.model).toBe('stand-in');
    expect(received[0]!.stream).toBe(true);
    expect(received[0]!.tools!.map((t) => t.function.name)).toEqual(
      expect.arrayContaining([
        'lvr_on_land',
        'loan_to_grv',
        'margin_scheme_gst',
        'stress_test',
        'search_knowledge',
      ]),
    );
    const toolMessage = received[1]!.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse(toolMessage.content!).lvr_percent).toBe(65);
  });
  it('reply: earlier turns go to the model in order', async () => {
    received.length = 0;
    const provider = createOpenAiCompatibleProvider({ baseURL, model: 'stand-in' });
    const text = await replyText(provider, {
      question: 'And then?',
      history: [
        { sender: 'user', message: 'Hi' },
        { sender: 'ai', message: 'Hello' },
      ],
    });
    expect(text).toBe('Hello from the model.');
    expect(received[0]!.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello'],
      ['user', 'And then?'],
    ]);
  });
  it('reply: a request for a guarantee is declined without asking the model', async () => {
    received.length = 0;
    const provider = createOpenAiCompatibleProvider({ baseURL, model: 'stand-in' });
    const text = await replyText(provider, {
      question: 'Can you guarantee my loan is approved?',
      history: [],
    });
    expect(text).toContain('can’t guarantee');
    expect(received).toHaveLength(0);
  });
});

describe('config: OPENAI_* (issue 35 item 5), AI_* as aliases', () => {
  it('OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL configure the model', () => {
    const c = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'k',
      OPENAI_MODEL: 'm',
    });
    expect([c.AI_BASE_URL, c.AI_API_KEY, c.AI_MODEL]).toEqual(['http://127.0.0.1:9/v1', 'k', 'm']);
  });
  it('OPENAI_API_KEY and OPENAI_MODEL without a URL ask OpenAI itself', () => {
    const c = loadConfig({ OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm' });
    expect(c.AI_BASE_URL).toBe('https://api.openai.com/v1');
  });
  it('OPENAI_API_KEY alone (no model) leaves the built-in analyst', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'k' }).AI_BASE_URL).toBeUndefined();
  });
  it('an AI_* alias wins over its OPENAI_* name', () => {
    const c = loadConfig({ OPENAI_MODEL: 'a', AI_MODEL: 'b', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(c.AI_MODEL).toBe('b');
  });
  it('OPENAI_BASE_URL without a model stops start-up naming OPENAI_MODEL', () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toThrow(/OPENAI_MODEL/);
  });
  it('OPENAI_BASE_URL must be a URL', () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url', OPENAI_MODEL: 'm' })).toThrow(/OPENAI_BASE_URL/);
  });
  it('AI_BASE_URL without AI_MODEL stops start-up naming AI_MODEL', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:9/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:9/v1' })).toThrow(/AI_MODEL/);
  });
  it('AI_BASE_URL must be a URL', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
  });
});

describe('ai-chat API with OPENAI_BASE_URL set', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      OPENAI_BASE_URL: baseURL,
      OPENAI_MODEL: 'stand-in',
      OPENAI_API_KEY: 'test-key',
    });
    user = await createUser(t.app, { role: 'borrower', profile: 'default' });
  });
  afterAll(() => t.close());

  const newSession = async () =>
    (await as(t.app, user, { method: 'POST', url: '/api/ai-chat/sessions', payload: {} })).json()
      .id as string;

  it("send: the model's reply, its figure from our tool, is answered and stored", async () => {
    failNext = false;
    const id = await newSession();
    const res = await as(t.app, user, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${id}/messages`,
      payload: { message: 'What is the LVR of a $2.6m loan on $4m land?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ai_response).toContain('LVR on land: 65%.');
  });
  it('stream: a model that fails ends the stream with an error event and stores no reply', async () => {
    failNext = true;
    const id = await newSession();
    const res = await as(t.app, user, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${id}/messages/stream`,
      payload: { message: 'Hello?' },
    });
    failNext = false;
    expect(res.statusCode).toBe(200);
    const events = res.body
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice(6)));
    expect(events.at(-1)).toEqual({ type: 'error', error: 'BrokerAI could not answer' });
    const stored = await as(t.app, user, { method: 'GET', url: `/api/ai-chat/sessions/${id}/messages` });
    expect(stored.json().items.map((m: { sender: string }) => m.sender)).toEqual(['user']);
  });
});
