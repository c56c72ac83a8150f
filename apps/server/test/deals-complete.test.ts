import { randomUUID } from 'node:crypto';
import { adminMessages } from '@plinth/domain/admin';
import { dealMessages } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { auditFor, emailsTo, notificationsOf, projectRow } from './support/admin';
import {
  acceptQuoteDirectly,
  completeDeal,
  createEngaged,
  createGranted,
  createStrangers,
  engage,
  forceComplete,
  getDeal,
} from './support/deals';
import { listenOnFreePort, openEventStream } from './support/events';
import { market, requestAccess } from './support/marketplace';
import { insertAccessRequest } from './support/messages';

// Completing a deal: PUT /api/deals/{id}/complete by the developer after an accepted quote, and the
// admin's POST /api/admin/force-complete-deal/{dealId}. The project is funded and leaves the market.

let t: TestApp;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listenOnFreePort(t.app);
  strangers = await createStrangers(t);
});
afterAll(() => t.close());

const dealRow = (id: string) =>
  t.database.db.selectFrom('deal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const accessStatus = async (id: string) =>
  (
    await t.database.db
      .selectFrom('access_request')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('PUT /api/deals/{id}/complete', () => {
  it('complete: before a quote is accepted the developer is refused (409) and nothing changes', async () => {
    const e = await createEngaged(t);
    const res = await completeDeal(t.app, e.developer, e.dealId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(dealMessages.completeNeedsAcceptedProposal);
    expect((await dealRow(e.dealId)).status).toBe('open');
    expect(await accessStatus(e.accessRequestId)).toBe('due_diligence');
    expect((await projectRow(t.database.db, e.projectId))!.funded_at).toBeNull();
  });

  it('complete: a declined quote is not an accepted one (409)', async () => {
    const e = await createEngaged(t);
    await t.database.db
      .insertInto('proposal')
      .values({
        deal_id: e.dealId,
        funder_id: e.funder.id,
        loan_amount: 2_000_000,
        interest_rate: 9,
        loan_term: 12,
        status: 'declined',
        decline_reason: 'Rate too high',
        responded_at: new Date(),
        created_at: new Date(),
      })
      .execute();
    expect((await completeDeal(t.app, e.developer, e.dealId)).statusCode).toBe(409);
  });

  it('complete: the funder of the deal is refused (403); a third funder and another developer get 404; an admin 403; anonymous 401', async () => {
    const e = await createEngaged(t);
    await acceptQuoteDirectly(t, e);
    const byFunder = await completeDeal(t.app, e.funder, e.dealId);
    expect(byFunder.statusCode).toBe(403);
    for (const user of [strangers.funder, strangers.developer]) {
      const res = await completeDeal(t.app, user, e.dealId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(dealMessages.notFound);
    }
    expect((await completeDeal(t.app, strangers.admin, e.dealId)).statusCode).toBe(403);
    expect((await completeDeal(t.app, null, e.dealId)).statusCode).toBe(401);
    expect((await completeDeal(t.app, e.developer, randomUUID())).statusCode).toBe(404);
    expect((await dealRow(e.dealId)).status).toBe('open');
  });

  it('complete: after acceptance the developer completes it: deal completed, access funded, project funded, each audited, both told', async () => {
    const e = await createEngaged(t, { title: 'Completed Quay Apartments' });
    await acceptQuoteDirectly(t, e);
    const res = await completeDeal(t.app, e.developer, e.dealId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: e.dealId,
      status: 'completed',
      access_status: 'funded',
      proposal_status: 'accepted',
      completed_at: expect.any(String),
      project: { funded_at: expect.any(String) },
    });
    const row = await dealRow(e.dealId);
    expect(row).toMatchObject({ status: 'completed', completed_by: e.developer.id });
    expect(row.completed_at).not.toBeNull();
    expect(await accessStatus(e.accessRequestId)).toBe('funded');
    const project = (await projectRow(t.database.db, e.projectId))!;
    expect(project.funded_at).not.toBeNull();
    // Still published for those in it: the listing is funded, not rejected.
    expect(project).toMatchObject({ payment_status: 'paid', visible: true });

    expect((await auditFor(t.database.db, e.dealId)).map((a) => a.action)).toEqual([
      'deal.created',
      'deal.completed',
    ]);
    expect((await auditFor(t.database.db, e.accessRequestId)).at(-1)).toMatchObject({
      action: 'access_request.funded',
      actor_id: e.developer.id,
      before: { status: 'term_sheet' },
      after: { status: 'funded', deal_id: e.dealId },
    });
    expect((await auditFor(t.database.db, e.projectId)).at(-1)).toMatchObject({
      action: 'project.funded',
      actor_id: e.developer.id,
    });

    const toFunder = (await notificationsOf(t.database.db, e.funder.id)).filter(
      (n) => n.type === 'deal_completed',
    );
    expect(toFunder).toHaveLength(1);
    expect(toFunder[0]).toMatchObject({ related_id: e.dealId });
    expect(toFunder[0]!.message).toBe(
      'The deal on "Completed Quay Apartments" was completed by Dana Developer (Test Developments Pty Ltd): the project is funded.',
    );
    const [email] = (await emailsTo(t.database.db, e.funder.email)).filter((m) =>
      m.subject.startsWith('Deal completed'),
    );
    expect(email!.subject).toBe('Deal completed: "Completed Quay Apartments"');
    // The developer's follow-up notification (the bell, 2 s after Complete Deal in the web app).
    const followUp = (await notificationsOf(t.database.db, e.developer.id)).filter(
      (n) => n.type === 'deal_completed',
    );
    expect(followUp.map((n) => n.message)).toEqual([
      'Deal completed: "Completed Quay Apartments" is marked funded and has left the marketplace.',
    ]);
  });

  it('complete: a completed deal cannot be completed again (409), nor commented on (409)', async () => {
    const e = await createEngaged(t);
    await acceptQuoteDirectly(t, e);
    expect((await completeDeal(t.app, e.developer, e.dealId)).statusCode).toBe(200);
    const again = await completeDeal(t.app, e.developer, e.dealId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(dealMessages.alreadyCompleted);
    const comment = await as(t.app, e.funder, {
      method: 'POST',
      url: `/api/deals/${e.dealId}/comments`,
      payload: { comment: 'One more thing' },
    });
    expect(comment.statusCode).toBe(409);
    expect(comment.json().error).toBe(dealMessages.closed);
    // The room stays readable.
    expect((await getDeal(t.app, e.funder, e.dealId)).statusCode).toBe(200);
  });

  it('complete: the funded listing leaves the market for every funder, takes no new request or Engage; its parties still read it', async () => {
    const e = await createEngaged(t, { title: 'Leaves Market Mews' });
    // Another funder was granted access too and had not engaged yet.
    const waiting = await createGranted(t, { developer: e.developer });
    const waitingOnSame = await insertAccessRequest(t.database.db, {
      funderId: waiting.funder.id,
      projectId: e.projectId,
    });
    const search = { q: 'Leaves Market' };
    expect((await market(t.app, strangers.funder, search)).json().total).toBe(1);
    const statsBefore = (await market(t.app, strangers.funder)).json().stats;

    await acceptQuoteDirectly(t, e);
    expect((await completeDeal(t.app, e.developer, e.dealId)).statusCode).toBe(200);

    for (const funder of [strangers.funder, e.funder, waiting.funder])
      expect((await market(t.app, funder, search)).json().total).toBe(0);
    const statsAfter = (await market(t.app, strangers.funder)).json().stats;
    expect(statsAfter.active_opportunities).toBe(statsBefore.active_opportunities - 1);
    expect(statsAfter.total_capital_seeking).toBe(statsBefore.total_capital_seeking - 3_500_000);

    const asked = await requestAccess(t.app, strangers.funder, e.projectId);
    expect(asked.statusCode).toBe(404);
    const late = await engage(t.app, waiting.funder, {
      project_id: e.projectId,
      access_request_id: waitingOnSame,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(dealMessages.projectNotLive);

    const detail = (user: typeof e.funder) =>
      as(t.app, user, { method: 'GET', url: `/api/projects/${e.projectId}` });
    expect((await detail(strangers.funder)).statusCode).toBe(404);
    expect((await detail(e.funder)).json()).toMatchObject({ view: 'full', access_status: 'funded' });
    expect((await detail(e.developer)).json()).toMatchObject({ view: 'full', title: 'Leaves Market Mews' });
  });

  it('complete: the funder’s open pages hear of it (a deal status event)', async () => {
    const e = await createEngaged(t);
    await acceptQuoteDirectly(t, e);
    const stream = await openEventStream(baseUrl, e.funder);
    try {
      expect((await completeDeal(t.app, e.developer, e.dealId)).statusCode).toBe(200);
      expect(await stream.next((event) => event.type === 'deal')).toEqual({
        type: 'deal',
        deal_id: e.dealId,
        change: 'status',
      });
    } finally {
      stream.close();
    }
  });
});

describe('POST /api/admin/force-complete-deal/{dealId}', () => {
  it('force complete: an admin completes an open deal in due diligence with a reason, audited as an override', async () => {
    const e = await createEngaged(t, { title: 'Forced Finish Flats' });
    const reason = 'Settled off-platform; both parties confirmed in writing';
    const res = await forceComplete(t.app, strangers.admin, e.dealId, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', access_status: 'funded' });
    expect((await dealRow(e.dealId)).completed_by).toBe(strangers.admin.id);
    expect((await projectRow(t.database.db, e.projectId))!.funded_at).not.toBeNull();
    const forced = (await auditFor(t.database.db, e.dealId)).at(-1)!;
    expect(forced).toMatchObject({
      action: 'deal.force_completed',
      actor_id: strangers.admin.id,
      actor_name: 'Ada Admin',
      reason,
      before: { status: 'open' },
    });
    expect((await auditFor(t.database.db, e.accessRequestId)).at(-1)).toMatchObject({
      action: 'access_request.funded',
      reason,
      before: { status: 'due_diligence' },
    });
    for (const user of [e.funder, e.developer]) {
      const [note] = (await notificationsOf(t.database.db, user.id)).filter(
        (n) => n.type === 'deal_completed',
      );
      expect(note!.message).toBe(
        `The deal on "Forced Finish Flats" was completed by the Plinth team: the project is funded. Reason: ${reason}`,
      );
    }
    // In the override history, by its label.
    const history = await as(t.app, strangers.admin, { method: 'GET', url: '/api/admin/override-history' });
    expect(history.statusCode).toBe(200);
    expect(history.json().entries.map((entry: { action_type: string }) => entry.action_type)).toEqual(
      expect.arrayContaining(['deal.force_completed', 'access_request.funded', 'project.funded']),
    );
  });

  it('force complete: a reason is required (400); a completed deal 409; an unknown one 404', async () => {
    const e = await createEngaged(t);
    const blank = await forceComplete(t.app, strangers.admin, e.dealId, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(adminMessages.overrideReasonRequired);
    expect((await forceComplete(t.app, strangers.admin, e.dealId, {})).statusCode).toBe(400);
    expect((await dealRow(e.dealId)).status).toBe('open');
    expect((await forceComplete(t.app, strangers.admin, e.dealId, { reason: 'Done' })).statusCode).toBe(200);
    const again = await forceComplete(t.app, strangers.admin, e.dealId, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(dealMessages.alreadyCompleted);
    expect((await forceComplete(t.app, strangers.admin, randomUUID(), { reason: 'x' })).statusCode).toBe(404);
  });

  it('force complete: the deal’s own parties and everyone else but admins are refused (403), anonymous 401', async () => {
    const e = await createEngaged(t);
    for (const user of [e.developer, e.funder, strangers.funder, strangers.developer])
      expect((await forceComplete(t.app, user, e.dealId, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await forceComplete(t.app, null, e.dealId, { reason: 'Mine' })).statusCode).toBe(401);
    expect((await dealRow(e.dealId)).status).toBe('open');
  });
});
