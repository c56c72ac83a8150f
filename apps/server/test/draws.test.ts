import { businessDaysLeft } from '@plinth/domain/facility/sop-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDeadlineNotices } from '../src/modules/draws/draw-clock';
import { as, buildTestApp, type TestApp } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Issue 33 items 3, 5 and 6 through the API: editing and withdrawing drafts, return and reject with
// reasons, the SOP clock in three states and its notices (each once), the payment schedule and
// the statements.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const draft = (world: FacilityWorld, servedAt = '2025-12-12T19:00:00+11:00') =>
  call(
    t,
    world.developer,
    {
      method: 'POST',
      url: `/api/facilities/${world.facilityId}/draws`,
      payload: {
        claim_served_at: servedAt,
        lines: [{ budget_line_id: world.lines.L1, claimed_cents: 500_000 }],
      },
    },
    201,
  );

describe('drafts, returns and rejections', () => {
  it('a draft is edited and withdrawn; once submitted it cannot be edited (409)', async () => {
    const d = await draft(w);
    const edited = await call(t, w.developer, {
      method: 'PATCH',
      url: `/api/draws/${d.id}`,
      payload: { note: 'Stage 2 claim', lines: [{ budget_line_id: w.lines.C1, claimed_cents: 700_000 }] },
    });
    expect(edited).toMatchObject({ note: 'Stage 2 claim', claimed_cents: 700_000 });
    expect(edited.lines.map((l: { code: string }) => l.code)).toEqual(['C1']);
    const empty = await as(t.app, w.developer, {
      method: 'PATCH',
      url: `/api/draws/${d.id}`,
      payload: { lines: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('A claim needs at least one line');
    const other = await as(t.app, w.funder, {
      method: 'PATCH',
      url: `/api/draws/${d.id}`,
      payload: { note: 'x' },
    });
    expect(other.statusCode).toBe(403);
    await call(t, w.developer, { method: 'POST', url: `/api/draws/${d.id}/cancel` });
    const late = await as(t.app, w.developer, {
      method: 'PATCH',
      url: `/api/draws/${d.id}`,
      payload: { note: 'x' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Only a draft or a returned draw can be edited; this draw is cancelled');
  });

  it('returned with a reason, resubmitted and certified afresh; rejected for good', async () => {
    const d = await certifiedDraw(t, w, [
      { line: 'L1', claimed: 300_000, certified: 200_000, reason: 'Invoice missing' },
    ]);
    expect(d.lines[0]).toMatchObject({ certified_cents: 200_000, reason: 'Invoice missing' });
    const noReason = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/draws/${d.id}/return`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('A reason is required');
    const back = await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${d.id}/return`,
      payload: { reason: 'Add the invoice' },
    });
    expect(back).toMatchObject({ status: 'returned', decision_reason: 'Add the invoice' });
    const again = await call(t, w.developer, { method: 'POST', url: `/api/draws/${d.id}/submit` });
    expect(again).toMatchObject({ status: 'submitted', certified_cents: null });
    expect(again.lines[0].certified_cents).toBeNull();
    const rejected = await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${d.id}/reject`,
      payload: { reason: 'Not our project' },
    });
    expect(rejected.status).toBe('rejected');
    const dead = await as(t.app, w.developer, { method: 'POST', url: `/api/draws/${d.id}/submit` });
    expect(dead.statusCode).toBe(409);
    expect(dead.json().error).toBe('This draw is rejected and can no longer change');
  });

  it('a surveyor certifies nothing beyond the line budget, and lines only of the claim', async () => {
    const d = await draft(w);
    await call(t, w.developer, { method: 'POST', url: `/api/draws/${d.id}/submit` });
    const res = await as(t.app, w.surveyor, {
      method: 'POST',
      url: `/api/draws/${d.id}/certify`,
      payload: {
        inspected_on: '2026-01-06',
        percent_complete: 1,
        delay_days: 0,
        lines: [{ budget_line_id: w.lines.X1, certified_cents: 1, cost_to_complete_cents: 0, reason: '' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((x: { message: string }) => x.message)).toEqual([
      'Line 1 (Contingency): this budget line is not in the claim',
      'Every claimed line needs a certified amount (0 if none of it is certified)',
    ]);
  });
});

describe('the Security of Payment clock', () => {
  it('served Friday 12 December 2025 at 19:00 Sydney: VIC 30 December, NSW 5 January, QLD 23 January', async () => {
    expect((await draft(w)).payment_schedule_due).toBe('2026-01-05');
    const vic = await createFacilityWorld(t, { state: 'VIC' });
    expect((await draft(vic)).payment_schedule_due).toBe('2025-12-30');
    const qld = await createFacilityWorld(t, { state: 'QLD' });
    const q = await draft(qld);
    expect(q.payment_schedule_due).toBe('2026-01-23');
    // The surveyor's and the funder's own deadlines fall before it.
    expect(q.surveyor_due < q.funder_due && q.funder_due < q.payment_schedule_due).toBe(true);
  });

  it('notices at 5 and 2 business days left and on the last day, each once', async () => {
    const d = await draft(w, '2026-01-05T10:00:00+11:00');
    await call(t, w.developer, { method: 'POST', url: `/api/draws/${d.id}/submit` });
    const due: string = d.payment_schedule_due;
    const dayWith = (left: number) => {
      for (let i = 0; i < 40; i++) {
        const day = new Date(Date.parse(`${due}T12:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
        if (businessDaysLeft('NSW', day, due) === left) return day;
      }
      throw new Error(`no day with ${left} left`);
    };
    const at = (day: string) => new Date(`${day}T02:00:00Z`);
    const count = async () =>
      (await t.database.db.selectFrom('draw_notice').select('kind').where('draw_id', '=', d.id).execute())
        .map((r) => r.kind)
        .sort();
    await sendDeadlineNotices(t.app.deps, at(dayWith(5)));
    await sendDeadlineNotices(t.app.deps, at(dayWith(5)));
    expect(await count()).toEqual(['left_5']);
    await sendDeadlineNotices(t.app.deps, at(dayWith(2)));
    await sendDeadlineNotices(t.app.deps, at(due));
    expect(await count()).toEqual(['left_0', 'left_2', 'left_5']);
    const notes = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'message'])
      .where('related_id', '=', d.id)
      .where('message', 'like', '%payment schedule%')
      .execute();
    // 5 and 2 days to the three parties, the last day to the developer alone.
    expect(notes.filter((n) => n.message.includes('due today')).map((n) => n.user_id)).toEqual([
      w.developer.id,
    ]);
    expect(notes.filter((n) => n.message.includes('business days left'))).toHaveLength(6);
  });
});

