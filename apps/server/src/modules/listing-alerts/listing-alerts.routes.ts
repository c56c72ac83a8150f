import { signedLinkMessages } from '@plinth/domain/listing-alerts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { verifyLink } from '../../auth/signed-links';
import { AppError } from '../../errors';
import { confirmFunderCriteria, unsubscribeFromAlerts } from '../funder-criteria/funder-criteria.service';
import { findUserName } from './listing-alerts.repository';

const tokenQuery = z.object({ token: z.string().max(2048).optional() });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page for a link opened from an e-mail: works without signing in and without scripts. */
function page(reply: FastifyReply, status: number, title: string, text: string, settingsUrl: string) {
  reply.code(status).type('text/html; charset=utf-8');
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Plinth</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(settingsUrl)}">Open your settings on Plinth</a></p></main></body></html>`;
}

/**
 * The signed links of alert e-mails (issue 22 items 2 and 3; decision 044), usable without signing
 * in: unsubscribe from alert e-mails (a GET from the e-mail's link, and the POST mail clients send
 * for RFC 8058 one-click unsubscribe), and confirm criteria as still accurate. Each link acts for
 * one user and one purpose, and expires.
 */
export const listingAlertsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const settingsUrl = new URL('/settings', deps.config.BASE_URL).toString();
  // Mail clients post the one-click unsubscribe as a form ('List-Unsubscribe=One-Click'), multipart
  // (RFC 8058's SHOULD) or URL-encoded; the link's token is all that counts, so the body is read and
  // left aside.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const userOf = async (token: string | undefined, purpose: 'unsubscribe-alerts' | 'confirm-criteria') => {
    const id = await verifyLink(deps.authSecret, token ?? '', purpose);
    const user = await findUserName(deps.db, id);
    if (!user) throw new AppError('BAD_REQUEST', signedLinkMessages.invalid);
    return user;
  };

  const failure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError && error.status === 400)
      return page(reply, 400, 'This link cannot be used', error.message, settingsUrl);
    throw error;
  };

  app.get(
    '/api/listing-alerts/unsubscribe',
    { schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) => {
      try {
        await unsubscribeFromAlerts(deps.db, await userOf(request.query.token, 'unsubscribe-alerts'));
      } catch (error) {
        return failure(reply, error);
      }
      return page(
        reply,
        200,
        'You are unsubscribed',
        'You will no longer get e-mails about listings that match your lending criteria. They still appear in your notifications on Plinth, and you can turn the e-mails back on in your settings.',
        settingsUrl,
      );
    },
  );

  // RFC 8058: the mail client posts 'List-Unsubscribe=One-Click' to the header's link.
  app.post(
    '/api/listing-alerts/unsubscribe',
    { schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) => {
      await unsubscribeFromAlerts(deps.db, await userOf(request.query.token, 'unsubscribe-alerts'));
      return reply.code(200).send({ unsubscribed: true });
    },
  );

  app.get(
    '/api/listing-alerts/confirm-criteria',
    { schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) => {
      try {
        await confirmFunderCriteria(
          deps.db,
          await userOf(request.query.token, 'confirm-criteria'),
          'email_link',
        );
      } catch (error) {
        return failure(reply, error);
      }
      return page(
        reply,
        200,
        'Your lending criteria are confirmed',
        'Thank you. Your listing alerts continue for the next 30 days, and we will ask again before then.',
        settingsUrl,
      );
    },
  );
};
