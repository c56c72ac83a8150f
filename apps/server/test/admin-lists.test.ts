import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, insertPayment, projectIn } from './support/admin';

// What the admin console lists, each on a fresh database: the projects with their filters and
// labels, the Overview stats and the override history.

describe('GET /api/admin/projects', () => {
  let fresh: TestApp;
  let boss: TestUser;
  afterAll(() => fresh?.close());

  it('projects: filters, pages, pending count, labels and payment intent ids', async () => {
    fresh = await buildTestApp();
    boss = await createUser(fresh.app, { role: 'admin' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default', name: 'Sam Builder' });
    const draft = await projectIn(fresh.app, dev, 'draft', { title: 'A draft' });
    const pending1 = await projectIn(fresh.app, dev, 'pending', { title: 'Pending one' });
    const live = await projectIn(fresh.app, dev, 'published', { title: 'Live one' });
    const rejected = await projectIn(fresh.app, dev, 'rejected', { title: 'Rejected one' });
    const pending2 = await projectIn(fresh.app, dev, 'pending', { title: 'Pending two' });

    const all = (await adminCall(fresh.app, boss, 'GET', '/projects')).json();
    expect(all).toMatchObject({ page: 1, limit: 50, total: 5, pending_review_count: 2 });
    // Newest first.
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([
      pending2.id,
      rejected.id,
      live.id,
      pending1.id,
      draft.id,
    ]);
    const labels = Object.fromEntries(
      all.items.map((p: { title: string; status_label: string }) => [p.title, p.status_label]),
    );
    expect(labels).toEqual({
      'A draft': 'Draft',
      'Pending one': 'Pending Review',
      'Live one': 'Published',
      'Rejected one': 'Rejected',
      'Pending two': 'Pending Review',
    });
    const first = all.items.find((p: { id: string }) => p.id === pending1.id);
    expect(first).toMatchObject({
      borrower_id: dev.id,
      borrower_name: 'Sam Builder',
      borrower_email: dev.email,
      loan_amount: 4_000_000,
      payment_intent_id: `pi_${pending1.id}`,
      property_type: 'Residential',
      suburb: 'Marrickville',
      development_stage: 'Pre-Construction',
      project_size_sqm: 1850,
      documents_complete: false,
    });
    expect(all.items.find((p: { id: string }) => p.id === draft.id).payment_intent_id).toBeNull();

    const pending = (await adminCall(fresh.app, boss, 'GET', '/projects?status=pending_review')).json();
    expect(pending.items.map((p: { id: string }) => p.id)).toEqual([pending2.id, pending1.id]);
    expect(pending).toMatchObject({ total: 2, pending_review_count: 2 });
    const published = (await adminCall(fresh.app, boss, 'GET', '/projects?status=published')).json();
    expect(published.items.map((p: { id: string }) => p.id)).toEqual([live.id]);
    expect(published).toMatchObject({ total: 1, pending_review_count: 2 });

    const page2 = (await adminCall(fresh.app, boss, 'GET', '/projects?limit=2&page=2')).json();
    expect(page2.items.map((p: { id: string }) => p.id)).toEqual([live.id, pending1.id]);
    expect(page2.total).toBe(5);
    expect((await adminCall(fresh.app, boss, 'GET', '/projects?limit=101')).statusCode).toBe(400);
    expect((await adminCall(fresh.app, boss, 'GET', '/projects?status=unpaid')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  let fresh: TestApp;
  afterAll(() => fresh?.close());

  it('stats: users not deleted, all projects, live ones, and completed payments in whole dollars', async () => {
    fresh = await buildTestApp();
    const boss = await createUser(fresh.app, { role: 'admin' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    const funder = await createUser(fresh.app, { role: 'funder', approved: true, profile: 'default' });
    const gone = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    await fresh.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const live = await projectIn(fresh.app, dev, 'published');
    await projectIn(fresh.app, dev, 'pending');
    await projectIn(fresh.app, dev, 'rejected');
    await projectIn(fresh.app, dev, 'draft');
    const db = fresh.database.db;
    await insertPayment(db, { userId: dev.id, projectId: live.id, status: 'completed', amountCents: 49_900 });
    await insertPayment(db, {
      userId: funder.id,
      status: 'completed',
      amountCents: 29_900,
      type: 'subscription',
    });
    await insertPayment(db, { userId: dev.id, status: 'completed', amountCents: 49_950 });
    await insertPayment(db, { userId: dev.id, status: 'failed', amountCents: 49_900 });
    await insertPayment(db, { userId: dev.id, status: 'pending', amountCents: 49_900 });
    await insertPayment(db, { userId: funder.id, status: 'refunded', amountCents: 29_900 });

    const res = await adminCall(fresh.app, boss, 'GET', '/stats');
    expect(res.statusCode).toBe(200);
    // Hand-checked: 3 users (admin, developer, funder; the deleted one not counted); 4 projects,
    // 1 live; revenue (49,900 + 29,900 + 49,950) cents = $1,297.50, shown as $1,298.
    expect(res.json()).toEqual({
      total_users: 3,
      total_projects: 4,
      active_projects: 1,
      total_revenue: 1298,
    });
  });
});

describe('GET /api/admin/override-history', () => {
  let fresh: TestApp;
  afterAll(() => fresh?.close());

  it("override-history: admins' entries only, newest first, 10 by default, limit honoured", async () => {
    fresh = await buildTestApp();
    const boss = await createUser(fresh.app, { role: 'admin', name: 'Olivia Ops' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await projectIn(fresh.app, dev, 'draft');
      ids.push(p.id);
      const res = await adminCall(fresh.app, boss, 'POST', `/force-publish-project/${p.id}`, {
        reason: `Override number ${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await adminCall(fresh.app, boss, 'GET', '/override-history');
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries).toHaveLength(10);
    expect(entries.map((e: { reason: string }) => e.reason)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Override number ${11 - i}`),
    );
    expect(entries[0]).toMatchObject({
      admin_name: 'Olivia Ops',
      action_type: 'project.force_published',
      target_type: 'project',
      target_id: ids[11],
    });
    expect(typeof entries[0].id).toBe('number');
    expect(new Date(entries[0].created_at).toString()).not.toBe('Invalid Date');
    // The developer's 'project.created' entries are not overrides.
    expect(entries.every((e: { action_type: string }) => e.action_type !== 'project.created')).toBe(true);

    const three = (await adminCall(fresh.app, boss, 'GET', '/override-history?limit=3')).json();
    expect(three.entries.map((e: { target_id: string }) => e.target_id)).toEqual([ids[11], ids[10], ids[9]]);
    expect((await adminCall(fresh.app, boss, 'GET', '/override-history?limit=0')).statusCode).toBe(400);
  });
});
