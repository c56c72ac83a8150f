import { CODE_KEYWORD_PREFIX, watermarkMessages } from '@plinth/domain/watermark';
import sharp, { type Region } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMPLITUDE } from '../../src/modules/watermark/image-code';
import { as, buildTestApp, type TestApp, type TestUser } from '../helpers';
import { createGranted } from '../support/deals';
import { multipartBody, samples } from '../support/documents';
import { createFunder } from '../support/marketplace';
import { insertAccessRequest } from '../support/messages';
import { makePhoto, pixelsOf } from '../support/photo';
import { insertProjectDocument, makeImage } from '../support/watermark';

// Issue 30 finding 3, as a funder who wants a clean image would: the stamp on a PNG or JPEG was a
// footer and one diagonal, so cropping the footer took most of it, and nothing in the pixels named
// the recipient. Now the stamp is tiled across the whole image (name, e-mail and code at low
// contrast), and an invisible mark repeated in every 64-pixel tile carries the code: a corner of
// the image, re-encoded as JPEG without its metadata, still names whose copy it was
// (decision 051).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Format = 'png' | 'jpeg';
const mimeOf = (format: Format) => (format === 'png' ? 'image/png' : 'image/jpeg');

/** A developer's photo (or other image) on a published listing, and a funder with access to it. */
async function listedPhoto(format: Format, seed = 7, content?: Buffer) {
  const g = await createGranted(t, { title: 'Harbour Views' });
  const original = content ?? (await makePhoto(format, { seed }));
  const documentId = await insertProjectDocument(t, {
    projectId: g.projectId,
    uploaderId: g.developer.id,
    fileName: `site.${format === 'png' ? 'png' : 'jpg'}`,
    mimeType: mimeOf(format),
    content: original,
  });
  return { ...g, documentId, original };
}

/** The funder's download: the stamped copy and the code recorded with it. */
async function download(funder: TestUser, documentId: string) {
  const res = await as(t.app, funder, { method: 'GET', url: `/api/documents/${documentId}/download` });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await t.database.db
    .selectFrom('document_view')
    .select('code')
    .where('project_document_id', '=', documentId)
    .where('viewer_id', '=', funder.id)
    .orderBy('viewed_at', 'desc')
    .execute();
  return { copy: res.rawPayload, code: rows[0]!.code! };
}

function trace(user: TestUser, content: Buffer, name: string) {
  const body = multipartBody([{ name, content }], { fileField: 'file' });
  return as(t.app, user, { method: 'POST', url: '/api/document-trace', ...body });
}

/** What a leaker does with sharp: keep a region, encode again; sharp drops all metadata unless asked. */
async function cropped(
  copy: Buffer,
  region: (size: { width: number; height: number }) => Region,
  to: { format: Format; quality?: number },
) {
  const { width = 0, height = 0 } = await sharp(copy).metadata();
  const image = sharp(copy).extract(region({ width, height }));
  const out =
    to.format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: to.quality }).toBuffer();
  expect(out.includes(CODE_KEYWORD_PREFIX)).toBe(false);
  return out;
}

const topLeft40 = ({ width, height }: { width: number; height: number }) => ({
  left: 0,
  top: 0,
  width: Math.round(width * 0.4),
  height: Math.round(height * 0.4),
});

