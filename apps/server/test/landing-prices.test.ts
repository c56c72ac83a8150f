import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingFor, withPrices } from '../src/http/landing-page';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import { makeWebDist } from './support/web-dist';

// Issue 37 item 7 (decision 074): the landing page's prices are in its HTML, so a reader without
// JavaScript sees them; they are the admin's settings, so a saved price shows on the next request
// without a rebuild, and the page's ETag changes with it.

/** The price notes as the build renders them (React: class first, a no-break space inside). */
const note = (kind: string) => `<p class="_priceNote_1x2y3" data-price-note="${kind}">\u00a0</p>`;
const LANDING = `<!doctype html><html lang="en-AU"><head><title>Plinth landing</title></head><body><div id="root"><main data-landing-page>${note('listing')}${note('subscription')}${note('unknown')}${'<p>Filler so the page is worth compressing.</p>'.repeat(60)}</main></div></body></html>`;

let t: TestApp;
let admin: TestUser;
const web = makeWebDist();
beforeAll(async () => {
  writeFileSync(join(web.dist, 'landing.html'), LANDING);
  t = await buildTestApp({ WEB_DIST: web.dist });
  admin = await createUser(t.app, { role: 'admin', name: 'Petra Pricing' });
});
afterAll(() => t.close());

const landing = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: '/', headers });
const savePrice = (key: string, value: string) =>
  adminCall(t.app, admin, 'PUT', `/system-settings/${key}`, { value });

describe('GET / without JavaScript', () => {
  it('the prices the admin set are in the HTML; a saved price shows on the next request, with a new ETag', async () => {
    const first = await landing();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('data-price-note="listing">$499 per project listing</p>');
    expect(first.body).toContain('data-price-note="subscription">$299/month professional access</p>');
    // A note the server does not know keeps the build's blank line; the rest of the page is as built.
    expect(first.body).toContain(note('unknown'));
    expect(first.body.replace(/>\$[^<]*</g, '>\u00a0<')).toBe(LANDING);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    // Unchanged: 304 without a body.
    const again = await landing({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect((await savePrice('listing_fee_aud', '650')).statusCode).toBe(200);
    expect((await savePrice('subscription_price_aud', '1250')).statusCode).toBe(200);
    const changed = await landing({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('data-price-note="listing">$650 per project listing</p>');
    expect(changed.body).toContain('data-price-note="subscription">$1,250/month professional access</p>');
    expect(changed.body).not.toContain('$499');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await landing({ 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(304);
  });

  it('goes out br or gzip as asked, the same page and the same ETag; HEAD answers the headers alone', async () => {
    const plain = await landing();
    const br = await landing({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gzip = await landing({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const head = await landing({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it('Accept-Encoding is read with its weights; prices are written as text, never as markup', () => {
    expect(encodingFor(undefined)).toBe('identity');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('br;q=0, gzip;q=0')).toBe('identity');
    expect(encodingFor('identity')).toBe('identity');
    expect(
      withPrices(note('listing'), { listing_fee_aud: 1_000, subscription_price_aud: 2, currency: 'AUD' }),
    ).toBe('<p class="_priceNote_1x2y3" data-price-note="listing">$1,000 per project listing</p>');
  });
});
