#!/usr/bin/env node
// bench/broker-ai: the built-in analyst through the real API (HTTP, session check, both messages
// stored). Two figures over 200 questions each, asked one after another:
//   - answer: POST /api/ai-chat/sessions/{id}/messages until the whole reply is back, p95 < 50 ms;
//   - first words: POST .../messages/stream until the first `delta` event arrives, p95 < 300 ms.
// The API allows 30 questions a minute a person, so the questions are spread over 20 people.
// Usage: npm run build && node bench/broker-ai/run.mjs
import { randomUUID } from 'node:crypto';
import { startServer } from '../lib/server.mjs';

const QUESTIONS_PER_MODE = Number(process.env.BENCH_QUESTIONS ?? 200);
const PEOPLE = 20;
const WARM_UP = 10;
const BUDGET_ANSWER_P95_MS = 50;
const BUDGET_FIRST_WORDS_P95_MS = 300;
const questions = [
  'What is the LVR of a $2.6m loan on $4.0m land?',
  'What is 18% margin on cost as a margin on revenue?',
  'Margin scheme GST on a site bought for $1.5m and sold for $2.4m?',
  'Stress test: TDC $10m, GRV $12.5m, loan $7m at 9%, hurdle 15%',
  'Max loan with 65% of GRV and 80% of cost, GRV $20m, TDC $15m',
  'All-in cost of $5m at 10% for 18 months with a $100,000 establishment fee',
  'What is mezzanine finance?',
  'How many presales do the banks want?',
  'Capitalised interest on $3m at 9.5% over 18 months?',
  "What's the weather in Sydney tomorrow?",
  // Issue 35: figures built from parts, shapes spelt out, and a figure it cannot place.
  'Land is $3.2m, build $5.5m, soft costs $800k and finance costs $600k. The senior loan is $7.5m. What is the LTC?',
  'Duty is 1.25% on the first $1m and 5.5% above that. Site is $3m — how much duty?',
  'TDC is $20m. Senior at 60%, mezz at 20% and equity 20% of TDC. How much is each tranche?',
  "Bank wants 100% presale cover on a $10m loan, we've presold $7.2m and units average $800k. How many more presales do we need?",
  'Residual land value: GRV $20m, build and soft costs $13m, I want a 20% margin on cost. What can I pay for the land?',
  'Land $3m, build $5m, plus another $700k, loan $6m. LTC?',
];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

console.info('starting the server (demo seed)…');
// A loaded shared machine can take longer than the default 30 s to start and seed.
const server = await startServer({}, { healthTimeoutS: Number(process.env.BENCH_START_TIMEOUT_S ?? 180) });
console.info(`server up at ${server.baseURL}`);
const { baseURL } = server;

async function signUp() {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email, password: 'bench-password-123', name: 'Bench' }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function newSession(cookie) {
  const res = await fetch(`${baseURL}/api/ai-chat/sessions`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ project_id: null, session_title: 'Bench' }),
  });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

async function timeAnswer(cookie, sessionId, message) {
  const started = performance.now();
  const res = await fetch(`${baseURL}/api/ai-chat/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  const body = await res.json();
  if (res.status !== 200 || !body.ai_response)
    throw new Error(`answer: ${res.status} ${JSON.stringify(body)}`);
  return performance.now() - started;
}

async function timeFirstWords(cookie, sessionId, message) {
  const started = performance.now();
  const res = await fetch(`${baseURL}/api/ai-chat/sessions/${sessionId}/messages/stream`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message }),
  });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let firstAt = null;
  let isDone = false;
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (firstAt === null && buffer.includes('"type":"delta"')) firstAt = performance.now();
    if (buffer.includes('"type":"done"')) isDone = true;
  }
  if (firstAt === null || !isDone) throw new Error(`stream ended without words: ${buffer.slice(0, 200)}`);
  return firstAt - started;
}

try {
  const people = [];
  for (let i = 0; i < PEOPLE; i++) {
    const cookie = await signUp();
    people.push({ cookie, sessionId: await newSession(cookie) });
  }
  const run = async (measure) => {
    const times = [];
    for (let i = 0; i < QUESTIONS_PER_MODE + WARM_UP; i++) {
      const person = people[i % PEOPLE];
      const ms = await measure(person.cookie, person.sessionId, questions[i % questions.length]);
      if (i >= WARM_UP) times.push(ms);
    }
    return times.sort((a, b) => a - b);
  };
  console.info('people signed up; timing answers…');
  const answers = await run(timeAnswer);
  console.info('timing first streamed words…');
  const firstWords = await run(timeFirstWords);
  const result = {
    bench: 'broker-ai',
    questions_per_mode: QUESTIONS_PER_MODE,
    answer: {
      p50_ms: round(percentile(answers, 50)),
      p95_ms: round(percentile(answers, 95)),
      max_ms: round(answers.at(-1)),
      budget_p95_ms: BUDGET_ANSWER_P95_MS,
      within_budget: percentile(answers, 95) < BUDGET_ANSWER_P95_MS,
    },
    first_streamed_words: {
      p50_ms: round(percentile(firstWords, 50)),
      p95_ms: round(percentile(firstWords, 95)),
      max_ms: round(firstWords.at(-1)),
      budget_p95_ms: BUDGET_FIRST_WORDS_P95_MS,
      within_budget: percentile(firstWords, 95) < BUDGET_FIRST_WORDS_P95_MS,
    },
  };
  console.info(JSON.stringify(result, null, 2));
  if (!result.answer.within_budget || !result.first_streamed_words.within_budget) process.exitCode = 1;
} finally {
  await server.stop();
}
