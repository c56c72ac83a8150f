import { pct } from '@plinth/domain/broker-ai/answer';
import {
  SENSITIVITY_COST_RISES,
  SENSITIVITY_REVENUE_FALLS,
  sensitivityGrid,
} from '@plinth/domain/broker-ai/feasibility';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder, decide, listedProject, requestAccessOk } from './support/marketplace';

// BrokerAI's sessions API (spec 000 section 7) through the real HTTP stack and database, with the
// built-in analyst answering.
let t: TestApp;
let developer: TestUser;
let otherDeveloper: TestUser;
let funder: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dev Eloper' });
  otherDeveloper = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Other Dev' });
  funder = await createFunder(t, 'active');
});
afterAll(() => t.close());

const createSession = (user: TestUser | null, payload: Record<string, unknown>) =>
  as(t.app, user, { method: 'POST', url: '/api/ai-chat/sessions', payload });
const ask = (user: TestUser, sessionId: string, message: string) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/ai-chat/sessions/${sessionId}/messages`,
    payload: { message },
  });
const messagesOf = (user: TestUser, sessionId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/ai-chat/sessions/${sessionId}/messages` });

describe('POST /api/ai-chat/sessions', () => {
  it('create: a free session with a title answers 201 with session_id', async () => {
    const res = await createSession(developer, { project_id: null, session_title: 'Sizing a loan' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ project_id: null, session_title: 'Sizing a loan' });
    expect(body.session_id).toBe(body.id);
  });
  it('create: signed out answers 401', async () => {
    expect((await createSession(null, { session_title: 'x' })).statusCode).toBe(401);
  });
  it("create: binding the developer's own project answers 201", async () => {
    const project = await createProject(t.app, developer);
    const res = await createSession(developer, { project_id: project.id, session_title: 'My deal' });
    expect(res.statusCode).toBe(201);
    expect(res.json().project_id).toBe(project.id);
  });
  it("create: binding another developer's draft is refused with 404", async () => {
    const project = await createProject(t.app, otherDeveloper);
    const res = await createSession(developer, { project_id: project.id, session_title: 'Not mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Project not found');
  });
  it('create: a funder binding a draft (not on the market) is refused with 404', async () => {
    const project = await createProject(t.app, otherDeveloper);
    expect((await createSession(funder, { project_id: project.id })).statusCode).toBe(404);
  });
  it('create: a funder may bind a listing on the market', async () => {
    const listing = await listedProject(t, otherDeveloper);
    expect((await createSession(funder, { project_id: listing.id })).statusCode).toBe(201);
  });
  it('create: a title over 200 characters answers 400', async () => {
    expect((await createSession(developer, { session_title: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});

describe('GET /api/ai-chat/sessions', () => {
  it("list: only the caller's own sessions, newest first", async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const first = (await createSession(user, { session_title: 'First' })).json();
    const second = (await createSession(user, { session_title: 'Second' })).json();
    await createSession(otherDeveloper, { session_title: 'Someone else' });
    const res = await as(t.app, user, { method: 'GET', url: '/api/ai-chat/sessions' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
  });
});

describe('POST /api/ai-chat/sessions/:id/messages', () => {
  it('send: answers ai_message_id and ai_response with the figure, and stores both messages', async () => {
    const session = (await createSession(developer, { session_title: null })).json();
    const res = await ask(developer, session.id, 'What is the LVR of a $2.6m loan on $4.0m land?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ai_message_id).toEqual(expect.any(String));
    expect(body.ai_response).toContain('65%');
    expect(body.ai_response).toContain('General information only, not financial advice.');
    const stored = (await messagesOf(developer, session.id)).json().items;
    expect(stored.map((m: { sender: string }) => m.sender)).toEqual(['user', 'ai']);
    expect(stored[0].message).toBe('What is the LVR of a $2.6m loan on $4.0m land?');
    expect(stored[1].id).toBe(body.ai_message_id);
  });
  it('send: a session created without a title takes its first question as the title', async () => {
    const session = (await createSession(developer, {})).json();
    await ask(developer, session.id, 'What is mezzanine finance?');
    const list = (await as(t.app, developer, { method: 'GET', url: '/api/ai-chat/sessions' })).json();
    expect(list.items.find((s: { id: string }) => s.id === session.id).session_title).toBe(
      'What is mezzanine finance?',
    );
  });
  it("send and read: someone else's session answers 404 and stores nothing", async () => {
    const session = (await createSession(developer, { session_title: 'Private' })).json();
    expect((await ask(otherDeveloper, session.id, 'hello')).statusCode).toBe(404);
    expect((await messagesOf(otherDeveloper, session.id)).statusCode).toBe(404);
    expect((await messagesOf(developer, session.id)).json().items).toEqual([]);
  });
  it('send: an empty or blank message answers 400', async () => {
    const session = (await createSession(developer, {})).json();
    const res = await ask(developer, session.id, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter a message');
  });
  it('send: a message over 1000 characters answers 400', async () => {
    const session = (await createSession(developer, {})).json();
    expect((await ask(developer, session.id, 'x'.repeat(1001))).statusCode).toBe(400);
  });
  it('send: a session id that is not a uuid answers 400, an unknown one 404', async () => {
    expect((await ask(developer, 'nope', 'hi')).statusCode).toBe(400);
    expect((await ask(developer, '00000000-0000-4000-8000-000000000000', 'hi')).statusCode).toBe(404);
  });
  it("send: a session bound to the developer's project answers 'the LVR of this deal' from its figures", async () => {
    // validProjectBody: loan 4,000,000 on land 2,500,000 → 160 %
    const project = await createProject(t.app, developer);
    const session = (await createSession(developer, { project_id: project.id })).json();
    const res = await ask(developer, session.id, 'What is the LVR of this deal?');
    expect(res.json().ai_response).toContain('160%');
  });
  it('send: a funder without access gets no figure beyond the preview (land value withheld)', async () => {
    const listing = await listedProject(t, otherDeveloper);
    const session = (await createSession(funder, { project_id: listing.id })).json();
    const res = await ask(funder, session.id, 'What is the LVR of this deal?');
    expect(res.json().ai_response).not.toContain('160%');
    expect(res.json().ai_response).toContain('land value');
  });
  it('send: once the developer grants access, the same funder gets the figure', async () => {
    const listing = await listedProject(t, otherDeveloper);
    const request = await requestAccessOk(t.app, funder, listing.id);
    expect((await decide(t.app, otherDeveloper, request.id, 'approve')).statusCode).toBe(200);
    const session = (await createSession(funder, { project_id: listing.id })).json();
    const res = await ask(funder, session.id, 'What is the LVR of this deal?');
    expect(res.json().ai_response).toContain('160%');
  });
});

// Issue 35 item 6: a chat bound to a project takes what the question leaves out from the project's
// figures, names them in the working, and lets the question's own figures override them. The
// project here has Eastwood Terraces' figures (demo seed).
describe("a chat bound to a project works from the project's figures", () => {
  const eastwood = {
    loan_amount: 6_800_000,
    interest_rate: 9.25,
    loan_term: 20,
    total_project_cost: 10_400_000,
    equity_contribution: 2_600_000,
    land_value: 4_100_000,
    construction_cost: 5_600_000,
    expected_gdc: 13_300_000,
    expected_profit: 2_300_000,
  };
  let sessionId: string;
  beforeAll(async () => {
    const project = await createProject(t.app, developer, eastwood);
    sessionId = (await createSession(developer, { project_id: project.id })).json().id;
  });
  const reply = async (message: string) => {
    const res = await ask(developer, sessionId, message);
    expect(res.statusCode).toBe(200);
    return res.json().ai_response as string;
  };

  it("'costs +10 %, sales −5 %, margin?' answers the Feasibility grid's figure, naming the project's", async () => {
    const text = await reply('costs +10 %, sales −5 %, margin?');
    const grid = sensitivityGrid({
      totalCost: 10_400_000,
      constructionCost: 5_600_000,
      revenue: 12_700_000,
    })!;
    const cell = grid.rows[SENSITIVITY_COST_RISES.indexOf(10)]![SENSITIVITY_REVENUE_FALLS.indexOf(5)]!;
    expect(pct(cell.marginOnCost)).toBe('10.1%');
    expect(text).toContain('New margin on cost: $1,105,000 / $10,960,000 = 10.1%');
    expect(text).toContain('From the project (not in your question)');
    expect(text).toContain('revenue (GRV ex GST) $12,700,000');
    expect(text).not.toContain('I need');
  });
  it("a stress test of 'costs +10 %, revenue −5 %' runs that case, not the standard one", async () => {
    const text = await reply('stress test costs +10 %, revenue −5 %');
    expect(text).toContain('Stress case you asked for');
    expect(text).toContain('10.1%');
    expect(text).not.toContain('revenue −10%');
  });
  it("'largest loan at 65 % of GRV' is 65 % of the project's revenue", async () => {
    const text = await reply('largest loan at 65 % of GRV');
    expect(text).toContain('65% × $12,700,000 GRV = $8,255,000');
    expect(text).toContain('Largest loan: $8,255,000');
    expect(text).not.toContain('$6,800,000,');
  });
  it("'what is the margin on cost?' works it out (22.1 %), not a definition", async () => {
    const text = await reply('what is the margin on cost?');
    expect(text).toContain('Margin on cost: $2,300,000 / $10,400,000 = 22.1%');
    expect(text).not.toContain('Source:');
  });
  it("the question's own figures override the project's", async () => {
    const text = await reply('what is the margin on cost if revenue is $13m?');
    expect(text).toContain('Profit: $13,000,000 − $10,400,000 = $2,600,000.');
    expect(text).toContain('25%');
    expect(text).not.toContain('22.1%');
  });
  it('a funder with only the preview gets no figure the preview hides', async () => {
    const listing = await listedProject(t, otherDeveloper, eastwood);
    const session = (await createSession(funder, { project_id: listing.id })).json();
    const res = await ask(funder, session.id, 'what is the margin on cost?');
    expect(res.statusCode).toBe(200);
    expect(res.json().ai_response).not.toMatch(/22\.1%|\$2,300,000|\$10,400,000/);
  });
});

describe('POST /api/ai-chat/sessions/:id/messages/stream', () => {
  it('stream: delta events then done, whose reply is the deltas joined and is stored', async () => {
    const session = (await createSession(developer, {})).json();
    const res = await as(t.app, developer, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${session.id}/messages/stream`,
      payload: { message: 'Margin scheme GST on a site bought for $1.5m and sold for $2.4m?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice(6)));
    const deltas = events.filter((e) => e.type === 'delta');
    const done = events.at(-1);
    expect(deltas.length).toBeGreaterThan(1);
    expect(done.type).toBe('done');
    expect(
      deltas
        .map((e) => e.text)
        .join('')
        .trim(),
    ).toBe(done.ai_response);
    expect(done.ai_response).toContain('$81,818');
    const stored = (await messagesOf(developer, session.id)).json().items;
    expect(stored.at(-1)).toMatchObject({ id: done.ai_message_id, sender: 'ai' });
  });
  it("stream: someone else's session answers 404 as JSON", async () => {
    const session = (await createSession(developer, {})).json();
    const res = await as(t.app, otherDeveloper, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${session.id}/messages/stream`,
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Chat session not found');
  });
});
