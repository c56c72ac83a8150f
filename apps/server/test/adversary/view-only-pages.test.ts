import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pageViewMessages } from '@plinth/domain/page-view';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { as, BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { createDealRoom, type DealRoom } from '../support/deal-room';
import { createFunder } from '../support/marketplace';
import { insertProjectDocument, makePdf } from '../support/watermark';

// Issue 30 finding 2, as a funder who wants the file would try it: a view-only document is read as
// page images rendered on the server with the reader's stamp burned into the pixels; no route, GET
// or HEAD, project or deal, sends its PDF bytes to anyone but the owner side and admins. One
// opening (GET …/pages) is one document_view row with one code, however many pages are fetched.

let t: TestApp;
let room: DealRoom;
let admin: TestUser;
let stranger: TestUser;
let outsiderFunder: TestUser;
let pdf: Buffer;
let viewOnlyId: string;
let dealDocumentId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  room = await createDealRoom(t);
  [admin, stranger, outsiderFunder] = await Promise.all([
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Sam Stranger' }),
    createFunder(t, 'active', { name: 'Olive Outsider' }),
  ]);
  pdf = await makePdf(3, 'Valuation');
  viewOnlyId = await insertProjectDocument(t, {
    projectId: room.projectId,
    uploaderId: room.developer.id,
    fileName: 'valuation.pdf',
    mimeType: 'application/pdf',
    content: pdf,
    viewOnly: true,
  });
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([await makePdf(1, 'Contract')]));
  dealDocumentId = (
    await db()
      .insertInto('deal_document')
      .values({
        deal_id: room.dealId,
        uploader_id: room.developer.id,
        storage_key: key,
        file_name: 'contract.pdf',
        mime_type: 'application/pdf',
        size_bytes: stored.sizeBytes,
        sha256: stored.sha256,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string, method: 'GET' | 'HEAD' = 'GET') =>
  as(t.app, user, { method, url });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const isPdf = (b: Buffer) => b.includes(Buffer.from('%PDF'));
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openings() {
  return db()
    .selectFrom('document_view')
    .select(['id', 'viewer_id', 'kind', 'code'])
    .where('project_document_id', '=', viewOnlyId)
    .orderBy('viewed_at')
    .execute();
}

describe('a view-only document never leaves as a PDF (issue 30 finding 2)', () => {
  it('no route, GET or HEAD, gives the funder its PDF bytes; /view and /download are refused with the reason', async () => {
    const urls = [
      `/api/documents/${viewOnlyId}/view`,
      `/api/documents/${viewOnlyId}/download`,
      `/api/deals/${room.dealId}/documents/${viewOnlyId}`,
      `/api/deals/${room.dealId}/documents/${viewOnlyId}/view`,
      `/api/documents/${viewOnlyId}/pages`,
      `/api/documents/${viewOnlyId}/pages/1`,
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await get(room.funder, url, method);
        expect(isPdf(res.rawPayload), `${method} ${url}`).toBe(false);
        expect(res.headers['content-type'] ?? '', `${method} ${url}`).not.toMatch(/pdf/);
      }
    }
    const view = await get(room.funder, `/api/documents/${viewOnlyId}/view`);
    expect(view.statusCode).toBe(403);
    expect(view.json().error).toBe(pageViewMessages.viewOnlyNoFile);
    expect((await get(room.funder, `/api/documents/${viewOnlyId}/view`, 'HEAD')).statusCode).toBe(403);
    expect((await get(room.funder, `/api/documents/${viewOnlyId}/download`)).statusCode).toBe(403);
    // A project document is not a deal document: the deal routes, which do serve the room's own
    // files (those cannot be view only), do not know it.
    expect((await get(room.funder, `/api/deals/${room.dealId}/documents/${viewOnlyId}`)).statusCode).toBe(
      404,
    );
    const dealFile = await get(room.funder, `/api/deals/${room.dealId}/documents/${dealDocumentId}`);
    expect(dealFile.statusCode).toBe(200);
    // Only GET …/pages opened it (a reading, with its code); nothing sent its bytes.
    expect(await openings()).toEqual([
      { id: expect.any(String), viewer_id: room.funder.id, kind: 'view', code: expect.any(String) },
    ]);
  });

  it('the owner and admins still get the original PDF from /view and /download', async () => {
    for (const user of [room.developer, admin]) {
      for (const suffix of ['view', 'download']) {
        const res = await get(user, `/api/documents/${viewOnlyId}/${suffix}`);
        expect(res.statusCode, `${user.email} ${suffix}`).toBe(200);
        expect(sha256(res.rawPayload)).toBe(sha256(pdf));
      }
    }
  });
});

interface Reading {
  reading: string;
  code: string | null;
  watermark: string;
  page_count: number;
  pages: { number: number; width: number; height: number; url: string }[];
}

async function openReading(user: TestUser, width?: number): Promise<Reading> {
  const res = await get(user, `/api/documents/${viewOnlyId}/pages${width ? `?width=${width}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json();
}

async function pageImage(user: TestUser, url: string) {
  const res = await get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  return res.rawPayload;
}

/** The image's pixels, RGB. */
const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** How many pixels of a region differ between two images of the same size. */
function changedIn(
  a: { data: Buffer; width: number },
  b: { data: Buffer },
  region: { x: number; y: number; w: number; h: number },
) {
  let changed = 0;
  for (let y = region.y; y < region.y + region.h; y++) {
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = (y * a.width + x) * 3;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2])
        changed++;
    }
  }
  return changed;
}

