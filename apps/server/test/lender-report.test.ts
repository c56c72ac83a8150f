import { Readable } from 'node:stream';
import { covenantMessages } from '@plinth/domain/covenants';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covenantFacilityJob, queueCovenantJobs, runMonthly } from '../src/modules/covenants/covenant.jobs';
import { withCovenants } from '../src/modules/covenants/covenant-tables';
import { generateLenderReport } from '../src/modules/covenants/lender-report.service';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { dealUploadBody } from './support/deal-room';
import { createStrangers } from './support/deals';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { makePhoto } from './support/photo';
import { pagesText } from './support/watermark';

// Issue 34 item 6 through the API (decision 067): the monthly lender report made once per facility
// and month, listed on the facility and downloaded stamped for every party but the funder; and the
// monthly job (from the first business day) testing the covenants once per period and making the
// report once, however often it runs.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
let reportId: string;
const today = sydneyDate();
const month = `${today.slice(0, 7)}-01`;
const monthWords = new Intl.DateTimeFormat('en-AU', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${month}T00:00:00Z`));

/** POST /draws/{id}/documents/upload with its kind first, as the draw page sends it. */
function uploadToDraw(user: TestUser, id: string, name: string, content: Buffer) {
  const body = dealUploadBody([{ name, content }]);
  const boundary = body.headers['content-type'].split('boundary=')[1]!;
  async function* withKind() {
    yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nother\r\n`);
    for await (const chunk of body.payload) yield chunk as Buffer;
  }
  return as(t.app, user, {
    method: 'POST',
    url: `/api/draws/${id}/documents/upload`,
    headers: body.headers,
    payload: Readable.from(withKind(), { objectMode: false }),
  });
}

const get = (user: TestUser | null, url: string) => as(t.app, user, { method: 'GET', url });
const ctx = () => ({ db: t.database.db, storage: t.app.deps.storage, config: t.app.deps.config });

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
  await call(t, w.funder, {
    method: 'PUT',
    url: `/api/facilities/${w.facilityId}/covenants`,
    payload: { covenants: [{ kind: 'in_balance', threshold: 0, cure_days: 10 }] },
  });
  // A draw this month with a site photo and the surveyor's comment.
  const draft = await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: `${today}T09:00:00+11:00`,
        lines: [{ budget_line_id: w.lines.C1, claimed_cents: 50_000_000 }],
      },
    },
    201,
  );
  const uploaded = await uploadToDraw(
    w.developer,
    draft.id,
    'level-2-slab.jpg',
    await makePhoto('jpeg', { width: 320, height: 240 }),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  await call(t, w.developer, { method: 'POST', url: `/api/draws/${draft.id}/submit` });
  await call(
    t,
    w.surveyor,
    {
      method: 'POST',
      url: `/api/draws/${draft.id}/comments`,
      payload: { body: 'Level 2 slab poured; formwork stripped.' },
    },
    201,
  );
});
afterAll(() => t.close());

