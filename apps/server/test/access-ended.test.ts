import { randomUUID } from 'node:crypto';
import { accessEndedResponse } from '@plinth/domain/access-ended';
import { formatAccessLastDay, lapsedReason } from '@plinth/domain/access-revocation';
import { formatDate } from '@plinth/domain/format';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { notificationsOf } from './support/admin';
import { createEngaged, createGranted } from './support/deals';
import { createFunder } from './support/marketplace';
import { insertAccessRequest, insertPublishedProject } from './support/messages';

// Issue 37 items 1 and 2: a funder whose access was revoked or lapsed is told so, by title, date and
// reason, wherever they land (GET /api/access-ended by the project's or the room's id), and a
// granted funder learns when access ends (the project answer's access_until, the notification).

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string) => as(t.app, user, { method: 'GET', url });
const ended = (user: TestUser | null, query: string) => get(user, `/api/access-ended?${query}`);

describe('GET /api/access-ended', () => {
  it('revoked: by project or room id, the title, date and reason, nothing else of the project', async () => {
    const room = await createEngaged(t, { developer, title: 'Eastwood Rise' });
    // Still granted: nothing has ended.
    expect((await ended(room.funder, `project_id=${room.projectId}`)).statusCode).toBe(404);
    const revoke = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${room.accessRequestId}/revoke`,
      payload: { reason: 'We signed a term sheet with another lender.' },
    });
    expect(revoke.statusCode).toBe(200);
    const revokedAt = revoke.json().revoked_at as string;

    for (const query of [`project_id=${room.projectId}`, `deal_id=${room.dealId}`]) {
      const res = await ended(room.funder, query);
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(accessEndedResponse.shape).sort());
      expect(body).toEqual({
        project_id: room.projectId,
        project_title: 'Eastwood Rise',
        ended_at: revokedAt,
        reason: 'We signed a term sheet with another lender.',
        lapsed: false,
        access_until: null,
        // One full stop at most: the reason's own is not doubled.
        message: `Your access to Eastwood Rise was revoked on ${formatDate(revokedAt)}: We signed a term sheet with another lender`,
      });
    }
  });

  it('lapsed: "ended on" the last day of access', async () => {
    const granted = await createGranted(t, { developer, title: 'Brunswick Lane' });
    const accessUntil = new Date(Date.now() - 60 * 60 * 1000);
    await t.database.db
      .updateTable('access_request')
      .set({
        status: 'revoked',
        access_until: accessUntil,
        revoked_at: new Date(accessUntil.getTime() + 60_000),
        revoked_by: null,
        revoke_reason: lapsedReason(accessUntil),
      })
      .where('id', '=', granted.accessRequestId)
      .execute();
    const res = await ended(granted.funder, `project_id=${granted.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lapsed: true,
      access_until: accessUntil.toISOString(),
      message: `Your access to Brunswick Lane ended on ${formatAccessLastDay(accessUntil)}`,
    });
  });

  it('refusals: another funder, unknown ids 404; a developer 403; anonymous 401; no id or both 400', async () => {
    const room = await createEngaged(t, { developer, title: 'Carlton Court' });
    await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${room.accessRequestId}/revoke`,
      payload: { reason: 'Closed' },
    });
    const stranger = await createFunder(t, 'active', { name: 'Sam Stranger' });
    expect((await ended(stranger, `project_id=${room.projectId}`)).statusCode).toBe(404);
    expect((await ended(stranger, `deal_id=${room.dealId}`)).statusCode).toBe(404);
    expect((await ended(room.funder, `project_id=${randomUUID()}`)).statusCode).toBe(404);
    expect((await ended(developer, `project_id=${room.projectId}`)).statusCode).toBe(403);
    expect((await ended(null, `project_id=${room.projectId}`)).statusCode).toBe(401);
    const neither = await ended(room.funder, '');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toBe('Give a project_id or a deal_id');
    expect((await ended(room.funder, `project_id=${room.projectId}&deal_id=${room.dealId}`)).statusCode).toBe(
      400,
    );
    expect((await ended(room.funder, 'project_id=not-a-uuid')).statusCode).toBe(400);
  });
});

describe('access until reaches the funder (issue 37 item 2)', () => {
  it('the project answer carries access_until and the approval notification names the last day', async () => {
    const funder = await createFunder(t, 'active', { name: 'Gina Granted' });
    const projectId = await insertPublishedProject(t.database.db, developer.id, 'Doncaster Views');
    const requestId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId,
      status: 'pending',
    });
    const day = new Date(`${sydneyDate()}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 21);
    const lastDay = day.toISOString().slice(0, 10);
    const approve = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${requestId}/approve`,
      payload: { access_until: lastDay },
    });
    expect(approve.statusCode).toBe(200);

    const project = await get(funder, `/api/projects/${projectId}`);
    expect(project.statusCode).toBe(200);
    const accessUntil = project.json().access_until as string;
    expect(accessUntil).toEqual(expect.any(String));
    expect(formatAccessLastDay(accessUntil)).toBe(formatDate(lastDay));

    const notes = await notificationsOf(t.database.db, funder.id);
    const granted = notes.find((n: { type: string }) => n.type === 'access_granted');
    expect(granted?.message).toBe(
      `Your access request for "Doncaster Views" was approved: access until ${formatDate(lastDay)}`,
    );
    // The owner's own answer has no end of access.
    expect((await get(developer, `/api/projects/${projectId}`)).json().access_until).toBeNull();
  });
});
