import { PDFDocument } from '@cantoo/pdf-lib';
import { accessUntilMessages } from '@plinth/domain/access-dates';
import { revocationMessages } from '@plinth/domain/access-revocation';
import { dealMessages } from '@plinth/domain/deals';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo, notificationsOf } from './support/admin';
import { createEngaged, createGranted, getDeal } from './support/deals';
import { uploadDocuments } from './support/documents';
import { createFunder, listedProject, market } from './support/marketplace';
import { insertAccessRequest } from './support/messages';

// Issue 19 item 5: the developer (or an admin, as an override) revokes a funder's granted access;
// from then on the funder is told the file, its documents and the deal room do not exist.

let t: TestApp;
let developer: TestUser;
let otherDeveloper: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [developer, otherDeveloper, admin] = await Promise.all([
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Oscar Other' }),
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
  ]);
});
afterAll(() => t.close());

const revoke = (
  user: TestUser | null,
  id: string,
  payload: Record<string, unknown> = { reason: 'Terms changed' },
) => as(t.app, user, { method: 'PUT', url: `/api/access-requests/${id}/revoke`, payload });
const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url });
const accessRow = (id: string) =>
  t.database.db.selectFrom('access_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A real one-page PDF: funders receive watermarked copies, so the file must be readable. */
async function onePagePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

/** A listing with one uploaded document, a funder in its deal room (due diligence). */
async function roomWithDocument(title: string) {
  const project = await listedProject(t, developer, { title }, { state: 'draft' });
  const up = await uploadDocuments(t.app, developer, project.id, [
    { type: 'valuation_report', name: 'valuation.pdf', content: await onePagePdf() },
  ]);
  const documentId = up.json().uploaded[0].id as string;
  await t.database.db
    .updateTable('project')
    .set({ payment_status: 'paid', visible: true, submission_status: 'submitted' })
    .where('id', '=', project.id)
    .execute();
  const funder = await createFunder(t, 'active', { name: 'Rhea Revoked' });
  const accessRequestId = await insertAccessRequest(t.database.db, {
    funderId: funder.id,
    projectId: project.id,
  });
  const engaged = await as(t.app, funder, {
    method: 'POST',
    url: '/api/deals',
    payload: { project_id: project.id, access_request_id: accessRequestId },
  });
  expect(engaged.statusCode).toBe(201);
  return {
    projectId: project.id,
    documentId,
    funder,
    accessRequestId,
    dealId: engaged.json().deal_id as string,
  };
}

describe('PUT /api/access-requests/{id}/revoke', () => {
  it('revoke: the funder is then answered 404 for the project, its documents and the deal room', async () => {
    const room = await roomWithDocument('Revoked Heights');
    const { funder } = room;
    const urls = {
      project: `/api/projects/${room.projectId}`,
      documents: `/api/projects/${room.projectId}/documents`,
      download: `/api/documents/${room.documentId}/download`,
      deal: `/api/deals/${room.dealId}`,
      comments: `/api/deals/${room.dealId}/comments`,
    };
    for (const url of Object.values(urls)) expect((await get(funder, url)).statusCode, url).toBe(200);

    const res = await revoke(developer, room.accessRequestId, { reason: '  We chose another lender.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: room.accessRequestId,
      status: 'revoked',
      revoke_reason: 'We chose another lender.',
      revoked_at: expect.any(String),
    });
    expect(await accessRow(room.accessRequestId)).toMatchObject({
      status: 'revoked',
      revoked_by: developer.id,
      revoke_reason: 'We chose another lender.',
    });

    for (const url of [urls.project, urls.documents, urls.download])
      expect((await get(funder, url)).statusCode, url).toBe(404);
    for (const url of [urls.deal, urls.comments]) {
      const answer = await get(funder, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error).toBe(dealMessages.notFound);
    }
    // Acting in the room is the same 404: it does not exist for them.
    const comment = await as(t.app, funder, {
      method: 'POST',
      url: urls.comments,
      payload: { comment: 'Hello?' },
    });
    expect(comment.statusCode).toBe(404);
    const reEngage = await as(t.app, funder, {
      method: 'POST',
      url: '/api/deals',
      payload: { project_id: room.projectId, access_request_id: room.accessRequestId },
    });
    expect(reEngage.statusCode).toBe(404);
    // The request itself stays in the funder's list, marked revoked, with the reason and no title.
    const mine = await get(funder, '/api/access-requests');
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        status: 'revoked',
        revoke_reason: 'We chose another lender.',
        project_title: null,
      }),
    ]);
  });

  it('revoke: the developer still reads the room, marked revoked with its history, and it is read-only', async () => {
    const room = await roomWithDocument('Read Only Rise');
    const said = await as(t.app, developer, {
      method: 'POST',
      url: `/api/deals/${room.dealId}/comments`,
      payload: { comment: 'Before the revocation' },
    });
    expect(said.statusCode).toBe(201);
    expect((await revoke(developer, room.accessRequestId, { reason: 'Not a fit' })).statusCode).toBe(200);

    const deal = await getDeal(t.app, developer, room.dealId);
    expect(deal.statusCode).toBe(200);
    expect(deal.json()).toMatchObject({
      access_status: 'revoked',
      access_revoked: { reason: 'Not a fit', revoked_at: expect.any(String), by_admin: false, lapsed: false },
    });
    const history = await get(developer, `/api/deals/${room.dealId}/comments`);
    expect(JSON.stringify(history.json())).toContain('Before the revocation');
    const after = await as(t.app, developer, {
      method: 'POST',
      url: `/api/deals/${room.dealId}/comments`,
      payload: { comment: 'After' },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe(dealMessages.accessRevoked);
    expect(dealMessages.accessRevoked).toBe('Access was revoked: the room is read-only');
    // Nor can the deal be completed, not even by an admin override.
    const forced = await as(t.app, admin, {
      method: 'POST',
      url: `/api/admin/force-complete-deal/${room.dealId}`,
      payload: { reason: 'Tidy up' },
    });
    expect(forced.statusCode).toBe(409);
    // Admins read it too.
    expect((await getDeal(t.app, admin, room.dealId)).json().access_revoked).not.toBeNull();
    // A room whose access was not revoked says so with null.
    const open = await createEngaged(t, { developer });
    expect((await getDeal(t.app, developer, open.dealId)).json().access_revoked).toBeNull();
  });

  it('revoke: the funder is notified in the app and by e-mail with the reason, and it is audited', async () => {
    const granted = await createGranted(t, { developer, title: 'Noticed Court' });
    await revoke(developer, granted.accessRequestId, { reason: 'The site sale fell through' });
    const note = (await notificationsOf(t.database.db, granted.funder.id)).at(-1);
    expect(note).toMatchObject({
      type: 'access_revoked',
      message: 'The developer revoked your access to "Noticed Court". Reason: The site sale fell through',
    });
    const mail = (await emailsTo(t.database.db, granted.funder.email)).at(-1);
    expect(mail?.subject).toBe('Access revoked: "Noticed Court"');
    expect(mail?.text).toContain('Reason: The site sale fell through');
    expect(mail?.text).toContain('destroy or return it');
    const audit = await auditFor(t.database.db, granted.accessRequestId);
    expect(audit.at(-1)).toMatchObject({
      action: 'access_request.revoked',
      actor_id: developer.id,
      reason: 'The site sale fell through',
      before: { status: 'approved' },
    });
    expect(audit.at(-1)!.after).toMatchObject({ status: 'revoked', by: 'developer' });
  });

  it('refusals: another developer 404, a funder 403, no session 401; nothing changes', async () => {
    const granted = await createGranted(t, { developer });
    expect((await revoke(otherDeveloper, granted.accessRequestId)).statusCode).toBe(404);
    expect((await revoke(granted.funder, granted.accessRequestId)).statusCode).toBe(403);
    expect((await revoke(null, granted.accessRequestId)).statusCode).toBe(401);
    expect((await revoke(developer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await accessRow(granted.accessRequestId)).status).toBe('approved');
  });

  it('refusals: a blank or too long reason is 400 with the message', async () => {
    const granted = await createGranted(t, { developer });
    for (const payload of [{ reason: '   ' }, {}, { reason: 'x'.repeat(1001) }]) {
      const res = await revoke(developer, granted.accessRequestId, payload);
      expect(res.statusCode).toBe(400);
      expect([revocationMessages.reasonRequired, revocationMessages.reasonTooLong]).toContain(
        res.json().error,
      );
    }
    expect((await revoke(developer, granted.accessRequestId, {})).json().error).toBe(
      'Give a reason for revoking access',
    );
    expect((await accessRow(granted.accessRequestId)).status).toBe('approved');
  });

  for (const status of ['pending', 'declined', 'funded', 'closed'] as const) {
    it(`refusals: a ${status} request is 409 (only granted access not yet funded)`, async () => {
      const granted = await createGranted(t, { developer, status });
      const res = await revoke(developer, granted.accessRequestId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(revocationMessages.onlyGranted);
      expect((await accessRow(granted.accessRequestId)).status).toBe(status);
    });
  }

  for (const status of ['due_diligence', 'term_sheet'] as const) {
    it(`revoke: a ${status} request can be revoked, once (a second time is 409)`, async () => {
      const granted = await createGranted(t, { developer, status });
      expect((await revoke(developer, granted.accessRequestId)).statusCode).toBe(200);
      expect((await revoke(developer, granted.accessRequestId)).statusCode).toBe(409);
    });
  }

  it('admin: revokes any request through the override, audited with the reason; the developer hears of it', async () => {
    const granted = await createGranted(t, { developer, title: 'Override Place' });
    const res = await revoke(admin, granted.accessRequestId, { reason: 'Breach of the undertaking' });
    expect(res.statusCode).toBe(200);
    expect((await accessRow(granted.accessRequestId)).revoked_by).toBe(admin.id);
    const history = await as(t.app, admin, { method: 'GET', url: '/api/admin/override-history' });
    expect(history.json().entries[0]).toMatchObject({
      action_type: 'access_request.revoked',
      target_type: 'access_request',
      target_id: granted.accessRequestId,
      admin_name: 'Ada Admin',
      reason: 'Breach of the undertaking',
    });
    expect((await notificationsOf(t.database.db, granted.funder.id)).at(-1)?.message).toBe(
      'The Plinth team revoked your access to "Override Place". Reason: Breach of the undertaking',
    );
    expect((await notificationsOf(t.database.db, developer.id)).at(-1)).toMatchObject({
      type: 'access_revoked',
    });
    expect((await emailsTo(t.database.db, developer.email)).at(-1)?.text).toContain(
      'Breach of the undertaking',
    );
  });

  it('re-request: a revoked funder cannot ask again (409 with the reason why), and the listing leaves their market', async () => {
    const project = await listedProject(t, developer, { title: 'No Second Chance' });
    const funder = await createFunder(t);
    const id = await insertAccessRequest(t.database.db, { funderId: funder.id, projectId: project.id });
    // Read through the marketplace's cache before the revocation …
    const before = await market(t.app, funder, { q: 'No Second Chance' });
    expect(before.json().items.map((p: { id: string }) => p.id)).toContain(project.id);
    expect((await revoke(developer, id)).statusCode).toBe(200);
    // … and after it: the write to access_request dropped the cached page at once.
    const after = await market(t.app, funder, { q: 'No Second Chance' });
    expect(after.json().items.map((p: { id: string }) => p.id)).not.toContain(project.id);
    const again = await as(t.app, funder, {
      method: 'POST',
      url: '/api/access-requests',
      payload: {
        project_id: project.id,
        initial_message: 'Please reconsider',
        undertaking: { accepted: true, full_name: 'Rhea Revoked' },
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(revocationMessages.cannotRequestAgain);
    const rows = await t.database.db
      .selectFrom('access_request')
      .select('status')
      .where('project_id', '=', project.id)
      .execute();
    expect(rows).toEqual([{ status: 'revoked' }]);
  });
});

describe("approve with 'Access until'", () => {
  const approve = (id: string, payload?: Record<string, unknown>) =>
    as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${id}/approve`,
      ...(payload ? { payload } : {}),
    });
  const pending = async () => (await createGranted(t, { developer, status: 'pending' })).accessRequestId;
  const dayFromToday = (days: number) => {
    const d = new Date(`${sydneyDate()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  it('a later day is kept as the end of that day in Sydney, and the e-mail says so', async () => {
    const id = await pending();
    const day = dayFromToday(30);
    const res = await approve(id, { access_until: day });
    expect(res.statusCode).toBe(200);
    const until = new Date(res.json().access_until);
    // Midnight that starts the next day, Sydney time (UTC+10 or +11).
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(until)).toBe(
      dayFromToday(31),
    );
    expect(
      new Intl.DateTimeFormat('en-AU', {
        timeZone: 'Australia/Sydney',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(until),
    ).toBe('00:00');
    const row = await accessRow(id);
    expect(new Date(row.access_until!).toISOString()).toBe(until.toISOString());
    expect(row.status).toBe('approved');
    const funderEmail = (
      await t.database.db
        .selectFrom('user')
        .select('email')
        .where('id', '=', row.funder_id)
        .executeTakeFirstOrThrow()
    ).email;
    expect((await emailsTo(t.database.db, funderEmail)).at(-1)?.text).toContain(
      'Your access lasts until the end of',
    );
  });

  it('without a body, or with null, access does not lapse', async () => {
    for (const payload of [undefined, { access_until: null }]) {
      const id = await pending();
      const res = await approve(id, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json().access_until).toBeNull();
    }
  });

  it('today (Sydney) is the earliest day: access ends tonight', async () => {
    const id = await pending();
    const res = await approve(id, { access_until: dayFromToday(0) });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
        new Date(res.json().access_until),
      ),
    ).toBe(dayFromToday(1));
  });

  for (const [what, day, message] of [
    ['yesterday', -1, accessUntilMessages.past],
    ['four years ahead', 4 * 366, accessUntilMessages.tooFar],
  ] as const) {
    it(`${what} is 400 ('${message}') and the request stays pending`, async () => {
      const id = await pending();
      const res = await approve(id, { access_until: dayFromToday(day) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect((await accessRow(id)).status).toBe('pending');
    });
  }

  it('not a date is 400; on a decline it is 400 too', async () => {
    const id = await pending();
    for (const access_until of ['next week', '2026-13-45', '2027-02-30', '', 20260101]) {
      const res = await approve(id, { access_until });
      expect(res.statusCode, String(access_until)).toBe(400);
      expect(res.json().error).toBe(accessUntilMessages.notADate);
    }
    const decline = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${id}/decline`,
      payload: { access_until: dayFromToday(5) },
    });
    expect(decline.statusCode).toBe(400);
    expect(decline.json().error).toBe(revocationMessages.accessUntilOnlyOnApprove);
    expect((await accessRow(id)).status).toBe('pending');
  });
});
