import { auditActionLabels } from '@plinth/domain/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, insertPayment, projectIn } from './support/admin';
import { funderIn } from './support/subscriptions';

// The override history names what each entry is about (issue 8): a project's title, a person's
// name, with whether the target is gone, so the admin panel can show words and links, not ids.

let t: TestApp;
let admin: TestUser;
let dana: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Olivia Ops' });
  dana = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

interface Entry {
  action_type: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  is_target_deleted: boolean;
}

const history = async (limit = 20): Promise<Entry[]> => {
  const res = await adminCall(t.app, admin, 'GET', `/override-history?limit=${limit}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries;
};

describe('GET /api/admin/override-history: target names', () => {
  it("override-history: a project entry carries the project's title; a person entry the person's name", async () => {
    const project = await projectIn(t.app, dana, 'draft', { title: 'Harbour View Terraces' });
    const reason = { reason: 'Paid by bank transfer' };
    expect(
      (await adminCall(t.app, admin, 'POST', `/force-publish-project/${project.id}`, reason)).statusCode,
    ).toBe(200);
    const funder = await funderIn(t.app, 'none', { approved: false, name: 'Frank Funder' });
    expect(
      (await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, reason)).statusCode,
    ).toBe(200);
    const uma = await createUser(t.app, {
      role: 'borrower',
      approved: false,
      profile: 'default',
      name: 'Uma Unapproved',
    });
    expect((await adminCall(t.app, admin, 'PUT', `/users/${uma.id}/approve`)).statusCode).toBe(200);

    const entries = await history(3);
    expect(entries).toMatchObject([
      {
        action_type: 'user.approved',
        target_type: 'user',
        target_id: uma.id,
        target_name: 'Uma Unapproved',
        is_target_deleted: false,
      },
      {
        action_type: 'funder.force_approved',
        target_type: 'subscription',
        target_id: funder.id,
        target_name: 'Frank Funder',
        is_target_deleted: false,
      },
      {
        action_type: 'project.force_published',
        target_type: 'project',
        target_id: project.id,
        target_name: 'Harbour View Terraces',
        is_target_deleted: false,
      },
    ]);
  });

  it('override-history: a deleted project keeps its title (from the deletion record) and is marked deleted', async () => {
    const project = await projectIn(t.app, dana, 'draft', { title: 'Gone Gardens' });
    await insertPayment(t.database.db, { userId: dana.id, projectId: project.id, status: 'completed' });
    const reason = { reason: 'Listed twice' };
    expect(
      (await adminCall(t.app, admin, 'POST', `/force-publish-project/${project.id}`, reason)).statusCode,
    ).toBe(200);
    expect(
      (await adminCall(t.app, admin, 'DELETE', `/delete-project/${project.id}`, reason)).statusCode,
    ).toBe(200);

    const about = (await history()).filter((e) => e.target_id === project.id);
    expect(about.map((e) => [e.action_type, e.target_name, e.is_target_deleted])).toEqual([
      ['project.deleted', 'Gone Gardens', true],
      ['project.force_published', 'Gone Gardens', true],
    ]);
  });

  it('override-history: a deleted person keeps their name and is marked deleted', async () => {
    const funder = await funderIn(t.app, 'none', { approved: false, name: 'Gina Gone' });
    expect(
      (
        await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, {
          reason: 'Known lender',
        })
      ).statusCode,
    ).toBe(200);
    await t.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', funder.id)
      .execute();
    const entry = (await history()).find((e) => e.target_id === funder.id);
    expect(entry).toMatchObject({ target_name: 'Gina Gone', is_target_deleted: true });
  });

  it('audit log: every action key the server wrote in these flows has a label in the domain', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select('action').distinct().execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { action } of rows) expect(Object.hasOwn(auditActionLabels, action), action).toBe(true);
  });
});

describe('GET /api/admin/users/{id}: the person a history link opens', () => {
  it('users/{id}: answers the person as the Users tab shows them', async () => {
    const res = await adminCall(t.app, admin, 'GET', `/users/${dana.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: dana.id,
      name: 'Dana Developer',
      email: dana.email,
      role: 'borrower',
      verification_status: expect.any(String),
    });
  });

  it('users/{id}: an unknown or deleted person answers 404; anonymous 401; a developer or a funder 403', async () => {
    expect((await adminCall(t.app, admin, 'GET', '/users/no-such-person')).statusCode).toBe(404);
    const gone = await createUser(t.app, { role: 'borrower', profile: 'default' });
    await t.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    expect((await adminCall(t.app, admin, 'GET', `/users/${gone.id}`)).statusCode).toBe(404);
    expect((await adminCall(t.app, null, 'GET', `/users/${dana.id}`)).statusCode).toBe(401);
    const funder = await funderIn(t.app, 'active');
    for (const user of [dana, funder]) {
      expect((await adminCall(t.app, user, 'GET', `/users/${dana.id}`)).statusCode).toBe(403);
    }
  });
});
