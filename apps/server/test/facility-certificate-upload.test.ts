import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { dealUploadBody } from './support/deal-room';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createFunder } from './support/marketplace';
import { makeEncryptedPdf, makeImage, makePdf } from './support/watermark';

// Decision 072's server gap: POST /facilities/{id}/documents/upload, the funder's (or the
// developer's) certificate of practical completion, kept as a document of the facility's deal,
// checked like every upload, and usable as practical completion's certificate_document_id.

let t: TestApp;
let w: FacilityWorld;
let pdf: Buffer;

const upload = (
  user: TestUser | null,
  id: string,
  files: { name: string; content: Buffer }[],
  key?: string,
) => {
  const body = dealUploadBody(files);
  return as(t.app, user, {
    method: 'POST',
    url: `/api/facilities/${id}/documents/upload`,
    headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body.payload,
  });
};

const documentsOf = (dealId: string) =>
  t.database.db
    .selectFrom('deal_document')
    .select(['id', 'file_name'])
    .where('deal_id', '=', dealId)
    .execute();

const uploadAudits = (dealId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'after'])
    .where('action', '=', 'deal_document.uploaded')
    .where('target_id', '=', dealId)
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t);
  pdf = await makePdf(1, 'Certificate of practical completion');
});
afterAll(() => t.close());

describe('POST /facilities/{id}/documents/upload', () => {
  it("the funder uploads the certificate (201, the deal's document, audited), and practical completion takes it", async () => {
    const res = await upload(w.funder, w.facilityId, [{ name: 'pc-certificate.pdf', content: pdf }]);
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      deal_id: w.dealId,
      document_request_id: null,
      file_name: 'pc-certificate.pdf',
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      uploader_id: w.funder.id,
      watermark: 'original',
    });
    // Listed with the deal's documents, for the developer too.
    const listed = await call(t, w.developer, { method: 'GET', url: `/api/deals/${w.dealId}/documents` });
    expect(listed.items.map((d: { id: string }) => d.id)).toContain(doc.id);
    const audits = await uploadAudits(w.dealId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBe(w.funder.id);
    expect(audits[0]!.after).toMatchObject({
      document_id: doc.id,
      facility_id: w.facilityId,
      file_name: 'pc-certificate.pdf',
      size_bytes: pdf.length,
    });
    const completion = await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/practical-completion`,
      payload: { date: sydneyDate(), certificate_document_id: doc.id },
    });
    expect(completion.certificate_document_id).toBe(doc.id);
  });

  it('the developer may upload too, an image as well as a PDF', async () => {
    const png = await makeImage('png', 64, 64);
    const res = await upload(w.developer, w.facilityId, [{ name: 'certificate.png', content: png }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime_type: 'image/png', uploader_id: w.developer.id });
  });

  it('replays one Idempotency-Key: one document, one audit entry', async () => {
    const world = await createFacilityWorld(t);
    const key = `certificate-${world.facilityId}`;
    const first = await upload(world.funder, world.facilityId, [{ name: 'pc.pdf', content: pdf }], key);
    const again = await upload(world.funder, world.facilityId, [{ name: 'pc.pdf', content: pdf }], key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await documentsOf(world.dealId)).toHaveLength(1);
    expect(await uploadAudits(world.dealId)).toHaveLength(1);
  });

  it('refuses a file by its content, its type, its size or its password, and no file at all; nothing is kept', async () => {
    const world = await createFacilityWorld(t);
    const notPdf = await upload(world.funder, world.facilityId, [
      { name: 'fake.pdf', content: Buffer.from('MZ this is an executable, not a PDF') },
    ]);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toMatch(/content/i);
    const exe = await upload(world.funder, world.facilityId, [{ name: 'run.exe', content: pdf }]);
    expect(exe.statusCode).toBe(400);
    const locked = await upload(world.funder, world.facilityId, [
      { name: 'locked.pdf', content: await makeEncryptedPdf() },
    ]);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toMatch(/password/i);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(world.funder, world.facilityId, [{ name: 'big.pdf', content: big }]);
    expect(tooLarge.statusCode).toBe(413);
    const none = await upload(world.funder, world.facilityId, []);
    expect(none.statusCode).toBe(400);
    const json = await as(t.app, world.funder, {
      method: 'POST',
      url: `/api/facilities/${world.facilityId}/documents/upload`,
      payload: { documents: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await documentsOf(world.dealId)).toEqual([]);
    expect(await uploadAudits(world.dealId)).toEqual([]);
  });

  it('anonymous 401; the surveyor, an admin and a co-funder 403; another developer, a funder not party (unapproved or subscribed) 404', async () => {
    const world = await createFacilityWorld(t);
    const coFunder = await createFunder(t, 'active', { name: 'Cora Co-funder' });
    await call(
      t,
      world.funder,
      {
        method: 'POST',
        url: `/api/facilities/${world.facilityId}/parties`,
        payload: { role: 'co_funder', email: coFunder.email },
      },
      201,
    );
    await call(t, coFunder, { method: 'GET', url: '/api/facilities' });
    const admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
    const file = [{ name: 'pc.pdf', content: pdf }];
    expect((await upload(null, world.facilityId, file)).statusCode).toBe(401);
    for (const refused of [world.surveyor, admin, coFunder])
      expect((await upload(refused, world.facilityId, file)).statusCode).toBe(403);
    const unapproved = await createFunder(t, 'pending_approval');
    const subscribed = await createFunder(t, 'active');
    for (const stranger of [w.developer, w.funder, unapproved, subscribed]) {
      const res = await upload(stranger, world.facilityId, file);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Facility not found');
    }
    expect(await documentsOf(world.dealId)).toEqual([]);
  });

  it('takes documents while in default; refuses a facility setting up or repaid (409)', async () => {
    const world = await createFacilityWorld(t);
    await call(t, world.funder, {
      method: 'POST',
      url: `/api/facilities/${world.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: sydneyDate() },
    });
    const inDefault = await upload(world.developer, world.facilityId, [{ name: 'pc.pdf', content: pdf }]);
    expect(inDefault.statusCode).toBe(201);

    const settingUp = await createFacilityWorld(t, { activate: false });
    const early = await upload(settingUp.funder, settingUp.facilityId, [{ name: 'pc.pdf', content: pdf }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/setting up/);

    // Repayment by settlements is settlements.test.ts's; here the facility's row is set as it leaves it.
    await t.database.db
      .updateTable('facility')
      .set({ status: 'repaid' })
      .where('id', '=', world.facilityId)
      .execute();
    const repaid = await upload(world.funder, world.facilityId, [{ name: 'pc2.pdf', content: pdf }]);
    expect(repaid.statusCode).toBe(409);
    expect(repaid.json().error).toBe('This facility is repaid and can no longer change');
    expect(await documentsOf(world.dealId)).toHaveLength(1);
  });
});
