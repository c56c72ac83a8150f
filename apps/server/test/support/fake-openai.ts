import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint (issue 35 item 5): it speaks
 * the same wire protocol (POST /v1/chat/completions, JSON or server-sent events with
 * `chat.completion.chunk`s and tool-call deltas) and replays a transcript of model exchanges
 * (fake-openai.transcript.json). For each question the transcript holds the model's rounds: the
 * tool calls it made and, after each, the tool results it was sent and what it said next. A
 * replay checks that our code sends back the same tool results as were recorded (else it answers
 * 409, as a stale cassette), so every figure the "model" relays comes from our tools. Only an
 * outside service is faked here; the provider, the tools and the analyst are the app's own.
 */

export interface ToolCallRecord {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface Round {
  /** The tool results the model was sent before this round (none in the first). */
  tool_results?: { tool_call_id: string; content: string }[];
  /**
   * Tool calls whose results are live figures (a facility's, read at the question): the client
   * must send a result for each, not checked against a recording; the model's content may quote
   * a result's "answer" as {{answer:<tool_call_id>}}, as a model quotes its tool's text.
   */
  live_results?: string[];
  /** What the model answered: tool calls, or text. */
  assistant: { content?: string; tool_calls?: ToolCallRecord[] };
}

export interface Exchange {
  question: string;
  rounds: Round[];
}

export interface Transcript {
  model: string;
  note: string;
  exchanges: Exchange[];
}

export interface ChatMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  tools?: { function: { name: string } }[];
}

export interface FakeOpenAi {
  baseURL: string;
  /** Tool names the client offered, over every request. */
  offeredTools: Set<string>;
  /** Tool calls replayed to the client. */
  toolCallsReplayed: number;
  /** Requests that did not match the transcript (question unknown or tool results differing). */
  mismatches: string[];
  /** Every request, as the client sent it: the tools it offered and the messages. */
  requests: ChatRequest[];
  close(): Promise<void>;
}

export const TRANSCRIPT_PATH = new URL('./fake-openai.transcript.json', import.meta.url);

export const readTranscript = (path: URL | string = TRANSCRIPT_PATH): Transcript =>
  JSON.parse(readFileSync(path, 'utf8')) as Transcript;

async function bodyOf(req: IncomingMessage): Promise<ChatRequest> {
  let text = '';
  for await (const piece of req) text += piece;
  return JSON.parse(text) as ChatRequest;
}

const parsed = (s: string) => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
};

/** Text in pieces of a few words, as a model streams it. */
function piecesOf(text: string) {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += 24) out.push(text.slice(at, at + 24));
  return out;
}

function chunk(model: string, delta: object, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-replay',
    object: 'chat.completion.chunk',
    created: 1764374400,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

function send(res: ServerResponse, request: ChatRequest, model: string, round: Round) {
  const { content, tool_calls: calls } = round.assistant;
  const finish = calls?.length ? 'tool_calls' : 'stop';
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-replay',
        object: 'chat.completion',
        created: 1764374400,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: content ?? null, ...(calls ? { tool_calls: calls } : {}) },
            finish_reason: finish,
          },
        ],
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if (calls?.length) {
    calls.forEach((c, index) => {
      res.write(
        chunk(model, {
          tool_calls: [
            { index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } },
          ],
        }),
      );
      for (const piece of piecesOf(c.function.arguments))
        res.write(chunk(model, { tool_calls: [{ index, function: { arguments: piece } }] }));
    });
  } else for (const piece of piecesOf(content ?? '')) res.write(chunk(model, { content: piece }));
  res.write(chunk(model, {}, finish));
  res.end('data: [DONE]\n\n');
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
}

/** Starts the stand-in on a free local port, replaying `transcript`. */
export async function startFakeOpenAi(transcript: Transcript = readTranscript()): Promise<FakeOpenAi> {
  const byQuestion = new Map(transcript.exchanges.map((e) => [e.question.trim(), e]));
  const state = {
    offeredTools: new Set<string>(),
    toolCallsReplayed: 0,
    mismatches: [] as string[],
    requests: [] as ChatRequest[],
  };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return refuse(res, 404, `Unknown route ${req.method} ${req.url}`);
    const request = await bodyOf(req);
    state.requests.push(request);
    for (const t of request.tools ?? []) state.offeredTools.add(t.function.name);
    const userAt = request.messages.findLastIndex((m) => m.role === 'user');
    const question = (request.messages[userAt]?.content ?? '').trim();
    const exchange = byQuestion.get(question);
    if (!exchange) {
      state.mismatches.push(`no recorded exchange for: ${question}`);
      return refuse(res, 400, 'No recorded exchange for this question');
    }
    const after = request.messages.slice(userAt + 1);
    const round = exchange.rounds[after.filter((m) => m.role === 'assistant').length];
    if (!round) {
      state.mismatches.push(`more rounds than recorded for: ${question}`);
      return refuse(res, 400, 'More rounds than recorded');
    }
    for (const recorded of round.tool_results ?? []) {
      const sent = after.find((m) => m.role === 'tool' && m.tool_call_id === recorded.tool_call_id);
      if (!sent || !isDeepStrictEqual(parsed(sent.content ?? ''), parsed(recorded.content))) {
        state.mismatches.push(`tool result differs from the recording for: ${question}`);
        return refuse(res, 409, 'Tool result differs from the recording');
      }
    }
    let content = round.assistant.content;
    for (const id of round.live_results ?? []) {
      const sent = after.find((m) => m.role === 'tool' && m.tool_call_id === id);
      const result = sent ? parsed(sent.content ?? '') : undefined;
      const answer = (result as { answer?: unknown } | undefined)?.answer;
      if (typeof answer !== 'string') {
        state.mismatches.push(`no live tool result ${id} for: ${question}`);
        return refuse(res, 409, 'A live tool result is missing');
      }
      content = content?.replaceAll(`{{answer:${id}}}`, answer);
    }
    state.toolCallsReplayed += round.assistant.tool_calls?.length ?? 0;
    send(res, request, transcript.model, { ...round, assistant: { ...round.assistant, content } });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get offeredTools() {
      return state.offeredTools;
    },
    get toolCallsReplayed() {
      return state.toolCallsReplayed;
    },
    get mismatches() {
      return state.mismatches;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