describe('the funder reads a view-only document as page images', () => {
  it('one opening is one reading: a code, every page as a stamped PNG of the stated size, one document_view row', async () => {
    const funderReadings = async () => (await openings()).filter((r) => r.viewer_id === room.funder.id);
    const before = (await funderReadings()).length;
    const reading = await openReading(room.funder);
    expect(reading).toMatchObject({
      watermark: 'stamped',
      page_count: 3,
      code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/),
    });
    expect(reading.pages.map((p) => [p.number, p.width, p.height])).toEqual([
      [1, 1240, 1755],
      [2, 1240, 1755],
      [3, 1240, 1755],
    ]);
    for (const page of reading.pages) {
      const png = await pageImage(room.funder, page.url);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([page.width, page.height]);
    }
    // Scrolling back: the same page again, the same image (from the cache), no new opening.
    const again = await pageImage(room.funder, reading.pages[0]!.url);
    expect(sha256(again)).toBe(sha256(await pageImage(room.funder, reading.pages[0]!.url)));
    const rows = await funderReadings();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      id: reading.reading,
      viewer_id: room.funder.id,
      kind: 'view',
      code: reading.code,
    });
    // The developer's insight counts the reading as one view.
    const listed = await get(room.developer, `/api/projects/${room.projectId}/documents`);
    const doc = listed.json().documents.find((d: { id: string }) => d.id === viewOnlyId);
    expect(doc.viewed_by).toEqual([
      expect.objectContaining({ viewer_name: 'Frankie Funder', views: before + 1 }),
    ]);
  });

  it("the stamp is in the pixels: across the page and in the footer, and each reading's code draws differently", async () => {
    const owner = await openReading(room.developer);
    expect(owner).toMatchObject({ watermark: 'original', code: null });
    const clean = await pixels(await pageImage(room.developer, owner.pages[0]!.url));
    const first = await openReading(room.funder);
    const second = await openReading(room.funder);
    expect(second.code).not.toBe(first.code);
    const stamped = await pixels(await pageImage(room.funder, first.pages[0]!.url));
    const other = await pixels(await pageImage(room.funder, second.pages[0]!.url));
    expect([stamped.width, stamped.height]).toEqual([clean.width, clean.height]);
    const { width, height } = clean;
    // The footer band: its text changes a good share of the strip along the bottom edge.
    const footer = { x: 0, y: height - 30, w: width, h: 30 };
    expect(changedIn(clean, stamped, footer)).toBeGreaterThan(footer.w * footer.h * 0.05);
    // The tiled line: every cell of a 4 × 4 grid over the page carries some of it, so a crop keeps it.
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 4; col++) {
        const cell = { x: (col * width) / 4, y: (row * height) / 4, w: width / 4, h: height / 4 - 40 };
        const region = {
          x: Math.floor(cell.x),
          y: Math.floor(cell.y),
          w: Math.floor(cell.w),
          h: Math.floor(cell.h),
        };
        expect(changedIn(clean, stamped, region), `cell ${row},${col}`).toBeGreaterThan(500);
      }
    }
    // Two readings, two codes: their images differ where the code is drawn.
    expect(changedIn(stamped, other, { x: 0, y: 0, w: width, h: height })).toBeGreaterThan(200);
  });

  it('a page at another offered width; widths not offered and pages past the end are refused', async () => {
    const reading = await openReading(room.funder, 640);
    expect(reading.pages[0]).toMatchObject({ width: 640, height: 906 });
    const meta = await sharp(await pageImage(room.funder, reading.pages[0]!.url)).metadata();
    expect([meta.width, meta.height]).toEqual([640, 906]);
    expect((await get(room.funder, `/api/documents/${viewOnlyId}/pages?width=5000`)).statusCode).toBe(400);
    const past = await get(room.funder, `/api/documents/${viewOnlyId}/pages/4?reading=${reading.reading}`);
    expect(past.statusCode).toBe(404);
    expect(past.json().error).toBe(pageViewMessages.noSuchPage);
  });

  it("refused: a stranger, a funder without access, no session, someone else's reading, an unknown reading", async () => {
    const reading = await openReading(room.funder);
    const page = reading.pages[0]!.url;
    const before = (await openings()).length;
    for (const user of [stranger, outsiderFunder]) {
      expect((await get(user, `/api/documents/${viewOnlyId}/pages`)).statusCode).toBe(404);
      expect((await get(user, page)).statusCode).toBe(404);
    }
    expect((await get(null, `/api/documents/${viewOnlyId}/pages`)).statusCode).toBe(401);
    expect((await get(null, page)).statusCode).toBe(401);
    // The owner may read pages, but not through the funder's reading (it names its reader).
    const borrowed = await get(room.developer, page);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error).toBe(pageViewMessages.readingEnded);
    const unknown = await get(room.funder, `/api/documents/${viewOnlyId}/pages/1?reading=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect((await get(room.funder, `/api/documents/${viewOnlyId}/pages/1`)).statusCode).toBe(400);
    expect((await openings()).length).toBe(before);
  });

  it('a reading past its hours, or after access was revoked, serves no more pages', async () => {
    const reading = await openReading(room.funder);
    await db()
      .updateTable('document_view')
      .set({ viewed_at: new Date(Date.now() - 9 * 3_600_000) })
      .where('id', '=', reading.reading)
      .execute();
    const stale = await get(room.funder, reading.pages[1]!.url);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toBe(pageViewMessages.readingEnded);

    const g = await createDealRoom(t, { developer: room.developer });
    const fresh = await openReading(g.funder).catch(() => null);
    expect(fresh).toBeNull(); // not granted on this project
  });

  it('HEAD opens no reading, mints no code and renders nothing', async () => {
    const reading = await openReading(room.funder);
    const before = (await openings()).length;
    const head = await get(room.funder, `/api/documents/${viewOnlyId}/pages`, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const headPage = await get(room.funder, reading.pages[2]!.url, 'HEAD');
    expect(headPage.statusCode).toBe(200);
    expect(headPage.headers['content-type']).toBe('image/png');
    expect(headPage.rawPayload.length).toBe(0);
    expect((await get(stranger, reading.pages[2]!.url, 'HEAD')).statusCode).toBe(404);
    expect((await openings()).length).toBe(before);
  });
});

describe('two instances', () => {
  it('a reading opened on one instance is served page by page by another, which renders on demand', async () => {
    // A second app on the same database and files: its own page cache (empty) and its own renderer.
    const other = await buildApp({
      config: loadConfig({
        DATA_DIR: t.app.deps.config.DATA_DIR,
        NODE_ENV: 'test',
        BASE_URL,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent-web-dist',
      }),
      database: t.database,
      authSecret: 'test-secret-0123456789-abcdefghijklmnop',
      logger: false,
    });
    try {
      await other.ready();
      const reading = await openReading(room.funder);
      const here = await pageImage(room.funder, reading.pages[1]!.url);
      const there = await as(other, room.funder, { method: 'GET', url: reading.pages[1]!.url });
      expect(there.statusCode, there.body).toBe(200);
      expect(there.headers['content-type']).toBe('image/png');
      // The same reading, the same stamp (its code and time come from the database): the same pixels.
      const [a, b] = await Promise.all([pixels(here), pixels(there.rawPayload)]);
      expect([b.width, b.height]).toEqual([a.width, a.height]);
      expect(changedIn(a, b, { x: 0, y: 0, w: a.width, h: a.height })).toBe(0);
      // Refusals hold there too.
      expect((await as(other, stranger, { method: 'GET', url: reading.pages[1]!.url })).statusCode).toBe(404);
      expect(
        (await as(other, room.funder, { method: 'GET', url: `/api/documents/${viewOnlyId}/view` }))
          .statusCode,
      ).toBe(403);
    } finally {
      await other.close();
    }
  });
});
