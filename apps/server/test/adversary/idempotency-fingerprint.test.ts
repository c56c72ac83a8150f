import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from '../helpers';
import { createDealRoom, dealUploadBody } from '../support/deal-room';
import { createGranted } from '../support/deals';
import { multipartBody, samples, uploadedFiles } from '../support/documents';
import { insertProjectDocument, makePdf } from '../support/watermark';

// Issue 29 finding 3, as an outsider would try it: an Idempotency-Key stands for one request, and
// "the same request" is its method, path and SHA-256 of every byte of its body, the files' contents
// included (decision 046). Before the fix a multipart body was compared by its length only, so the
// same key with another file of the same length was answered with the first file's answer and the
// second file was silently not stored; a leaked copy was traced to another copy's reader.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A multipart body read whole, so the very same bytes can be sent again. */
async function encoded(body: { payload: NodeJS.ReadableStream; headers: Record<string, string> }) {
  const chunks: Buffer[] = [];
  for await (const chunk of body.payload) chunks.push(Buffer.from(chunk as Buffer));
  return { headers: body.headers, bytes: Buffer.concat(chunks) };
}
type Encoded = Awaited<ReturnType<typeof encoded>>;

const post = (user: TestUser | null, url: string, body: Encoded, key: string) =>
  as(t.app, user, {
    method: 'POST',
    url,
    headers: { ...body.headers, 'idempotency-key': key },
    payload: body.bytes,
  });

/** Another file of exactly the same length: one byte in the middle changed. */
function sameLengthOther(bytes: Buffer): Buffer {
  const other = Buffer.from(bytes);
  const middle = Math.floor(other.length / 2);
  other[middle] = other[middle] === 0x41 ? 0x42 : 0x41;
  return other;
}

