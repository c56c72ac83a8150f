import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  type DataRoomReport,
  type DataRoomReportFunder,
  dataRoomReportCsvHeader,
  reportDateTime,
} from '@plinth/domain/data-room-report';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { parseCsv } from './support/csv';
import {
  createDealRoom,
  createOutsiders,
  type DealRoom,
  quoteBody,
  respond,
  submitQuote,
  uploadDealDocuments,
} from './support/deal-room';
import { createFunder } from './support/marketplace';
import { insertPublishedProject } from './support/messages';

// The developer's data-room report (decision 036): GET /api/projects/{id}/data-room-report and its
// CSV twin. Per funder with a request on the project: the request's status, the undertaking, the
// documents they opened (views, downloads, last time, view-only) and their quotes.

let t: TestApp;
let outsiders: Awaited<ReturnType<typeof createOutsiders>>;
let world: Awaited<ReturnType<typeof buildProject>>;
beforeAll(async () => {
  t = await buildTestApp();
  outsiders = await createOutsiders(t.app);
  world = await buildProject();
});
afterAll(() => t.close());

const db = () => t.database.db;
const reportOf = (user: TestUser | null, projectId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/projects/${projectId}/data-room-report` });
const csvOf = (user: TestUser | null, projectId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/projects/${projectId}/data-room-report.csv` });
const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url });

