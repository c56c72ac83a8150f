import { CODE_ALPHABET, CODE_KEYWORD_PREFIX } from '@plinth/domain/watermark';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  codeOfPayload,
  embedMark,
  MAX_AMPLITUDE,
  payloadOf,
  readMark,
  TILE,
} from '../src/modules/watermark/image-code';
import { codeInMetadata, imageTypeOf, readImageCode, stampImage } from '../src/modules/watermark/image-stamp';
import { makePhoto, photoPixels, seeded } from './support/photo';
import { makeImage } from './support/watermark';

// Decision 051: the download code hidden in an image's pixels. Every case is drawn from a fixed
// seed, so a run is the same every time: codes, tile origins, crops and JPEG qualities.

const random = seeded(51);
const pick = (n: number) => Math.floor(random() * n);
const randomCode = () => {
  const bare = Array.from({ length: 8 }, () => CODE_ALPHABET[pick(32)]).join('');
  return `${bare.slice(0, 4)}-${bare.slice(4)}`;
};
const stampFor = (code: string) => ({
  recipient: { name: 'Frankie Funder', company: 'Test Capital', email: 'frankie@test-capital.example' },
  code,
  at: new Date('2026-12-01T02:30:00Z'),
});

async function lumaOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the payload: 40 bits of code and a CRC-24', () => {
  it('round-trips random codes, and any one or two flipped bits are caught', () => {
    for (let n = 0; n < 50; n++) {
      const code = randomCode();
      const signs = payloadOf(code);
      expect(signs).toHaveLength(64);
      expect(codeOfPayload(signs)).toBe(code);
      const flipped = Int8Array.from(signs);
      flipped[pick(64)]! *= -1;
      expect(codeOfPayload(flipped)).toBeNull();
      const a = pick(64);
      const b = (a + 1 + pick(63)) % 64;
      const twice = Int8Array.from(signs);
      twice[a]! *= -1;
      twice[b]! *= -1;
      expect(codeOfPayload(twice)).toBeNull();
    }
  });

  it('the whitening keeps even a code of zeros from drawing a regular pattern', () => {
    const signs = payloadOf('0000-0000');
    const ones = signs.filter((s) => s > 0).length;
    expect(ones).toBeGreaterThan(16);
    expect(ones).toBeLessThan(48);
    const rows = Array.from({ length: 8 }, (_, r) => signs.slice(r * 8, r * 8 + 8).join());
    expect(new Set(rows).size).toBe(8);
    expect(codeOfPayload(signs)).toBe('0000-0000');
  });
});

