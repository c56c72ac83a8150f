import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import { funderIn } from './support/subscriptions';

// Issue 37 item 14: Admin Users showed the active demo developer as PENDING with an Approve button.
// Only a funder's approval gates anything (the marketplace): an onboarded developer, surveyor or
// admin reads Approved and is not counted or listed as waiting for approval.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

describe('GET /api/admin/users: who waits for approval', () => {
  it('a developer whose approved flag was never set reads Approved; an unapproved funder reads Pending', async () => {
    // As the demo seed and sign-up leave a developer: approved false, working fully.
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Dana Developer',
    });
    const funder = await funderIn(t.app, 'none', { approved: false, name: 'Una Unapproved' });
    const newcomer = await createUser(t.app, { name: 'Noah Newcomer' });
    const row = await t.database.db
      .selectFrom('user')
      .select('approved')
      .where('id', '=', developer.id)
      .executeTakeFirstOrThrow();
    expect(row.approved).toBe(false);

    const body = (await adminCall(t.app, admin, 'GET', '/users')).json();
    const byId = new Map(body.items.map((u: { id: string }) => [u.id, u]));
    expect(byId.get(developer.id)).toMatchObject({ role: 'borrower', verification_status: 'Approved' });
    expect(byId.get(admin.id)).toMatchObject({ verification_status: 'Approved' });
    expect(byId.get(funder.id)).toMatchObject({ role: 'funder', verification_status: 'Pending' });
    // Not onboarded yet: not active, so not Approved either.
    expect(byId.get(newcomer.id)).toMatchObject({ role: null, verification_status: 'Pending' });

    // 'Pending Approval' (the filter and the count) is the funder alone.
    expect(body.counts.unapproved).toBe(1);
    const waiting = (await adminCall(t.app, admin, 'GET', '/users?filter=unapproved')).json();
    expect(waiting.items.map((u: { id: string }) => u.id)).toEqual([funder.id]);
  });
});