/** A project document as an upload leaves it (uploads are documents.test.ts's business). */
async function insertProjectDocument(
  room: DealRoom,
  fileName: string,
  documentType: string,
  viewOnly: boolean,
): Promise<string> {
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([await realPdf()]));
  const row = await db()
    .insertInto('project_document')
    .values({
      project_id: room.projectId,
      uploader_id: room.developer.id,
      document_type: documentType,
      storage_key: key,
      file_name: fileName,
      mime_type: 'application/pdf',
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
      view_only: viewOnly,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another funder's request on the project, in `status`, asked at `requestedAt`. */
async function insertRequest(
  funderId: string,
  projectId: string,
  status: 'pending' | 'declined' | 'revoked',
  requestedAt: Date,
) {
  await db()
    .insertInto('access_request')
    .values({
      funder_id: funderId,
      project_id: projectId,
      status,
      requested_at: requestedAt,
      ...(status === 'declined' ? { declined_at: requestedAt } : {}),
      ...(status === 'revoked' ? { approved_at: requestedAt, revoked_at: new Date() } : {}),
    })
    .execute();
}

/** A real one-page PDF: a funder's copy is stamped with their name, so it must be readable. */
async function realPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * The world: Frankie (the deal room's funder, undertaking signed) opened two listing files (one
 * view-only) and a deal-room file and quoted twice (the first declined); Penny asked twice (declined,
 * then pending); Rory's access was revoked. The developer's, an admin's and Frankie's reads of their
 * own upload are in the log too, never counted.
 */
async function buildProject() {
  const room = await createDealRoom(t);
  await db()
    .updateTable('access_request')
    .set({ requested_at: minutesAgo(60) })
    .where('id', '=', room.accessRequestId)
    .execute();
  const version = await db()
    .selectFrom('undertaking_version')
    .select(['version', 'sha256'])
    .where('version', '=', 1)
    .executeTakeFirstOrThrow();
  // The undertaking as the funder signed it (the factory may have written a plain one already).
  const acceptedAt = new Date('2026-11-27T04:05:00.000Z');
  const signed = {
    version: version.version,
    text_sha256: version.sha256,
    full_name: 'Frankie Funder',
    account_name: 'Frankie Funder',
    company_name: 'Test Capital Pty Ltd',
    ip: '203.0.113.7',
    user_agent: 'vitest',
    accepted_at: acceptedAt,
  };
  await db()
    .insertInto('undertaking_acceptance')
    .values({ access_request_id: room.accessRequestId, funder_id: room.funder.id, ...signed })
    .onConflict((oc) => oc.column('access_request_id').doUpdateSet(signed))
    .execute();

  const feasibility = await insertProjectDocument(room, 'Feasibility.pdf', 'feasibility_study', false);
  const valuation = await insertProjectDocument(room, 'Valuation.pdf', 'valuation_report', true);
  const frankie = room.funder;
  for (const url of [
    `/api/documents/${feasibility}/view`,
    `/api/documents/${feasibility}/view`,
    `/api/documents/${feasibility}/download`,
    // View only: read as page images (decision 049); one reading is one view, however many pages.
    `/api/documents/${valuation}/pages`,
  ]) {
    const res = await get(frankie, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    for (const page of url.endsWith('/pages') ? (res.json().pages as { url: string }[]) : []) {
      expect((await get(frankie, page.url)).statusCode).toBe(200);
    }
  }
  // The owner side's and an admin's reads are logged, never counted.
  expect((await get(room.developer, `/api/documents/${feasibility}/download`)).statusCode).toBe(200);
  expect((await get(outsiders.admin, `/api/documents/${feasibility}/view`)).statusCode).toBe(200);

  const upload = async (user: TestUser, name: string) => {
    const res = await uploadDealDocuments(t.app, user, room.dealId, [{ name, content: await realPdf() }]);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().uploaded[0] as { id: string }).id;
  };
  const costPlan = await upload(room.developer, 'Cost plan.pdf');
  const termSheet = await upload(frankie, 'Term sheet.pdf');
  expect((await get(frankie, `/api/deals/${room.dealId}/documents/${costPlan}`)).statusCode).toBe(200);
  // Frankie reading their own upload is not interest in the developer's file.
  expect((await get(frankie, `/api/deals/${room.dealId}/documents/${termSheet}/view`)).statusCode).toBe(200);

  const first = await submitQuote(t.app, frankie, room.dealId, quoteBody());
  expect(first.statusCode, first.body).toBe(201);
  const declined = await respond(t.app, room.developer, first.json().id, {
    response: 'decline',
    reason: 'Rate too high',
  });
  expect(declined.statusCode, declined.body).toBe(200);
  const second = await submitQuote(t.app, frankie, room.dealId, quoteBody({ loan_amount: 2_300_000 }));
  expect(second.statusCode, second.body).toBe(201);

  const penny = await createFunder(t, 'active', { name: 'Penny Pending' });
  await insertRequest(penny.id, room.projectId, 'declined', minutesAgo(50));
  await insertRequest(penny.id, room.projectId, 'pending', minutesAgo(40));
  const rory = await createFunder(t, 'active', { name: 'Rory Revoked' });
  await insertRequest(rory.id, room.projectId, 'revoked', minutesAgo(30));

  return {
    room,
    feasibility,
    valuation,
    costPlan,
    acceptedAt,
    penny,
    rory,
    quoteIds: [second.json().id, first.json().id],
  };
}

/** When `viewer` last opened document `id` (the log's own answer). */
async function lastOpened(viewerId: string, column: 'project_document_id' | 'deal_document_id', id: string) {
  const row = await db()
    .selectFrom('document_view')
    .select((eb) => eb.fn.max('viewed_at').as('last'))
    .where('viewer_id', '=', viewerId)
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return new Date(row.last as Date | string).toISOString();
}

describe('GET /api/projects/{id}/data-room-report', () => {
  it("answers the project's developer with every funder's request, undertaking, documents opened and quotes", async () => {
    const { room, penny, rory } = world;
    const res = await reportOf(room.developer, room.projectId);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as DataRoomReport;
    expect(report).toMatchObject({
      project_id: room.projectId,
      project_title: 'Harbour View Terraces',
      truncated: false,
    });
    expect(Date.now() - Date.parse(report.generated_at)).toBeLessThan(60_000);
    // Newest request first; Penny once, as she stands now.
    expect(report.funders.map((f) => [f.funder_name, f.access_status])).toEqual([
      ['Rory Revoked', 'revoked'],
      ['Penny Pending', 'pending'],
      ['Frankie Funder', 'due_diligence'],
    ]);

    const frankie = report.funders[2]!;
    expect(frankie).toMatchObject({
      funder_id: room.funder.id,
      company_name: 'Test Capital',
      // Shared with the developer in their deal room.
      email: room.funder.email,
      undertaking: {
        full_name: 'Frankie Funder',
        account_name: 'Frankie Funder',
        name_differs: false,
        company_name: 'Test Capital Pty Ltd',
        version: 1,
        accepted_at: world.acceptedAt.toISOString(),
      },
    });
    const byName = Object.fromEntries(frankie.documents.map((d) => [d.file_name, d]));
    expect(Object.keys(byName).sort()).toEqual(['Cost plan.pdf', 'Feasibility.pdf', 'Valuation.pdf']);
    expect(byName['Feasibility.pdf']).toEqual({
      document_id: world.feasibility,
      source: 'project',
      file_name: 'Feasibility.pdf',
      document_type: 'feasibility_study',
      view_only: false,
      views: 2,
      downloads: 1,
      last_at: await lastOpened(room.funder.id, 'project_document_id', world.feasibility),
    });
    expect(byName['Valuation.pdf']).toEqual({
      document_id: world.valuation,
      source: 'project',
      file_name: 'Valuation.pdf',
      document_type: 'valuation_report',
      view_only: true,
      views: 1,
      downloads: 0,
      last_at: await lastOpened(room.funder.id, 'project_document_id', world.valuation),
    });
    expect(byName['Cost plan.pdf']).toEqual({
      document_id: world.costPlan,
      source: 'deal',
      file_name: 'Cost plan.pdf',
      document_type: null,
      view_only: false,
      views: 0,
      downloads: 1,
      last_at: await lastOpened(room.funder.id, 'deal_document_id', world.costPlan),
    });
    const lastTimes = frankie.documents.map((d) => d.last_at);
    expect(lastTimes).toEqual([...lastTimes].sort().reverse());

    expect(frankie.quotes).toEqual([
      {
        id: world.quoteIds[0],
        loan_amount: 2_300_000,
        interest_rate: 9.25,
        loan_term: 18,
        status: 'pending',
        expired: false,
        created_at: expect.any(String),
        responded_at: null,
      },
      {
        id: world.quoteIds[1],
        loan_amount: 2_400_000,
        interest_rate: 9.25,
        loan_term: 18,
        status: 'declined',
        expired: false,
        created_at: expect.any(String),
        responded_at: expect.any(String),
      },
    ]);

    const nothingYet = (f: DataRoomReportFunder) => ({
      email: f.email,
      undertaking: f.undertaking,
      documents: f.documents,
      quotes: f.quotes,
    });
    // No deal room with the developer: their e-mail is not shared.
    for (const [f, id] of [
      [report.funders[0]!, rory.id],
      [report.funders[1]!, penny.id],
    ] as const) {
      expect(f.funder_id).toBe(id);
      expect(nothingYet(f)).toEqual({ email: null, undertaking: null, documents: [], quotes: [] });
    }
  });

  it('counts a pending quote past its valid-until day as expired', async () => {
    const { room } = world;
    await db()
      .updateTable('proposal')
      .set({ valid_until: '2020-01-01' })
      .where('id', '=', world.quoteIds[0])
      .execute();
    try {
      const quotes = (await reportOf(room.developer, room.projectId)).json().funders[2].quotes;
      expect(quotes.map((q: { status: string; expired: boolean }) => [q.status, q.expired])).toEqual([
        ['pending', true],
        ['declined', false],
      ]);
    } finally {
      await db()
        .updateTable('proposal')
        .set({ valid_until: sydneyDate(new Date(Date.now() + 14 * 86_400_000)) })
        .where('id', '=', world.quoteIds[0])
        .execute();
    }
  });

  it('a project nobody asked about answers no funders', async () => {
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Quiet Developer',
    });
    const projectId = await insertPublishedProject(db(), developer.id, 'Quiet Lane');
    const res = await reportOf(developer, projectId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project_title: 'Quiet Lane', funders: [], truncated: false });
    const csv = await csvOf(developer, projectId);
    expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toEqual([[...dataRoomReportCsvHeader]]);
  });

  it('refuses everyone but the developer and admins: another developer 404, funders 403, anonymous 401', async () => {
    const { room } = world;
    for (const read of [reportOf, csvOf]) {
      const stranger = await read(outsiders.developer, room.projectId);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ error: 'Project not found', code: 'NOT_FOUND' });
      for (const funder of [room.funder, outsiders.funder]) {
        expect((await read(funder, room.projectId)).statusCode).toBe(403);
      }
      expect((await read(null, room.projectId)).statusCode).toBe(401);
      expect((await read(room.developer, randomUUID())).statusCode).toBe(404);
      expect((await read(room.developer, 'not-a-uuid')).statusCode).toBe(400);
    }
  });

  it('admins read the same report; their own reads are not counted', async () => {
    const { room } = world;
    const asAdmin = await reportOf(outsiders.admin, room.projectId);
    expect(asAdmin.statusCode).toBe(200);
    const asOwner = await reportOf(room.developer, room.projectId);
    const strip = (r: DataRoomReport) => ({ ...r, generated_at: '' });
    expect(strip(asAdmin.json())).toEqual(strip(asOwner.json()));
    expect((await csvOf(outsiders.admin, room.projectId)).statusCode).toBe(200);
  });
});

