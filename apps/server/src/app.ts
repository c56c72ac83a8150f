import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { createAssistantProvider } from './adapters/assistant/create-assistant-provider';
import { createMailTransport } from './adapters/mail/create-mail-transport';
import { createPaymentProvider } from './adapters/payments/create-payment-provider';
import { createFileStorage } from './adapters/storage/create-file-storage';
import type { AppDeps } from './app-deps';
import { createAuth } from './auth/auth';
import { authRoutes } from './auth/auth-routes';
import { createGuards } from './auth/guards';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandler } from './errors';
import { registerCompression } from './http/compression';
import { crawlerRoutes } from './http/crawlers';
import { registerEtags } from './http/etags';
import { answerFrameworkError } from './http/framework-errors';
import { registerLandingPage } from './http/landing-page';
import { keepRouteRegistry } from './http/route-registry';
import { refuseCrossSiteWrites } from './http/same-origin';
import { httpServerOptions } from './http/server-limits';
import { createAccessExpiryJob } from './jobs/access-expiry';
import { createIdempotencyCleanupJob } from './jobs/idempotency-cleanup';
import { createJobQueue } from './jobs/job-queue';
import { createOutboxWorker } from './jobs/outbox-worker';
import { createSubscriptionExpiryJob } from './jobs/subscription-expiry';
import { accessEndedRoutes } from './modules/access-ended/access-ended.routes';
import { accessRequestsRoutes } from './modules/access-requests/access-requests.routes';
import { accessRevocationRoutes } from './modules/access-requests/access-revocation.routes';
import { runAccessExpiry } from './modules/access-requests/access-revocation.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/admin/analytics.routes';
import { godModeRoutes } from './modules/admin/god-mode.routes';
import { aiChatRoutes } from './modules/ai-chat/ai-chat.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { covenantsRoutes } from './modules/covenants/covenants.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dataRoomReportRoutes } from './modules/data-room-report/data-room-report.routes';
import { dealDocumentsRoutes } from './modules/deal-documents/deal-documents.routes';
import { dealsRoutes } from './modules/deals/deals.routes';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { sendDeadlineNotices } from './modules/draws/draw-clock';
import { drawsRoutes } from './modules/draws/draws.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { handleFacilityJobs } from './modules/facilities/accrual.jobs';
import { facilitiesRoutes } from './modules/facilities/facilities.routes';
import { funderCriteriaRoutes } from './modules/funder-criteria/funder-criteria.routes';
import { funderMatchesRoutes } from './modules/funder-criteria/funder-matches.routes';
import { geocodeRoutes } from './modules/geocode/geocode.routes';
import { healthRoutes } from './modules/health/health.routes';
import { idempotencyPlugin } from './modules/idempotency/idempotency.plugin';
import { handleCriteriaReminders } from './modules/listing-alerts/criteria-reminders';
import { listingAlertsRoutes } from './modules/listing-alerts/listing-alerts.routes';
import { handleListingAlertJobs } from './modules/listing-alerts/listing-alerts.service';
import { messagesRoutes } from './modules/messages/messages.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { renewSandboxSubscriptions } from './modules/payments/subscription-billing';
import { presalesRoutes } from './modules/presales/presales.routes';
import { setMarketIndex } from './modules/projects/marketplace.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import { proposalsRoutes } from './modules/proposals/proposals.routes';
import { pricingRoutes } from './modules/settings/pricing.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { undertakingRoutes } from './modules/undertaking/undertaking.routes';
import { usersRoutes } from './modules/users/users.routes';
import { variationsRoutes } from './modules/variations/variations.routes';
import { documentTraceRoutes } from './modules/watermark/trace.routes';
import { registerApiDocument } from './openapi/api-document';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  authSecret: string;
  /** Log through pino (default true); tests turn it off. */
  logger?: boolean;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole Fastify app; main.ts listens on it and tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    // Body, header and time limits of the HTTP server (decision 045).
    ...httpServerOptions,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: false,
    // A malformed URL answers the app's error shape, not Fastify's (decision 064).
    frameworkErrors: answerFrameworkError,
  });
  // First, before any route: the default-deny test walks every route this list keeps (decision 045).
  keepRouteRegistry(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every route (both read each route as it is added): JSON answers over 1 KB go out br or
  // gzip, and a GET's JSON carries an ETag answered with 304 when unchanged (decision 064).
  await registerCompression(app);
  registerEtags(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const auth = createAuth(config, database.db, options.authSecret, app.log);
  const mail = await createMailTransport(config);
  const deps: AppDeps = {
    config,
    db: database.db,
    driver: database.driver,
    auth,
    guards: createGuards(auth, database.changes),
    mail,
    payments: await createPaymentProvider(config, database.db),
    storage: await createFileStorage(config),
    assistant: await createAssistantProvider(config),
    jobs: createJobQueue(database, app.log),
    authSecret: options.authSecret,
  };
  app.decorate('deps', deps);
  // The job queue (pg-boss): handlers here; main.ts starts the workers, tests drain it themselves.
  handleListingAlertJobs(deps);
  handleCriteriaReminders(deps);
  // Loan administration: daily accrual, month-end capitalisation and the SOP deadline notices.
  handleFacilityJobs(deps, { daily: (now) => sendDeadlineNotices(deps, now) });
  app.decorate('jobs', deps.jobs);
  app.addHook('onReady', () => deps.jobs.ready());
  app.addHook('onClose', () => deps.jobs.stop());
  // MARKET_INDEX=off answers the marketplace from the SQL statements alone (diagnosis, decision 031).
  setMarketIndex(database.db, config.MARKET_INDEX);
  app.decorate('outbox', createOutboxWorker({ db: database.db, mail, log: app.log }));
  app.decorate(
    'subscriptionExpiry',
    createSubscriptionExpiryJob({
      db: database.db,
      provider: deps.payments.name,
      log: app.log,
      renew: (now) => renewSandboxSubscriptions(deps, now),
    }),
  );
  app.addHook('onClose', () => app.subscriptionExpiry.stop());
  app.decorate(
    'accessExpiry',
    createAccessExpiryJob({ run: (now) => runAccessExpiry(deps, now), log: app.log }),
  );
  app.addHook('onClose', () => app.accessExpiry.stop());
  app.decorate('idempotencyCleanup', createIdempotencyCleanupJob({ db: database.db, log: app.log }));
  app.addHook('onClose', () => app.idempotencyCleanup.stop());
  // Read caches must hear other server processes' writes to the same PostgreSQL.
  const stopWatchingChanges = await database.watchRemoteChanges({
    onError: (error) =>
      app.log.warn({ err: error }, 'read caches: change notifications lost, caching paused'),
    onReconnect: () => app.log.info('read caches: hearing changes again'),
  });
  app.addHook('onClose', () => stopWatchingChanges());
  app.decorateRequest('viewer', null);

  // Stripe Elements loads its script and card frames from Stripe when Stripe is configured.
  const stripe = config.STRIPE_PUBLISHABLE_KEY
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  // Helmet's security headers. They are the same for every response, so they are worked out once
  // and each response only gets the finished set (the Fastify plugin rebuilds the middleware on
  // every request, which cost more CPU than a cached API answer; running it costs 3 % of a
  // marketplace read). A route may still set its own (document previews do).
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.script],
          // Mantine sets inline style attributes and injects CSS variables at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...stripe.connect],
          frameSrc: ["'self'", 'blob:', ...stripe.frame],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(config.BASE_URL.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: config.BASE_URL.startsWith('https:'),
    }),
  );
  // On the raw response, as helmet itself sets them: a route that writes its own head (the event
  // stream) sends them too, and a route's own reply.header still wins.
  const securityHeaderList = Object.entries(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaderList) reply.raw.setHeader(name, value);
    done();
  });
  // Before every route and the idempotency plugin: a write sent with the cookie from another site
  // is refused before anything reads its body or its key (decision 045).
  refuseCrossSiteWrites(app, config.BASE_URL);
  await app.register(rateLimit, { global: false });

  // The OpenAPI document and its UI, before every route: it reads each route's guards.
  await registerApiDocument(app, { config, auth, guards: deps.guards });

  // Before every route: its hooks must see each of them (Idempotency-Key, decision 037).
  await app.register(idempotencyPlugin, { db: database.db });
  await app.register(authRoutes, { auth, config });
  await app.register(usersRoutes, deps);
  await app.register(healthRoutes, deps);
  await app.register(projectsRoutes, deps);
  await app.register(documentsRoutes, deps);
  await app.register(documentTraceRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(godModeRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(pricingRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(geocodeRoutes, deps);
  await app.register(subscriptionsRoutes, deps);
  await app.register(accessRequestsRoutes, deps);
  await app.register(accessRevocationRoutes, deps);
  await app.register(accessEndedRoutes, deps);
  await app.register(undertakingRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(dealsRoutes, deps);
  await app.register(dealDocumentsRoutes, deps);
  await app.register(proposalsRoutes, deps);
  await app.register(dataRoomReportRoutes, deps);
  await app.register(contactsRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(funderCriteriaRoutes, deps);
  await app.register(funderMatchesRoutes, deps);
  await app.register(listingAlertsRoutes, deps);
  await app.register(facilitiesRoutes, deps);
  await app.register(drawsRoutes, deps);
  await app.register(variationsRoutes, deps);
  await app.register(presalesRoutes, deps);
  await app.register(covenantsRoutes, deps);
  await app.register(eventsRoutes, deps);
  await app.register(aiChatRoutes, deps);
  // Only when switched on (DEV_MAIL=on, which config refuses beside SMTP_URL), and for admins only.
  if (config.DEV_MAIL) await app.register(devMailRoutes, deps);

  // Before the web app's catch-all, which would answer them with its HTML.
  crawlerRoutes(app, config.BASE_URL);
  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist, database.db);
  return app;
}

/**
 * The headers a Connect-style middleware that only sets headers (helmet's) sets on a response,
 * worked out once.
 */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('The security headers middleware did not finish at once');
  return headers;
}

/** Serves the built web app, with index.html for every client-side route outside /api. */
async function registerWebApp(app: FastifyInstance, webDist: string, db: DatabaseHandle['db']) {
  if (!existsSync(webDist)) return;
  // The build writes .br/.gz beside each asset (apps/web/compress.mjs); files under /assets/ carry
  // a content hash in their name, so they never change and may be cached for a year.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    maxAge: '1h',
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply, file = 'index.html') =>
    reply.header('cache-control', 'no-cache').sendFile(file, webDist, { maxAge: 0 });
  // `/` is the landing page the build rendered to HTML, which loads none of the app's code
  // (decision 043), with the admin's current prices written in (issue 37 item 7); a build without
  // it (an older one) gets the app, which renders it too.
  if (existsSync(`${webDist}/landing.html`)) registerLandingPage(app, { webDist, db });
  else app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path.startsWith('/assets/')) {
      return reply.status(404).send({ error: `Route GET ${path} not found`, code: 'NOT_FOUND' });
    }
    return sendIndex(reply);
  });
}
