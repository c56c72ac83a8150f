import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import {
  createProjectPaymentBody,
  createProjectPaymentResponse,
  paymentConfirmationResponse,
  paymentWebhookResponse,
  sandboxAuthenticateBody,
  sandboxConfirmBody,
} from '@plinth/domain/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as listing from './listing-payments';
import { receivePaymentWebhook } from './payment-events';

const errors = errorResponses(400, 401, 403, 404, 409);

export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { guards } = deps;

  app.post(
    '/api/payments/create-project-payment',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['payments'],
        summary: "Start paying a project's listing fee (owner only)",
        body: createProjectPaymentBody,
        response: { 200: createProjectPaymentResponse, ...errors },
      },
    },
    (request) =>
      listing.createProjectPayment(deps, { viewer: viewerOf(request), projectId: request.body.project_id }),
  );

  app.post(
    '/api/payments/sandbox/confirm',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['payments'],
        summary: 'Confirm a sandbox payment with a test card (sandbox provider only)',
        body: sandboxConfirmBody,
        response: { 200: paymentConfirmationResponse, ...errors },
      },
    },
    (request) => listing.confirmSandboxPayment(deps, { viewer: viewerOf(request), body: request.body }),
  );

  app.post(
    '/api/payments/sandbox/authenticate',
    {
      onRequest: guards.requireRole('borrower'),
      schema: {
        tags: ['payments'],
        summary: 'Complete or refuse the extra authentication step of a sandbox payment',
        body: sandboxAuthenticateBody,
        response: { 200: paymentConfirmationResponse, ...errors },
      },
    },
    (request) => listing.authenticateSandboxPayment(deps, { viewer: viewerOf(request), body: request.body }),
  );

  await app.register(webhookRoutes, deps);
};

/**
 * Stripe signs the exact bytes it sends, so this context (and only this one) keeps JSON bodies as
 * a raw Buffer; every other route still gets parsed JSON.
 *
 * The route exists whichever provider is configured. Without Stripe (the sandbox, or no
 * STRIPE_WEBHOOK_SECRET) there is nothing it could verify a delivery against, so it answers 400 like
 * any delivery with a bad signature, rather than 404: a Stripe dashboard pointed at a server missing
 * its secret then reports failed signatures, which names the fix.
 */
const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signature verified on the raw body; a repeated event id changes nothing)',
        headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
        response: { 200: paymentWebhookResponse, 400: errorResponse },
      },
    },
    (request) =>
      receivePaymentWebhook(deps, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: request.headers['stripe-signature'],
      }),
  );
};
