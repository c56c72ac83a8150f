import { accessMessages, messagingMessages } from '@plinth/domain/access';
import { adminMessages } from '@plinth/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { emailsTo, notificationsOf } from './support/admin';
import {
  createConversation,
  getMessages,
  insertAccessRequest,
  insertPublishedProject,
  postMessage,
  setPreferences,
  unreadCounts,
} from './support/messages';

let t: TestApp;
let admin: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, outsider] = await Promise.all([
    createUser(t.app, { role: 'admin', name: 'Alex Admin' }),
    createUser(t.app, { role: 'funder', approved: true, profile: 'default', name: 'Olly Outsider' }),
  ]);
});
afterAll(() => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const texts = (res: { json(): { items: { message: string }[] } }) => res.json().items.map((m) => m.message);

describe('access-request conversations: who may read and write', () => {
  it('the funder and the developer read it; an admin reads it; anyone else gets 404 and anonymous 401', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    await postMessage(t.app, funder, accessRequestId, 'Hello from the funder');
    for (const reader of [funder, developer, admin]) {
      const res = await getMessages(t.app, reader, accessRequestId);
      expect(res.statusCode).toBe(200);
      expect(texts(res)).toEqual(['Hello from the funder']);
    }
    const third = await getMessages(t.app, outsider, accessRequestId);
    expect(third.statusCode).toBe(404);
    expect(third.json().error).toBe(accessMessages.notFound);
    expect((await getMessages(t.app, null, accessRequestId)).statusCode).toBe(401);
    expect((await getMessages(t.app, funder, unknownId)).statusCode).toBe(404);
    expect((await getMessages(t.app, funder, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('a message answers 201 with its sender as the other party will see it', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    const res = await postMessage(t.app, developer, accessRequestId, '  The DA covers all twelve units.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      sender_id: developer.id,
      sender_role: 'borrower',
      sender_name: 'Dana Developer',
      message: 'The DA covers all twelve units.',
      message_type: 'text',
      read_at: null,
    });
    const reply = await postMessage(t.app, funder, accessRequestId, 'Thanks');
    expect(reply.json()).toMatchObject({ sender_role: 'funder', sender_name: 'Frankie Funder' });
  });

  it("before access is granted a funder sees the developer as 'Developer': in the messages, the request and the notification", async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app, { status: 'pending' });
    await postMessage(t.app, developer, accessRequestId, 'Happy to answer questions before I decide.');
    const senderSeenBy = async (user: TestUser) => {
      const [first] = (await getMessages(t.app, user, accessRequestId)).json().items;
      return [first.sender_id, first.sender_name];
    };
    const borrowerSeenBy = async (user: TestUser) => {
      const [first] = (await as(t.app, user, { method: 'GET', url: '/api/access-requests' })).json().items;
      return [first.borrower_id, first.borrower_name];
    };
    // No name, and no id that would tie this developer to their disclosed requests.
    expect(await senderSeenBy(funder)).toEqual([null, 'Developer']);
    expect(await senderSeenBy(developer)).toEqual([developer.id, 'Dana Developer']);
    expect(await senderSeenBy(admin)).toEqual([developer.id, 'Dana Developer']);
    expect(await borrowerSeenBy(funder)).toEqual([null, 'Developer']);
    expect((await notificationsOf(t.database.db, funder.id)).at(-1)?.message).toBe(
      'New message from Developer about your access request: Happy to answer questions before I decide.',
    );
    expect((await emailsTo(t.database.db, funder.email)).at(-1)?.subject).toBe(
      'New message from Developer on Plinth',
    );

    const approve = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${accessRequestId}/approve`,
    });
    expect(approve.statusCode).toBe(200);
    expect(await senderSeenBy(funder)).toEqual([developer.id, 'Dana Developer']);
    expect(await borrowerSeenBy(funder)).toEqual([developer.id, 'Dana Developer']);
  });

  it('an admin may not write in it (403), a third party gets 404 and anonymous 401 whatever the body', async () => {
    const { accessRequestId } = await createConversation(t.app);
    const byAdmin = await postMessage(t.app, admin, accessRequestId, 'Admin here');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(messagingMessages.adminsReadOnly);
    expect((await postMessage(t.app, outsider, accessRequestId, 'Let me in')).statusCode).toBe(404);
    expect((await postMessage(t.app, null, accessRequestId, 42)).statusCode).toBe(401);
    expect((await getMessages(t.app, admin, accessRequestId)).json().items).toEqual([]);
  });

  it('a blank message and one over 1000 characters answer 400 with the domain messages; 1000 is fine', async () => {
    const { funder, accessRequestId } = await createConversation(t.app);
    for (const blank of ['', '   \n\t ']) {
      const res = await postMessage(t.app, funder, accessRequestId, blank);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: accessMessages.messageRequired });
    }
    const missing = await as(t.app, funder, {
      method: 'POST',
      url: `/api/access-requests/${accessRequestId}/messages`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(accessMessages.messageRequired);
    const long = await postMessage(t.app, funder, accessRequestId, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(accessMessages.messageTooLong);
    // Trimming comes first: 1000 characters with spaces around them is within the limit.
    const max = await postMessage(t.app, funder, accessRequestId, ` ${'y'.repeat(1000)} `);
    expect(max.statusCode).toBe(201);
    expect(max.json().message).toHaveLength(1000);
    expect(texts(await getMessages(t.app, funder, accessRequestId))).toEqual(['y'.repeat(1000)]);
  });

  it('writing is open while the request is pending or granted, and refused (409) once declined or closed', async () => {
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    for (const status of ['pending', 'approved', 'due_diligence', 'term_sheet', 'funded'] as const) {
      const { funder, accessRequestId } = await createConversation(t.app, { status, developer });
      expect((await postMessage(t.app, funder, accessRequestId, `While ${status}`)).statusCode, status).toBe(
        201,
      );
    }
    for (const status of ['declined', 'closed'] as const) {
      const { funder, accessRequestId } = await createConversation(t.app, { status, developer });
      const res = await postMessage(t.app, funder, accessRequestId, `While ${status}`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe(messagingMessages.conversationClosed);
      // The history can still be read.
      expect((await getMessages(t.app, developer, accessRequestId)).statusCode).toBe(200);
    }
  });

  it('pages: the latest messages in reading order, has_more, and older ones before a time', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    for (const text of ['one', 'two', 'three']) await postMessage(t.app, funder, accessRequestId, text);
    const latest = await getMessages(t.app, developer, accessRequestId, '?limit=2');
    expect(texts(latest)).toEqual(['two', 'three']);
    expect(latest.json().has_more).toBe(true);
    const before = encodeURIComponent(latest.json().items[0].sent_at);
    const older = await getMessages(t.app, developer, accessRequestId, `?limit=2&before=${before}`);
    expect(texts(older)).toEqual(['one']);
    expect(older.json().has_more).toBe(false);
    expect((await getMessages(t.app, developer, accessRequestId, '?limit=101')).statusCode).toBe(400);
  });
});

describe('unread counts and read marking', () => {
  it('counts what the other party wrote; only its recipient can mark a message read', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    const first = (await postMessage(t.app, funder, accessRequestId, 'First')).json();
    await postMessage(t.app, funder, accessRequestId, 'Second');
    expect(await unreadCounts(t.app, developer)).toEqual({ total: 2, conversations: 2, admin_thread: 0 });
    expect(await unreadCounts(t.app, funder)).toEqual({ total: 0, conversations: 0, admin_thread: 0 });

    const read = (user: TestUser | null, id = first.id) =>
      as(t.app, user, { method: 'PUT', url: `/api/messages/${id}/read` });
    expect((await read(funder)).statusCode).toBe(403);
    expect((await read(admin)).statusCode).toBe(403);
    expect((await read(outsider)).statusCode).toBe(404);
    expect((await read(null)).statusCode).toBe(401);
    expect((await read(developer, unknownId)).statusCode).toBe(404);

    const marked = await read(developer);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: first.id, message: 'First' });
    const readAt = marked.json().read_at;
    expect(readAt).toEqual(expect.any(String));
    // Marking again keeps the first time it was read.
    expect((await read(developer)).json().read_at).toBe(readAt);
    expect(await unreadCounts(t.app, developer)).toMatchObject({ conversations: 1 });
  });

  it('marking a whole conversation read clears only what the other party wrote', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    await postMessage(t.app, funder, accessRequestId, 'From the funder');
    await postMessage(t.app, developer, accessRequestId, 'From the developer');
    const url = `/api/access-requests/${accessRequestId}/messages/read`;
    expect((await as(t.app, admin, { method: 'PUT', url })).statusCode).toBe(403);
    expect((await as(t.app, outsider, { method: 'PUT', url })).statusCode).toBe(404);
    const res = await as(t.app, developer, { method: 'PUT', url });
    expect(res.json()).toEqual({ updated: 1 });
    expect(await unreadCounts(t.app, developer)).toMatchObject({ conversations: 0 });
    expect(await unreadCounts(t.app, funder)).toMatchObject({ conversations: 1 });
  });

  it('the recipient gets a message notification and one e-mail per burst', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    await postMessage(t.app, funder, accessRequestId, 'Could you share the QS report?');
    await postMessage(t.app, funder, accessRequestId, 'And the valuation, please.');
    const notes = await notificationsOf(t.database.db, developer.id);
    expect(notes.map((n) => [n.type, n.related_id])).toEqual([
      ['message', accessRequestId],
      ['message', accessRequestId],
    ]);
    expect(notes[0]!.message).toContain('Could you share the QS report?');
    const mails = await emailsTo(t.database.db, developer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Could you share the QS report?');
    expect(await emailsTo(t.database.db, funder.email)).toEqual([]);

    // Ten minutes later the next message is e-mailed again.
    await t.database.db
      .updateTable('message')
      .set({ sent_at: new Date(Date.now() - 11 * 60 * 1000) })
      .where('access_request_id', '=', accessRequestId)
      .execute();
    await postMessage(t.app, funder, accessRequestId, 'Following up on the reports');
    expect(await emailsTo(t.database.db, developer.email)).toHaveLength(2);
  });

  it('no e-mail when the recipient turned message e-mails off; the notification still comes', async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    expect((await setPreferences(t.app, developer, { email_messages: false })).statusCode).toBe(200);
    await postMessage(t.app, funder, accessRequestId, 'Quiet please');
    expect(await emailsTo(t.database.db, developer.email)).toEqual([]);
    expect((await notificationsOf(t.database.db, developer.id)).map((n) => n.type)).toEqual(['message']);
  });

  it("a funder's message e-mails from the developer follow email_borrower_messages, not email_messages", async () => {
    const { developer, funder, accessRequestId } = await createConversation(t.app);
    expect((await setPreferences(t.app, funder, { email_messages: false })).statusCode).toBe(200);
    await postMessage(t.app, developer, accessRequestId, 'Still e-mailed: borrower messages are on');
    expect(await emailsTo(t.database.db, funder.email)).toHaveLength(1);

    const other = await createConversation(t.app, { developer });
    expect((await setPreferences(t.app, other.funder, { email_borrower_messages: false })).statusCode).toBe(
      200,
    );
    await postMessage(t.app, developer, other.accessRequestId, 'Not e-mailed');
    expect(await emailsTo(t.database.db, other.funder.email)).toEqual([]);
    expect((await notificationsOf(t.database.db, other.funder.id)).map((n) => n.type)).toEqual(['message']);
  });

  it('a funder whose access is still pending is not told the project title', async () => {
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Dana Developer',
    });
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const projectId = await insertPublishedProject(t.database.db, developer.id, 'Secret Site Stage 2');
    const accessRequestId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId,
      status: 'pending',
    });
    await postMessage(t.app, developer, accessRequestId, 'Thanks for your interest');
    const [note] = await notificationsOf(t.database.db, funder.id);
    expect(note!.message).not.toContain('Secret Site');
    const [mail] = await emailsTo(t.database.db, funder.email);
    expect(`${mail!.subject} ${mail!.text}`).not.toContain('Secret Site');
  });
});

describe('threads with the admins', () => {
  const adminCall = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    as(t.app, user, { method, url, ...(payload ? { payload } : {}) });

  it('a user writes to the admins; the admin list shows it unread until an admin opens the thread', async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Uma User' });
    const waiting = (await unreadCounts(t.app, admin)).admin_thread;
    const reply = await adminCall(user, 'POST', '/api/messages/admin/reply', {
      message: ' Can you check my listing? ',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      sender_id: user.id,
      sender_role: 'borrower',
      sender_name: 'Uma User',
      message: 'Can you check my listing?',
      admin_name: null,
    });
    expect(await unreadCounts(t.app, admin)).toEqual({
      total: waiting + 1,
      conversations: 0,
      admin_thread: waiting + 1,
    });

    const list = await adminCall(admin, 'GET', '/api/admin/messages');
    expect(list.statusCode).toBe(200);
    const entry = list.json().items.find((c: { user_id: string }) => c.user_id === user.id);
    expect(entry).toMatchObject({
      user_name: 'Uma User',
      user_email: user.email,
      user_role: 'borrower',
      last_message: 'Can you check my listing?',
      unread_count: 1,
    });
    expect(list.json().total).toBeGreaterThanOrEqual(1);

    const thread = await adminCall(admin, 'GET', `/api/admin/messages/${user.id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().user).toEqual({
      id: user.id,
      name: 'Uma User',
      email: user.email,
      role: 'borrower',
    });
    expect(texts(thread)).toEqual(['Can you check my listing?']);
    const after = await adminCall(admin, 'GET', '/api/admin/messages');
    expect(after.json().items.find((c: { user_id: string }) => c.user_id === user.id).unread_count).toBe(0);
    expect((await unreadCounts(t.app, admin)).admin_thread).toBe(waiting);
  });

  it('an admin writes to a user; the user sees it with the admin name, unread until they open their thread', async () => {
    const user = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const sent = await adminCall(admin, 'POST', '/api/admin/messages/send', {
      user_id: user.id,
      message: 'Your subscription is approved.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      sender_role: 'admin',
      sender_name: 'Alex Admin',
      admin_name: 'Alex Admin',
    });
    expect(await unreadCounts(t.app, user)).toEqual({ total: 1, conversations: 0, admin_thread: 1 });
    expect((await notificationsOf(t.database.db, user.id)).map((n) => n.type)).toEqual(['message']);
    expect(await emailsTo(t.database.db, user.email)).toHaveLength(1);

    const own = await adminCall(user, 'GET', '/api/messages/admin');
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toEqual([
      expect.objectContaining({ message: 'Your subscription is approved.' }),
    ]);
    expect(await unreadCounts(t.app, user)).toEqual({ total: 0, conversations: 0, admin_thread: 0 });

    // The path form of the spec's route table does the same.
    const viaPath = await adminCall(admin, 'POST', `/api/admin/messages/${user.id}`, {
      message: 'One more thing',
    });
    expect(viaPath.statusCode).toBe(201);
    expect(texts(await adminCall(user, 'GET', '/api/messages/admin'))).toEqual([
      'Your subscription is approved.',
      'One more thing',
    ]);
  });

  it('the recipient marks a thread message read by id; its sender cannot', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const fromAdmin = (
      await adminCall(admin, 'POST', '/api/admin/messages/send', { user_id: user.id, message: 'Hi' })
    ).json();
    const fromUser = (
      await adminCall(user, 'POST', '/api/messages/admin/reply', { message: 'Hello' })
    ).json();
    const read = (who: TestUser, id: string) =>
      as(t.app, who, { method: 'PUT', url: `/api/messages/${id}/read` });
    expect((await read(admin, fromAdmin.id)).statusCode).toBe(403);
    expect((await read(user, fromUser.id)).statusCode).toBe(403);
    expect((await read(outsider, fromAdmin.id)).statusCode).toBe(404);
    expect((await read(user, fromAdmin.id)).json().read_at).toEqual(expect.any(String));
    expect((await read(admin, fromUser.id)).json().read_at).toEqual(expect.any(String));
  });

  it("an admin's blank message answers 400 'Please enter a message'; unknown users 404, admins 400", async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    for (const url of ['/api/admin/messages/send', '/api/admin/send-system-message']) {
      const blank = await adminCall(admin, 'POST', url, { user_id: user.id, message: '   ' });
      expect(blank.statusCode, url).toBe(400);
      expect(blank.json().error).toBe(adminMessages.messageRequired);
      const long = await adminCall(admin, 'POST', url, { user_id: user.id, message: 'z'.repeat(1001) });
      expect(long.json().error).toBe(accessMessages.messageTooLong);
      const unknown = await adminCall(admin, 'POST', url, { user_id: 'no-such-user', message: 'Hi' });
      expect(unknown.statusCode, url).toBe(404);
      const toAdmin = await adminCall(admin, 'POST', url, { user_id: admin.id, message: 'Hi' });
      expect(toAdmin.statusCode, url).toBe(400);
    }
    expect((await adminCall(admin, 'GET', '/api/admin/messages/no-such-user')).statusCode).toBe(404);
    // The user's own reply uses the conversation rule and its message.
    const blankReply = await adminCall(user, 'POST', '/api/messages/admin/reply', { message: '' });
    expect(blankReply.json().error).toBe(accessMessages.messageRequired);
  });

  it('a system message lands in the thread and as a system notification, without an e-mail', async () => {
    const user = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const res = await adminCall(admin, 'POST', '/api/admin/send-system-message', {
      user_id: user.id,
      message: 'Scheduled maintenance on Sunday at 2 am.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      sender_role: 'admin',
      message: 'Scheduled maintenance on Sunday at 2 am.',
    });
    const notes = await notificationsOf(t.database.db, user.id);
    expect(notes.map((n) => [n.type, n.message])).toEqual([
      ['system', 'Scheduled maintenance on Sunday at 2 am.'],
    ]);
    expect(await emailsTo(t.database.db, user.email)).toEqual([]);
    expect(texts(await adminCall(user, 'GET', '/api/messages/admin'))).toEqual([
      'Scheduled maintenance on Sunday at 2 am.',
    ]);
  });

  it('the admin routes answer 403 to developers and funders and 401 to anonymous; admins have no own thread', async () => {
    const developer = await createUser(t.app, { role: 'borrower' });
    const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/admin/messages'],
      ['GET', `/api/admin/messages/${developer.id}`],
      ['POST', '/api/admin/messages/send', { user_id: developer.id, message: 'Hi' }],
      ['POST', '/api/admin/messages', { user_id: developer.id, message: 'Hi' }],
      ['POST', `/api/admin/messages/${developer.id}`, { message: 'Hi' }],
      ['POST', '/api/admin/send-system-message', { user_id: developer.id, message: 'Hi' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await adminCall(developer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await adminCall(outsider, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await adminCall(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await adminCall(admin, 'GET', '/api/messages/admin')).statusCode).toBe(403);
    expect((await adminCall(admin, 'POST', '/api/messages/admin/reply', { message: 'Hi' })).statusCode).toBe(
      403,
    );
    expect((await adminCall(null, 'GET', '/api/messages/admin')).statusCode).toBe(401);
    expect(
      (await as(t.app, developer, { method: 'GET', url: `/api/admin/messages/${developer.id}` })).statusCode,
    ).toBe(403);
  });
});
