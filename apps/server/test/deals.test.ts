import { randomUUID } from 'node:crypto';
import { dealMessages, dealRoomPath } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo, notificationsOf } from './support/admin';
import {
  acceptQuoteDirectly,
  createEngaged,
  createGranted,
  createStrangers,
  type Engaged,
  engage,
  getDeal,
} from './support/deals';
import { createFunder, market } from './support/marketplace';
import { insertAccessRequest, setPreferences } from './support/messages';

// Engage (POST /api/deals), the deal (GET /api/deals/{id}) and a project's deals
// (GET /api/projects/{id}/deals), on a fresh database with its own people.

let t: TestApp;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
});
afterAll(() => t.close());

const dealRows = (accessRequestId: string) =>
  t.database.db.selectFrom('deal').selectAll().where('access_request_id', '=', accessRequestId).execute();
const accessStatus = async (id: string) =>
  (
    await t.database.db
      .selectFrom('access_request')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('POST /api/deals (Engage)', () => {
  it('engage: the granted funder opens the room (201); access moves to due diligence, audited; the developer is notified and e-mailed', async () => {
    const g = await createGranted(t);
    const res = await engage(t.app, g.funder, {
      project_id: g.projectId,
      access_request_id: g.accessRequestId,
    });
    expect(res.statusCode).toBe(201);
    const { deal_id: dealId, created } = res.json();
    expect(created).toBe(true);
    const [row] = await dealRows(g.accessRequestId);
    expect(row).toMatchObject({
      id: dealId,
      project_id: g.projectId,
      borrower_id: g.developer.id,
      funder_id: g.funder.id,
      status: 'open',
      completed_at: null,
    });
    expect(await accessStatus(g.accessRequestId)).toBe('due_diligence');

    expect((await auditFor(t.database.db, dealId)).map((e) => [e.action, e.actor_id])).toEqual([
      ['deal.created', g.funder.id],
    ]);
    const accessAudit = (await auditFor(t.database.db, g.accessRequestId)).at(-1)!;
    expect(accessAudit).toMatchObject({
      action: 'access_request.due_diligence',
      before: { status: 'approved' },
      after: { status: 'due_diligence', deal_id: dealId },
    });

    const [notification] = await notificationsOf(t.database.db, g.developer.id);
    expect(notification).toMatchObject({ type: 'deal_engagement', related_id: dealId });
    expect(notification!.message).toBe(
      'Frankie Funder (Test Capital) opened a deal room for "Harbour View Terraces"',
    );
    const [email] = await emailsTo(t.database.db, g.developer.email);
    expect(email!.subject).toBe('New deal engagement: "Harbour View Terraces"');
    expect(email!.text).toContain(
      `http://localhost:3000${dealRoomPath({ id: dealId, project_id: g.projectId })}`,
    );
  });

  it('engage: the marketplace card goes from Engage to Deal Room (due diligence, with the deal id), through the page cache', async () => {
    const g = await createGranted(t, { title: 'Engaged Card Lofts' });
    const search = { q: 'Engaged Card' };
    const before = (await market(t.app, g.funder, search)).json();
    expect(before.items).toEqual([
      expect.objectContaining({ id: g.projectId, access_status: 'approved', deal_id: null }),
    ]);
    const res = await engage(t.app, g.funder, {
      project_id: g.projectId,
      access_request_id: g.accessRequestId,
    });
    const body = (await market(t.app, g.funder, search)).json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: g.projectId,
      access_status: 'due_diligence',
      access_request_id: g.accessRequestId,
      deal_id: res.json().deal_id,
    });
  });

  it('engage: a second call answers the same deal (200, created false) and writes nothing more', async () => {
    const e = await createEngaged(t);
    const again = await engage(t.app, e.funder, {
      project_id: e.projectId,
      access_request_id: e.accessRequestId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deal_id: e.dealId, created: false });
    expect(await dealRows(e.accessRequestId)).toHaveLength(1);
    expect(await notificationsOf(t.database.db, e.developer.id)).toHaveLength(1);
    expect(await auditFor(t.database.db, e.dealId)).toHaveLength(1);
  });

  it('engage: two calls at once make one deal: one 201, one 200, the same id, one notification', async () => {
    const g = await createGranted(t);
    const body = { project_id: g.projectId, access_request_id: g.accessRequestId };
    const [a, b] = await Promise.all([engage(t.app, g.funder, body), engage(t.app, g.funder, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().deal_id).toBe(b.json().deal_id);
    expect(await dealRows(g.accessRequestId)).toHaveLength(1);
    expect(await notificationsOf(t.database.db, g.developer.id)).toHaveLength(1);
    expect(await auditFor(t.database.db, a.json().deal_id)).toHaveLength(1);
  });

  it('engage: a developer who turned deal e-mails off gets the notification only', async () => {
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Quiet Developer',
    });
    expect((await setPreferences(t.app, developer, { email_deal_engagement: false })).statusCode).toBe(200);
    await createEngaged(t, { developer });
    expect(await notificationsOf(t.database.db, developer.id)).toHaveLength(1);
    expect(await emailsTo(t.database.db, developer.email)).toEqual([]);
  });

  it("engage: a pending or declined request is refused (403 'only once the developer has approved')", async () => {
    for (const status of ['pending', 'declined'] as const) {
      const g = await createGranted(t, { status });
      const res = await engage(t.app, g.funder, {
        project_id: g.projectId,
        access_request_id: g.accessRequestId,
      });
      expect(res.statusCode, status).toBe(403);
      expect(res.json().error).toBe(dealMessages.accessNotApproved);
      expect(await dealRows(g.accessRequestId)).toEqual([]);
    }
  });

  it("engage: someone else's request, or the request with another project's id, is 404", async () => {
    const g = await createGranted(t);
    const other = await createGranted(t);
    const byThirdFunder = await engage(t.app, strangers.funder, {
      project_id: g.projectId,
      access_request_id: g.accessRequestId,
    });
    expect(byThirdFunder.statusCode).toBe(404);
    expect(byThirdFunder.json().error).toBe('Access request not found');
    const mismatched = await engage(t.app, g.funder, {
      project_id: other.projectId,
      access_request_id: g.accessRequestId,
    });
    expect(mismatched.statusCode).toBe(404);
    const unknown = await engage(t.app, g.funder, {
      project_id: g.projectId,
      access_request_id: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await dealRows(g.accessRequestId)).toEqual([]);
  });

  it('engage: a listing taken off the market is refused (409) and its request stays approved', async () => {
    const g = await createGranted(t);
    await t.database.db
      .updateTable('project')
      .set({ visible: false })
      .where('id', '=', g.projectId)
      .execute();
    const res = await engage(t.app, g.funder, {
      project_id: g.projectId,
      access_request_id: g.accessRequestId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(dealMessages.projectNotLive);
    expect(await accessStatus(g.accessRequestId)).toBe('approved');
  });

  it('engage: anonymous 401; a developer and an admin 403; a funder without a subscription 403 SUBSCRIPTION_REQUIRED', async () => {
    const g = await createGranted(t);
    const body = { project_id: g.projectId, access_request_id: g.accessRequestId };
    expect((await engage(t.app, null, body)).statusCode).toBe(401);
    expect((await engage(t.app, g.developer, body)).statusCode).toBe(403);
    expect((await engage(t.app, strangers.admin, body)).statusCode).toBe(403);
    const lapsed = await createFunder(t, 'unsubscribed');
    const granted = await createGranted(t, { funder: lapsed });
    const res = await engage(t.app, lapsed, {
      project_id: granted.projectId,
      access_request_id: granted.accessRequestId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await dealRows(g.accessRequestId)).toEqual([]);
  });

  it('engage: ids that are not ids and unknown fields are 400', async () => {
    const g = await createGranted(t);
    const bad = await engage(t.app, g.funder, { project_id: 'x', access_request_id: g.accessRequestId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Project not found');
    const extra = await engage(t.app, g.funder, {
      project_id: g.projectId,
      access_request_id: g.accessRequestId,
      status: 'open',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/deals/{id}', () => {
  let e: Engaged;
  beforeAll(async () => {
    e = await createEngaged(t, { title: 'Full Shape Terraces' });
  });

  it('deal: its developer, its funder and admins read the whole deal: parties, stages, the project figures', async () => {
    for (const user of [e.developer, e.funder, strangers.admin]) {
      const res = await getDeal(t.app, user, e.dealId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: e.dealId,
        project_id: e.projectId,
        access_request_id: e.accessRequestId,
        status: 'open',
        proposal_status: null,
        access_status: 'due_diligence',
        borrower_id: e.developer.id,
        borrower_name: 'Dana Developer',
        // The funder reads the developer's e-mail once the developer shares it (decision 042).
        borrower_email: user === e.funder ? null : e.developer.email,
        funder_id: e.funder.id,
        funder_name: 'Frankie Funder',
        funder_email: e.funder.email,
        funder_company: 'Test Capital',
        created_at: expect.any(String),
        completed_at: null,
        access_revoked: null,
        access_until: null,
        contact_shared: { borrower: false, funder: false },
        project: {
          title: 'Full Shape Terraces',
          suburb: 'Newcastle',
          state: 'NSW',
          property_type: 'Residential',
          development_stage: 'Planning',
          loan_amount: 3_500_000,
          interest_rate: null,
          loan_term: null,
          total_project_cost: null,
          construction_cost: null,
          equity_contribution: null,
          land_value: null,
          expected_gdc: null,
          expected_profit: null,
          funded_at: null,
        },
      });
    }
    expect(dealRoomPath((await getDeal(t.app, e.funder, e.dealId)).json())).toBe(
      `/project/${e.projectId}/deal/${e.dealId}`,
    );
  });

  it('deal: the latest proposal status and the term sheet stage once a quote is accepted', async () => {
    const accepted = await createEngaged(t);
    await acceptQuoteDirectly(t, accepted);
    expect((await getDeal(t.app, accepted.developer, accepted.dealId)).json()).toMatchObject({
      proposal_status: 'accepted',
      access_status: 'term_sheet',
    });
  });

  it("deal: 'Deal room not found' (404) for a third funder and another developer, as for an id that does not exist", async () => {
    for (const res of [
      await getDeal(t.app, strangers.funder, e.dealId),
      await getDeal(t.app, strangers.developer, e.dealId),
      await getDeal(t.app, e.funder, randomUUID()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Deal room not found' });
    }
  });

  it('deal: an id that is not one is 400; anonymous 401; a user without a role 403', async () => {
    expect((await getDeal(t.app, e.funder, 'not-a-deal')).statusCode).toBe(400);
    expect((await getDeal(t.app, null, e.dealId)).statusCode).toBe(401);
    const noRole = await createUser(t.app, {});
    expect((await getDeal(t.app, noRole, e.dealId)).statusCode).toBe(403);
  });
});

describe('GET /api/projects/{id}/deals', () => {
  let developer: TestUser;
  let first: Engaged;
  let second: Engaged;
  const listDeals = (user: TestUser | null, projectId = first.projectId) =>
    as(t.app, user, { method: 'GET', url: `/api/projects/${projectId}/deals` });

  beforeAll(async () => {
    developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Two Deal Developer' });
    first = await createEngaged(t, { developer, title: 'Two Deal Towers' });
    // A second funder on the same project.
    const gus = await createFunder(t, 'active', {
      name: 'Gus Lender',
      profile: { company_name: 'Gus Capital' },
    });
    const accessRequestId = await insertAccessRequest(t.database.db, {
      funderId: gus.id,
      projectId: first.projectId,
    });
    const res = await engage(t.app, gus, { project_id: first.projectId, access_request_id: accessRequestId });
    second = { ...first, funder: gus, accessRequestId, dealId: res.json().deal_id };
    await acceptQuoteDirectly(t, first);
  });

  it('project deals: the developer reads both, oldest first, with each funder and the quote status', async () => {
    const res = await listDeals(developer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: first.dealId,
          funder_id: first.funder.id,
          funder_name: 'Frankie Funder',
          funder_email: first.funder.email,
          funder_company: 'Test Capital',
          status: 'open',
          proposal_status: 'accepted',
          created_at: expect.any(String),
        },
        {
          id: second.dealId,
          funder_id: second.funder.id,
          funder_name: 'Gus Lender',
          funder_email: second.funder.email,
          funder_company: 'Gus Capital',
          status: 'open',
          proposal_status: null,
          created_at: expect.any(String),
        },
      ],
    });
  });

  it('project deals: an admin reads them too', async () => {
    expect((await listDeals(strangers.admin)).json().items).toHaveLength(2);
  });

  it("project deals: 'Project not found' (404) for another developer and for the deals' own funders; anonymous 401", async () => {
    for (const user of [strangers.developer, first.funder, second.funder, strangers.funder]) {
      const res = await listDeals(user);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Project not found');
    }
    expect((await listDeals(developer, randomUUID())).statusCode).toBe(404);
    expect((await listDeals(null)).statusCode).toBe(401);
  });
});
