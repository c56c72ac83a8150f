import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createEngaged, createGranted } from './support/deals';
import { createFunder } from './support/marketplace';

// Issue 37 item 6: God Mode's Revoke Access picks a funder and one of their projects. The choices
// come from GET /api/admin/granted-access (admins only); the revocation stays on the spec's route.

let t: TestApp;
let admin: TestUser;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, developer] = await Promise.all([
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }),
  ]);
});
afterAll(() => t.close());

const list = (user: TestUser | null) => as(t.app, user, { method: 'GET', url: '/api/admin/granted-access' });

describe('GET /api/admin/granted-access', () => {
  it('401 to anonymous and 403 to a developer, a funder with access and an unapproved funder', async () => {
    const granted = await createGranted(t, { developer, title: 'Refused Lane' });
    const callers: [TestUser | null, number][] = [
      [null, 401],
      [developer, 403],
      [granted.funder, 403],
      [await createFunder(t, 'pending_approval'), 403],
    ];
    for (const [user, status] of callers)
      expect((await list(user)).statusCode, user?.email ?? 'anonymous').toBe(status);
  });

  it('lists granted, unfunded access by funder and project; pending, declined and revoked are not offered', async () => {
    const funder = await createFunder(t, 'active', { name: 'Gail Granted' });
    const approved = await createGranted(t, { developer, funder, title: 'Approved Avenue' });
    const inRoom = await createEngaged(t, { developer, funder, title: 'Room Road' });
    const pending = await createGranted(t, { developer, funder, status: 'pending', title: 'Pending Place' });
    const declined = await createGranted(t, {
      developer,
      funder,
      status: 'declined',
      title: 'Declined Drive',
    });
    const revoked = await createGranted(t, { developer, funder, title: 'Revoked Row' });
    const res0 = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/access-requests/${revoked.accessRequestId}/revoke`,
      payload: { reason: 'Closed by the team' },
    });
    expect(res0.statusCode).toBe(200);

    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const mine = res.json().items.filter((i: { funder_id: string }) => i.funder_id === funder.id);
    expect(mine).toEqual([
      expect.objectContaining({
        access_request_id: approved.accessRequestId,
        funder_name: 'Gail Granted',
        project_id: approved.projectId,
        project_title: 'Approved Avenue',
        status: 'approved',
      }),
      expect.objectContaining({
        access_request_id: inRoom.accessRequestId,
        project_title: 'Room Road',
        status: 'due_diligence',
      }),
    ]);
    const ids = res.json().items.map((i: { access_request_id: string }) => i.access_request_id);
    for (const gone of [pending, declined, revoked]) expect(ids).not.toContain(gone.accessRequestId);

    // The id it gives is what the spec's route revokes; the access then leaves the list.
    const revokeRes = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/access-requests/${approved.accessRequestId}/revoke`,
      payload: { reason: 'Override from God Mode' },
    });
    expect(revokeRes.statusCode).toBe(200);
    const after = (await list(admin))
      .json()
      .items.map((i: { access_request_id: string }) => i.access_request_id);
    expect(after).not.toContain(approved.accessRequestId);
    expect(after).toContain(inRoom.accessRequestId);
  });
});
