// The page renderer's process (decision 049): pdf.js draws a PDF page onto a Skia canvas
// (@napi-rs/canvas), the reader's stamp is burned into the same pixels, and sharp encodes a PNG.
// A child process of the server (page-renderer.ts forks it with the first page asked for and ends it
// a minute after the last): the work never holds the server's event loop, a hostile PDF that
// exhausts its memory or time ends this process only, and when it exits every byte it used goes back
// to the system (a worker thread's native libraries and freed arenas would stay in the server).
// Plain JavaScript, so the server's tests (TypeScript through Vitest) and the built server
// (dist/page-render-worker.js) run the same file.
//
// Messages in: { id, op: 'pages', key, path? } and { id, op: 'render', key, page, width, height,
// stamp, path? }. `path` (a temporary copy of the stored file, which the server removes once this
// process has answered) is sent only after this process answered { missing: true }: it keeps the
// last few documents it opened, by storage key.
// Answers: { id, pages: [{ width, height }] } in points, { id, png, width, height }, { id, missing },
// or { id, error: 'unreadable' | 'no_page', message }.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// pdf.js 6 calls two things Node 22 has and Node 20 (which the server supports) lacks.
if (typeof Promise.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value() {
      let resolve;
      let reject;
      const promise = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
if (typeof ArrayBuffer.prototype.transferToFixedLength !== 'function') {
  // Used by pdf.js on buffers of its own that it no longer needs: a copy is the same to it.
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(length = this.byteLength) {
      return this.slice(0, length);
    },
  });
}

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
const { default: sharp } = await import('sharp');
// One image at a time, nothing kept between them: memory stays that of the page in hand.
sharp.cache(false);
sharp.concurrency(1);

// The stamp's typeface: Liberation Sans, shipped with pdf.js, so no system font is needed.
const STAMP_FONT = 'PlinthStamp';
GlobalFonts.registerFromPath(join(pdfjsRoot, 'standard_fonts', 'LiberationSans-Regular.ttf'), STAMP_FONT);

/** Documents opened lately, by storage key (a stored file's key never names other bytes). */
const KEEP_DOCUMENTS = 2;
const open = new Map();

async function documentFor(key, path) {
  const kept = open.get(key);
  if (kept) {
    open.delete(key);
    open.set(key, kept);
    return kept;
  }
  if (!path) return null;
  const bytes = await readFile(path);
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    // No font program is ever compiled to JavaScript (the eval path of CVE-2024-4367).
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
    cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
    iccUrl: `${join(pdfjsRoot, 'iccs')}/`,
    verbosity: 0,
  });
  // Kept while it opens too: pages asked for meanwhile wait for the same opening.
  const entry = { task, doc: task.promise };
  open.set(key, entry);
  entry.doc.catch(() => open.get(key) === entry && open.delete(key));
  while (open.size > KEEP_DOCUMENTS) {
    const [oldest, gone] = open.entries().next().value;
    open.delete(oldest);
    void gone.task.destroy();
  }
  return entry;
}

async function pageSizes(doc) {
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    pages.push({ width, height });
    page.cleanup();
  }
  return pages;
}

/**
 * The stamp, in the page's own pixels: the reader's name, e-mail and code repeated across the whole
 * page on a diagonal at low contrast (a crop keeps some of it), and the footer line on a light band
 * along the bottom edge. Drawn once per reading and page size onto a transparent layer, which each
 * page of the reading is then drawn under (text drawing costs more than the page itself).
 */
function stampLayer(width, height, stamp) {
  const layer = createCanvas(width, height);
  const ctx = layer.getContext('2d');
  const unit = width / 1240;
  ctx.save();
  ctx.font = `${Math.max(11, Math.round(20 * unit))}px ${STAMP_FONT}`;
  ctx.fillStyle = 'rgba(90, 90, 90, 0.17)';
  ctx.textBaseline = 'middle';
  const tile = ctx.measureText(stamp.tile).width + 80 * unit;
  const rowGap = 150 * unit;
  const reach = Math.hypot(width, height) / 2 + tile;
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-Math.atan2(height, width));
  for (let row = 0, y = -reach; y <= reach; row++, y += rowGap) {
    const shift = row % 2 ? tile / 2 : 0;
    for (let x = -reach - shift; x <= reach; x += tile) ctx.fillText(stamp.tile, x, y);
  }
  ctx.restore();

  let size = Math.max(10, Math.round(15 * unit));
  ctx.font = `${size}px ${STAMP_FONT}`;
  const room = width - 40 * unit;
  const measured = ctx.measureText(stamp.footer).width;
  if (measured > room) {
    size = Math.max(8, Math.floor((size * room) / measured));
    ctx.font = `${size}px ${STAMP_FONT}`;
  }
  const band = Math.round(size * 2);
  // The band is drawn over the tiles, so the footer reads cleanly.
  ctx.clearRect(0, height - band, width, band);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.88)';
  ctx.fillRect(0, height - band, width, band);
  ctx.fillStyle = 'rgb(40, 40, 40)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(stamp.footer, width / 2, height - band / 2, room);
  return layer;
}

/** The layers of the last two readings' stamps, by what they say and their size (8.7 MB each at 1240 px). */
const layers = new Map();
function stampLayerFor(width, height, stamp) {
  const key = JSON.stringify([width, height, stamp.tile, stamp.footer]);
  let layer = layers.get(key);
  if (layer) {
    layers.delete(key);
  } else {
    layer = stampLayer(width, height, stamp);
  }
  layers.set(key, layer);
  while (layers.size > 2) layers.delete(layers.keys().next().value);
  return layer;
}

async function render(doc, message) {
  const page = await doc.getPage(message.page);
  try {
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: message.width / natural.width });
    const canvas = createCanvas(message.width, message.height);
    const ctx = canvas.getContext('2d');
    await page.render({ canvasContext: ctx, canvas, viewport, background: '#ffffff' }).promise;
    if (message.stamp) ctx.drawImage(stampLayerFor(message.width, message.height, message.stamp), 0, 0);
    // RGBA as drawn (every pixel opaque): dropping the alpha channel first cost more than it saved.
    const png = await sharp(canvas.data(), {
      raw: { width: message.width, height: message.height, channels: 4 },
    })
      .png({ compressionLevel: 3 })
      .toBuffer();
    return png;
  } finally {
    page.cleanup();
  }
}

const answer = (message) => process.send?.(message);

process.on('message', async (message) => {
  const { id } = message;
  try {
    const entry = await documentFor(message.key, message.path);
    if (!entry) {
      answer({ id, missing: true });
      return;
    }
    const doc = await entry.doc;
    if (message.op === 'pages') {
      answer({ id, pages: await pageSizes(doc) });
      return;
    }
    if (message.page > doc.numPages) {
      answer({ id, error: 'no_page', message: `page ${message.page} of ${doc.numPages}` });
      return;
    }
    answer({ id, png: await render(doc, message), width: message.width, height: message.height });
  } catch (err) {
    answer({ id, error: 'unreadable', message: String(err?.message ?? err) });
  }
});
// The server went away (or closed the channel): nothing is left to do.
process.on('disconnect', () => process.exit(0));
