import { accessMessages } from '@plinth/domain/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo, notificationsOf } from './support/admin';
import { samples, uploadDocuments } from './support/documents';
import {
  createFunder,
  decide,
  listedProject,
  market,
  requestAccess,
  requestAccessOk,
} from './support/marketplace';

let t: TestApp;
let developer: TestUser;
let otherDeveloper: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [developer, otherDeveloper, admin] = await Promise.all([
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Oscar Other' }),
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
  ]);
});
afterAll(() => t.close());

/** A listing of `developer` on the market, with a title each test can recognise. */
const listing = (title: string, owner = developer) => listedProject(t, owner, { title });

const accessRow = (id: string) =>
  t.database.db.selectFrom('access_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/access-requests', () => {
  it('create: a pending request with the trimmed introduction, the preview of the project, and no title', async () => {
    const project = await listing('Seaside Villas');
    const funder = await createFunder(t, 'active', { name: 'Fiona Funder' });
    const res = await requestAccess(t.app, funder, project.id, '  We lend on coastal projects.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      status: 'pending',
      project_id: project.id,
      // Not granted yet: the funder sees the preview fields, not the title.
      project_title: null,
      suburb: 'Marrickville',
      loan_amount: 4_000_000,
      funder_id: funder.id,
      funder_name: 'Fiona Funder',
      company_name: 'Test Capital',
      company_type: 'Private Credit Fund',
      // Nor who the developer is: 'Developer', and no user id, until access is granted.
      borrower_id: null,
      borrower_name: 'Developer',
      initial_message: 'We lend on coastal projects.',
      requested_at: expect.any(String),
      approved_at: null,
      access_until: null,
      revoked_at: null,
      revoke_reason: null,
      last_message: null,
      last_message_time: null,
      unread_count: 0,
      // Signed with the request (decision 033).
      undertaking: {
        version: 1,
        full_name: 'Terry Signatory',
        // Signed in a name that is not the account's: accepted, and said so (decision 047).
        account_name: 'Fiona Funder',
        name_differs: true,
        company_name: 'Test Capital',
        accepted_at: expect.any(String),
        text_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it('create: the developer is notified in-app and by e-mail (access_request_received), and it is audited', async () => {
    const project = await listing('Notified Towers');
    const funder = await createFunder(t, 'active', { name: 'Nina Notify' });
    const request = await requestAccessOk(t.app, funder, project.id);
    const notes = await notificationsOf(t.database.db, developer.id);
    expect(notes.at(-1)).toMatchObject({
      type: 'access_request',
      related_id: request.id,
      message: 'Nina Notify (Test Capital) requested access to "Notified Towers"',
    });
    const mail = (await emailsTo(t.database.db, developer.email)).at(-1);
    expect(mail?.subject).toBe('New access request for "Notified Towers"');
    expect(mail?.text).toContain('Nina Notify (Test Capital) has asked for access');
    expect(mail?.text).toContain('http://localhost:3000/access-requests');
    const audit = await auditFor(t.database.db, request.id);
    expect(audit.map((a) => a.action)).toEqual(['access_request.created']);
    expect(audit[0]).toMatchObject({ actor_id: funder.id, target_type: 'access_request' });
  });

  for (const [what, value] of [
    ['blank', '   \n  '],
    ['null', null],
    ['left out', undefined],
  ] as const) {
    it(`create: an introduction that is ${what} is stored as null`, async () => {
      const project = await listing(`Intro ${what}`);
      const res = await requestAccess(t.app, await createFunder(t), project.id, value);
      expect(res.statusCode).toBe(201);
      expect(res.json().initial_message).toBeNull();
      expect((await accessRow(res.json().id)).initial_message).toBeNull();
    });
  }

  it('create: an introduction over 1000 characters is 400 with the message', async () => {
    const project = await listing('Long intro');
    const res = await requestAccess(t.app, await createFunder(t), project.id, 'x'.repeat(1001));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Message must be at most 1000 characters');
  });

  it('create: a second open request for the same project is 409 and nothing is added', async () => {
    const project = await listing('Asked twice');
    const funder = await createFunder(t);
    await requestAccessOk(t.app, funder, project.id);
    const res = await requestAccess(t.app, funder, project.id, 'Again');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: accessMessages.alreadyRequested });
    const rows = await t.database.db
      .selectFrom('access_request')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('create: two requests at once give one 201 and one 409', async () => {
    const project = await listing('Asked at once');
    const funder = await createFunder(t);
    const results = await Promise.all([
      requestAccess(t.app, funder, project.id),
      requestAccess(t.app, funder, project.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('create: an approved request is still open (409); after a decline the funder may ask again', async () => {
    const approvedProject = await listing('Approved once');
    const declinedProject = await listing('Declined once');
    const funder = await createFunder(t);
    const approved = await requestAccessOk(t.app, funder, approvedProject.id);
    await decide(t.app, developer, approved.id, 'approve');
    expect((await requestAccess(t.app, funder, approvedProject.id)).statusCode).toBe(409);
    const declined = await requestAccessOk(t.app, funder, declinedProject.id);
    await decide(t.app, developer, declined.id, 'decline');
    const again = await requestAccess(t.app, funder, declinedProject.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(declined.id);
  });

  it('create: a project off the market (draft, under review, rejected) or unknown is 404', async () => {
    const funder = await createFunder(t);
    for (const state of ['draft', 'pending', 'rejected'] as const) {
      const project = await listedProject(t, developer, { title: `Off market ${state}` }, { state });
      expect((await requestAccess(t.app, funder, project.id)).statusCode).toBe(404);
    }
    expect((await requestAccess(t.app, funder, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('create: a malformed project id or an unknown field is 400', async () => {
    const funder = await createFunder(t);
    expect((await requestAccess(t.app, funder, 'not-a-uuid')).statusCode).toBe(400);
    const project = await listing('Unknown field');
    const res = await as(t.app, funder, {
      method: 'POST',
      url: '/api/access-requests',
      payload: { project_id: project.id, status: 'approved' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('create: the marketplace gate, and the roles: developer and admin 403, anonymous 401', async () => {
    const project = await listing('Gated');
    const pending = await requestAccess(t.app, await createFunder(t, 'pending_approval'), project.id);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('ACCOUNT_PENDING_APPROVAL');
    const unsubscribed = await requestAccess(t.app, await createFunder(t, 'unsubscribed'), project.id);
    expect(unsubscribed.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await requestAccess(t.app, developer, project.id)).statusCode).toBe(403);
    expect((await requestAccess(t.app, admin, project.id)).statusCode).toBe(403);
    expect((await requestAccess(t.app, null, project.id)).statusCode).toBe(401);
    const rows = await t.database.db
      .selectFrom('access_request')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('PUT /api/access-requests/:id/approve and /decline', () => {
  it('approve: the request is approved, the funder notified and e-mailed, and it is audited', async () => {
    const project = await listing('Approved Heights');
    const funder = await createFunder(t);
    const request = await requestAccessOk(t.app, funder, project.id);
    const res = await decide(t.app, developer, request.id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: request.id,
      status: 'approved',
      project_title: 'Approved Heights',
      approved_at: expect.any(String),
    });
    expect((await notificationsOf(t.database.db, funder.id)).map((n) => [n.type, n.related_id])).toEqual([
      ['access_granted', project.id],
    ]);
    const mail = (await emailsTo(t.database.db, funder.email)).at(-1);
    expect(mail?.subject).toBe('Access granted: "Approved Heights"');
    expect(mail?.text).toContain(`http://localhost:3000/project/${project.id}`);
    const audit = await auditFor(t.database.db, request.id);
    expect(audit.map((a) => a.action)).toEqual(['access_request.created', 'access_request.approved']);
    expect(audit[1]).toMatchObject({ actor_id: developer.id, before: { status: 'pending' } });
    expect(audit[1]!.after).toMatchObject({ status: 'approved' });
  });

  it('approve: the funder then reads the whole project and can list, download and view its documents', async () => {
    const project = await listedProject(t, developer, { title: 'Open Book' }, { state: 'draft' });
    const content = samples.pdf();
    const up = await uploadDocuments(t.app, developer, project.id, [
      { type: 'valuation_report', name: 'valuation.pdf', content },
    ]);
    const documentId = up.json().uploaded[0].id;
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true, submission_status: 'submitted' })
      .where('id', '=', project.id)
      .execute();
    const funder = await createFunder(t);
    const request = await requestAccessOk(t.app, funder, project.id);
    const download = `/api/documents/${documentId}/download`;
    expect((await as(t.app, funder, { method: 'GET', url: download })).statusCode).toBe(404);

    await decide(t.app, developer, request.id, 'approve');
    const detail = await as(t.app, funder, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(detail.json()).toMatchObject({
      view: 'full',
      title: 'Open Book',
      description: expect.any(String),
      location: '12 Example Street, Marrickville NSW 2204',
      total_project_cost: 6_000_000,
      access_status: 'approved',
      access_request_id: request.id,
    });
    const list = await as(t.app, funder, { method: 'GET', url: `/api/projects/${project.id}/documents` });
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { id: string }) => d.id)).toEqual([documentId]);
    const file = await as(t.app, funder, { method: 'GET', url: download });
    expect(file.statusCode).toBe(200);
    // A copy stamped with the funder's name and a download code (decision 034), not the same bytes.
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.equals(content)).toBe(false);
    const view = await as(t.app, funder, { method: 'GET', url: `/api/documents/${documentId}/view` });
    expect(view.statusCode).toBe(200);
    // Another funder still gets nothing.
    const stranger = await createFunder(t);
    expect((await as(t.app, stranger, { method: 'GET', url: download })).statusCode).toBe(404);
  });

  it('approve: a granted funder whose subscription lapsed is stopped by the gate (403), not given the file', async () => {
    const project = await listing('Lapsed access');
    const funder = await createFunder(t);
    const request = await requestAccessOk(t.app, funder, project.id);
    await decide(t.app, developer, request.id, 'approve');
    await t.database.db
      .updateTable('user')
      .set({ subscription_status: 'inactive' })
      .where('id', '=', funder.id)
      .execute();
    const res = await as(t.app, funder, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('decline: the request is declined, the funder told without the title, and the project reappears in their market', async () => {
    const project = await listing('Declined Gardens');
    const funder = await createFunder(t);
    const request = await requestAccessOk(t.app, funder, project.id);
    const inMarket = async () =>
      (await market(t.app, funder, { limit: 100 }))
        .json()
        .items.find((p: { id: string }) => p.id === project.id);
    expect(await inMarket()).toBeUndefined();

    const res = await decide(t.app, developer, request.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', project_title: 'Declined Gardens' });
    expect((await accessRow(request.id)).declined_at).not.toBeNull();
    const note = (await notificationsOf(t.database.db, funder.id)).at(-1);
    expect(note).toMatchObject({ type: 'access_declined', related_id: project.id });
    expect(note?.message).toBe(
      'Your access request for the residential project in Marrickville was declined',
    );
    const mail = (await emailsTo(t.database.db, funder.email)).at(-1);
    expect(mail?.subject).toBe('Access request declined');
    expect(mail?.text).not.toContain('Declined Gardens');
    expect(await inMarket()).toMatchObject({ access_status: 'declined', access_request_id: request.id });
    expect((await auditFor(t.database.db, request.id)).map((a) => a.action)).toEqual([
      'access_request.created',
      'access_request.declined',
    ]);
  });

  it("approve: someone else's request is 404 to another developer and stays pending", async () => {
    const project = await listing('Not yours');
    const request = await requestAccessOk(t.app, await createFunder(t), project.id);
    for (const decision of ['approve', 'decline'] as const) {
      const res = await decide(t.app, otherDeveloper, request.id, decision);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Access request not found');
    }
    expect((await accessRow(request.id)).status).toBe('pending');
  });

  it('approve: a request that is no longer pending is 409, whichever way it was decided', async () => {
    const approvedProject = await listing('Decided yes');
    const declinedProject = await listing('Decided no');
    const funder = await createFunder(t);
    const approved = await requestAccessOk(t.app, funder, approvedProject.id);
    const declined = await requestAccessOk(t.app, funder, declinedProject.id);
    await decide(t.app, developer, approved.id, 'approve');
    await decide(t.app, developer, declined.id, 'decline');
    for (const [id, decision] of [
      [approved.id, 'approve'],
      [approved.id, 'decline'],
      [declined.id, 'approve'],
      [declined.id, 'decline'],
    ] as const) {
      const res = await decide(t.app, developer, id, decision);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(accessMessages.onlyPending);
    }
    expect((await accessRow(approved.id)).status).toBe('approved');
    expect((await accessRow(declined.id)).status).toBe('declined');
  });

  it('approve: a funder and an admin get 403, anonymous 401; unknown 404; malformed 400', async () => {
    const project = await listing('Only the developer decides');
    const funder = await createFunder(t);
    const request = await requestAccessOk(t.app, funder, project.id);
    expect((await decide(t.app, funder, request.id, 'approve')).statusCode).toBe(403);
    expect((await decide(t.app, admin, request.id, 'approve')).statusCode).toBe(403);
    expect((await decide(t.app, null, request.id, 'decline')).statusCode).toBe(401);
    expect(
      (await decide(t.app, developer, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode,
    ).toBe(404);
    expect((await decide(t.app, developer, 'nope', 'approve')).statusCode).toBe(400);
    expect((await accessRow(request.id)).status).toBe('pending');
  });
});

describe('GET /api/access-requests', () => {
  let owner: TestUser;
  let funderOne: TestUser;
  let funderTwo: TestUser;
  const requestIds: Record<string, string> = {};

  beforeAll(async () => {
    owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Lister' });
    [funderOne, funderTwo] = await Promise.all([createFunder(t), createFunder(t)]);
    const first = await listing('List One', owner);
    const second = await listing('List Two', owner);
    requestIds.oneFirst = (await requestAccessOk(t.app, funderOne, first.id)).id;
    requestIds.twoFirst = (await requestAccessOk(t.app, funderTwo, first.id)).id;
    requestIds.oneSecond = (await requestAccessOk(t.app, funderOne, second.id)).id;
    await decide(t.app, owner, requestIds.oneFirst, 'approve');
    // A conversation on funderOne's first request: two messages from the funder, then a reply.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await t.database.db
      .insertInto('message')
      .values([
        {
          access_request_id: requestIds.oneFirst,
          sender_id: funderOne.id,
          message: 'Hello',
          sent_at: minutesAgo(3),
        },
        {
          access_request_id: requestIds.oneFirst,
          sender_id: funderOne.id,
          message: 'Any news?',
          sent_at: minutesAgo(2),
        },
        {
          access_request_id: requestIds.oneFirst,
          sender_id: owner.id,
          message: 'Approved!',
          sent_at: minutesAgo(1),
        },
      ])
      .execute();
  });

  const list = (user: TestUser | null, query = '') =>
    as(t.app, user, { method: 'GET', url: `/api/access-requests${query}` });
  const idsOf = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

  it('list: a funder sees only their own requests, newest first, with titles only where access was granted', async () => {
    const body = (await list(funderOne)).json();
    expect(idsOf(body)).toEqual([requestIds.oneSecond, requestIds.oneFirst]);
    expect(body.total).toBe(2);
    expect(body.items.map((i: { project_title: string | null }) => i.project_title)).toEqual([
      null,
      'List One',
    ]);
  });

  it('list: the developer sees the requests on their projects; another developer none', async () => {
    const body = (await list(owner)).json();
    expect(idsOf(body).sort()).toEqual(Object.values(requestIds).sort());
    expect(body.items.every((i: { project_title: string }) => i.project_title.startsWith('List '))).toBe(
      true,
    );
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await list(other)).json()).toEqual({ items: [], total: 0 });
  });

  it('list: ?status=pending gives the developer the requests waiting for a decision (the /access-requests page)', async () => {
    const body = (await list(owner, '?status=pending')).json();
    expect(idsOf(body).sort()).toEqual([requestIds.twoFirst, requestIds.oneSecond].sort());
    expect(body.total).toBe(2);
  });

  it('list: the last message and what each party has not read', async () => {
    const forFunder = (await list(funderOne))
      .json()
      .items.find((i: { id: string }) => i.id === requestIds.oneFirst);
    expect(forFunder).toMatchObject({ last_message: 'Approved!', unread_count: 1 });
    expect(forFunder.last_message_time).toEqual(expect.any(String));
    const forOwner = (await list(owner))
      .json()
      .items.find((i: { id: string }) => i.id === requestIds.oneFirst);
    expect(forOwner).toMatchObject({ last_message: 'Approved!', unread_count: 2 });
    const quiet = (await list(owner)).json().items.find((i: { id: string }) => i.id === requestIds.twoFirst);
    expect(quiet).toMatchObject({ last_message: null, last_message_time: null, unread_count: 0 });
  });

  it('list: an admin sees every request (nothing unread: admins only read conversations)', async () => {
    const body = (await list(admin, '?limit=100')).json();
    expect(idsOf(body)).toEqual(expect.arrayContaining(Object.values(requestIds)));
    const item = body.items.find((i: { id: string }) => i.id === requestIds.oneFirst);
    expect(item).toMatchObject({ last_message: 'Approved!', unread_count: 0, project_title: 'List One' });
  });

  it('list: pages of one keep the total', async () => {
    const first = (await list(owner, '?limit=1&page=1')).json();
    const second = (await list(owner, '?limit=1&page=2')).json();
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.items[0].id).not.toBe(second.items[0].id);
  });

  it('list: a user who has not chosen a role gets 403, anonymous 401', async () => {
    expect((await list(await createUser(t.app))).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
  });
});
