import { errorResponses } from '@plinth/domain/api-errors';
import {
  cancelSubscriptionResponse,
  createSubscriptionBody,
  createSubscriptionResponse,
  sandboxConfirmSubscriptionBody,
  subscriptionResponse,
} from '@plinth/domain/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as billing from '../payments/subscription-billing';
import * as subscriptions from './subscriptions.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const tags = ['subscriptions'];

/**
 * The funder's subscription (spec 001 sections 2.4, 4.3; spec 000 cancel subscription), at the
 * spec's paths under /api/payments. Funders only: 401 without a session, 403 for other roles,
 * decided before the body is read.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', deps.guards.requireRole('funder'));

  app.get(
    '/api/payments/subscription',
    {
      schema: {
        tags,
        summary: "The funder's subscription: status, period, and the provider the card form uses",
        response: { 200: subscriptionResponse, ...errors },
      },
    },
    (request) => subscriptions.getSubscription(deps, viewerOf(request)),
  );

  app.post(
    '/api/payments/create-subscription',
    {
      schema: {
        tags,
        summary:
          'Subscribe with a card (payment method id): success (awaiting admin approval) or requires_action',
        body: createSubscriptionBody,
        response: { 200: createSubscriptionResponse, ...errors },
      },
    },
    (request) =>
      billing.createSubscription(deps, {
        viewer: viewerOf(request),
        paymentMethodId: request.body.payment_method_id,
      }),
  );

  app.post(
    '/api/payments/sandbox/confirm-subscription',
    {
      schema: {
        tags,
        summary: "Complete or refuse the sandbox's extra authentication step of a subscription payment",
        body: sandboxConfirmSubscriptionBody,
        response: { 200: createSubscriptionResponse, ...errors },
      },
    },
    (request) => billing.confirmSandboxSubscription(deps, { viewer: viewerOf(request), body: request.body }),
  );

  app.post(
    '/api/payments/cancel-subscription',
    {
      schema: {
        tags,
        summary: 'Cancel at the end of the paid period (access is kept until then)',
        response: { 200: cancelSubscriptionResponse, ...errors },
      },
    },
    (request) => billing.cancelSubscription(deps, { viewer: viewerOf(request) }),
  );
};