describe('a stamped image keeps its code through a crop (issue 30 finding 3)', () => {
  it.each(['png', 'jpeg'] as const)(
    'a %s copy: its top-left corner (two fifths of each side), re-encoded as JPEG quality 80 without metadata, names the funder',
    async (format) => {
      const photo = await listedPhoto(format);
      const { copy, code } = await download(photo.funder, photo.documentId);
      expect(copy.includes(`${CODE_KEYWORD_PREFIX}${code}`)).toBe(true);
      const leak = await cropped(copy, topLeft40, { format: 'jpeg', quality: 80 });
      const res = await trace(photo.developer, leak, 'corner.jpg');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        code,
        document: {
          id: photo.documentId,
          source: 'project',
          file_name: `site.${format === 'png' ? 'png' : 'jpg'}`,
        },
        viewer: { id: photo.funder.id, email: photo.funder.email, name: 'Frankie Funder' },
        kind: 'download',
      });
    },
  );

  it('without the footer: the bottom 15 % cut off, or only a bottom strip (with the footer) kept, still traces', async () => {
    const photo = await listedPhoto('jpeg', 11);
    const { copy, code } = await download(photo.funder, photo.documentId);
    const withoutFooter = await cropped(
      copy,
      ({ width, height }) => ({ left: 0, top: 0, width, height: Math.round(height * 0.85) }),
      { format: 'png' },
    );
    const bottomStrip = await cropped(
      copy,
      ({ width, height }) => ({ left: 0, top: height - 128, width, height: 128 }),
      { format: 'jpeg', quality: 75 },
    );
    for (const [leak, name] of [
      [withoutFooter, 'no-footer.png'],
      [bottomStrip, 'strip.jpg'],
    ] as const) {
      const res = await trace(photo.developer, leak, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ code, viewer: { id: photo.funder.id } });
    }
  });

  it('the visible stamp is tiled over the whole image at low contrast, not only a footer and a diagonal', async () => {
    const photo = await listedPhoto('png', 3, await makeImage('png'));
    const { copy } = await download(photo.funder, photo.documentId);
    const before = await pixelsOf(photo.original);
    const after = await pixelsOf(copy);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const { width, height } = before;
    // Above the footer band, in each quadrant: the text changes some pixels by more than the hidden
    // mark ever does (MAX_AMPLITUDE levels, and one for rounding), and none by more than text at
    // 12 % opacity could with the mark on top.
    const top = Math.round(height * 0.85);
    const quadrants = [
      [0, 0, width / 2, top / 2],
      [width / 2, 0, width, top / 2],
      [0, top / 2, width / 2, top],
      [width / 2, top / 2, width, top],
    ];
    for (const [x0, y0, x1, y1] of quadrants) {
      let stroked = 0;
      let largest = 0;
      let pixels = 0;
      for (let y = Math.round(y0!); y < Math.round(y1!); y++) {
        for (let x = Math.round(x0!); x < Math.round(x1!); x++) {
          const i = (y * width + x) * 3;
          const change = Math.max(
            ...[0, 1, 2].map((c) => Math.abs(after.data[i + c]! - before.data[i + c]!)),
          );
          if (change > MAX_AMPLITUDE + 1) stroked++;
          largest = Math.max(largest, change);
          pixels++;
        }
      }
      expect(stroked / pixels, `quadrant at ${x0},${y0}`).toBeGreaterThan(0.01);
      expect(stroked / pixels, `quadrant at ${x0},${y0}`).toBeLessThan(0.5);
      expect(largest, `quadrant at ${x0},${y0}`).toBeLessThanOrEqual(
        Math.ceil(0.12 * 255) + MAX_AMPLITUDE + 1,
      );
    }
  });

  it("two funders' copies of one image carry different codes, and each crop names its own funder", async () => {
    const photo = await listedPhoto('jpeg', 5);
    const second = await createFunder(t, 'active', { name: 'Grace Second' });
    await insertAccessRequest(t.database.db, { funderId: second.id, projectId: photo.projectId });
    const first = await download(photo.funder, photo.documentId);
    const other = await download(second, photo.documentId);
    expect(first.code).not.toBe(other.code);
    for (const [copy, code, funder, name] of [
      [first.copy, first.code, photo.funder, 'Frankie Funder'],
      [other.copy, other.code, second, 'Grace Second'],
    ] as const) {
      const leak = await cropped(copy, topLeft40, { format: 'jpeg', quality: 80 });
      const res = await trace(photo.developer, leak, 'corner.jpg');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code, viewer: { id: funder.id, name, email: funder.email } });
    }
  });

  it("the mark in the pixels wins over metadata rewritten to another copy's code", async () => {
    const photo = await listedPhoto('png', 9);
    const second = await createFunder(t, 'active', { name: 'Grace Second' });
    await insertAccessRequest(t.database.db, { funderId: second.id, projectId: photo.projectId });
    const first = await download(photo.funder, photo.documentId);
    const other = await download(second, photo.documentId);
    // The first funder's copy, with the text chunk saying the second funder's code (same length).
    const forged = Buffer.from(first.copy.toString('latin1').replace(first.code, other.code), 'latin1');
    expect(forged.includes(`${CODE_KEYWORD_PREFIX}${other.code}`)).toBe(true);
    const res = await trace(photo.developer, forged, 'forged.png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: first.code, viewer: { id: photo.funder.id } });
  });

  it('the whole copy, metadata kept, traces; the owner gets the original bytes', async () => {
    const photo = await listedPhoto('jpeg', 13);
    const { copy, code } = await download(photo.funder, photo.documentId);
    const res = await trace(photo.developer, copy, 'site.jpg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(code);
    const owners = await as(t.app, photo.developer, {
      method: 'GET',
      url: `/api/documents/${photo.documentId}/download`,
    });
    expect(owners.rawPayload.equals(photo.original)).toBe(true);
  });

  it.each(['png', 'jpeg'] as const)(
    'an unstamped %s image: 404 "No download code was found in this image"',
    async (format) => {
      const photo = await listedPhoto(format, 17);
      const res = await trace(photo.developer, photo.original, `site.${format}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(watermarkMessages.noCodeInImage);
    },
  );

  it('a file that is not a PDF, PNG or JPEG, or an image that cannot be decoded: 400', async () => {
    const photo = await listedPhoto('png', 19);
    const other = await trace(photo.developer, samples.zip(), 'leak.zip');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(watermarkMessages.traceNeedsFile);
    for (const [content, name] of [
      [samples.png(), 'broken.png'],
      [samples.jpeg(), 'broken.jpg'],
    ] as const) {
      const res = await trace(photo.developer, content, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toBe(watermarkMessages.traceUnreadableImage);
    }
  });
});
