import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { TestApp } from '../helpers';
import { samples } from './documents';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './facilities';

/**
 * The certificate of practical completion as a document of the deal room. A completed deal's room
 * is read-only to uploads (decision 019), so it is written as the upload would store it, as
 * surveyor-draw-documents.test.ts does.
 */
export async function certificateOf(t: TestApp, w: FacilityWorld) {
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([samples.pdf()]));
  const row = await t.database.db
    .insertInto('deal_document')
    .values({
      deal_id: w.dealId,
      uploader_id: w.developer.id,
      storage_key: key,
      file_name: 'Practical completion certificate.pdf',
      mime_type: 'application/pdf',
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A facility world with one funded draw of $2,000,000 on construction (C1, funded 10 January 2026):
 * $100,000 (5 %) of retention held, and the certificate of practical completion in the deal room.
 */
export async function worldWithRetention(
  t: TestApp,
  options: Parameters<typeof createFacilityWorld>[1] = {},
) {
  const w = await createFacilityWorld(t, options);
  const draw = await certifiedDraw(t, w, [{ line: 'C1', claimed: 200_000_000, ctc: 400_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
  const funded = await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${draw.id}/fund`,
    payload: { funded_on: '2026-01-10' },
  });
  expect(funded.retention_cents).toBe(10_000_000);
  return { ...w, certificateId: await certificateOf(t, w) };
}

export type RetentionWorld = Awaited<ReturnType<typeof worldWithRetention>>;

/** The funder sets the defects liability period and records practical completion on `date`. */
export async function completeWithPeriod(t: TestApp, w: RetentionWorld, date: string, months: number) {
  await call(t, w.funder, {
    method: 'PATCH',
    url: `/api/facilities/${w.facilityId}/variation-settings`,
    payload: { defects_liability_months: months },
  });
  return call(t, w.funder, {
    method: 'POST',
    url: `/api/facilities/${w.facilityId}/practical-completion`,
    payload: { date, certificate_document_id: w.certificateId },
  });
}