describe('documents the server makes', () => {
  it("the payment schedule: the developer's, once certified", async () => {
    const d = await certifiedDraw(t, w, [
      { line: 'L1', claimed: 400_000, certified: 300_000, reason: 'Fencing not done' },
    ]);
    const pdf = await as(t.app, w.developer, {
      method: 'GET',
      url: `/api/draws/${d.id}/payment-schedule.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await as(t.app, w.funder, { method: 'GET', url: `/api/draws/${d.id}/payment-schedule.pdf` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(t.app, strangers.developer, {
          method: 'GET',
          url: `/api/draws/${d.id}/payment-schedule.pdf`,
        })
      ).statusCode,
    ).toBe(404);
    const early = await draft(w);
    const refused = await as(t.app, w.developer, {
      method: 'GET',
      url: `/api/draws/${early.id}/payment-schedule.pdf`,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('the statement: CSV rows per posting; the PDF as made for the funder, stamped for the developer', async () => {
    await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/equity`,
        payload: { amount_cents: 12_345, received_on: '2026-01-03' },
      },
      201,
    );
    const csv = await as(t.app, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/statement.csv`,
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('journal,effective_on,kind,memo,account,amount_cents,amount_aud');
    expect(rows).toContain(
      `${rows.find((r) => r.includes('equity_received'))!.split(',')[0]},2026-01-03,equity_received,Equity received,equity,12345,123.45`,
    );
    const funderCopy = await as(t.app, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/statement.pdf`,
    });
    const developerCopy = await as(t.app, w.developer, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/statement.pdf`,
    });
    expect(funderCopy.statusCode).toBe(200);
    expect(developerCopy.statusCode).toBe(200);
    expect(developerCopy.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The stamp (the reader's name and a download code on every page) makes the copy longer.
    expect(developerCopy.rawPayload.length).toBeGreaterThan(funderCopy.rawPayload.length + 500);
    expect(
      (
        await as(t.app, strangers.funder, {
          method: 'GET',
          url: `/api/facilities/${w.facilityId}/statement.pdf`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
