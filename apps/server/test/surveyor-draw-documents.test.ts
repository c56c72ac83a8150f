import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { dealUploadBody } from './support/deal-room';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { makePdf, pagesText } from './support/watermark';

// Issue 33 (decision 063): the developer uploads a draw's files straight to the draw (a completed
// deal room takes no uploads), and the quantity surveyor appointed to a facility opens the files attached to
// its draws — stamped with their name and a download code like every deal document a reader who did
// not upload it gets — and a surveyor of another facility is told the draw does not exist.

let t: TestApp;
let w: FacilityWorld;
let other: FacilityWorld;
let content: Buffer;
let drawId: string;
let attachedId: string;
let unattachedId: string;

/** A file in the deal room as its upload leaves it (the room is read-only once the deal completes). */
async function dealDocument(world: FacilityWorld, uploader: TestUser, fileName: string, bytes: Buffer) {
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([bytes]));
  const row = await t.database.db
    .insertInto('deal_document')
    .values({
      deal_id: world.dealId,
      uploader_id: uploader.id,
      storage_key: key,
      file_name: fileName,
      mime_type: 'application/pdf',
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /draws/{id}/documents/upload: the file and its kind, as the draw page sends them. */
function uploadToDraw(user: TestUser | null, id: string, name: string, content: Buffer, kind = 'invoice') {
  const body = dealUploadBody([{ name, content }]);
  // The kind goes first, as a field before the file.
  const boundary = body.headers['content-type'].split('boundary=')[1]!;
  const kindField = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`,
  );
  async function* withKind() {
    yield kindField;
    for await (const chunk of body.payload) yield chunk as Buffer;
  }
  return as(t.app, user, {
    method: 'POST',
    url: `/api/draws/${id}/documents/upload`,
    headers: body.headers,
    payload: Readable.from(withKind(), { objectMode: false }),
  });
}

const open = (user: TestUser | null, id: string, docId: string, view = false) =>
  as(t.app, user, { method: 'GET', url: `/api/draws/${id}/documents/${docId}${view ? '/view' : ''}` });

beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t);
  other = await createFacilityWorld(t);
  content = await makePdf(1, "Builder's progress claim 4");
  unattachedId = await dealDocument(w, w.developer, 'term-sheet.pdf', await makePdf(1, 'Term sheet'));
  const draft = await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: '2026-02-02T10:00:00+11:00',
        lines: [{ budget_line_id: w.lines.C1, claimed_cents: 5_000_000 }],
      },
    },
    201,
  );
  drawId = draft.id;
  const uploaded = await uploadToDraw(w.developer, drawId, 'claim-4.pdf', content, 'builders_claim');
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  attachedId = uploaded.json().documents[0].document_id;
  await call(t, w.developer, { method: 'POST', url: `/api/draws/${drawId}/submit` });
});
afterAll(() => t.close());

describe("a draw's documents for the facility's surveyor", () => {
  it('the appointed surveyor downloads and views a stamped copy, and the opening is recorded with its code', async () => {
    const download = await open(w.surveyor, drawId, attachedId);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="claim-4.pdf"/);
    expect(download.rawPayload.equals(content)).toBe(false);
    const text = (await pagesText(download.rawPayload)).join(' ');
    expect(text).toContain("Builder's progress claim 4");
    const views = await t.database.db
      .selectFrom('document_view')
      .select(['code', 'kind'])
      .where('deal_document_id', '=', attachedId)
      .where('viewer_id', '=', w.surveyor.id)
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]!.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(text).toContain(views[0]!.code!);

    const view = await open(w.surveyor, drawId, attachedId, true);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('an admin reads the original and may not upload (403)', async () => {
    const admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
    const res = await open(admin, drawId, attachedId);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect((await uploadToDraw(admin, drawId, 'x.pdf', content)).statusCode).toBe(403);
  });

  it('the uploader gets the original; the funder a stamped copy', async () => {
    const mine = await open(w.developer, drawId, attachedId);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(content)).toBe(true);
    const funder = await open(w.funder, drawId, attachedId);
    expect(funder.statusCode).toBe(200);
    expect(funder.rawPayload.equals(content)).toBe(false);
  });

  it("a surveyor of another facility, or that facility's funder, is told the draw does not exist (404)", async () => {
    for (const stranger of [other.surveyor, other.funder, other.developer]) {
      const res = await open(stranger, drawId, attachedId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Draw not found');
    }
    // Through their own draw id neither: the file is not attached to it.
    const own = await call(
      t,
      other.developer,
      {
        method: 'POST',
        url: `/api/facilities/${other.facilityId}/draws`,
        payload: {
          claim_served_at: '2026-02-02T10:00:00+11:00',
          lines: [{ budget_line_id: other.lines.C1, claimed_cents: 1_000_000 }],
        },
      },
      201,
    );
    const sideways = await open(other.surveyor, own.id, attachedId);
    expect(sideways.statusCode).toBe(404);
    expect(sideways.json().error).toBe('Document not found');
    const count = await t.database.db
      .selectFrom('document_view')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deal_document_id', '=', attachedId)
      .where('viewer_id', 'in', [other.surveyor.id, other.funder.id, other.developer.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a file of the deal room not attached to the draw is 404, even for the appointed surveyor', async () => {
    const res = await open(w.surveyor, drawId, unattachedId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Document not found');
  });

  it('signed out: 401', async () => {
    const res = await open(null, drawId, attachedId);
    expect(res.statusCode).toBe(401);
  });
});

describe('uploading to a draw (the completed deal room takes no uploads)', () => {
  it("the developer's file is kept with the deal's documents and attached to the draw with its kind", async () => {
    const d = await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/draws`,
        payload: {
          claim_served_at: '2026-03-02T10:00:00+11:00',
          lines: [{ budget_line_id: w.lines.C1, claimed_cents: 1_000_000 }],
        },
      },
      201,
    );
    const res = await uploadToDraw(w.developer, d.id, 'invoice-17.pdf', await makePdf(1, 'Invoice 17'));
    expect(res.statusCode).toBe(200);
    const [doc] = res.json().documents;
    expect(doc).toMatchObject({ kind: 'invoice', file_name: 'invoice-17.pdf', mime_type: 'application/pdf' });
    const row = await t.database.db
      .selectFrom('deal_document')
      .select(['deal_id', 'uploader_id'])
      .where('id', '=', doc.document_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deal_id: w.dealId, uploader_id: w.developer.id });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', w.dealId)
      .where('action', '=', 'deal_document.uploaded')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    // The surveyor opens it through the draw.
    expect((await open(w.surveyor, d.id, doc.document_id)).statusCode).toBe(200);
  });

  it('refuses the funder and the surveyor (403), a stranger (404), a submitted draw (409), a bad kind or no file (400), a file of the wrong type (400)', async () => {
    const pdf = await makePdf(1, 'Refused');
    expect((await uploadToDraw(w.funder, drawId, 'x.pdf', pdf)).statusCode).toBe(403);
    expect((await uploadToDraw(w.surveyor, drawId, 'x.pdf', pdf)).statusCode).toBe(403);
    const stranger = await uploadToDraw(other.developer, drawId, 'x.pdf', pdf);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe('Draw not found');
    const submitted = await uploadToDraw(w.developer, drawId, 'x.pdf', pdf);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().error).toBe('Documents are attached to a draft or a returned draw');

    const d = await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/draws`,
        payload: {
          claim_served_at: '2026-03-02T10:00:00+11:00',
          lines: [{ budget_line_id: w.lines.C1, claimed_cents: 1_000_000 }],
        },
      },
      201,
    );
    const badKind = await uploadToDraw(w.developer, d.id, 'x.pdf', pdf, 'selfie');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toMatch(/^kind must be one of/);
    const wrongType = await uploadToDraw(w.developer, d.id, 'x.exe', Buffer.from('MZ not a document'));
    expect(wrongType.statusCode).toBe(400);
    const notMultipart = await as(t.app, w.developer, {
      method: 'POST',
      url: `/api/draws/${d.id}/documents/upload`,
      payload: { kind: 'invoice' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const after = await call(t, w.developer, { method: 'GET', url: `/api/draws/${d.id}` });
    expect(after.documents).toEqual([]);
  });
});
