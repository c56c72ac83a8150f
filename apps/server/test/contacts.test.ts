import { dealMessages } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { auditFor } from './support/admin';
import { createEngaged, createGranted, createStrangers, type Engaged } from './support/deals';
import { listenOnFreePort, openEventStream } from './support/events';

// Contact sharing between a deal's parties: POST /api/users/share-contact {user_id, target_user_id}
// and GET /api/users/{id}/contact (spec 000 sections 2 and 7).

let t: TestApp;
let baseUrl: string;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
let e: Engaged;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listenOnFreePort(t.app);
  strangers = await createStrangers(t);
  e = await createEngaged(t);
});
afterAll(() => t.close());

const share = (user: TestUser | null, body: Record<string, unknown>) =>
  as(t.app, user, { method: 'POST', url: '/api/users/share-contact', payload: body });
const contactOf = (user: TestUser | null, ownerId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/users/${ownerId}/contact` });
const shares = () => t.database.db.selectFrom('contact_share').selectAll().execute();

describe('contact sharing', () => {
  const sharedFlags = async () =>
    (await as(t.app, e.developer, { method: 'GET', url: `/api/deals/${e.dealId}` })).json().contact_shared;

  const emailsSeenBy = async (user: TestUser) => {
    const deal = (await as(t.app, user, { method: 'GET', url: `/api/deals/${e.dealId}` })).json();
    const project = (await as(t.app, user, { method: 'GET', url: `/api/projects/${e.projectId}` })).json();
    return { deal: [deal.borrower_email, deal.funder_email], project: project.borrower_email };
  };

  it("contact: before sharing, the other party reads nothing: 404 'Contact details have not been shared with you'", async () => {
    // The room knows without asking: neither party has shared.
    expect(await sharedFlags()).toEqual({ borrower: false, funder: false });
    // Nor does the funder read the developer's e-mail in the room or the file (decision 042); the
    // developer reads the funder's, who asked for access under it.
    expect(await emailsSeenBy(e.funder)).toEqual({ deal: [null, e.funder.email], project: null });
    expect(await emailsSeenBy(e.developer)).toEqual({
      deal: [e.developer.email, e.funder.email],
      project: e.developer.email,
    });
    for (const [reader, owner] of [
      [e.funder, e.developer],
      [e.developer, e.funder],
    ] as const) {
      const res = await contactOf(reader, owner.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(dealMessages.contactNotShared);
    }
  });

  it("contact: the developer shares with the deal's funder, who then reads name, e-mail, phone, company and LinkedIn; audited; the funder's room hears of it", async () => {
    const stream = await openEventStream(baseUrl, e.funder);
    try {
      const res = await share(e.developer, { user_id: e.developer.id, target_user_id: e.funder.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ shared: true, target_user_id: e.funder.id });
      expect(await stream.next((event) => event.type === 'deal')).toEqual({
        type: 'deal',
        deal_id: e.dealId,
        change: 'contact',
      });
    } finally {
      stream.close();
    }
    const read = await contactOf(e.funder, e.developer.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id: e.developer.id,
      name: 'Dana Developer',
      email: e.developer.email,
      phone: '0298765432',
      company_name: 'Test Developments Pty Ltd',
      linkedin: null,
    });
    expect((await auditFor(t.database.db, e.funder.id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['contact.shared', e.developer.id],
    ]);
    // One way only: the developer still cannot read the funder's until the funder shares.
    expect(await sharedFlags()).toEqual({ borrower: true, funder: false });
    expect(await emailsSeenBy(e.funder)).toEqual({
      deal: [e.developer.email, e.funder.email],
      project: e.developer.email,
    });
    expect((await contactOf(e.developer, e.funder.id)).statusCode).toBe(404);
    expect((await share(e.funder, { user_id: e.funder.id, target_user_id: e.developer.id })).statusCode).toBe(
      200,
    );
    expect((await contactOf(e.developer, e.funder.id)).json()).toMatchObject({
      id: e.funder.id,
      company_name: 'Test Capital',
    });
    expect(await sharedFlags()).toEqual({ borrower: true, funder: true });
  });

  it('contact: sharing again answers the same and changes nothing', async () => {
    const before = (await shares()).length;
    const res = await share(e.developer, { user_id: e.developer.id, target_user_id: e.funder.id });
    expect(res.statusCode).toBe(200);
    expect((await shares()).length).toBe(before);
    expect(
      (await auditFor(t.database.db, e.funder.id)).filter((a) => a.action === 'contact.shared'),
    ).toHaveLength(1);
  });

  it('contact: a third funder, another developer and an admin never read a shared contact (404 or 403)', async () => {
    for (const user of [strangers.funder, strangers.developer]) {
      const res = await contactOf(user, e.developer.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(dealMessages.contactNotShared);
    }
    expect((await contactOf(strangers.admin, e.developer.id)).statusCode).toBe(403);
    expect((await contactOf(null, e.developer.id)).statusCode).toBe(401);
  });

  it("share: with someone who is not the other party of one of the caller's deals, 403 'only with the other party of one of your deals'", async () => {
    // A funder whose request on the developer's project is only pending has no deal with them.
    const pending = await createGranted(t, { status: 'pending', developer: e.developer });
    for (const [caller, target] of [
      [e.developer, strangers.funder],
      [e.developer, pending.funder],
      [strangers.funder, e.developer],
      [e.developer, e.developer],
    ] as const) {
      const res = await share(caller, { user_id: caller.id, target_user_id: target.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(dealMessages.shareNotAllowed);
    }
    expect((await contactOf(strangers.funder, e.developer.id)).statusCode).toBe(404);
  });

  it('share: in a room whose access was revoked, neither party shares (409, read-only; issue 37 item 11); nothing is written', async () => {
    const room = await createEngaged(t, { title: 'Read Only Rise' });
    const revoke = await as(t.app, room.developer, {
      method: 'PUT',
      url: `/api/access-requests/${room.accessRequestId}/revoke`,
      payload: { reason: 'Terms changed.' },
    });
    expect(revoke.statusCode).toBe(200);
    const before = (await shares()).length;
    for (const [caller, target] of [
      [room.developer, room.funder],
      [room.funder, room.developer],
    ] as const) {
      const res = await share(caller, { user_id: caller.id, target_user_id: target.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(dealMessages.accessRevoked);
    }
    expect((await shares()).length).toBe(before);
  });

  it("share: on someone else's behalf (user_id not the caller) 403; an admin 403; anonymous 401; a body without ids 400", async () => {
    const res = await share(e.funder, { user_id: e.developer.id, target_user_id: e.funder.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(dealMessages.shareNotAllowed);
    expect(
      (await share(strangers.admin, { user_id: strangers.admin.id, target_user_id: e.funder.id })).statusCode,
    ).toBe(403);
    expect((await share(null, { user_id: e.funder.id, target_user_id: e.developer.id })).statusCode).toBe(
      401,
    );
    expect((await share(e.funder, {})).statusCode).toBe(400);
  });
});
