import type { FastifyInstance } from 'fastify';

/**
 * The pages a stranger may find through a search engine: the landing page, the legal pages and
 * the two ways in. Each is a route of the web app (apps/web/src/app/router.tsx; a test holds the
 * two together). Everything else is the signed-in app or the API, which robots.txt keeps crawlers
 * out of (decision 064).
 */
export const publicPages = ['/', '/privacy', '/terms', '/cookies', '/register', '/login'] as const;

/**
 * robots.txt: the public pages allowed, everything else disallowed, so a page the app adds later
 * is kept out without anyone remembering to list it. `$` ends a pattern (RFC 9309), so `Allow: /$`
 * is the landing page alone; the longest matching rule wins over `Disallow: /`.
 */
export function robotsTxt(baseUrl: string): string {
  const allow = publicPages.map((path) => `Allow: ${path === '/' ? '/$' : `${path}$`}`);
  return [
    '# Plinth: the public pages may be crawled; the app and the API (/api/) may not.',
    'User-agent: *',
    ...allow,
    'Disallow: /api/',
    'Disallow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', baseUrl).href}`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** sitemap.xml (sitemaps.org 0.9): the public pages, as absolute URLs of BASE_URL. */
export function sitemapXml(baseUrl: string): string {
  const urls = publicPages.map((path) => `  <url><loc>${escapeXml(new URL(path, baseUrl).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml, before the web app's catch-all (which would answer its HTML). */
export function crawlerRoutes(app: FastifyInstance, baseUrl: string) {
  const robots = robotsTxt(baseUrl);
  const sitemap = sitemapXml(baseUrl);
  // Both change only with a release: a day in any cache.
  const cacheControl = 'public, max-age=86400';
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(sitemap),
  );
}
