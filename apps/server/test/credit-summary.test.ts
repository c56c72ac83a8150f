import { PDFDocument } from '@cantoo/pdf-lib';
import { pct } from '@plinth/domain/broker-ai/answer';
import { feasibility, feasibilityInputsOf } from '@plinth/domain/broker-ai/feasibility';
import { quoteCost } from '@plinth/domain/broker-ai/tools';
import type { DataRoomReport } from '@plinth/domain/data-room-report';
import { CODE_KEYWORD_PREFIX } from '@plinth/domain/watermark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  createDealRoom,
  type DealRoom,
  quoteBody,
  requestDocument,
  respond,
  submitQuote,
  uploadDealDocuments,
} from './support/deal-room';
import { createGranted, createStrangers } from './support/deals';
import { insertPublishedProject } from './support/messages';
import { makePdf, pagesText } from './support/watermark';

// Issue 21 item 4: GET /api/deals/{id}/credit-summary, the deal's two-page credit summary PDF. Read
// back with pdf.js: the project's figures and ratios (as the domain formats them), the comparables,
// the room's documents and open requests and the accepted quote's all-in cost; the funder's copy
// stamped with their e-mail and a code recorded in document_view and listed in the developer's
// data-room report; everyone the deal room refuses is refused the same way.

let t: TestApp;
let room: DealRoom;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
const db = () => t.database.db;

const figures = {
  property_type: 'Residential',
  development_stage: 'Construction',
  land_value: 5_000_000,
  total_project_cost: 12_000_000,
  construction_cost: 6_000_000,
  expected_gdc: 14_400_000,
  expected_profit: 2_400_000,
  equity_contribution: 2_000_000,
  interest_rate: 9.5,
  loan_term: 18,
  latitude: -32.93,
  longitude: 151.78,
} as const;
const acceptedQuote = quoteBody({ loan_amount: 3_500_000, interest_rate: 9.25, establishment_fee: 35_000 });
const declinedQuote = quoteBody({ loan_amount: 3_400_000, interest_rate: 10.5, establishment_fee: 30_000 });
/** Five listings near Newcastle and one across the country: the five are the comparables. */
const nearby = [
  ['Merewether', -32.95, 151.75],
  ['Hamilton', -32.92, 151.75],
  ['Charlestown', -32.96, 151.69],
  ['Maitland', -32.73, 151.55],
  ['Gosford', -33.43, 151.34],
] as const;