describe('the monthly lender report', () => {
  it('is made once per facility and month', async () => {
    const made = await generateLenderReport(ctx(), w.facilityId, month, today);
    expect(made).not.toBeNull();
    reportId = made!;
    expect(await generateLenderReport(ctx(), w.facilityId, month, today)).toBeNull();
    const rows = await withCovenants(t.database.db)
      .selectFrom('lender_report')
      .select('id')
      .where('facility_id', '=', w.facilityId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is listed on the facility for every party', async () => {
    for (const user of [w.funder, w.developer, w.surveyor, strangers.admin]) {
      const res = await get(user, `/api/facilities/${w.facilityId}/reports`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([
        expect.objectContaining({
          id: reportId,
          month,
          generated_on: today,
          download_url: `/api/facilities/${w.facilityId}/reports/${reportId}/download`,
        }),
      ]);
    }
    expect((await get(strangers.funder, `/api/facilities/${w.facilityId}/reports`)).statusCode).toBe(404);
    expect((await get(strangers.developer, `/api/facilities/${w.facilityId}/reports`)).statusCode).toBe(404);
    expect((await get(null, `/api/facilities/${w.facilityId}/reports`)).statusCode).toBe(401);
  });

  it('holds progress, the cost report, the draws of the month, the in-balance test, the ledger, covenants, the surveyor and the photos', async () => {
    const res = await get(w.funder, `/api/facilities/${w.facilityId}/reports/${reportId}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `lender-report-${monthWords.toLowerCase().replace(' ', '-')}.pdf`,
    );
    const text = (await pagesText(res.rawPayload)).join('\n');
    for (const words of [
      'Lender report:',
      'Progress',
      'Cost report',
      'C1 Construction',
      `Draws in ${monthWords}`,
      'In-balance test',
      'Ledger summary',
      'Covenants',
      'In balance',
      "Quantity surveyor's comments",
      'Level 2 slab poured; formwork stripped.',
      'Photos',
      'level-2-slab.jpg',
    ])
      expect(text).toContain(words);
  });

  it('is stamped for every party but the funder', async () => {
    const url = `/api/facilities/${w.facilityId}/reports/${reportId}/download`;
    const original = (await get(w.funder, url)).rawPayload;
    for (const user of [w.developer, w.surveyor]) {
      const res = await get(user, url);
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, original)).not.toBe(0);
    }
    // Admins get it as made.
    expect(Buffer.compare((await get(strangers.admin, url)).rawPayload, original)).toBe(0);
  });

  it('refuses strangers, unknown reports and another facility’s report', async () => {
    const url = `/api/facilities/${w.facilityId}/reports/${reportId}/download`;
    expect((await get(strangers.funder, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    const unknown = await get(
      w.funder,
      `/api/facilities/${w.facilityId}/reports/00000000-0000-4000-8000-000000000000/download`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(covenantMessages.reportNotFound);
    expect((await get(w.funder, `/api/facilities/${w.facilityId}/reports/nope/download`)).statusCode).toBe(
      400,
    );
    const other = await createFacilityWorld(t);
    const cross = await get(other.funder, `/api/facilities/${other.facilityId}/reports/${reportId}/download`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error).toBe(covenantMessages.reportNotFound);
  });
});

describe('the monthly job', () => {
  it('tests each covenant once per period and makes one report however often it runs', async () => {
    const m = await createFacilityWorld(t);
    await call(t, m.funder, {
      method: 'PUT',
      url: `/api/facilities/${m.facilityId}/covenants`,
      payload: {
        covenants: [
          { kind: 'in_balance', threshold: 0, cure_days: 10 },
          { kind: 'practical_completion', threshold: 0, frequency: 'quarterly', cure_days: 0 },
        ],
      },
    });
    // Tuesday 1 December 2026, 2 pm in Sydney: the first business day of December.
    const firstBusinessDay = new Date('2026-12-01T03:00:00Z');
    const day = '2026-12-01';
    const first = await runMonthly(ctx(), m.facilityId, day);
    expect(first.tested).toBe(2);
    expect(first.report).not.toBeNull();
    const again = await runMonthly(ctx(), m.facilityId, day);
    expect(again).toEqual({ tested: 0, report: null });
    // Through the queue, twice: nothing more for this facility.
    for (let i = 0; i < 2; i++) {
      expect(await queueCovenantJobs(t.app.deps, firstBusinessDay)).toBeGreaterThan(0);
      await t.app.jobs.drain(covenantFacilityJob);
    }
    const db = withCovenants(t.database.db);
    const periods = await db
      .selectFrom('covenant_period')
      .select(['kind', 'period'])
      .where('facility_id', '=', m.facilityId)
      .orderBy('kind')
      .execute();
    expect(periods).toEqual([
      { kind: 'in_balance', period: '2026-12' },
      { kind: 'practical_completion', period: '2026-Q4' },
    ]);
    const scheduled = await db
      .selectFrom('covenant_test')
      .select('kind')
      .where('facility_id', '=', m.facilityId)
      .where('trigger', '=', 'scheduled')
      .execute();
    expect(scheduled).toHaveLength(2);
    const reports = await db
      .selectFrom('lender_report')
      .select(['month', 'generated_on'])
      .where('facility_id', '=', m.facilityId)
      .execute();
    expect(reports).toEqual([{ month: '2026-11-01', generated_on: '2026-12-01' }]);
    // A later day of the same month: the monthly covenant is not tested again, nor the quarterly.
    expect(await runMonthly(ctx(), m.facilityId, '2026-12-15')).toEqual({ tested: 0, report: null });
    // The next month: the monthly covenant again, the quarterly in its new quarter.
    expect((await runMonthly(ctx(), m.facilityId, '2027-01-04')).tested).toBe(2);
    expect((await runMonthly(ctx(), m.facilityId, '2027-02-01')).tested).toBe(1);
  });

  it('nothing is queued before the first business day', async () => {
    // Sunday 1 November 2026 in Sydney: not a business day.
    const queued = await queueCovenantJobs(t.app.deps, new Date('2026-11-01T03:00:00Z'));
    const due = await t.app.jobs.queued(covenantFacilityJob);
    expect(queued).toBe(due.filter((j) => j.data.today === '2026-11-01').length);
    expect(due.filter((j) => j.data.today === '2026-11-01' && j.data.work === 'monthly')).toHaveLength(0);
  });
});
