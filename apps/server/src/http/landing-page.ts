import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { priceNoteText } from '@plinth/domain/price-notes';
import type { Pricing } from '@plinth/domain/system-settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { readPricing } from '../modules/settings/pricing';
import { etagOf, matchesIfNoneMatch } from './etags';

/**
 * The landing page (`/`) with the prices in its HTML (issue 37 item 7, decision 074). The build
 * renders the page once (apps/web/prerender.mjs) with each price note blank, because the prices are
 * the admin's settings (decision 021); here every request reads them (one small query, as
 * GET /api/pricing does) and writes them into the notes, so the page reads right without
 * JavaScript and a saved price shows on the next request, without a rebuild.
 *
 * The answer is `Cache-Control: no-cache` with an ETag of the page as sent: a browser asks again
 * each time and gets a 304 until the build or a price changes. The page is kept rendered and
 * compressed (br and gzip, at their best levels, once per build and prices), so a request costs the
 * price query and no compression.
 */

/** A price note as React renders it: `<p class="…" data-price-note="listing">&nbsp;</p>`. */
const PRICE_NOTE = /(<p\b[^>]*\sdata-price-note="([a-z-]+)"[^>]*>)[^<]*(<\/p>)/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page with each price note filled in; a note of a kind not known stays as the build left it. */
export function withPrices(html: string, pricing: Pricing): string {
  return html.replace(PRICE_NOTE, (note, open: string, kind: string, close: string) => {
    const text = priceNoteText(kind, pricing);
    return text === null ? note : `${open}${escapeHtml(text)}${close}`;
  });
}

interface Rendered {
  key: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send, as Accept-Encoding asks: br, else gzip, else none (`;q=0` refuses one). */
export function encodingFor(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * GET `/` (and HEAD): the built landing page with the current prices. `webDist` holds landing.html;
 * a rebuild while the server runs is picked up by the file's modification time.
 */
export function registerLandingPage(app: FastifyInstance, options: { webDist: string; db: Db }) {
  const file = join(options.webDist, 'landing.html');
  let cached: Rendered | undefined;
  let template: { mtimeMs: number; html: string } | undefined;

  async function render(): Promise<Rendered> {
    const { mtimeMs } = statSync(file);
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(file, 'utf8') };
    const pricing = await readPricing(options.db);
    const key = `${mtimeMs} ${pricing.listing_fee_aud} ${pricing.subscription_price_aud}`;
    if (cached?.key === key) return cached;
    const identity = Buffer.from(withPrices(template.html, pricing));
    cached = {
      key,
      etag: etagOf(identity),
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    };
    return cached;
  }

  async function send(request: FastifyRequest, reply: FastifyReply) {
    const page = await render();
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = encodingFor(request.headers['accept-encoding']);
    // An answer that carries its Content-Encoding passes the compression plugin untouched.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(encoding === 'identity' ? page.identity : page[encoding]);
  }

  app.get('/', { schema: { hide: true } }, send);
}