describe('the mark in the pixels', () => {
  it('changes each pixel by at most MAX_AMPLITUDE levels, the same in every colour channel', async () => {
    const width = 320;
    const height = 256;
    const original = photoPixels(2, width, height);
    const marked = Buffer.from(original);
    embedMark({ data: marked, width, height, channels: 3 }, randomCode(), { x: pick(TILE), y: pick(TILE) });
    let changed = 0;
    for (let i = 0; i < original.length; i += 3) {
      const deltas = [0, 1, 2].map((c) => marked[i + c]! - original[i + c]!);
      for (const delta of deltas) expect(Math.abs(delta)).toBeLessThanOrEqual(MAX_AMPLITUDE);
      // Equal unless a channel hit 0 or 255.
      const unclipped = [0, 1, 2].filter(
        (c) => original[i + c]! >= MAX_AMPLITUDE && original[i + c]! <= 255 - MAX_AMPLITUDE,
      );
      if (unclipped.length > 1) expect(new Set(unclipped.map((c) => deltas[c])).size).toBe(1);
      if (deltas.some((d) => d !== 0)) changed++;
    }
    expect(changed / (width * height)).toBeGreaterThan(0.9);
  });

  const crops = Array.from({ length: 16 }, (_, i) => {
    const n = i + 1;
    const width = 128 + pick(193);
    const height = 128 + pick(113);
    return {
      n,
      code: randomCode(),
      format: n % 2 === 0 ? ('jpeg' as const) : ('png' as const),
      seed: 100 + n,
      region: { left: pick(640 - width + 1), top: pick(480 - height + 1), width, height },
      quality: 75 + pick(21),
    };
  });

  it.each(crops)(
    'case $n: a stamped $format, cropped to $region.width × $region.height, JPEG quality $quality, reads $code',
    async ({ code, format, seed, region, quality }) => {
      const stamped = await stampImage(await makePhoto(format, { seed }), `image/${format}`, stampFor(code));
      const leak = await sharp(stamped).extract(region).jpeg({ quality }).toBuffer();
      expect(leak.includes(CODE_KEYWORD_PREFIX)).toBe(false);
      expect(await readImageCode(leak, 'image/jpeg')).toBe(code);
    },
  );

  it('survives a PNG re-save of a crop two tiles a side, and JPEG quality 75 of one', async () => {
    for (let n = 0; n < 4; n++) {
      const code = randomCode();
      const stamped = await stampImage(
        await makePhoto('jpeg', { seed: 200 + n }),
        'image/jpeg',
        stampFor(code),
      );
      const region = { left: pick(640 - 128), top: pick(480 - 128), width: 128, height: 128 };
      const png = await sharp(stamped).extract(region).png({ compressionLevel: 9 }).toBuffer();
      expect(await readImageCode(png, 'image/png')).toBe(code);
      const jpeg = await sharp(stamped).extract(region).jpeg({ quality: 75 }).toBuffer();
      expect(await readImageCode(jpeg, 'image/jpeg')).toBe(code);
    }
  });

  it('survives quarter turns and mirrors of a crop', async () => {
    const code = randomCode();
    const stamped = await stampImage(await makePhoto('jpeg', { seed: 300 }), 'image/jpeg', stampFor(code));
    const crop = await sharp(stamped)
      .extract({ left: 50, top: 70, width: 256, height: 200 })
      .png()
      .toBuffer();
    for (const turn of [90, 180, 270]) {
      for (const mirrored of [false, true]) {
        const turned = sharp(crop).rotate(turn);
        const leak = await (mirrored ? turned.flop() : turned).jpeg({ quality: 85 }).toBuffer();
        expect(await readImageCode(leak, 'image/jpeg'), `${turn}° ${mirrored ? 'mirrored' : ''}`).toBe(code);
      }
    }
    expect(await readImageCode(await sharp(crop).flip().png().toBuffer(), 'image/png')).toBe(code);
  });

  it('reads the mark on a smooth gradient and on a large image (central tiles first)', async () => {
    const code = randomCode();
    const smooth = await stampImage(await makeImage('png'), 'image/png', stampFor(code));
    const corner = await sharp(smooth)
      .extract({ left: 0, top: 0, width: 160, height: 140 })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(await readImageCode(corner, 'image/jpeg')).toBe(code);
    const large = await stampImage(
      await makePhoto('jpeg', { seed: 400, width: 1600, height: 1200 }),
      'image/jpeg',
      stampFor(code),
    );
    expect(await readImageCode(await sharp(large).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg')).toBe(code);
  });

  it('finds nothing in unstamped images, in images smaller than a cell, or in a flat grey', async () => {
    for (let n = 0; n < 8; n++) {
      const photo = await makePhoto(n % 2 ? 'png' : 'jpeg', {
        seed: 500 + n,
        width: 200 + pick(400),
        height: 150 + pick(300),
      });
      const luma = await lumaOf(photo);
      expect(readMark(luma.data, luma.width, luma.height)).toBeNull();
    }
    expect(readMark(new Uint8Array(7 * 5), 7, 5)).toBeNull();
    expect(readMark(new Uint8Array(300 * 200).fill(128), 300, 200)).toBeNull();
  });

  it('two copies of one image for two recipients carry their own codes, from different origins', async () => {
    const original = await makePhoto('png', { seed: 600 });
    const [a, b] = [randomCode(), randomCode()];
    const first = await stampImage(original, 'image/png', stampFor(a));
    const second = await stampImage(original, 'image/png', stampFor(b));
    expect(first.equals(second)).toBe(false);
    const region = { left: 100, top: 100, width: 200, height: 200 };
    expect(
      await readImageCode(await sharp(first).extract(region).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg'),
    ).toBe(a);
    expect(
      await readImageCode(await sharp(second).extract(region).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg'),
    ).toBe(b);
  });
});

describe('the code in the metadata', () => {
  it('a PNG text chunk or a JPEG comment, read back; gone after a re-encode that drops metadata', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const code = randomCode();
      const stamped = await stampImage(await makeImage(format), `image/${format}`, stampFor(code));
      const type = imageTypeOf(stamped)!;
      expect(type).toBe(`image/${format}`);
      expect(codeInMetadata(stamped, type)).toBe(code);
      // Still a valid image, of the same size.
      expect(await sharp(stamped).metadata()).toMatchObject({ format, width: 640, height: 480 });
      const resaved =
        format === 'png' ? await sharp(stamped).png().toBuffer() : await sharp(stamped).jpeg().toBuffer();
      expect(codeInMetadata(resaved, type)).toBeNull();
    }
    expect(imageTypeOf(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
