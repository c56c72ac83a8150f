import { randomUUID } from 'node:crypto';
import { dealMessages } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { emailsTo, notificationsOf } from './support/admin';
import { createEngaged, createGranted, createStrangers, type Engaged } from './support/deals';
import { listenOnFreePort, openEventStream } from './support/events';
import { setPreferences } from './support/messages';

// A deal room's comments (GET, POST /api/deals/{id}/comments) and a party's nudge to the other
// (POST /api/deals/{id}/notifications).

let t: TestApp;
let baseUrl: string;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
let e: Engaged;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listenOnFreePort(t.app);
  strangers = await createStrangers(t);
  e = await createEngaged(t, { title: 'Comment Court' });
});
afterAll(() => t.close());

const postComment = (user: TestUser | null, comment: unknown, dealId = e.dealId) =>
  as(t.app, user, { method: 'POST', url: `/api/deals/${dealId}/comments`, payload: { comment } });
const listComments = (user: TestUser | null, dealId = e.dealId) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/comments` });
const nudge = (user: TestUser | null, body: unknown, dealId = e.dealId) =>
  as(t.app, user, { method: 'POST', url: `/api/deals/${dealId}/notifications`, payload: body as object });

describe('deal comments', () => {
  it('comments: both parties post (201, trimmed, with their name); the thread reads oldest first for them and admins', async () => {
    const question = await postComment(e.funder, '  What is the builder’s fixed price?  ');
    expect(question.statusCode).toBe(201);
    expect(question.json()).toEqual({
      id: expect.any(String),
      deal_id: e.dealId,
      user_id: e.funder.id,
      user_name: 'Frankie Funder',
      comment: 'What is the builder’s fixed price?',
      created_at: expect.any(String),
    });
    const answer = await postComment(e.developer, '$3.1 M fixed with Harbour Build.');
    expect(answer.statusCode).toBe(201);
    for (const user of [e.developer, e.funder, strangers.admin]) {
      const res = await listComments(user);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().items.map((c: { comment: string; user_name: string }) => [c.user_name, c.comment]),
      ).toEqual([
        ['Frankie Funder', 'What is the builder’s fixed price?'],
        ['Dana Developer', '$3.1 M fixed with Harbour Build.'],
      ]);
    }
  });

  it("comments: the other party's open page hears of a comment (a deal event)", async () => {
    const stream = await openEventStream(baseUrl, e.developer);
    try {
      expect((await postComment(e.funder, 'Who holds the retention?')).statusCode).toBe(201);
      expect(await stream.next((event) => event.type === 'deal')).toEqual({
        type: 'deal',
        deal_id: e.dealId,
        change: 'comment',
      });
    } finally {
      stream.close();
    }
  });

  it("comments: an empty or blank comment is 400 'Comment cannot be empty'; over 10,000 characters 400", async () => {
    for (const comment of ['', '   \n ', undefined]) {
      const res = await postComment(e.funder, comment);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(dealMessages.commentRequired);
    }
    const long = await postComment(e.funder, 'x'.repeat(10_001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(dealMessages.commentTooLong);
  });

  it("comments: a third funder and another developer get 404 'Deal room not found' on both; an admin may read but not post (403); anonymous 401", async () => {
    for (const user of [strangers.funder, strangers.developer]) {
      for (const res of [await listComments(user), await postComment(user, 'Let me in')]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(dealMessages.notFound);
      }
    }
    expect((await postComment(strangers.admin, 'Admin here')).statusCode).toBe(403);
    expect((await listComments(null)).statusCode).toBe(401);
    expect((await postComment(null, 'Hello')).statusCode).toBe(401);
    expect((await listComments(e.funder, randomUUID())).statusCode).toBe(404);
  });

  it('comments: a funder whose request was never approved has no room to comment in (404)', async () => {
    const pending = await createGranted(t, { status: 'pending', developer: e.developer });
    expect((await postComment(pending.funder, 'Anyone?')).statusCode).toBe(404);
    expect((await listComments(pending.funder)).statusCode).toBe(404);
  });
});

describe('POST /api/deals/{id}/notifications', () => {
  it('nudge: the funder notifies the developer (in-app and e-mail), who answers the other way', async () => {
    const res = await nudge(e.funder, { message: '  The valuation is in the room.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const [note] = (await notificationsOf(t.database.db, e.developer.id)).filter(
      (n) => n.type === 'deal_message',
    );
    expect(note).toMatchObject({
      related_id: e.dealId,
      message: 'Frankie Funder (Test Capital) on "Comment Court": The valuation is in the room.',
    });
    const [email] = (await emailsTo(t.database.db, e.developer.email)).filter((m) =>
      m.subject.includes('sent you a note'),
    );
    expect(email!.subject).toBe('Frankie Funder (Test Capital) sent you a note about "Comment Court"');
    expect(email!.text).toContain('The valuation is in the room.');

    expect((await nudge(e.developer, { message: 'Thanks, reviewing now.' })).statusCode).toBe(200);
    const toFunder = (await notificationsOf(t.database.db, e.funder.id)).filter(
      (n) => n.type === 'deal_message',
    );
    expect(toFunder.map((n) => n.message)).toEqual([
      'Dana Developer (Test Developments Pty Ltd) on "Comment Court": Thanks, reviewing now.',
    ]);
  });

  it('nudge: a recipient who turned deal e-mails off gets the notification only', async () => {
    const quiet = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Quiet Developer' });
    const deal = await createEngaged(t, { developer: quiet });
    expect((await setPreferences(t.app, quiet, { email_deal_engagement: false })).statusCode).toBe(200);
    expect((await nudge(deal.funder, { message: 'Ping' }, deal.dealId)).statusCode).toBe(200);
    expect((await notificationsOf(t.database.db, quiet.id)).map((n) => n.type)).toEqual([
      'deal_engagement',
      'deal_message',
    ]);
    // The engagement e-mail was sent before the preference changed; nothing since.
    expect((await emailsTo(t.database.db, quiet.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New deal engagement/),
    ]);
  });

  it("nudge: an empty message is 400 'Message cannot be empty'; strangers 404; an admin 403; anonymous 401", async () => {
    const empty = await nudge(e.funder, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(dealMessages.notifyMessageRequired);
    for (const user of [strangers.funder, strangers.developer])
      expect((await nudge(user, { message: 'Hi' })).statusCode).toBe(404);
    expect((await nudge(strangers.admin, { message: 'Hi' })).statusCode).toBe(403);
    expect((await nudge(null, { message: 'Hi' })).statusCode).toBe(401);
  });
});
