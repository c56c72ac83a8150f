import sharp from 'sharp';

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like RGB image made from a seed: smooth light across the frame, shapes with hard edges in
 * many colours (a few dark, a few near white), fine grain and a fabric-like texture. Harder for a
 * mark hidden in small luminance offsets than a plain gradient: edges and texture everywhere.
 */
export function photoPixels(seed: number, width: number, height: number): Buffer {
  const random = seeded(seed);
  const raw = Buffer.alloc(width * height * 3);
  const shapes = Array.from({ length: 24 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.04 + random() * 0.18) * Math.min(width, height),
    square: random() < 0.4,
    colour: [random() * 255, random() * 255, random() * 255],
  }));
  const phase = random() * Math.PI * 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 60 + 120 * (x / width) * 0.6 + 120 * (y / height) * 0.4;
      let colour = [light, light * 0.9 + 10, light * 0.8 + 20];
      for (const s of shapes) {
        const dx = Math.abs(x - s.x);
        const dy = Math.abs(y - s.y);
        if (s.square ? dx < s.r && dy < s.r : dx * dx + dy * dy < s.r * s.r) colour = s.colour;
      }
      const texture = 6 * Math.sin(x * 0.9 + phase) * Math.sin(y * 0.7) + (random() - 0.5) * 12;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, colour[c]! + texture));
    }
  }
  return raw;
}

/** The photo-like image encoded as PNG or JPEG (quality 92, as a camera might). */
export async function makePhoto(
  format: 'png' | 'jpeg',
  options: { seed?: number; width?: number; height?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const image = sharp(photoPixels(options.seed ?? 1, width, height), { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** Every pixel's RGB values as decoded (no metadata, no alpha), and the image's size. */
export async function pixelsOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
