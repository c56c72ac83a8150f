import { facilityToolDefinitions } from '@plinth/domain/broker-ai/facility-tools';
import { formatAudCents, formatDate } from '@plinth/domain/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACILITY_WORKING_HEADING } from '../src/adapters/assistant/openai-provider';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { type ChatRequest, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai';
import { createWorldPresale } from './support/presale-world';

// Issue 34 item 8 with an OpenAI-compatible model configured (OPENAI_*; decisions 069, 077): a
// chat bound to a facility offers the model the five facility tools as function calls; the model
// calls one, our code runs it against the facility's live figures read with the asker as viewer,
// and the reply carries the tool's working. The model is the local stand-in speaking streamed chat
// completions (support/fake-openai.ts), replaying the recorded transcript: for the facility
// questions it calls the facility tool and quotes the answer it was sent, so a figure in the
// reply can only have come from a tool result our server sent it.

let fake: FakeOpenAi;
let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

const FACILITY_TOOLS = facilityToolDefinitions().map((d) => d.function.name);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'stand-in',
    OPENAI_API_KEY: 'test-key',
  });
  w = await createFacilityWorld(t);
  strangers = await createStrangers(t);
  await certifiedDraw(t, w, [{ line: 'C1', claimed: 50_000_000 }]);
  await createWorldPresale(t, w, { lot: 'A1' });
  await createWorldPresale(t, w, { lot: 'A2', related_party: true });
  await call(t, w.funder, {
    method: 'PUT',
    url: `/api/facilities/${w.facilityId}/covenants`,
    payload: {
      covenants: [
        { kind: 'loan_to_cost', threshold: 15_000, frequency: 'monthly', cure_days: 30 },
        { kind: 'presale_cover', threshold: 500, frequency: 'monthly', cure_days: 30 },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const bind = async (user: TestUser, payload: object = { facility_id: w.facilityId }) =>
  (await call(t, user, { method: 'POST', url: '/api/ai-chat/sessions', payload }, 201)).id as string;

/** Asks, and returns the reply with the requests the model was sent for it. */
async function ask(user: TestUser, sessionId: string, message: string) {
  const before = fake.requests.length;
  const res = await as(t.app, user, {
    method: 'POST',
    url: `/api/ai-chat/sessions/${sessionId}/messages`,
    payload: { message },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { reply: res.json().ai_response as string, requests: fake.requests.slice(before) };
}

const offered = (r: ChatRequest) => (r.tools ?? []).map((x) => x.function.name);
/** The tool results our server sent the model, by the tool call they answer. */
function toolResults(requests: ChatRequest[]) {
  const last = requests.at(-1)!;
  const calls = new Map<string, string>();
  for (const m of last.messages as {
    role: string;
    tool_calls?: { id: string; function: { name: string } }[];
  }[])
    for (const c of m.tool_calls ?? []) calls.set(c.id, c.function.name);
  return last.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({ tool: calls.get(m.tool_call_id!), result: JSON.parse(m.content ?? '{}') }));
}
const get = (user: TestUser, path: string) =>
  call(t, user, { method: 'GET', url: `/api/facilities/${w.facilityId}${path}` });

describe('a facility chat with a model configured', () => {
  it('offers the model the five facility tools; it calls them and answers with their working from the live figures', async () => {
    const session = await bind(w.developer);
    const facility = await get(w.developer, '');

    const left = await ask(w.developer, session, 'How much have we got left to draw on this facility?');
    expect(left.requests).toHaveLength(2); // the question, then the tool result
    expect(offered(left.requests[0]!)).toEqual(expect.arrayContaining(FACILITY_TOOLS));
    expect(offered(left.requests[0]!)).toContain('analyse_question');
    const [sent] = toolResults(left.requests);
    expect(sent!.tool).toBe('facility_left_to_draw');
    expect(sent!.result.figures.undrawn_cents).toBe(facility.undrawn_cents);
    expect(left.reply).toContain("From the facility's live figures:");
    expect(left.reply).toContain(`Left to draw: ${formatAudCents(facility.undrawn_cents)}.`);
    expect(left.reply).toContain(`  Facility limit ${formatAudCents(facility.limit_cents)}`);
    expect(left.reply).toContain(`  − drawn to date ${formatAudCents(facility.drawn_cents)}`);
    expect(left.reply).not.toContain(FACILITY_WORKING_HEADING); // the model quoted it
    expect(left.reply).toContain('General information only, not financial advice.');

    const balance = await get(w.developer, '/in-balance');
    const inBalance = await ask(w.developer, session, 'Is the loan still in balance, and by how much?');
    expect(toolResults(inBalance.requests)[0]!.tool).toBe('facility_in_balance');
    expect(inBalance.reply).toContain(`= available ${formatAudCents(balance.available_cents)}`);
    expect(inBalance.reply).toContain(`required ${formatAudCents(balance.required_cents)}`);

    const draws = (await get(w.developer, '/draws')).items as {
      number: number;
      status: string;
      payment_schedule_due: string;
    }[];
    const open = draws.find((d) => d.status === 'certified')!;
    const schedule = await ask(w.developer, session, 'When is the next payment schedule due?');
    expect(toolResults(schedule.requests)[0]!.tool).toBe('facility_next_payment_schedule');
    expect(schedule.reply).toContain(
      `The next payment schedule is due ${formatDate(open.payment_schedule_due)}, for draw ${open.number}`,
    );

    const cover = await get(w.developer, '/presale-cover');
    const presales = await ask(w.developer, session, 'What is our presale cover at the moment?');
    expect(toolResults(presales.requests)[0]!.tool).toBe('facility_presale_cover');
    expect(presales.reply).toContain(`Presale cover is ${(cover.cover_bps / 100).toFixed(2)}%.`);
    expect(presales.reply).toContain('1 not qualifying');

    const covenant = await ask(w.developer, session, 'Which covenant is closest to breach?');
    expect(toolResults(covenant.requests)[0]!.tool).toBe('facility_closest_covenant');
    expect(covenant.reply).toContain('Loan to cost');
    expect(covenant.reply).toContain('Presale cover');
    expect(fake.mismatches).toEqual([]);
  });

  it("shows the tool's working even when the model leaves it out of its reply", async () => {
    const session = await bind(w.funder);
    const facility = await get(w.funder, '');
    const { reply } = await ask(
      w.funder,
      session,
      'Undrawn amount on the facility? Just the headline please.',
    );
    expect(reply).toContain('There is still room to draw on the facility.');
    expect(reply).toContain(FACILITY_WORKING_HEADING);
    expect(reply).toContain(`Left to draw: ${formatAudCents(facility.undrawn_cents)}.`);
    expect(reply).toContain('Working (GET /api/facilities/{id}):');
  });

  it('a chat not bound to a facility never offers the facility tools', async () => {
    const session = await bind(w.funder, {});
    const { reply, requests } = await ask(w.funder, session, 'What is the LVR of a $2.6m loan on $4m land?');
    expect(reply).toContain('65');
    for (const r of requests) {
      expect(offered(r)).toContain('lvr_on_land');
      for (const name of FACILITY_TOOLS) expect(offered(r)).not.toContain(name);
    }
  });

  it('someone who is not a party of the facility cannot bind a chat to it, and the model is never asked', async () => {
    const before = fake.requests.length;
    for (const user of [strangers.developer, strangers.funder]) {
      const res = await as(t.app, user, {
        method: 'POST',
        url: '/api/ai-chat/sessions',
        payload: { facility_id: w.facilityId },
      });
      expect(res.statusCode).toBe(404);
    }
    const session = await bind(w.developer);
    const res = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${session}/messages`,
      payload: { message: 'How much have we got left to draw on this facility?' },
    });
    expect(res.statusCode).toBe(404);
    expect(fake.requests.length).toBe(before);
  });
});