const download = (user: TestUser | null, dealId = room.dealId) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/credit-summary` });

async function insertComparable(
  ownerId: string,
  suburb: string,
  state: 'NSW' | 'WA',
  lat: number,
  lng: number,
) {
  const id = await insertPublishedProject(db(), ownerId, `Comparable ${suburb}`);
  await db()
    .updateTable('project')
    .set({ suburb, state, latitude: lat, longitude: lng, property_type: 'Residential' })
    .where('id', '=', id)
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  room = await createDealRoom(t);
  strangers = await createStrangers(t);
  await db().updateTable('project').set(figures).where('id', '=', room.projectId).execute();
  for (const [suburb, lat, lng] of nearby)
    await insertComparable(strangers.developer.id, suburb, 'NSW', lat, lng);
  await insertComparable(strangers.developer.id, 'Perth', 'WA', -31.95, 115.86);

  const uploaded = await uploadDealDocuments(t.app, room.developer, room.dealId, [
    { name: 'signed-construction-contract.pdf', content: await makePdf(1, 'Contract') },
  ]);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const asked = await requestDocument(t.app, room.funder, room.dealId, {
    document_name: 'Quantity surveyor cost report',
    description: 'The latest one.',
  });
  expect(asked.statusCode, asked.body).toBe(201);

  const first = (await submitQuote(t.app, room.funder, room.dealId, declinedQuote)).json();
  expect(
    (await respond(t.app, room.developer, first.id, { response: 'decline', reason: 'Too dear' })).statusCode,
  ).toBe(200);
  const second = (await submitQuote(t.app, room.funder, room.dealId, acceptedQuote)).json();
  expect((await respond(t.app, room.developer, second.id, { response: 'accept' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const viewsOf = (viewerId: string, dealId = room.dealId) =>
  db()
    .selectFrom('document_view')
    .select(['kind', 'code', 'deal_document_id', 'project_document_id'])
    .where('credit_summary_deal_id', '=', dealId)
    .where('viewer_id', '=', viewerId)
    .execute();

const expectedFeasibility = () => feasibility(feasibilityInputsOf({ loan_amount: 3_500_000, ...figures }));
const allIn = (q: typeof acceptedQuote) =>
  quoteCost({
    loan_amount: q.loan_amount as number,
    interest_rate: q.interest_rate as number,
    loan_term: q.loan_term as number,
    establishment_fee: q.establishment_fee as number,
  })!;

describe('GET /api/deals/{id}/credit-summary', () => {
  it("credit summary: the funder gets two A4 pages with the deal's figures, stamped with their e-mail and a recorded code", async () => {
    const res = await download(room.funder);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="credit-summary-harbour-view-terraces-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pages = await pagesText(res.rawPayload);
    expect(pages).toHaveLength(2);
    const [one, two] = pages as [string, string];

    // Page 1: the project, every ratio as the domain shows it, the grid and the stress cases.
    const f = expectedFeasibility();
    expect(one).toContain('Harbour View Terraces');
    expect(one).toContain('Newcastle, NSW');
    expect(one).toContain('Loan sought $3,500,000');
    const lvr = f.ratios.find((r) => r.key === 'lvrOnLand')!;
    expect(lvr.display).toBe('70%');
    expect(one).toContain(`LVR on land (Plinth)   ${lvr.display}`);
    for (const r of f.ratios) {
      expect(one).toContain(r.label);
      expect(one).toContain(r.display);
    }
    expect(one).toContain('Loan / GRV ex GST');
    expect(one).toMatch(/PASS|WATCH|FAIL/);
    expect(one).toContain('Sensitivity: margin on cost against the 15% hurdle');
    // The grid's worst cell: construction cost +20 %, revenue -20 %.
    const worst = f.grid!.rows[4]![4]!;
    expect(worst.standing).toBe('loss');
    expect(one).toContain(`${pct(worst.marginOnCost)} loss`);
    for (const s of f.stress!) expect(one).toContain(s.name.replace('\u2212', '-'));
    expect(one).toContain('$12,000,000');

    // Page 2: the comparables (nearest five), the room's documents and the accepted quote.
    for (const [suburb] of nearby) expect(two).toContain(`${suburb}, NSW`);
    expect(two).not.toContain('Perth');
    expect(two).toContain('signed-construction-contract.pdf');
    expect(two).toContain('Quantity surveyor cost report');
    expect(two).toContain('Accepted quote');
    const cost = allIn(acceptedQuote);
    expect(cost.total).toBe(520_625);
    expect(two).toContain('$520,625');
    expect(two).not.toContain(`$${allIn(declinedQuote).total.toLocaleString('en-AU')}`);
    expect(two).toContain('General information only, not financial advice.');
    expect(two).toMatch(/Generated by Plinth on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} AE[DS]T/);

    // The stamp: every page, the funder's e-mail and the code recorded for this download.
    const views = await viewsOf(room.funder.id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ kind: 'download', deal_document_id: null, project_document_id: null });
    const code = views[0]!.code!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    for (const text of pages) {
      expect(text).toContain(room.funder.email);
      expect(text).toContain(`Code ${code}`);
    }
    const doc = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
    expect(doc.getKeywords()).toContain(`${CODE_KEYWORD_PREFIX}${code}`);

    // Audited, with the code.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'after'])
      .where('action', '=', 'deal.credit_summary_downloaded')
      .where('target_id', '=', room.dealId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: room.funder.id, target_type: 'deal' });
    expect(JSON.stringify(audit[0]!.after)).toContain(code);

    // A leaked copy traces back to the funder, for the developer (decision 034).
    const traced = await as(t.app, room.developer, {
      method: 'GET',
      url: `/api/document-trace?code=${code}`,
    });
    expect(traced.statusCode).toBe(200);
    expect(traced.json()).toMatchObject({
      code,
      document: { id: room.dealId, source: 'credit_summary', file_name: 'Credit summary' },
      viewer: { id: room.funder.id, email: room.funder.email },
      kind: 'download',
    });
  });

  it('credit summary: the developer (and an admin) get it as made, unstamped; recorded without a code', async () => {
    for (const user of [room.developer, strangers.admin]) {
      const res = await download(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pages = await pagesText(res.rawPayload);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('70%');
      expect(pages[1]).toContain('$520,625');
      expect(pages.join(' ')).not.toMatch(/Code [0-9A-Z]{4}-[0-9A-Z]{4}/);
      expect(await viewsOf(user.id)).toEqual([
        { kind: 'download', code: null, deal_document_id: null, project_document_id: null },
      ]);
    }
  });

  it("credit summary: the developer's data-room report lists the funder's downloads, not the developer's own", async () => {
    const before = (await viewsOf(room.funder.id)).length;
    expect((await download(room.funder)).statusCode).toBe(200);
    const res = await as(t.app, room.developer, {
      method: 'GET',
      url: `/api/projects/${room.projectId}/data-room-report`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as DataRoomReport;
    const funder = report.funders.find((f) => f.funder_id === room.funder.id)!;
    const summary = funder.documents.find((d) => d.source === 'credit_summary');
    expect(summary).toMatchObject({
      document_id: room.dealId,
      file_name: 'Credit summary',
      views: 0,
      downloads: before + 1,
    });
    // Listed in the CSV too, with its source.
    const csv = await as(t.app, room.developer, {
      method: 'GET',
      url: `/api/projects/${room.projectId}/data-room-report.csv`,
    });
    expect(csv.body).toMatch(/Document,Credit summary,Generated by Plinth,,No,0,2,/);
  });

  it('credit summary: a deal without figures, documents or quotes still makes two pages that say so', async () => {
    const bare = await createDealRoom(t, { developer: room.developer });
    const res = await download(bare.funder, bare.dealId);
    expect(res.statusCode, res.body).toBe(200);
    const [one, two] = (await pagesText(res.rawPayload)) as [string, string];
    expect(one).toContain('Not given in the listing: total project cost');
    expect(one).toContain('Needs the total cost and the revenue.');
    expect(two).toContain('None yet.');
    expect(two).toContain('None outstanding.');
    expect(two).toContain('No quote yet.');
  });

  it('credit summary: the latest quote when none is accepted, with its all-in cost and rate', async () => {
    const other = await createDealRoom(t, { developer: room.developer });
    const pending = quoteBody({
      loan_amount: 2_000_000,
      interest_rate: 12,
      loan_term: 12,
      establishment_fee: 10_000,
    });
    expect((await submitQuote(t.app, other.funder, other.dealId, pending)).statusCode).toBe(201);
    const res = await download(other.developer, other.dealId);
    const two = (await pagesText(res.rawPayload))[1]!;
    expect(two).toContain('Latest quote (Pending)');
    expect(two).toContain('$250,000'); // 2,000,000 x 12 % x 1 year + 10,000
    expect(two).toContain('12.5% a year');
  });
});

describe('GET /api/deals/{id}/credit-summary: refusals', () => {
  it('credit summary: anonymous 401; another funder, another developer and a funder with a request but no deal 404', async () => {
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(strangers.funder)).json()).toMatchObject({ error: 'Deal room not found' });
    expect((await download(strangers.funder)).statusCode).toBe(404);
    expect((await download(strangers.developer)).statusCode).toBe(404);
    const requester = await createGranted(t, { status: 'pending' });
    await db()
      .updateTable('access_request')
      .set({ project_id: room.projectId })
      .where('id', '=', requester.accessRequestId)
      .execute();
    expect((await download(requester.funder)).statusCode).toBe(404);
    expect((await download(room.funder, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(room.funder, 'not-a-uuid')).statusCode).toBe(400);
    const refusedViews = await db()
      .selectFrom('document_view')
      .select('id')
      .where('viewer_id', 'in', [strangers.funder.id, strangers.developer.id, requester.funder.id])
      .execute();
    expect(refusedViews).toEqual([]);
  });

  it('credit summary: a funder whose access was revoked is told the room does not exist; the developer still downloads', async () => {
    const revoked = await createDealRoom(t);
    const res = await as(t.app, revoked.developer, {
      method: 'PUT',
      url: `/api/access-requests/${revoked.accessRequestId}/revoke`,
      payload: { reason: 'We chose another lender.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await download(revoked.funder, revoked.dealId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'Deal room not found' });
    expect(await viewsOf(revoked.funder.id, revoked.dealId)).toEqual([]);
    expect((await download(revoked.developer, revoked.dealId)).statusCode).toBe(200);
  });

  it('credit summary: a funder granted before undertakings existed signs one first (403 UNDERTAKING_REQUIRED)', async () => {
    const legacy = await createDealRoom(t);
    await db()
      .deleteFrom('undertaking_acceptance')
      .where('access_request_id', '=', legacy.accessRequestId)
      .execute();
    const res = await download(legacy.funder, legacy.dealId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UNDERTAKING_REQUIRED' });
    expect(await viewsOf(legacy.funder.id, legacy.dealId)).toEqual([]);
  });

  it('credit summary: a signed-in user without a role (onboarding not finished) is refused by role (403)', async () => {
    const unroled = await createUser(t.app, { name: 'No Role' });
    const res = await download(unroled);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Your role does not allow this' });
  });
});

describe('OpenAPI', () => {
  it('credit summary: documented as a PDF download with its errors', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = spec.paths['/api/deals/{id}/credit-summary'].get;
    expect(op.summary).toMatch(/credit summary PDF/);
    expect(op.responses['200'].content['application/pdf'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
  });

  it("credit summary: a document's day is the reader's, in the zone on their profile (decision 074)", async () => {
    // 3 am UTC on the 29th: 2 pm on the 29th in Sydney, 7 pm on the 28th in Los Angeles.
    await db()
      .updateTable('deal_document')
      .set({ uploaded_at: new Date('2026-11-29T03:00:00Z') })
      .where('deal_id', '=', room.dealId)
      .execute();
    await db()
      .updateTable('user')
      .set({ time_zone: 'America/Los_Angeles' })
      .where('id', '=', room.funder.id)
      .execute();
    try {
      const funderCopy = (await pagesText((await download(room.funder)).rawPayload))[1]!;
      expect(funderCopy).toMatch(/signed-construction-contract\.pdf.*28 Nov 2026/s);
      const developerCopy = (await pagesText((await download(room.developer)).rawPayload))[1]!;
      expect(developerCopy).toMatch(/signed-construction-contract\.pdf.*29 Nov 2026/s);
    } finally {
      await db()
        .updateTable('user')
        .set({ time_zone: 'Australia/Sydney' })
        .where('id', '=', room.funder.id)
        .execute();
    }
  });
});
