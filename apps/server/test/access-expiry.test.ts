import { lapsedReason } from '@plinth/domain/access-revocation';
import { dealMessages } from '@plinth/domain/deals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessExpiryJob } from '../src/jobs/access-expiry';
import { runAccessExpiry } from '../src/modules/access-requests/access-revocation.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo, notificationsOf } from './support/admin';
import { createEngaged, getDeal } from './support/deals';
import { createFunder } from './support/marketplace';
import { insertAccessRequest, insertPublishedProject } from './support/messages';

// Issue 19 item 5: access granted 'until' a day lapses by itself, the funder told three days before;
// with two server processes each request lapses, and each notice goes out, exactly once.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

const silent = { info() {}, error() {} } as unknown as Parameters<typeof createAccessExpiryJob>[0]['log'];
const db = () => t.database.db;
const row = (id: string) =>
  db().selectFrom('access_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A granted request of `funder` on a new listing of its own title, ending at `accessUntil`. */
async function grantedUntil(
  funder: TestUser,
  title: string,
  accessUntil: Date,
  status: 'approved' | 'due_diligence' | 'term_sheet' | 'funded' = 'approved',
) {
  const projectId = await insertPublishedProject(db(), developer.id, title);
  const id = await insertAccessRequest(db(), { funderId: funder.id, projectId, status });
  await db().updateTable('access_request').set({ access_until: accessUntil }).where('id', '=', id).execute();
  return { id, projectId, title };
}

describe('access expiry job', () => {
  it('two jobs at the same moment: each due request lapses once and each notice goes out once', async () => {
    const funder = await createFunder(t, 'active', { name: 'Petra Period' });
    const now = new Date();
    const statuses = ['approved', 'due_diligence', 'term_sheet'] as const;
    const ended = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        grantedUntil(funder, `Ended ${i}`, new Date(now.getTime() - (i + 1) * HOUR), statuses[i % 3]),
      ),
    );
    const ending = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        grantedUntil(funder, `Ending ${i}`, new Date(now.getTime() + DAY + i * HOUR)),
      ),
    );
    const later = await grantedUntil(funder, 'Later', new Date(now.getTime() + 10 * DAY));
    const funded = await grantedUntil(funder, 'Funded', new Date(now.getTime() - DAY), 'funded');

    const second = createAccessExpiryJob({ run: (at) => runAccessExpiry(t.app.deps, at), log: silent });
    const runs = await Promise.all([t.app.accessExpiry.runOnce(now), second.runOnce(now)]);
    expect(runs.reduce((n, r) => n + r.lapsed, 0)).toBe(ended.length);
    expect(runs.reduce((n, r) => n + r.noticed, 0)).toBe(ending.length);
    // Nothing is left for a third run.
    expect(await second.runOnce(now)).toEqual({ noticed: 0, lapsed: 0 });

    const notes = await notificationsOf(db(), funder.id);
    const mails = await emailsTo(db(), funder.email);
    for (const request of ended) {
      expect(await row(request.id)).toMatchObject({
        status: 'revoked',
        revoked_by: null,
        revoke_reason: lapsedReason((await row(request.id)).access_until!),
      });
      const expired = (await auditFor(db(), request.id)).filter((a) => a.action === 'access_request.expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]).toMatchObject({ actor_id: null, actor_name: 'Access expiry' });
      expect(notes.filter((n) => n.type === 'access_revoked' && n.related_id === request.id)).toHaveLength(1);
      expect(mails.filter((m) => m.subject === `Access revoked: "${request.title}"`)).toHaveLength(1);
      // Lapsed, not told it is about to lapse.
      expect(notes.filter((n) => n.type === 'access_expiring' && n.related_id === request.projectId)).toEqual(
        [],
      );
    }
    for (const request of ending) {
      const current = await row(request.id);
      expect(current.status).toBe('approved');
      expect(current.expiry_notice_sent_at).not.toBeNull();
      expect(
        notes.filter((n) => n.type === 'access_expiring' && n.related_id === request.projectId),
      ).toHaveLength(1);
      expect(mails.filter((m) => m.subject === `Your access to "${request.title}" ends soon`)).toHaveLength(
        1,
      );
    }
    expect(await row(later.id)).toMatchObject({ status: 'approved', expiry_notice_sent_at: null });
    // Funded access is never taken back.
    expect((await row(funded.id)).status).toBe('funded');
    // Out of the later tests' way: they run the job at other moments.
    await db()
      .updateTable('access_request')
      .set({ status: 'closed' })
      .where('funder_id', '=', funder.id)
      .execute();
  });

  it('the notice goes out once, within three days of the end, and the request then lapses at its end', async () => {
    const funder = await createFunder(t, 'active', { name: 'Nico Notice' });
    const now = new Date();
    const end = new Date(now.getTime() + 3 * DAY + HOUR);
    const request = await grantedUntil(funder, 'Three Days', end);
    const job = t.app.accessExpiry;
    expect(await job.runOnce(now)).toEqual({ noticed: 0, lapsed: 0 });
    expect(await job.runOnce(new Date(now.getTime() + 2 * HOUR))).toEqual({ noticed: 1, lapsed: 0 });
    expect(await job.runOnce(new Date(now.getTime() + 3 * HOUR))).toEqual({ noticed: 0, lapsed: 0 });
    const note = (await notificationsOf(db(), funder.id)).filter((n) => n.type === 'access_expiring');
    expect(note).toHaveLength(1);
    expect(note[0]!.message).toMatch(/^Your access to "Three Days" ends after \d{1,2} \w{3,4} \d{4}$/);
    expect((await emailsTo(db(), funder.email)).at(-1)?.text).toContain('(Sydney time)');

    expect(await job.runOnce(new Date(end.getTime() + 1000))).toEqual({ noticed: 0, lapsed: 1 });
    const lapsed = await row(request.id);
    expect(lapsed.status).toBe('revoked');
    expect(lapsed.revoke_reason).toMatch(/^Access period ended on \d{1,2} \w{3,4} \d{4}$/);
    expect((await notificationsOf(db(), funder.id)).at(-1)?.message).toBe(
      `Your access to "Three Days" has ended. Reason: ${lapsed.revoke_reason}`,
    );
  });

  it('a lapsed funder is shut out like a revoked one; the developer reads the room, marked lapsed', async () => {
    const deal = await createEngaged(t, { developer, title: 'Lapsed Lane' });
    await db()
      .updateTable('access_request')
      .set({ access_until: new Date(Date.now() - HOUR) })
      .where('id', '=', deal.accessRequestId)
      .execute();
    expect((await t.app.accessExpiry.runOnce()).lapsed).toBe(1);
    const forFunder = await getDeal(t.app, deal.funder, deal.dealId);
    expect(forFunder.statusCode).toBe(404);
    expect(forFunder.json().error).toBe(dealMessages.notFound);
    const project = await as(t.app, deal.funder, { method: 'GET', url: `/api/projects/${deal.projectId}` });
    expect(project.statusCode).toBe(404);
    const forDeveloper = await getDeal(t.app, developer, deal.dealId);
    expect(forDeveloper.json().access_revoked).toMatchObject({ lapsed: true, by_admin: false });
  });

  it('access revoked by the developer before its end is left alone by the job', async () => {
    const funder = await createFunder(t);
    const request = await grantedUntil(funder, 'Revoked First', new Date(Date.now() + DAY));
    const res = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${request.id}/revoke`,
      payload: { reason: 'Changed our plans' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.accessExpiry.runOnce(new Date(Date.now() + 2 * DAY))).toEqual({
      noticed: 0,
      lapsed: 0,
    });
    expect(await row(request.id)).toMatchObject({
      revoke_reason: 'Changed our plans',
      revoked_by: developer.id,
      expiry_notice_sent_at: null,
    });
  });
});
