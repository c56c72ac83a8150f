import { alertLinkPaths } from '@plinth/domain/alert-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  askConfirm,
  askUnsubscribe,
  confirmByLink,
  type LinkAnswer,
  unsubscribeByLink,
} from './alert-links.service';
import { sendLinkPage } from './link-pages';

// The token is read by the service, which answers a page for anything that is not one good token
// (missing, empty, repeated, too long) rather than a JSON validation error.
const tokenQuery = z.object({ token: z.unknown().optional() });

/**
 * The signed links of alert e-mails (issue 22; issue 29 finding 8; decisions 044 and 048), usable
 * without signing in. GET only shows a page: what the link will do, with one button, or why it
 * cannot be used; it changes nothing, so a mail scanner that follows links does no harm. The
 * button POSTs to the very same URL, which acts, as does the POST a mail provider sends for RFC
 * 8058 one-click unsubscribe. Every answer is a page (the provider reads only its status).
 */
export const listingAlertsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const settingsUrl = new URL('/settings', deps.config.BASE_URL).toString();
  // The page's button and mail providers post a form: multipart (RFC 8058's SHOULD) or URL-encoded,
  // usually 'List-Unsubscribe=One-Click'. The link's token is all that counts, so the body is read
  // (up to a small limit) and left aside.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );

  const routes = [
    { path: alertLinkPaths.unsubscribe, ask: askUnsubscribe, act: unsubscribeByLink },
    { path: alertLinkPaths.confirmCriteria, ask: askConfirm, act: confirmByLink },
  ];
  for (const { path, ask, act } of routes) {
    const send = (reply: Parameters<typeof sendLinkPage>[0], token: unknown, answer: LinkAnswer) =>
      sendLinkPage(reply, answer.status, answer.page, {
        settingsUrl,
        // The button posts the same token to the same path: nothing else from the request is echoed.
        ...(answer.asks && typeof token === 'string'
          ? { action: `${path}?token=${encodeURIComponent(token)}` }
          : {}),
      });

    app.get(path, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
      const token = request.query.token;
      return send(reply, token, await ask(deps.db, deps.authSecret, token));
    });

    app.post(path, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
      const token = request.query.token;
      return send(reply, token, await act(deps.db, deps.authSecret, token));
    });
  }
};
