import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import { acceptQuoteDirectly, completeDeal, createEngaged, forceComplete } from './support/deals';
import { createFunder } from './support/marketplace';

// Issue 23 item 5: a completed deal marks its project funded (project.funded_at), and the project
// answers it, with the label 'Funded', to its developer (the project, My Projects) and to admins
// (the project, the Projects tab); before completion the same listing reads 'Published'.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(() => t.close());

const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** What each reader is told about the project: [status_label, funded_at] from every place. */
async function seenBy(developer: TestUser, projectId: string) {
  const own = (await as(t.app, developer, { method: 'GET', url: `/api/projects/${projectId}` })).json();
  const mine = (await as(t.app, developer, { method: 'GET', url: '/api/projects' })).json();
  const listed = mine.items.find((p: { id: string }) => p.id === projectId);
  const adminRead = (await as(t.app, admin, { method: 'GET', url: `/api/projects/${projectId}` })).json();
  const adminList = (await adminCall(t.app, admin, 'GET', '/projects?limit=100')).json();
  const adminRow = adminList.items.find((p: { id: string }) => p.id === projectId);
  const pick = (p: { status_label: string; funded_at: string | null }) => [p.status_label, p.funded_at];
  return {
    developer: [pick(own), pick(listed)],
    admin: [pick(adminRead), pick(adminRow)],
  };
}

describe('a funded project', () => {
  it("completed by the developer: 'Funded' with funded_at to the developer and to admins, 'Published' with null before", async () => {
    const deal = await createEngaged(t, { title: 'Funded Terraces' });
    await acceptQuoteDirectly(t, deal);
    expect(await seenBy(deal.developer, deal.projectId)).toEqual({
      developer: [
        ['Published', null],
        ['Published', null],
      ],
      admin: [
        ['Published', null],
        ['Published', null],
      ],
    });

    const res = await completeDeal(t.app, deal.developer, deal.dealId);
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('project')
      .select('funded_at')
      .where('id', '=', deal.projectId)
      .executeTakeFirstOrThrow();
    const fundedAt = new Date(row.funded_at!).toISOString();
    expect(fundedAt).toMatch(isoPattern);
    expect(await seenBy(deal.developer, deal.projectId)).toEqual({
      developer: [
        ['Funded', fundedAt],
        ['Funded', fundedAt],
      ],
      admin: [
        ['Funded', fundedAt],
        ['Funded', fundedAt],
      ],
    });
  });

  it("force-completed by an admin: 'Funded' the same way; the granted funder reads it too", async () => {
    const deal = await createEngaged(t, { title: 'Forced Funded' });
    const res = await forceComplete(t.app, admin, deal.dealId, { reason: 'Settled off-platform' });
    expect(res.statusCode).toBe(200);
    const seen = await seenBy(deal.developer, deal.projectId);
    const [label, fundedAt] = seen.developer[0]!;
    expect(label).toBe('Funded');
    expect(fundedAt).toMatch(isoPattern);
    expect(seen.admin).toEqual([
      ['Funded', fundedAt],
      ['Funded', fundedAt],
    ]);
    const funderRead = await as(t.app, deal.funder, {
      method: 'GET',
      url: `/api/projects/${deal.projectId}`,
    });
    expect(funderRead.statusCode).toBe(200);
    expect(funderRead.json()).toMatchObject({ view: 'full', status_label: 'Funded', funded_at: fundedAt });
  });

  it('refusals stand: another developer and a funder without access get 404; anonymous 401; the admin list 403 to a developer', async () => {
    const deal = await createEngaged(t, { title: 'Private Funded' });
    await acceptQuoteDirectly(t, deal);
    expect((await completeDeal(t.app, deal.developer, deal.dealId)).statusCode).toBe(200);
    const url = `/api/projects/${deal.projectId}`;
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const stranger = await createFunder(t, 'active');
    expect((await as(t.app, other, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t.app, stranger, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await adminCall(t.app, deal.developer, 'GET', '/projects')).statusCode).toBe(403);
  });
});
