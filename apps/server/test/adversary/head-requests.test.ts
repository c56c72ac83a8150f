import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { createDealRoom, type DealRoom } from '../support/deal-room';
import { insertProjectDocument, makePdf } from '../support/watermark';

// Issue 29 finding 7, as an outsider would try it: HEAD on a file route. No bytes leave, so nothing
// may happen: no stamped copy made, no download code minted, no opening recorded (the developer's
// data-room report counts openings), no audit entry. HEAD answers the headers GET would (status,
// type, disposition), and nothing else; GET afterwards still works and is recorded.

let t: TestApp;
let room: DealRoom;
let admin: TestUser;
let stranger: TestUser;
let documentId: string;
let viewOnlyId: string;
let dealDocumentId: string;
const db = () => t.database.db;

/** A deal-room file the developer shared, written as an upload would have left it. */
async function insertDealDocument(dealId: string, uploaderId: string, content: Buffer) {
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([content]));
  const row = await db()
    .insertInto('deal_document')
    .values({
      deal_id: dealId,
      uploader_id: uploaderId,
      storage_key: key,
      file_name: 'construction-contract.pdf',
      mime_type: 'application/pdf',
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  room = await createDealRoom(t);
  [admin, stranger] = await Promise.all([
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Sam Stranger' }),
  ]);
  await db()
    .updateTable('project')
    .set({ land_value: 5_000_000, total_project_cost: 12_000_000, expected_profit: 2_400_000 })
    .where('id', '=', room.projectId)
    .execute();
  const pdf = await makePdf(1, 'Valuation');
  documentId = await insertProjectDocument(t, {
    projectId: room.projectId,
    uploaderId: room.developer.id,
    fileName: 'valuation.pdf',
    mimeType: 'application/pdf',
    content: pdf,
  });
  viewOnlyId = await insertProjectDocument(t, {
    projectId: room.projectId,
    uploaderId: room.developer.id,
    fileName: 'feasibility.pdf',
    mimeType: 'application/pdf',
    content: pdf,
    viewOnly: true,
  });
  dealDocumentId = await insertDealDocument(room.dealId, room.developer.id, await makePdf(1, 'Contract'));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'HEAD', user: TestUser | null, url: string) => as(t.app, user, { method, url });

/** Everything a HEAD could leave behind: openings (with their codes) and audit entries. */
async function traces() {
  const [views, audit] = await Promise.all([
    db().selectFrom('document_view').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db().selectFrom('audit_log').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { views: Number(views.n), audit: Number(audit.n) };
}

/** The developer's data-room report, without the moment it was made. */
async function report() {
  const res = await call('GET', room.developer, `/api/projects/${room.projectId}/data-room-report`);
  expect(res.statusCode).toBe(200);
  const { generated_at: _, ...rest } = res.json();
  return rest;
}

describe('HEAD on file routes (issue 29 finding 7)', () => {
  const routes = () => [
    { name: 'project document download', user: room.funder, url: `/api/documents/${documentId}/download` },
    { name: 'project document view', user: room.funder, url: `/api/documents/${documentId}/view` },
    // A view-only document is read as page images: opening the reading is what GET records (decision 049).
    { name: 'view-only document pages', user: room.funder, url: `/api/documents/${viewOnlyId}/pages` },
    {
      name: 'deal document download',
      user: room.funder,
      url: `/api/deals/${room.dealId}/documents/${dealDocumentId}`,
    },
    {
      name: 'deal document view',
      user: room.funder,
      url: `/api/deals/${room.dealId}/documents/${dealDocumentId}/view`,
    },
    { name: 'credit summary', user: room.funder, url: `/api/deals/${room.dealId}/credit-summary` },
    { name: "developer's original", user: room.developer, url: `/api/documents/${documentId}/download` },
    {
      name: 'signed undertaking PDF',
      user: room.developer,
      url: `/api/access-requests/${room.accessRequestId}/undertaking.pdf`,
    },
    {
      name: 'data-room report CSV',
      user: room.developer,
      url: `/api/projects/${room.projectId}/data-room-report.csv`,
    },
    { name: 'admin export', user: admin, url: '/api/admin/export-all-data' },
  ];

  it('each file route answers HEAD with 200 and the headers only: no stamp, no code, no opening, no audit entry', async () => {
    const reportBefore = await report();
    for (const route of routes()) {
      const before = await traces();
      const head = await call('HEAD', route.user, route.url);
      expect(head.statusCode, route.name).toBe(200);
      expect(head.rawPayload.length, route.name).toBe(0);
      expect(await traces(), route.name).toEqual(before);

      // The same type and disposition as the GET that follows, which does the work and is recorded.
      const got = await call('GET', route.user, route.url);
      expect(got.statusCode, route.name).toBe(200);
      expect(got.rawPayload.length, route.name).toBeGreaterThan(0);
      expect(head.headers['content-type'], route.name).toBe(got.headers['content-type']);
      expect(head.headers['content-disposition'], route.name).toBe(got.headers['content-disposition']);
      expect(head.headers['cache-control'], route.name).toBe(got.headers['cache-control']);
    }
    // Every GET above left its trace; the HEADs none. The report counts only the GETs.
    const reportAfter = await report();
    const funderLine = (r: typeof reportBefore) =>
      (r.funders as { funder_id: string; documents: { views: number; downloads: number }[] }[]).find(
        (f) => f.funder_id === room.funder.id,
      )!;
    expect(funderLine(reportBefore).documents).toEqual([]);
    const counted = funderLine(reportAfter).documents.reduce((n, d) => n + d.views + d.downloads, 0);
    expect(counted).toBe(6);
  });

  it('HEAD that the file route refuses answers the same refusal as GET, and records nothing', async () => {
    const refused = [
      { user: stranger, url: `/api/documents/${documentId}/download`, status: 404 },
      { user: room.funder, url: `/api/documents/${viewOnlyId}/download`, status: 403 },
      { user: room.funder, url: `/api/documents/${viewOnlyId}/view`, status: 403 },
      { user: stranger, url: `/api/documents/${viewOnlyId}/pages`, status: 404 },
      { user: stranger, url: `/api/deals/${room.dealId}/credit-summary`, status: 404 },
      { user: stranger, url: `/api/access-requests/${room.accessRequestId}/undertaking.pdf`, status: 404 },
      { user: room.funder, url: `/api/projects/${room.projectId}/data-room-report.csv`, status: 403 },
      { user: null, url: `/api/documents/${documentId}/download`, status: 401 },
      { user: room.developer, url: '/api/admin/export-all-data', status: 403 },
    ];
    const before = await traces();
    for (const { user, url, status } of refused) {
      expect((await call('HEAD', user, url)).statusCode, url).toBe(status);
      expect((await call('GET', user, url)).statusCode, url).toBe(status);
    }
    expect(await traces()).toEqual(before);
  });

  it("HEAD on an original tells its length; a stamped copy's is not known until it is made", async () => {
    const original = await call('HEAD', room.developer, `/api/documents/${documentId}/download`);
    const got = await call('GET', room.developer, `/api/documents/${documentId}/download`);
    expect(original.headers['content-length']).toBe(got.headers['content-length']);
    const stamped = await call('HEAD', room.funder, `/api/documents/${documentId}/download`);
    expect(stamped.headers['content-length']).toBeUndefined();
  });
});
