/**
 * Writes fake-openai.transcript.json, the model side of the exchanges fake-openai.ts replays
 * (issue 35 item 5; decision 065). Run after a change to the analyst or the tools:
 *   npx tsx apps/server/test/support/fake-openai.record.ts
 * No live model is reachable from where this was built, so the model's turns are written here in
 * the shape a chat-completions model gives them (decision 065 says so): for a question whose one
 * figure a single calculator gives, the model calls that calculator with the figures as numbers
 * and words its answer from the result; for every other question with figures it calls
 * analyse_question with the question verbatim and relays the working, as the system prompt asks.
 * The tool results are recorded from our own tools, so a replay against changed tools fails
 * until this is run again.
 */
import { writeFileSync } from 'node:fs';
import { isDeclinedRequest } from '@plinth/domain/broker-ai/analyst';
import { runToolCall } from '@plinth/domain/broker-ai/tool-calls';
import { compositionCases } from '../brokerai-eval.data';
import { newUser3Cases } from '../brokerai-eval.new-user-3.data';
import { newUser4Cases } from '../brokerai-eval.new-user-4.data';
import { newUser4bCases } from '../brokerai-eval.new-user-4b.data';
import { newUser4cCases } from '../brokerai-eval.new-user-4c.data';
import { newUser5Cases } from '../brokerai-eval.new-user-5.data';
import { newUser5bCases } from '../brokerai-eval.new-user-5b.data';
import { newUser5cCases } from '../brokerai-eval.new-user-5c.data';
import { newUser5dCases } from '../brokerai-eval.new-user-5d.data';
import { newUser5eCases } from '../brokerai-eval.new-user-5e.data';
import { newUser5fCases } from '../brokerai-eval.new-user-5f.data';
import { type Exchange, type Round, TRANSCRIPT_PATH, type Transcript } from './fake-openai';

const aud = (v: number) => `$${Math.round(v).toLocaleString('en-AU')}`;

/** Questions a model answers with one calculator, the arguments it reads, and how it words the result. */
const direct: { question: string; name: string; args: object; say: (r: Record<string, number>) => string }[] =
  [
    {
      question: 'What is the LVR of a $2.6m loan on $4m land?',
      name: 'lvr_on_land',
      args: { loan: 2_600_000, land_value: 4_000_000 },
      say: (r) => `LVR on land: ${r.lvr_percent}% (${aud(2_600_000)} loan / ${aud(4_000_000)} land).`,
    },
    {
      question: 'ltc on an 8m loan with TDC of 10m?',
      name: 'loan_to_cost',
      args: { loan: 8_000_000, total_development_cost: 10_000_000 },
      say: (r) => `Loan to cost: ${r.loan_to_cost_percent}% (${aud(8_000_000)} / ${aud(10_000_000)}).`,
    },
    {
      question: 'loan to GRV if we borrow $9.1m against a $14m GRV ex GST',
      name: 'loan_to_grv',
      args: { loan: 9_100_000, grv_ex_gst: 14_000_000 },
      say: (r) => `Loan / GRV ex GST: ${r.loan_to_grv_percent}%.`,
    },
    {
      question: 'margin scheme GST on a lot sold for $1.1m that cost $440k',
      name: 'margin_scheme_gst',
      args: { purchase_price: 440_000, sale_price: 1_100_000 },
      say: (r) => `GST under the margin scheme: ${aud(r.gst!)}.`,
    },
    {
      question: 'debt to equity with a $7.5m loan and $2.5m of equity?',
      name: 'debt_to_equity',
      args: { loan: 7_500_000, equity: 2_500_000 },
      say: (r) => `Debt / equity: ${r.debt_to_equity_times}x.`,
    },
  ];

const toolRound = (id: string, name: string, args: object): Round => ({
  assistant: { tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
});

function exchangeOf(question: string, i: number): Exchange {
  const d = direct.find((x) => x.question === question);
  const id = `call_${String(i).padStart(4, '0')}`;
  if (d) {
    const result = runToolCall(d.name, JSON.stringify(d.args)) as Record<string, number>;
    return {
      question,
      rounds: [
        toolRound(id, d.name, d.args),
        {
          tool_results: [{ tool_call_id: id, content: JSON.stringify(result) }],
          assistant: { content: d.say(result) },
        },
      ],
    };
  }
  const result = runToolCall('analyse_question', JSON.stringify({ question })) as { answer: string };
  return {
    question,
    rounds: [
      toolRound(id, 'analyse_question', { question }),
      {
        tool_results: [{ tool_call_id: id, content: JSON.stringify(result) }],
        assistant: { content: result.answer },
      },
    ],
  };
}

/**
 * A facility-bound chat (issue 34 item 8; decisions 069, 077): the model calls the facility tool
 * for the question (no arguments: the facility is the chat's) and quotes its answer, the working
 * line by line. The results are the facility's live figures at the question, so the replay only
 * checks that one was sent and puts its text where the model quotes it.
 */
const facilityQuestions: [string, string, string?][] = [
  ['How much have we got left to draw on this facility?', 'facility_left_to_draw'],
  ['Is the loan still in balance, and by how much?', 'facility_in_balance'],
  ['When is the next payment schedule due?', 'facility_next_payment_schedule'],
  ['What is our presale cover at the moment?', 'facility_presale_cover'],
  ['Which covenant is closest to breach?', 'facility_closest_covenant'],
  // A model that words its own headline and leaves the working out: the server adds it.
  [
    'Undrawn amount on the facility? Just the headline please.',
    'facility_left_to_draw',
    'There is still room to draw on the facility.',
  ],
];

function facilityExchange([question, name, says]: [string, string, string?], i: number): Exchange {
  const id = `call_f${String(i).padStart(3, '0')}`;
  return {
    question,
    rounds: [
      toolRound(id, name, {}),
      {
        live_results: [id],
        assistant: { content: says ?? `From the facility's live figures:\n{{answer:${id}}}` },
      },
    ],
  };
}

const questions = [
  ...direct.map((d) => d.question),
  ...[
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
  ].map((c) => c.question),
].filter((q, i, all) => all.indexOf(q) === i && !isDeclinedRequest(q));

const transcript: Transcript = {
  model: 'gpt-4o-mini-2024-07-18',
  note: 'Model turns written in the shape of chat-completions tool calls (no live model was reachable); tool results recorded from our tools by fake-openai.record.ts.',
  exchanges: [...questions.map(exchangeOf), ...facilityQuestions.map(facilityExchange)],
};
writeFileSync(TRANSCRIPT_PATH, `${JSON.stringify(transcript, null, 1)}\n`);
console.info(`${transcript.exchanges.length} exchanges written to ${TRANSCRIPT_PATH.pathname}`);
