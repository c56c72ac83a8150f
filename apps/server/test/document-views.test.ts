import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createDealRoom, createOutsiders, type DealRoom, uploadDealDocuments } from './support/deal-room';
import { samples } from './support/documents';

// The data-room insight (every opening of a deal or project document recorded, shown to the
// uploader's side and admins) and GET /api/projects/{id}/documents/deal.

let t: TestApp;
let outsiders: Awaited<ReturnType<typeof createOutsiders>>;
beforeAll(async () => {
  t = await buildTestApp();
  outsiders = await createOutsiders(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
const listDocuments = (user: TestUser | null, dealId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/documents` });
const open = (user: TestUser | null, dealId: string, docId: string, view = false) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/documents/${docId}${view ? '/view' : ''}` });

async function upload(room: DealRoom, user: TestUser, name: string) {
  const res = await uploadDealDocuments(t.app, user, room.dealId, [{ name, content: samples.pdf() }]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uploaded[0] as { id: string; file_name: string };
}

describe('data-room insight', () => {
  it('records every view and download; the uploader and admins see who opened it, the other party does not', async () => {
    const room = await createDealRoom(t);
    const doc = await upload(room, room.developer, 'feasibility.pdf');
    // The uploader's own openings and an admin's are logged but not shown as insight.
    await open(room.developer, room.dealId, doc.id, true);
    await open(outsiders.admin, room.dealId, doc.id);
    await open(room.funder, room.dealId, doc.id, true);
    await open(room.funder, room.dealId, doc.id, true);
    await open(room.funder, room.dealId, doc.id);

    const log = await db()
      .selectFrom('document_view')
      .select(['viewer_id', 'kind'])
      .where('deal_document_id', '=', doc.id)
      .orderBy('viewed_at')
      .execute();
    expect(log).toHaveLength(5);
    expect(
      log
        .filter((l) => l.viewer_id === room.funder.id)
        .map((l) => l.kind)
        .sort(),
    ).toEqual(['download', 'view', 'view']);

    const expected = [
      {
        viewer_name: 'Frankie Funder',
        company_name: 'Test Capital',
        views: 2,
        downloads: 1,
        last_viewed_at: expect.any(String),
      },
    ];
    for (const user of [room.developer, outsiders.admin]) {
      const [item] = (await listDocuments(user, room.dealId)).json().items;
      expect(item.viewed_by).toEqual(expected);
    }
    const [asFunder] = (await listDocuments(room.funder, room.dealId)).json().items;
    expect(asFunder).not.toHaveProperty('viewed_by');

    // The funder's own upload: the funder sees its readers (none yet), the developer does not.
    await upload(room, room.funder, 'term-sheet.pdf');
    const funderSide = (await listDocuments(room.funder, room.dealId)).json().items;
    expect(funderSide.map((d: { viewed_by?: unknown }) => d.viewed_by)).toEqual([undefined, []]);
    const developerSide = (await listDocuments(room.developer, room.dealId)).json().items;
    expect(developerSide[1]).not.toHaveProperty('viewed_by');
  });

  it('project documents: an opening by a granted funder is recorded and shown to the developer only', async () => {
    const room = await createDealRoom(t);
    // A project document written as an upload writes it (uploads are documents.test.ts's business).
    const key = `${randomUUID()}.pdf`;
    const stored = await t.app.deps.storage.put(key, Readable.from([samples.pdf()]));
    const row = await db()
      .insertInto('project_document')
      .values({
        project_id: room.projectId,
        uploader_id: room.developer.id,
        document_type: 'feasibility_study',
        storage_key: key,
        file_name: 'feasibility.pdf',
        mime_type: 'application/pdf',
        size_bytes: stored.sizeBytes,
        sha256: stored.sha256,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The funder needs a live marketplace subscription to read a granted project's files.
    await db()
      .updateTable('user')
      .set({ subscription_status: 'active', subscription_period_end: new Date(Date.now() + 86_400_000) })
      .where('id', '=', room.funder.id)
      .execute();
    const view = await as(t.app, room.funder, { method: 'GET', url: `/api/documents/${row.id}/view` });
    expect(view.statusCode).toBe(200);
    const download = await as(t.app, room.funder, {
      method: 'GET',
      url: `/api/documents/${row.id}/download`,
    });
    expect(download.statusCode).toBe(200);

    const asDeveloper = await as(t.app, room.developer, {
      method: 'GET',
      url: `/api/projects/${room.projectId}/documents`,
    });
    expect(asDeveloper.json().documents[0].viewed_by).toEqual([
      expect.objectContaining({ viewer_name: 'Frankie Funder', views: 1, downloads: 1 }),
    ]);
    const asFunder = await as(t.app, room.funder, {
      method: 'GET',
      url: `/api/projects/${room.projectId}/documents`,
    });
    expect(asFunder.statusCode).toBe(200);
    expect(asFunder.json().documents[0]).not.toHaveProperty('viewed_by');
  });
});

describe('GET /api/projects/{id}/documents/deal', () => {
  it("lists the files of every deal on the project with each deal's funder, for its developer and admins", async () => {
    const room = await createDealRoom(t);
    const second = await createDealRoom(t, { developer: room.developer });
    await db()
      .updateTable('deal')
      .set({ project_id: room.projectId })
      .where('id', '=', second.dealId)
      .execute();
    const a = await upload(room, room.funder, 'a.pdf');
    const b = await upload(second, room.developer, 'b.pdf');
    for (const user of [room.developer, outsiders.admin]) {
      const res = await as(t.app, user, {
        method: 'GET',
        url: `/api/projects/${room.projectId}/documents/deal`,
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .items.map((d: { id: string; deal_id: string; funder_id: string; funder_company: string }) => [
            d.id,
            d.deal_id,
            d.funder_id,
            d.funder_company,
          ]),
      ).toEqual([
        [a.id, room.dealId, room.funder.id, 'Test Capital'],
        [b.id, second.dealId, second.funder.id, 'Test Capital'],
      ]);
    }
    const own = (
      await as(t.app, room.developer, {
        method: 'GET',
        url: `/api/projects/${room.projectId}/documents/deal`,
      })
    ).json().items;
    // Insight on the developer's own upload only.
    expect(own.map((d: { viewed_by?: unknown }) => d.viewed_by)).toEqual([undefined, []]);
  });

  it('is 404 for another developer and a missing project, 403 for funders, 401 for anonymous', async () => {
    const room = await createDealRoom(t);
    const url = `/api/projects/${room.projectId}/documents/deal`;
    expect((await as(t.app, outsiders.developer, { method: 'GET', url })).statusCode).toBe(404);
    expect(
      (
        await as(t.app, room.developer, {
          method: 'GET',
          url: `/api/projects/${randomUUID()}/documents/deal`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(t.app, room.funder, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});