describe('Idempotency-Key on a deal-room upload', () => {
  const upload = (pdf: Buffer) => encoded(dealUploadBody([{ name: 'Term sheet.pdf', content: pdf }]));
  const documentsOf = (dealId: string) =>
    db()
      .selectFrom('deal_document')
      .select(['id', 'storage_key', 'sha256', 'uploader_id'])
      .where('deal_id', '=', dealId)
      .execute();

  it('the same key with another PDF of the same length is 422 IDEMPOTENCY_KEY_REUSED; the first file stays the only one stored', async () => {
    const room = await createDealRoom(t);
    const url = `/api/deals/${room.dealId}/documents`;
    const first = samples.pdf();
    const second = samples.pdf();
    expect(second.length).toBe(first.length);
    expect(second.equals(first)).toBe(false);
    const firstBody = await upload(first);
    const secondBody = await upload(second);
    // The same length on the wire too (both boundaries are as long): only the file's bytes differ.
    expect(secondBody.bytes.length).toBe(firstBody.bytes.length);
    const filesBefore = uploadedFiles(t.app.deps.config.DATA_DIR);
    const key = randomUUID();

    const created = await post(room.funder, url, firstBody, key);
    expect(created.statusCode, created.body).toBe(201);
    const reused = await post(room.funder, url, secondBody, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.headers['idempotent-replayed']).toBeUndefined();

    const rows = await documentsOf(room.dealId);
    expect(rows.map((r) => r.sha256)).toEqual([sha256(first)]);
    expect(uploadedFiles(t.app.deps.config.DATA_DIR).sort()).toEqual(
      [...filesBefore, rows[0]!.storage_key].sort(),
    );
  });

  it('the same file encoded again under a new boundary is the same request: replayed, stored once', async () => {
    const room = await createDealRoom(t);
    const url = `/api/deals/${room.dealId}/documents`;
    const pdf = samples.pdf();
    const firstBody = await upload(pdf);
    const retryBody = await upload(pdf);
    expect(retryBody.headers['content-type']).not.toBe(firstBody.headers['content-type']);
    const key = randomUUID();

    const created = await post(room.funder, url, firstBody, key);
    expect(created.statusCode, created.body).toBe(201);
    const retried = await post(room.funder, url, retryBody, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(created.body);
    expect((await documentsOf(room.dealId)).map((r) => r.sha256)).toEqual([sha256(pdf)]);
  });

  it("another caller sending the same bytes under someone's key acts as themselves, and never gets their answer", async () => {
    const room = await createDealRoom(t);
    const url = `/api/deals/${room.dealId}/documents`;
    const body = await upload(samples.pdf());
    const key = randomUUID();
    const funders = await post(room.funder, url, body, key);
    expect(funders.statusCode, funders.body).toBe(201);

    const developers = await post(room.developer, url, body, key);
    expect(developers.statusCode, developers.body).toBe(201);
    expect(developers.headers['idempotent-replayed']).toBeUndefined();
    expect(developers.json().uploaded[0].uploader_id).toBe(room.developer.id);
    expect(developers.body).not.toBe(funders.body);
    // Nobody signed in gets the answer either: the key is nobody's but its caller's.
    const anonymous = await post(null, url, body, key);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(funders.json().uploaded[0].id);

    const uploaders = (await documentsOf(room.dealId)).map((r) => r.uploader_id).sort();
    expect(uploaders).toEqual([room.funder.id, room.developer.id].sort());
  });
});

describe('Idempotency-Key on a project documents upload', () => {
  it('the same key with another PDF of the same length is 422; the first file stays the only one stored', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olivia Owner' });
    const project = await createProject(t.app, owner);
    const url = `/api/projects/${project.id}/documents`;
    const first = samples.pdf();
    const second = samples.pdf();
    const body = (pdf: Buffer) =>
      encoded(
        multipartBody([{ name: 'Feasibility.pdf', content: pdf }], {
          documentTypes: JSON.stringify(['feasibility_study']),
        }),
      );
    const key = randomUUID();
    const created = await post(owner, url, await body(first), key);
    expect(created.statusCode, created.body).toBe(200);
    const reused = await post(owner, url, await body(second), key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const rows = await db()
      .selectFrom('project_document')
      .select('sha256')
      .where('project_id', '=', project.id)
      .execute();
    expect(rows.map((r) => r.sha256)).toEqual([sha256(first)]);
  });
});

describe('Idempotency-Key on POST /api/document-trace', () => {
  /** A funder's stamped download of a project PDF: the leaked copy. */
  async function leakedCopy() {
    const g = await createGranted(t, { title: 'Harbour Views' });
    const documentId = await insertProjectDocument(t, {
      projectId: g.projectId,
      uploaderId: g.developer.id,
      fileName: 'feasibility.pdf',
      mimeType: 'application/pdf',
      content: await makePdf(2),
    });
    const res = await as(t.app, g.funder, { method: 'GET', url: `/api/documents/${documentId}/download` });
    expect(res.statusCode).toBe(200);
    return { ...g, copy: res.rawPayload };
  }
  const traceBody = (pdf: Buffer) =>
    encoded(multipartBody([{ name: 'leaked.pdf', content: pdf }], { fileField: 'file' }));

  it("the same key with another file of the same length is 422, never the first file's reader", async () => {
    const leak = await leakedCopy();
    const key = randomUUID();
    const traced = await post(leak.developer, '/api/document-trace', await traceBody(leak.copy), key);
    expect(traced.statusCode, traced.body).toBe(200);
    expect(traced.json().viewer.id).toBe(leak.funder.id);

    const other = await post(
      leak.developer,
      '/api/document-trace',
      await traceBody(sameLengthOther(leak.copy)),
      key,
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body).not.toContain(leak.funder.id);
  });

  it('the same file under a new boundary is replayed; another caller with the key gets their own answer', async () => {
    const leak = await leakedCopy();
    const key = randomUUID();
    const traced = await post(leak.developer, '/api/document-trace', await traceBody(leak.copy), key);
    expect(traced.statusCode, traced.body).toBe(200);
    const again = await post(leak.developer, '/api/document-trace', await traceBody(leak.copy), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(traced.body);

    // Another developer holding the key and the file: their own answer (no such download for them).
    const stranger = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Other Dev' });
    const theirs = await post(stranger, '/api/document-trace', await traceBody(leak.copy), key);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body).not.toContain(leak.funder.id);
    // An admin is entitled to the answer, but gets it by acting, not by replaying the developer's.
    const admins = await post(admin, '/api/document-trace', await traceBody(leak.copy), key);
    expect(admins.statusCode).toBe(200);
    expect(admins.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key on a JSON write: every byte of the body', () => {
  it('the same key with the same fields in another order or spacing is 422; the same bytes are replayed', async () => {
    const room = await createDealRoom(t);
    const url = `/api/deals/${room.dealId}/document-requests`;
    const send = (payload: string, key: string) =>
      as(t.app, room.funder, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        payload,
      });
    const key = randomUUID();
    const fields = { document_name: 'Signed contract', description: 'With the schedule.' };
    const body = JSON.stringify(fields);
    const created = await send(body, key);
    expect(created.statusCode, created.body).toBe(201);
    const replayed = await send(body, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(created.body);

    const reordered = JSON.stringify({
      description: fields.description,
      document_name: fields.document_name,
    });
    for (const other of [reordered, JSON.stringify(fields, null, 2), `${body}\n`]) {
      const answer = await send(other, key);
      expect(answer.statusCode, other).toBe(422);
      expect(answer.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    const requests = await db()
      .selectFrom('document_request')
      .select('id')
      .where('deal_id', '=', room.dealId)
      .execute();
    expect(requests).toHaveLength(1);
  });
});
