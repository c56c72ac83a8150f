import { randomUUID } from 'node:crypto';
import { dealRoomPath } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { type Conversation, createConversation } from './support/messages';

// GET /api/deals/{id}: what a notification's /deals/{id} resolves to the deal room with.

let t: TestApp;
let conversation: Conversation;
let dealId: string;
let admin: TestUser;
let otherFunder: TestUser;
let otherDeveloper: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  conversation = await createConversation(t.app, { status: 'due_diligence' });
  // Deal rooms are opened by a later part of the product; the row is what Engage will write.
  const row = await t.database.db
    .insertInto('deal')
    .values({
      project_id: conversation.projectId,
      access_request_id: conversation.accessRequestId,
      borrower_id: conversation.developer.id,
      funder_id: conversation.funder.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  dealId = row.id;
  [admin, otherFunder, otherDeveloper] = await Promise.all([
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
    createUser(t.app, { role: 'funder', approved: true, profile: 'default' }),
    createUser(t.app, { role: 'borrower', profile: 'default' }),
  ]);
});
afterAll(() => t.close());

const getDeal = (user: TestUser | null, id = dealId) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${id}` });

describe('GET /api/deals/{id}', () => {
  it('answers its developer, its funder and admins with the deal and its project', async () => {
    for (const user of [conversation.developer, conversation.funder, admin]) {
      const res = await getDeal(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: dealId,
        project_id: conversation.projectId,
        access_request_id: conversation.accessRequestId,
        status: 'open',
        created_at: expect.any(String),
        completed_at: null,
      });
    }
    expect(dealRoomPath((await getDeal(conversation.funder)).json())).toBe(
      `/project/${conversation.projectId}/deal/${dealId}`,
    );
  });

  it("is 'Deal room not found' (404) for another funder or developer, as for an id that does not exist", async () => {
    for (const res of [
      await getDeal(otherFunder),
      await getDeal(otherDeveloper),
      await getDeal(conversation.funder, randomUUID()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Deal room not found' });
    }
  });

  it('refuses an id that is not one (400), a person not signed in (401) and one without a role (403)', async () => {
    const bad = await getDeal(conversation.funder, 'not-a-deal');
    expect(bad.statusCode).toBe(400);
    expect((await getDeal(null)).statusCode).toBe(401);
    const noRole = await createUser(t.app, {});
    expect((await getDeal(noRole)).statusCode).toBe(403);
  });
});
