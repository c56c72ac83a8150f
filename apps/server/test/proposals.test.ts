import { randomUUID } from 'node:crypto';
import { defaultValidUntil, proposalMessages as m, sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo } from './support/admin';
import {
  createDealRoom,
  createOutsiders,
  type DealRoom,
  quoteBody,
  respond,
  submitQuote,
} from './support/deal-room';
import { setPreferences } from './support/messages';

// Indicative quotes: POST /api/deals/{id}/proposals, GET /api/deals/{id}/proposal,
// PUT /api/proposals/{id}/respond and the developer's GET /api/projects/{id}/proposals.

let t: TestApp;
let outsiders: Awaited<ReturnType<typeof createOutsiders>>;
beforeAll(async () => {
  t = await buildTestApp();
  outsiders = await createOutsiders(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** One person's notifications of one type (Engage notifies too). */
const notificationsOf = (database: ReturnType<typeof db>, userId: string, type: string) =>
  database
    .selectFrom('notification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('created_at')
    .execute();
const getProposal = (user: TestUser | null, dealId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/proposal` });
const compare = (user: TestUser | null, projectId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/projects/${projectId}/proposals` });

async function quote(room: DealRoom, overrides: Record<string, unknown> = {}) {
  const res = await submitQuote(t.app, room.funder, room.dealId, quoteBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; valid_until: string };
}

const accessStatus = async (room: DealRoom) =>
  (
    await db()
      .selectFrom('access_request')
      .select('status')
      .where('id', '=', room.accessRequestId)
      .executeTakeFirstOrThrow()
  ).status;

describe('POST /api/deals/{id}/proposals', () => {
  it("the deal's funder quotes: 201, pending, valid 14 days by default; the developer is notified and e-mailed, and it is audited", async () => {
    const room = await createDealRoom(t);
    const res = await submitQuote(t.app, room.funder, room.dealId, quoteBody());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      deal_id: room.dealId,
      funder_id: room.funder.id,
      funder_name: 'Frankie Funder',
      status: 'pending',
      loan_amount: 2_400_000,
      interest_rate: 9.25,
      loan_term: 18,
      establishment_fee: 24_000,
      other_fees: 'Line fee 0.5% p.a.',
      conditions: 'First mortgage; QS sign-off on each draw.',
      valid_until: defaultValidUntil(sydneyDate()),
      decline_reason: null,
      responded_at: null,
    });
    const [note] = await notificationsOf(db(), room.developer.id, 'proposal_received');
    expect(note).toMatchObject({ type: 'proposal_received', related_id: room.dealId });
    expect(note!.message).toContain('$2,400,000 at 9.25% over 18 months');
    const mail = (await emailsTo(db(), room.developer.email)).at(-1);
    expect(mail?.subject).toBe('New indicative quote for "Harbour View Terraces"');
    expect(mail?.text).toContain(`/project/${room.projectId}/deal/${room.dealId}`);
    expect((await auditFor(db(), created.id)).map((a) => a.action)).toEqual(['proposal.submitted']);
  });

  it('keeps a valid until date that is today or later', async () => {
    const room = await createDealRoom(t);
    const today = sydneyDate();
    expect((await quote(room, { valid_until: today })).valid_until).toBe(today);
  });

  it('with email_proposals off the developer is notified in the app only', async () => {
    const room = await createDealRoom(t);
    expect((await setPreferences(t.app, room.developer, { email_proposals: false })).statusCode).toBe(200);
    await quote(room);
    expect(await notificationsOf(db(), room.developer.id, 'proposal_received')).toHaveLength(1);
    expect((await emailsTo(db(), room.developer.email)).filter((e) => e.subject.includes('quote'))).toEqual(
      [],
    );
  });

  it.each([
    ['nothing', {}, [m.loanAmountRequired, m.interestRateRequired, m.loanTermRequired]],
    [
      'zeros',
      { loan_amount: 0, interest_rate: 0, loan_term: 0 },
      [m.loanAmountRequired, m.interestRateRequired, m.loanTermRequired],
    ],
    ['a negative establishment fee', quoteBody({ establishment_fee: -1 }), [m.establishmentFeeNegative]],
    ['other fees written as a negative amount', quoteBody({ other_fees: '-$500' }), [m.otherFeesNegative]],
    ['a rate above 50 %', quoteBody({ interest_rate: 50.5 }), [m.interestRateTooHigh]],
    ['a term above 120 months', quoteBody({ loan_term: 121 }), [m.loanTermTooLong]],
    ['a date that is not one', quoteBody({ valid_until: '8 December' }), [m.validUntilInvalid]],
    ['a valid until date in the past', quoteBody({ valid_until: '2020-01-01' }), [m.validUntilPast]],
  ])('refuses %s with the wizard’s exact messages (400)', async (_what, body, messages) => {
    const room = await createDealRoom(t);
    const res = await submitQuote(t.app, room.funder, room.dealId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual(messages);
    expect(res.json().error).toBe(messages.join(', '));
    expect(
      await db().selectFrom('proposal').select('id').where('deal_id', '=', room.dealId).execute(),
    ).toEqual([]);
  });

  it('refuses a second quote while one is pending (409), also when two arrive at once', async () => {
    const room = await createDealRoom(t);
    await quote(room);
    const second = await submitQuote(t.app, room.funder, room.dealId, quoteBody({ interest_rate: 8.5 }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', error: m.pendingExists });

    const race = await createDealRoom(t);
    const answers = await Promise.all([
      submitQuote(t.app, race.funder, race.dealId, quoteBody()),
      submitQuote(t.app, race.funder, race.dealId, quoteBody({ interest_rate: 8.75 })),
      submitQuote(t.app, race.funder, race.dealId, quoteBody({ interest_rate: 9 })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await db()
      .selectFrom('proposal')
      .select('status')
      .where('deal_id', '=', race.dealId)
      .execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('allows a new quote after a decline, and none after an acceptance (409)', async () => {
    const room = await createDealRoom(t);
    const first = await quote(room);
    expect(
      (await respond(t.app, room.developer, first.id, { response: 'decline', reason: 'Too dear' }))
        .statusCode,
    ).toBe(200);
    const second = await quote(room, { interest_rate: 8.75 });
    expect((await respond(t.app, room.developer, second.id, { response: 'accept' })).statusCode).toBe(200);
    const third = await submitQuote(t.app, room.funder, room.dealId, quoteBody());
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(m.alreadyAccepted);
  });

  it("refuses the deal's developer (403), admins (403), a third funder and another developer (404), and anonymous (401)", async () => {
    const room = await createDealRoom(t);
    const asDeveloper = await submitQuote(t.app, room.developer, room.dealId, quoteBody());
    expect(asDeveloper.statusCode).toBe(403);
    expect(asDeveloper.json().error).toBe(m.onlyFunderQuotes);
    expect((await submitQuote(t.app, outsiders.admin, room.dealId, quoteBody())).statusCode).toBe(403);
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      const res = await submitQuote(t.app, stranger, room.dealId, quoteBody());
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Deal room not found');
    }
    expect((await submitQuote(t.app, room.funder, randomUUID(), quoteBody())).statusCode).toBe(404);
    expect((await submitQuote(t.app, null, room.dealId, quoteBody())).statusCode).toBe(401);
  });

  it('refuses a quote in a completed deal (409)', async () => {
    const room = await createDealRoom(t);
    await db()
      .updateTable('deal')
      .set({ status: 'completed', completed_at: new Date() })
      .where('id', '=', room.dealId)
      .execute();
    const res = await submitQuote(t.app, room.funder, room.dealId, quoteBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This deal has been completed: the room is read-only');
  });
});

describe('PUT /api/proposals/{id}/respond', () => {
  it('accept: the quote is accepted, access moves due_diligence → term_sheet, the funder is told; both steps audited', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    const res = await respond(t.app, room.developer, id, { response: 'accept' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'accepted', responded_at: expect.any(String) });
    expect(await accessStatus(room)).toBe('term_sheet');
    const [note] = await notificationsOf(db(), room.funder.id, 'proposal_response');
    expect(note).toMatchObject({ type: 'proposal_response', related_id: room.dealId });
    expect((await emailsTo(db(), room.funder.email)).at(-1)?.subject).toBe(
      'Quote accepted: "Harbour View Terraces"',
    );
    expect((await auditFor(db(), id)).map((a) => a.action)).toEqual([
      'proposal.submitted',
      'proposal.accepted',
    ]);
    // After Engage's approved → due_diligence.
    const access = (await auditFor(db(), room.accessRequestId)).slice(-1);
    expect(access.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'access_request.term_sheet',
        { status: 'due_diligence' },
        { status: 'term_sheet', deal_id: room.dealId, proposal_id: id },
      ],
    ]);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it('an accepted quote is what lets the developer complete the deal (PUT /api/deals/{id}/complete)', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    const early = await as(t.app, room.developer, {
      method: 'PUT',
      url: `/api/deals/${room.dealId}/complete`,
    });
    expect(early.statusCode).toBe(409);
    await respond(t.app, room.developer, id, { response: 'accept' });
    const done = await as(t.app, room.developer, {
      method: 'PUT',
      url: `/api/deals/${room.dealId}/complete`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await accessStatus(room)).toBe('funded');
  });

  it("decline: a blank or missing reason gets 'Please provide a reason for declining' (400); with one the quote is declined and the reason kept", async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    for (const body of [{ response: 'decline' }, { response: 'decline', reason: '   ' }]) {
      const res = await respond(t.app, room.developer, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Please provide a reason for declining');
    }
    const res = await respond(t.app, room.developer, id, {
      response: 'decline',
      reason: '  The rate is above what the feasibility carries.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'declined',
      decline_reason: 'The rate is above what the feasibility carries.',
    });
    expect(await accessStatus(room)).toBe('due_diligence');
    const mail = (await emailsTo(db(), room.funder.email)).at(-1);
    expect(mail?.subject).toBe('Quote declined: "Harbour View Terraces"');
    expect(mail?.text).toContain('The rate is above what the feasibility carries.');
    const audit = await auditFor(db(), id);
    expect(audit.at(-1)).toMatchObject({
      action: 'proposal.declined',
      reason: 'The rate is above what the feasibility carries.',
    });
  });

  it('counter: a formatted comment in the thread, the quote stays pending; an empty counter offer is refused', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    const empty = await respond(t.app, room.developer, id, { response: 'counter', message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(m.counterEmpty);
    const res = await respond(t.app, room.developer, id, {
      response: 'counter',
      interest_rate: 8.5,
      loan_amount: null,
      message: 'We could sign this week at 8.5%.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
    const comments = await db()
      .selectFrom('deal_comment')
      .select(['comment', 'user_id'])
      .where('deal_id', '=', room.dealId)
      .execute();
    expect(comments).toEqual([
      {
        comment: 'Counter offer\nInterest rate: 8.5%\n\nWe could sign this week at 8.5%.',
        user_id: room.developer.id,
      },
    ]);
    expect((await notificationsOf(db(), room.funder.id, 'proposal_response')).map((n) => n.message)).toEqual([
      'The developer of "Harbour View Terraces" countered your quote',
    ]);
    expect((await auditFor(db(), id)).map((a) => a.action)).toEqual(['proposal.submitted']);
  });

  it('answering a quote that is no longer pending is refused (409), whatever the answer', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    await respond(t.app, room.developer, id, { response: 'decline', reason: 'No' });
    for (const body of [
      { response: 'accept' },
      { response: 'decline', reason: 'Again' },
      { response: 'counter', message: 'Still?' },
    ]) {
      const res = await respond(t.app, room.developer, id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(m.notPending);
    }
  });

  it('two acceptances at once: one succeeds, the other is refused', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    const answers = await Promise.all([
      respond(t.app, room.developer, id, { response: 'accept' }),
      respond(t.app, room.developer, id, { response: 'decline', reason: 'Changed my mind' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await accessStatus(room)).toBe(answers[0]!.statusCode === 200 ? 'term_sheet' : 'due_diligence');
  });

  it('an expired quote cannot be accepted (409) but can be declined', async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    await db().updateTable('proposal').set({ valid_until: '2020-01-01' }).where('id', '=', id).execute();
    const res = await respond(t.app, room.developer, id, { response: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(m.expired);
    expect(
      (await respond(t.app, room.developer, id, { response: 'decline', reason: 'Lapsed' })).statusCode,
    ).toBe(200);
  });

  it("refuses the deal's funder and admins (403), a third funder and another developer (404, 'Proposal not found'), and anonymous (401)", async () => {
    const room = await createDealRoom(t);
    const { id } = await quote(room);
    const asFunder = await respond(t.app, room.funder, id, { response: 'accept' });
    expect(asFunder.statusCode).toBe(403);
    expect(asFunder.json().error).toBe(m.onlyDeveloperResponds);
    expect((await respond(t.app, outsiders.admin, id, { response: 'accept' })).statusCode).toBe(403);
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      const res = await respond(t.app, stranger, id, { response: 'accept' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(m.notFound);
    }
    expect((await respond(t.app, room.developer, randomUUID(), { response: 'accept' })).statusCode).toBe(404);
    expect((await respond(t.app, null, id, { response: 'accept' })).statusCode).toBe(401);
    const unknown = await respond(t.app, room.developer, id, { response: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect((await getProposal(room.developer, room.dealId)).json().proposal.status).toBe('pending');
  });
});

describe('GET /api/deals/{id}/proposal', () => {
  it('answers both parties and admins with the latest quote and the earlier ones, newest first', async () => {
    const room = await createDealRoom(t);
    const empty = await getProposal(room.funder, room.dealId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ proposal: null, history: [] });
    const first = await quote(room);
    await respond(t.app, room.developer, first.id, { response: 'decline', reason: 'Too dear' });
    const second = await quote(room, { interest_rate: 8.75 });
    for (const user of [room.developer, room.funder, outsiders.admin]) {
      const res = await getProposal(user, room.dealId);
      expect(res.statusCode).toBe(200);
      expect(res.json().proposal).toMatchObject({ id: second.id, status: 'pending', interest_rate: 8.75 });
      expect(res.json().history).toEqual([
        expect.objectContaining({ id: first.id, status: 'declined', decline_reason: 'Too dear' }),
      ]);
    }
  });

  it('is 404 for a third funder and another developer, 401 for anonymous', async () => {
    const room = await createDealRoom(t);
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      expect((await getProposal(stranger, room.dealId)).statusCode).toBe(404);
    }
    expect((await getProposal(null, room.dealId)).statusCode).toBe(401);
  });
});

describe('GET /api/projects/{id}/proposals (quote comparison)', () => {
  it('lists every quote on the project’s deals with its all-in cost, cheapest first and expired ones last', async () => {
    const room = await createDealRoom(t);
    // A second funder's deal on the same project.
    const other = await createDealRoom(t, { developer: room.developer });
    await db()
      .updateTable('deal')
      .set({ project_id: room.projectId })
      .where('id', '=', other.dealId)
      .execute();
    await db()
      .updateTable('access_request')
      .set({ project_id: room.projectId })
      .where('id', '=', other.accessRequestId)
      .execute();

    // 2.4 M x 9.25 % x 18 / 12 = 333,000 + 24,000 fee = 357,000
    const a = await quote(room);
    await respond(t.app, room.developer, a.id, { response: 'decline', reason: 'Too dear' });
    // 2.4 M x 8.75 % x 18 / 12 = 315,000 + 0 = 315,000
    const b = await quote(room, { interest_rate: 8.75, establishment_fee: 0 });
    // 2 M x 7 % x 12 / 12 = 140,000 + 10,000 = 150,000, but expired
    const c = await quote(other, {
      loan_amount: 2_000_000,
      interest_rate: 7,
      loan_term: 12,
      establishment_fee: 10_000,
    });
    await db().updateTable('proposal').set({ valid_until: '2020-01-01' }).where('id', '=', c.id).execute();

    for (const user of [room.developer, outsiders.admin]) {
      const res = await compare(user, room.projectId);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .items.map((q: { id: string; all_in_cost: number; interest_cost: number; expired: boolean }) => [
            q.id,
            q.all_in_cost,
            q.interest_cost,
            q.expired,
          ]),
      ).toEqual([
        [b.id, 315_000, 315_000, false],
        [a.id, 357_000, 333_000, false],
        [c.id, 150_000, 140_000, true],
      ]);
    }
  });

  it('ranks by cost per dollar lent (issue 37 item 3): $4.0m at 9.9 % before $3.8m at 10.5 %, with each rate beside the dollars', async () => {
    const room = await createDealRoom(t);
    const other = await createDealRoom(t, { developer: room.developer });
    await db()
      .updateTable('deal')
      .set({ project_id: room.projectId })
      .where('id', '=', other.dealId)
      .execute();
    await db()
      .updateTable('access_request')
      .set({ project_id: room.projectId })
      .where('id', '=', other.accessRequestId)
      .execute();
    const small = await quote(room, {
      loan_amount: 3_800_000,
      interest_rate: 10.5,
      loan_term: 18,
      establishment_fee: 0,
    });
    const large = await quote(other, {
      loan_amount: 4_000_000,
      interest_rate: 9.9,
      loan_term: 18,
      establishment_fee: 0,
    });
    const res = await compare(room.developer, room.projectId);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .items.map((q: { id: string; all_in_cost: number; all_in_rate: number }) => [
          q.id,
          q.all_in_cost,
          q.all_in_rate,
        ]),
    ).toEqual([
      [large.id, 594_000, 9.9],
      [small.id, 598_500, 10.5],
    ]);
  });

  it('is 404 for another developer and for a project that does not exist, 403 for funders, 401 for anonymous', async () => {
    const room = await createDealRoom(t);
    expect((await compare(outsiders.developer, room.projectId)).statusCode).toBe(404);
    expect((await compare(room.developer, randomUUID())).statusCode).toBe(404);
    expect((await compare(room.funder, room.projectId)).statusCode).toBe(403);
    expect((await compare(outsiders.funder, room.projectId)).statusCode).toBe(403);
    expect((await compare(null, room.projectId)).statusCode).toBe(401);
  });
});
