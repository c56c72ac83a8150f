import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Names the app's own address: someone who opened Plinth under another one learns where to go. */
export const crossSiteMessage = (ownOrigin: string) =>
  `Cross-site requests are refused: send this request from Plinth itself (${ownOrigin})`;

/** Reads change nothing; only writes are checked, so reads pay nothing for this hook. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes whose authority is not the session cookie, so a cookie sent along from another site
 * grants nothing there: Stripe's signed webhook, and the signed one-click links of alert e-mails
 * (RFC 8058's POST comes from the mail provider).
 */
const NOT_AUTHORISED_BY_COOKIE = new Set([
  '/api/payments/webhook',
  '/api/listing-alerts/unsubscribe',
  '/api/listing-alerts/confirm-criteria',
]);

/**
 * Better Auth's OAuth callbacks: an identity provider may post its answer back from its own site
 * (form_post); Better Auth checks the state it issued. Every other Better Auth write is checked
 * here as well as by Better Auth itself (which skips its own check when NODE_ENV is test).
 */
const OAUTH_CALLBACKS = '/api/auth/callback/';

const isExempt = (routeUrl: string | undefined, url: string) =>
  (routeUrl !== undefined && NOT_AUTHORISED_BY_COOKIE.has(routeUrl)) ||
  (routeUrl === '/api/auth/*' && url.startsWith(OAUTH_CALLBACKS));

/**
 * Refuses a write that carries a cookie but was sent from another site: its Origin is not the
 * app's own (BASE_URL's), or the browser says Sec-Fetch-Site is cross-site or same-site (another
 * subdomain). SameSite=Lax cookies stop most of these in today's browsers; this stops the rest
 * (a sibling subdomain, an older browser). A request without a cookie (a bearer token, a webhook)
 * or without either header (curl, a server) is not a browser acting for someone, and passes
 * (decision 045).
 */
export function refuseCrossSiteWrites(app: FastifyInstance, baseUrl: string) {
  const ownOrigin = new URL(baseUrl).origin;
  const message = crossSiteMessage(ownOrigin);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || request.headers.cookie === undefined) return done();
    const { origin } = request.headers;
    const site = request.headers['sec-fetch-site'];
    const fromElsewhere =
      (origin !== undefined && origin !== ownOrigin) ||
      (site !== undefined && site !== 'same-origin' && site !== 'none');
    if (!fromElsewhere || isExempt(request.routeOptions.url, request.url)) return done();
    done(new AppError('CROSS_SITE_REQUEST', message));
  });
}
