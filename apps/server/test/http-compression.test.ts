import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { createGranted, type Granted } from './support/deals';
import { listenOnFreePort } from './support/events';
import { insertProjectDocument, makePdf } from './support/watermark';
import { makeWebDist } from './support/web-dist';

// Issue 36 item 4 (decision 064): JSON over 1 KB goes out br or gzip as the client asks, smaller
// answers and already-compressed files (PDF, PNG) as they are; HEAD, Range and the event stream
// still work. Over a real socket, with a client that neither asks for nor decodes an encoding by
// itself, so the test sees the bytes that went over the wire.

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawHttp(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<RawResponse>((done, fail) => {
    const req = request(
      `${baseUrl}${path}`,
      { method: options.method ?? 'GET', headers: { origin: BASE_URL, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

let t: TestApp;
let baseUrl: string;
let developer: TestUser;
let granted: Granted;
let pdfId: string;
const web = makeWebDist();
// A script of the build over 1 KB, with the .br the build writes beside it (compress.mjs).
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const scriptBr = brotliCompressSync(Buffer.from(script));

beforeAll(async () => {
  writeFileSync(join(web.dist, 'assets', 'rows-0a1b2c3d.js'), script);
  writeFileSync(join(web.dist, 'assets', 'rows-0a1b2c3d.js.br'), scriptBr);
  t = await buildTestApp({ WEB_DIST: web.dist });
  baseUrl = await listenOnFreePort(t.app);
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  // Three drafts: the developer's list is some 4 KB of JSON.
  for (const title of [
    'Twelve Townhouses, Marrickville',
    'Six Villas, Ascot',
    'Mixed Use, Fortitude Valley',
  ]) {
    await createProject(t.app, developer, { title });
  }
  granted = await createGranted(t);
  pdfId = await insertProjectDocument(t, {
    projectId: granted.projectId,
    uploaderId: granted.developer.id,
    fileName: 'valuation.pdf',
    mimeType: 'application/pdf',
    content: await makePdf(2),
  });
});
afterAll(() => t.close());

const asDeveloper = (encoding?: string, method = 'GET') =>
  rawHttp('/api/projects', {
    method,
    headers: { cookie: developer.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('JSON over 1 KB', () => {
  it('goes out br when the client takes br, the same JSON once decoded, and Vary names Accept-Encoding', async () => {
    const plain = await asDeveloper();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await asDeveloper('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('goes out gzip to a client that takes only gzip, identity to one that takes neither', async () => {
    const gzip = await asDeveloper('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString()).items).toHaveLength(3);
    const deflateOnly = await asDeveloper('deflate');
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(deflateOnly.body.toString()).items).toHaveLength(3);
  });

  it('HEAD answers the GET’s status, type, tag and length of the JSON, no body, and spends nothing compressing it', async () => {
    const plain = await asDeveloper();
    const head = await asDeveloper('br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-type']).toBe(plain.headers['content-type']);
    expect(head.headers.etag).toBe(plain.headers.etag);
    // The length of the identity representation, which HEAD describes without an encoding.
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(plain.body.length));
  });
});

describe('JSON over the plugin’s 8 KB stream threshold (issue 31, decision 076)', () => {
  it('is compressed in one call: the exact Content-Length, not a chunked stream, and the same JSON once decoded', async () => {
    const other = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Lee Larger' });
    for (let i = 1; i <= 12; i++) await createProject(t.app, other, { title: `Stage ${i}, Parramatta` });
    const headers = { cookie: other.cookie };
    const plain = await rawHttp('/api/projects', { headers });
    // Over 8 KB: on 2 cores @fastify/compress would stream it through zlib on the thread pool.
    expect(plain.body.length).toBeGreaterThan(8192);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await rawHttp('/api/projects', { headers: { ...headers, 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(JSON.parse(decode(res.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });
});

describe('what is not compressed', () => {
  it('JSON under 1 KB goes out as it is', async () => {
    const res = await rawHttp('/api/pricing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('currency', 'AUD');
  });

  it('a PDF download goes out as the file, and a page image as the PNG', async () => {
    const pdf = await rawHttp(`/api/documents/${pdfId}/download`, {
      headers: { cookie: granted.funder.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const reading = await rawHttp(`/api/documents/${pdfId}/pages`, {
      headers: { cookie: granted.funder.cookie, 'accept-encoding': 'identity' },
    });
    expect(reading.status).toBe(200);
    const { pages } = JSON.parse(reading.body.toString()) as { pages: { url: string }[] };
    const png = await rawHttp(pages[0]!.url, {
      headers: { cookie: granted.funder.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a built script goes out as the build’s own .br, not compressed again; a Range gets its bytes, not compressed', async () => {
    const full = await rawHttp('/assets/rows-0a1b2c3d.js', { headers: { 'accept-encoding': 'br' } });
    expect(full.status).toBe(200);
    expect(full.headers['content-encoding']).toBe('br');
    expect(full.body.equals(scriptBr)).toBe(true);
    const part = await rawHttp('/assets/rows-0a1b2c3d.js', {
      headers: { 'accept-encoding': 'identity', range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(script)}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.toString()).toBe(script.slice(0, 100));
  });

  it('the event stream goes out event by event, never compressed', async () => {
    const abort = new AbortController();
    const res = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: developer.cookie, origin: BASE_URL, 'accept-encoding': 'br, gzip' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    // The first bytes arrive while the stream stays open: nothing buffers them.
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(new TextDecoder().decode(first.value)).toMatch(/^(retry:|:|data:)/m);
    abort.abort();
  });
});