describe('GET /api/projects/{id}/data-room-report.csv', () => {
  it('downloads the report as a CSV: a header for a spreadsheet, a row per document and quote, money and Sydney times', async () => {
    const { room } = world;
    const report = (await reportOf(room.developer, room.projectId)).json() as DataRoomReport;
    const res = await csvOf(room.developer, room.projectId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const fileName = `data-room-report-harbour-view-terraces-${sydneyDate()}.csv`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    // A byte-order mark, so a spreadsheet reads the text as UTF-8.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...dataRoomReportCsvHeader]);

    const frankie = report.funders[2]!;
    const funderColumns = [
      'Frankie Funder',
      'Test Capital',
      room.funder.email,
      'Due Diligence',
      reportDateTime(frankie.requested_at),
      'Frankie Funder',
      'Same as the account name',
      'Test Capital Pty Ltd',
      '1',
      '27/11/2026, 15:05',
    ];
    const frankieRows = rows.filter((r) => r[0] === 'Frankie Funder');
    expect(frankieRows).toHaveLength(5);
    const feasibility = frankie.documents.find((d) => d.file_name === 'Feasibility.pdf')!;
    expect(frankieRows).toContainEqual([
      ...funderColumns,
      'Document',
      'Feasibility.pdf',
      'Project file',
      'Feasibility Study',
      'No',
      '2',
      '1',
      reportDateTime(feasibility.last_at),
      ...Array(6).fill(''),
    ]);
    const valuation = frankieRows.find((r) => r[11] === 'Valuation.pdf')!;
    expect(valuation.slice(10, 17)).toEqual([
      'Document',
      'Valuation.pdf',
      'Project file',
      'Valuation Report',
      'Yes',
      '1',
      '0',
    ]);
    const costPlan = frankieRows.find((r) => r[11] === 'Cost plan.pdf')!;
    expect(costPlan.slice(12, 17)).toEqual(['Deal room', '', 'No', '0', '1']);
    const [pending, declined] = frankie.quotes;
    expect(frankieRows.filter((r) => r[10] === 'Quote')).toEqual([
      [
        ...funderColumns,
        'Quote',
        ...Array(7).fill(''),
        '$2,300,000',
        '9.25%',
        '18',
        'Pending',
        reportDateTime(pending!.created_at),
        '',
      ],
      [
        ...funderColumns,
        'Quote',
        ...Array(7).fill(''),
        '$2,400,000',
        '9.25%',
        '18',
        'Declined',
        reportDateTime(declined!.created_at),
        reportDateTime(declined!.responded_at!),
      ],
    ]);
    expect(rows.filter((r) => r[0] !== 'Frankie Funder').map((r) => r.slice(0, 11))).toEqual([
      [
        'Rory Revoked',
        'Test Capital',
        '',
        'Access revoked',
        reportDateTime(report.funders[0]!.requested_at),
        '',
        '',
        '',
        '',
        '',
        'None',
      ],
      [
        'Penny Pending',
        'Test Capital',
        '',
        'Pending',
        reportDateTime(report.funders[1]!.requested_at),
        '',
        '',
        '',
        '',
        '',
        'None',
      ],
    ]);
    for (const row of rows) expect(row).toHaveLength(dataRoomReportCsvHeader.length);
  });
});
