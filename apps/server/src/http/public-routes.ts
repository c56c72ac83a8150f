import { resolve } from 'node:path';
import type { RegisteredRoute } from './route-registry';

/**
 * The routes a stranger (no session, no token) may use, and why. Every other route must refuse
 * an anonymous caller (401, 403, 404 or 405) before it reads anything: the default-deny test
 * (apps/server/test/adversary/default-deny.test.ts) walks every registered route and fails on any
 * that answers a stranger and is not here. Adding a line is a security review: say why a stranger
 * needs the route and what stops them abusing it (docs/decisions/045-no-way-in.md).
 *
 * A GET here allows its HEAD too (Fastify answers HEAD from the GET handler, without the body).
 */
export const publicRoutes: Readonly<Record<string, string>> = {
  'GET /':
    'the landing page: prerendered HTML with the public prices filled in per request (decision 074); nothing private',
  'GET /*':
    "the web app's index.html for every client-side path outside /api and /assets: legal pages, pricing, sign-in screens; the app's data comes from the guarded API",
  'GET /robots.txt':
    'which pages crawlers may read: the public pages allowed, the app and the API not (decision 064)',
  'GET /sitemap.xml': 'the public pages (landing, legal, sign-up and sign-in), for search engines; no data',
  'GET /api/health': "the balancer's health check: up or down, the database driver, nothing else",
  'GET /api/pricing': 'the public prices (listing fee, subscription), shown on the landing page',
  'GET /api/docs': 'the OpenAPI UI',
  'HEAD /api/docs/': 'the OpenAPI UI (registered for HEAD alone by @fastify/swagger-ui)',
  'GET /api/docs/json': 'the OpenAPI document: the shape of the API, no data',
  'GET /api/docs/yaml': 'the OpenAPI document: the shape of the API, no data',
  'GET /api/docs/static/*': "the OpenAPI UI's own files",
  'GET /api/docs/static/index.html': "the OpenAPI UI's own files",
  'GET /api/docs/static/swagger-initializer.js': "the OpenAPI UI's own files",
  'GET|POST /api/auth/*':
    "Better Auth: only the entry points in publicAuthEndpoints answer a stranger; the test walks each of Better Auth's endpoints",
  'GET /api/listing-alerts/unsubscribe':
    "an alert e-mail's unsubscribe link: shows a page with one button and changes nothing (decision 048)",
  'POST /api/listing-alerts/unsubscribe':
    'RFC 8058 one-click unsubscribe, posted by mail providers without a session: the signed token is the authority',
  'GET /api/listing-alerts/confirm-criteria':
    "a reminder e-mail's 'Still accurate' link: shows a page with one button and changes nothing (decision 048)",
  'POST /api/listing-alerts/confirm-criteria':
    "'Still accurate' confirmed from the link's page: the signed link's token is the authority",
  'POST /api/payments/webhook': "Stripe's deliveries: the signature over the raw body is the authority",
};

/**
 * Better Auth's endpoints (under /api/auth) a stranger may call: signing in or up, the password
 * reset and e-mail verification links, and asking whether one has a session. Better Auth checks
 * the Origin of each, rate-limits them and answers the same whether an e-mail is known or not.
 */
export const publicAuthEndpoints: Readonly<Record<string, string>> = {
  'POST /sign-in/email': 'sign in',
  'POST /sign-up/email': 'sign up (never with a role: decision 004)',
  'POST /sign-out': 'signing out without a session changes nothing',
  'GET /get-session': "answers null to a stranger: the web app's first question",
  'POST /request-password-reset': 'asks for a reset e-mail; the same answer for unknown addresses',
  'GET /reset-password/:token': "the reset e-mail's link: redirects to the app's reset page",
  'POST /reset-password': "sets a new password with the e-mail's token, which is the authority",
  'GET /verify-email': "the verification e-mail's link: its signed token is the authority",
  'POST /send-verification-email': 'asks for a new verification e-mail; rate-limited',
  'GET /callback/:id': "the OIDC provider's redirect back; Better Auth checks the state it issued",
  'POST /callback/:id': "the OIDC provider's form post back; Better Auth checks the state it issued",
  'POST /sign-in/social': 'starts a sign-in with the OIDC provider (OIDC_ISSUER), if one is configured',
  'GET /ok': "Better Auth's own liveness answer ({ ok: true })",
  'GET /error': "Better Auth's error page for a failed sign-in redirect",
};

const allows = (list: Readonly<Record<string, string>>, method: string, url: string) =>
  Object.keys(list).some((entry) => {
    const [methods, pattern] = entry.split(' ') as [string, string];
    const listed = methods.split('|');
    return pattern === url && (listed.includes(method) || (method === 'HEAD' && listed.includes('GET')));
  });

/** Whether a registered route may answer a stranger: on the list, or a file of the web app's build. */
export function isPublicRoute(route: RegisteredRoute, webDist: string): boolean {
  if (route.fileRoot !== undefined) {
    return route.fileRoot === resolve(webDist) && (route.method === 'GET' || route.method === 'HEAD');
  }
  return allows(publicRoutes, route.method, route.url);
}

/** Whether one of Better Auth's endpoints (its path under /api/auth) may answer a stranger. */
export function isPublicAuthEndpoint(method: string, path: string): boolean {
  return allows(publicAuthEndpoints, method, path);
}
