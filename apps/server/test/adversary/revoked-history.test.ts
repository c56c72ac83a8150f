import { aiChatMessages } from '@plinth/domain/broker-ai/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccessExpiry } from '../../src/modules/access-requests/access-revocation.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { createFunder, decide, listedProject, requestAccessOk } from '../support/marketplace';

// Issue 29 finding 4, as the funder whose access ends would try it: they chatted with BrokerAI about
// a project while they held its whole file; once the developer revokes their access (or it lapses),
// they read their chat history, its memo, the chat list and 'Download my data' for the figures.
// None of those may carry the file's figures any more, and the history says why.
//
// The listing is validProjectBody's: loan 4.0m, land 2.5m, cost 6.0m, profit 1.8m (margin on cost
// 30 %), in Marrickville (Residential). The preview shows the loan, suburb and type only.

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

/** How the file's confidential figures read in BrokerAI's answers and in a question typed from them. */
const FILE_FIGURES = ['1,800,000', '1.8m', '6,000,000', '6.0m', '$6m', '2,500,000', '2.5m', '30%', '160%'];
const PROJECT = 'the residential project in Marrickville';

const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url });
const ask = (user: TestUser, sessionId: string, message: string) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/ai-chat/sessions/${sessionId}/messages`,
    payload: { message },
  });
const messagesOf = (user: TestUser, sessionId: string) =>
  get(user, `/api/ai-chat/sessions/${sessionId}/messages`);
const sydneyDay = (at: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(at);

function expectNoFigures(text: string, where: string) {
  for (const figure of FILE_FIGURES) expect(text, `${where} carries ${figure}`).not.toContain(figure);
}

/**
 * A funder granted the whole file of a new listing, with a chat about it in which BrokerAI gave the
 * file's figures (the memo among them), and a free chat about nothing confidential.
 */
async function funderWithHistory(name: string) {
  const listing = await listedProject(t, developer, { title: `${name} Townhouses` });
  const funder = await createFunder(t, 'active', { name });
  const request = await requestAccessOk(t.app, funder, listing.id);
  expect((await decide(t.app, developer, request.id, 'approve')).statusCode).toBe(200);

  const session = await as(t.app, funder, {
    method: 'POST',
    url: '/api/ai-chat/sessions',
    payload: { project_id: listing.id },
  });
  expect(session.statusCode).toBe(201);
  const sessionId = session.json().id as string;
  // The first question names the file's figures, and becomes the chat's title.
  expect((await ask(funder, sessionId, 'Is a $1.8m profit on a $6m cost enough?')).statusCode).toBe(200);
  expect((await ask(funder, sessionId, 'Analyse this deal')).statusCode).toBe(200);
  expect((await ask(funder, sessionId, 'What is the margin on cost of this deal?')).statusCode).toBe(200);

  const free = await as(t.app, funder, {
    method: 'POST',
    url: '/api/ai-chat/sessions',
    payload: { session_title: 'General questions' },
  });
  const freeId = free.json().id as string;
  expect((await ask(funder, freeId, 'What is mezzanine finance?')).statusCode).toBe(200);

  // While access holds, the history carries the figures (else this test would prove nothing).
  const before = await messagesOf(funder, sessionId);
  expect(before.statusCode).toBe(200);
  expect(before.body).toContain('30%');
  expect(before.body).toContain('1.8m');
  expect((await get(funder, `/api/ai-chat/sessions/${sessionId}/memo`)).statusCode).toBe(200);
  const sessions = (await get(funder, '/api/ai-chat/sessions')).json().items;
  expect(sessions.find((s: { id: string }) => s.id === sessionId).session_title).toContain('$1.8m');
  return { funder, listing, requestId: request.id, sessionId, freeId };
}

/** Every place the funder could read the figures again answers without them, saying why. */
async function expectHistoryWithheld(h: Awaited<ReturnType<typeof funderWithHistory>>, endedOn: string) {
  const notice = aiChatMessages.accessEnded(PROJECT, endedOn);
  expect(notice).toBe(
    `Your access to ${PROJECT} ended on ${endedOn}; figures from the confidential file are no longer shown.`,
  );

  const history = await messagesOf(h.funder, h.sessionId);
  expect(history.statusCode).toBe(200);
  expectNoFigures(history.body, 'the chat history');
  const items = history.json().items as { sender: string; message: string }[];
  expect(items).toEqual([expect.objectContaining({ sender: 'ai', message: notice })]);

  // The memo is made from what the funder may see now: nothing.
  const memo = await get(h.funder, `/api/ai-chat/sessions/${h.sessionId}/memo`);
  expect(memo.statusCode).toBe(404);
  expect(memo.json().error).toBe(aiChatMessages.projectNotFound);

  // The chat list: the title taken from a question about the figures is withheld too.
  const list = await get(h.funder, '/api/ai-chat/sessions');
  expectNoFigures(list.body, 'the chat list');
  const listed = list.json().items as { id: string; session_title: string }[];
  expect(listed.find((s) => s.id === h.sessionId)?.session_title).toBe(aiChatMessages.withheldTitle(PROJECT));
  expect(listed.find((s) => s.id === h.freeId)?.session_title).toBe('General questions');

  // Asking again in the chat: BrokerAI is given neither the file nor the old answers.
  const again = await ask(h.funder, h.sessionId, 'What is the margin on cost of this deal?');
  expect(again.statusCode).toBe(200);
  expectNoFigures(again.body, 'a new answer');
  const after = (await messagesOf(h.funder, h.sessionId)).json().items as { message: string }[];
  expect(after[0]?.message).toBe(notice);
  expect(after.slice(1).map((m) => m.message)).toEqual([
    'What is the margin on cost of this deal?',
    again.json().ai_response,
  ]);

  // 'Download my data': the chats are there, as the funder may read them now; nothing of the file.
  const mine = await get(h.funder, '/api/users/me/data');
  expect(mine.statusCode).toBe(200);
  expectNoFigures(mine.body, "'Download my data'");
  expect(mine.body).not.toContain(h.listing.title);
  const data = mine.json();
  expect(data.access_requests).toEqual([
    expect.objectContaining({ id: h.requestId, status: 'revoked', project_title: null }),
  ]);
  const chatLines = (data.messages as { conversation: string; message: string }[]).filter((m) =>
    m.conversation.startsWith('BrokerAI'),
  );
  expect(chatLines.map((m) => m.message)).toContain(notice);
  expect(chatLines.map((m) => m.message)).toContain('What is mezzanine finance?');
  expect(chatLines.filter((m) => m.message === notice)).toHaveLength(1);

  // The free chat, about nothing confidential, is untouched.
  const free = (await messagesOf(h.funder, h.freeId)).json().items as { message: string }[];
  expect(free[0]?.message).toBe('What is mezzanine finance?');
}

describe('revocation reaches BrokerAI history and own data (issue 29 finding 4)', () => {
  it("developer revokes: the funder's chat, memo, chat list and own data no longer carry the file's figures, and say why", async () => {
    const h = await funderWithHistory('Rowan Revoked');
    const revoked = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${h.requestId}/revoke`,
      payload: { reason: 'We chose another lender' },
    });
    expect(revoked.statusCode).toBe(200);
    await expectHistoryWithheld(h, sydneyDay(new Date(revoked.json().revoked_at)));

    // The developer's own chats about their project keep every figure.
    const own = await as(t.app, developer, {
      method: 'POST',
      url: '/api/ai-chat/sessions',
      payload: { project_id: h.listing.id },
    });
    await ask(developer, own.json().id, 'What is the margin on cost of this deal?');
    expect((await messagesOf(developer, own.json().id)).body).toContain('30%');
  });

  it("access lapses (the expiry job): the funder's history is withheld from the last day of access", async () => {
    const h = await funderWithHistory('Lara Lapsed');
    // Access ended at the start of today in Sydney: its last day was yesterday.
    const endedAt = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable('access_request')
      .set({ access_until: endedAt })
      .where('id', '=', h.requestId)
      .execute();
    const ran = await runAccessExpiry(t.app.deps, new Date());
    expect(ran.lapsed).toBeGreaterThanOrEqual(1);
    await expectHistoryWithheld(h, sydneyDay(new Date(endedAt.getTime() - 1)));
  });

  it('a funder who never had the whole file keeps their chat: nothing in it came from the file', async () => {
    const listing = await listedProject(t, developer, { title: 'Preview Only Flats' });
    const funder = await createFunder(t, 'active', { name: 'Petra Preview' });
    const session = await as(t.app, funder, {
      method: 'POST',
      url: '/api/ai-chat/sessions',
      payload: { project_id: listing.id },
    });
    const answer = await ask(funder, session.json().id, 'What is the LVR of this deal?');
    expect(answer.statusCode).toBe(200);
    const items = (await messagesOf(funder, session.json().id)).json().items as { message: string }[];
    expect(items.map((m) => m.message)).toEqual(['What is the LVR of this deal?', answer.json().ai_response]);
  });
});
