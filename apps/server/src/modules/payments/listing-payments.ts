import { formatAudCents } from '@plinth/domain/format';
import {
  type CreateProjectPaymentResponse,
  type PaymentConfirmationResponse,
  paymentMessages,
  type sandboxAuthenticateBody,
  sandboxCardOutcome,
  type sandboxConfirmBody,
} from '@plinth/domain/payments';
import type { ProjectResponse } from '@plinth/domain/projects';
import type { z } from 'zod';
import type {
  PaymentEvent,
  PaymentIntentInfo,
  PaymentProvider,
} from '../../adapters/payments/payment-provider';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../adapters/payments/sandbox-provider';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';
import { AppError, conflict, notFound } from '../../errors';
import { getProject } from '../projects/projects.service';
import { readPricing } from '../settings/pricing';
import { handlePaymentEvent } from './payment-events';
import * as repo from './payments.repository';
import type { PaymentsDeps } from './payments.types';

/** Paying the listing fee (issue 3 item 5): starting and confirming the payment, and an admin's check and sync with the provider. Every outcome goes through `handlePaymentEvent`. */

export interface ProjectPaymentCheck {
  hasPayment: boolean;
  /** The provider's status of the project's latest intent, null when there is none. */
  paymentStatus: string | null;
  /** In cents. */
  amount: number | null;
  message: string;
}

export interface ProjectPaymentSync {
  projectUpdated: boolean;
  message: string;
}

const listingKey = (projectId: string, attempt: number) =>
  attempt === 1 ? `project-listing-${projectId}` : `project-listing-${projectId}-${attempt}`;

/**
 * The success of an intent we learnt by asking the provider rather than from its event. The id is
 * fixed per intent, so asking twice records it once.
 */
function reconciledSuccess(provider: PaymentProvider['name'], intent: PaymentIntentInfo): PaymentEvent {
  const id = `reconciled_${intent.id}`;
  return {
    id,
    type: 'payment_intent.succeeded',
    paymentIntent: intent,
    raw: {
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      source: `retrieved from ${provider}`,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amountCents,
          currency: 'aud',
          status: intent.status,
          metadata: intent.metadata,
        },
      },
    },
  };
}

/** 409 unless the project is an unpaid draft; the answer for one already under review. */
function payableState(project: ProjectResponse): 'payable' | 'payment_pending' {
  switch (project.payment_status) {
    case 'unpaid':
      return 'payable';
    case 'payment_pending':
      return 'payment_pending';
    case 'paid':
      throw conflict(paymentMessages.alreadyPaid);
  }
}

/** The owner's own project, or 404: admins may read projects but never pay for them. */
async function ownProject(db: Db, viewer: Viewer, projectId: string, missing: string) {
  try {
    const project = await getProject(db, { viewer, projectId });
    if (project.borrower_id === viewer.id) return project;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
  }
  throw notFound(missing);
}

/**
 * Starts (or resumes) paying the listing fee of the viewer's project: an intent to confirm with a
 * card, or `payment_pending` when it is already under review.
 */
export async function createProjectPayment(
  deps: PaymentsDeps,
  options: { viewer: Viewer; projectId: string },
): Promise<CreateProjectPaymentResponse> {
  const { viewer } = options;
  const project = await ownProject(deps.db, viewer, options.projectId, 'Project not found');
  const alreadyProcessed = { status: 'payment_pending', message: paymentMessages.alreadyProcessed } as const;
  if (payableState(project) === 'payment_pending') return alreadyProcessed;
  if (!project.documents_complete) throw conflict(paymentMessages.documentsIncomplete);

  const intent = await openListingIntent(deps, project, viewer);
  if (intent === 'paid') return alreadyProcessed;
  return {
    status: 'requires_confirmation',
    provider: deps.payments.name,
    payment_intent_id: intent.id,
    client_secret: intent.clientSecret,
    amount_cents: intent.amountCents,
    currency: 'AUD',
    publishable_key: deps.payments.publishableKey,
  };
}

/**
 * The project's live intent, reused while it can still be confirmed (a declined card is retried on
 * the same intent, as with Stripe), or a new one. Keys are per project and attempt, so a double
 * click or two tabs get the same intent, and a new intent is made only when the last one is spent.
 */
async function openListingIntent(
  deps: PaymentsDeps,
  project: ProjectResponse,
  viewer: Viewer,
): Promise<PaymentIntentInfo | 'paid'> {
  const provider = deps.payments;
  const feeCents = (await readPricing(deps.db)).listing_fee_aud * 100;
  const rows = await repo.listListingPayments(deps.db, project.id, provider.name);
  const latest: Payment | undefined = rows[0];
  const latestIntent = latest?.provider_reference
    ? await provider.retrievePaymentIntent(latest.provider_reference)
    : null;
  if (latest && latestIntent) {
    switch (latestIntent.status) {
      case 'requires_payment_method':
      case 'requires_confirmation':
      case 'requires_action':
        // Opened before the admin changed the fee: a fresh intent at today's fee (decision 021).
        if (latestIntent.amountCents === feeCents) return latestIntent;
        break;
      case 'processing':
        throw conflict(paymentMessages.processing);
      case 'succeeded':
        // Paid, and the success has not reached us yet: apply it now rather than charge again.
        if (latest.status !== 'completed') {
          await handlePaymentEvent(deps, reconciledSuccess(provider.name, latestIntent));
          return 'paid';
        }
        // Spent on this listing before an admin returned it to draft: the next payment is a new intent.
        break;
      case 'canceled':
        break;
    }
  }
  const idempotencyKey = listingKey(project.id, rows.length + 1);
  const intent = await provider.createPaymentIntent({
    amountCents: feeCents,
    idempotencyKey,
    metadata: { project_id: project.id, user_id: viewer.id, type: 'project_listing' },
    description: `Plinth listing fee: ${project.title}`,
  });
  await repo.insertPaymentIfAbsent(deps.db, {
    provider: provider.name,
    reference: intent.id,
    idempotencyKey,
    type: 'project_listing',
    amountCents: intent.amountCents,
    userId: viewer.id,
    projectId: project.id,
  });
  return intent;
}

/** The sandbox intent of the viewer's own unpaid project, its client secret checked. */
async function ownSandboxIntent(
  deps: PaymentsDeps,
  viewer: Viewer,
  body: { payment_intent_id: string; client_secret: string },
): Promise<{ sandbox: SandboxPaymentProvider; intent: PaymentIntentInfo }> {
  const sandbox = deps.payments;
  // With Stripe configured the card is confirmed by Stripe.js, never here.
  if (!isSandboxProvider(sandbox)) throw notFound(paymentMessages.paymentNotFound);
  // A wrong secret reads as an unknown payment: it tells a prober nothing about other intents.
  if (!sandbox.isClientSecretValid(body.payment_intent_id, body.client_secret)) {
    throw notFound(paymentMessages.paymentNotFound);
  }
  const intent = await sandbox.retrievePaymentIntent(body.payment_intent_id);
  const projectId = intent?.metadata.project_id;
  if (intent?.metadata.type !== 'project_listing' || !projectId) {
    throw notFound(paymentMessages.paymentNotFound);
  }
  const project = await ownProject(deps.db, viewer, projectId, paymentMessages.paymentNotFound);
  if (payableState(project) === 'payment_pending') throw conflict(paymentMessages.alreadyProcessed);
  if (intent.status === 'succeeded') throw conflict(paymentMessages.alreadySucceeded);
  return { sandbox, intent };
}

function confirmationOf(event: PaymentEvent): PaymentConfirmationResponse {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { status: 'succeeded', message: null };
    case 'payment_intent.requires_action':
      return { status: 'requires_action', message: paymentMessages.authenticationRequired };
    default:
      return { status: 'failed', message: event.paymentIntent?.lastError ?? paymentMessages.genericFailure };
  }
}

/** The sandbox card form: a test card (or test PaymentMethod id) decides the outcome, as in Stripe test mode. */
export async function confirmSandboxPayment(
  deps: PaymentsDeps,
  options: { viewer: Viewer; body: z.output<typeof sandboxConfirmBody> },
): Promise<PaymentConfirmationResponse> {
  const { sandbox, intent } = await ownSandboxIntent(deps, options.viewer, options.body);
  if (intent.status === 'processing' || intent.status === 'canceled') {
    throw conflict(paymentMessages.processing);
  }
  // The card number is read here and dropped: it is neither stored nor logged.
  const card = sandboxCardOutcome(options.body);
  if (!card.ok) throw new AppError('BAD_REQUEST', card.message);
  const event = sandbox.confirmPaymentIntent(intent, card.outcome);
  await handlePaymentEvent(deps, event);
  return confirmationOf(event);
}

/** The sandbox's stand-in for the bank's 3-D Secure page: approve succeeds, refuse fails. */
export async function authenticateSandboxPayment(
  deps: PaymentsDeps,
  options: { viewer: Viewer; body: z.output<typeof sandboxAuthenticateBody> },
): Promise<PaymentConfirmationResponse> {
  const { sandbox, intent } = await ownSandboxIntent(deps, options.viewer, options.body);
  if (intent.status !== 'requires_action') throw conflict(paymentMessages.notAwaitingAuthentication);
  const event = sandbox.authenticatePaymentIntent(intent, options.body.approve);
  await handlePaymentEvent(deps, event);
  return confirmationOf(event);
}

const statusText = (intent: PaymentIntentInfo) =>
  `${intent.status.replaceAll('_', ' ')}${intent.lastError ? ` (${intent.lastError})` : ''}`;

/** The project's latest intent and the intent itself, as the provider reports it now. */
async function latestListingIntent(deps: PaymentsDeps, projectId: string) {
  const [latest] = await repo.listListingPayments(deps.db, projectId, deps.payments.name);
  if (!latest?.provider_reference) return { reference: null, intent: null };
  return {
    reference: latest.provider_reference,
    intent: await deps.payments.retrievePaymentIntent(latest.provider_reference),
  };
}

/**
 * For the admin's Check payment (spec 001 section 7, check-stripe-payment): asks the provider for
 * the state of the project's latest listing intent. Changes nothing. The caller checks that the
 * project exists; an unknown id simply has no payment.
 */
export async function checkProjectPayment(
  deps: PaymentsDeps,
  projectId: string,
): Promise<ProjectPaymentCheck> {
  const { reference, intent } = await latestListingIntent(deps, projectId);
  if (!reference) {
    return {
      hasPayment: false,
      paymentStatus: null,
      amount: null,
      message: 'No payment has been started for this project',
    };
  }
  if (!intent) {
    return {
      hasPayment: false,
      paymentStatus: null,
      amount: null,
      message: `The payment provider has no record of payment ${reference}`,
    };
  }
  const hasPayment = intent.status === 'succeeded';
  return {
    hasPayment,
    paymentStatus: intent.status,
    amount: intent.amountCents,
    message: hasPayment
      ? `Payment ${intent.id} of ${formatAudCents(intent.amountCents)} succeeded`
      : `Payment ${intent.id} has not succeeded: ${statusText(intent)}`,
  };
}

/**
 * For the admin's Sync payment (sync-stripe-payment) and confirm-payment: asks the provider for the
 * project's latest intent (or the one named) and, when it has succeeded, applies it through the
 * same event handler as a webhook: unpaid → payment_pending, payment completed, audit entry with the
 * admin as actor, the developer notified. Safe to repeat.
 */
export async function syncProjectPayment(
  deps: PaymentsDeps,
  options: {
    projectId: string;
    admin: { id: string; name: string };
    /** An intent the admin names (confirm-payment); by default the project's latest. */
    paymentIntentId?: string;
    reason?: string | null;
  },
): Promise<ProjectPaymentSync> {
  const { projectId } = options;
  let intent: PaymentIntentInfo | null;
  if (options.paymentIntentId) {
    intent = await deps.payments.retrievePaymentIntent(options.paymentIntentId);
    if (!intent || intent.metadata.project_id !== projectId || intent.metadata.type !== 'project_listing') {
      return {
        projectUpdated: false,
        message: `Payment ${options.paymentIntentId} was not found for this project`,
      };
    }
  } else {
    const latest = await latestListingIntent(deps, projectId);
    if (!latest.reference) {
      return { projectUpdated: false, message: 'No payment has been started for this project' };
    }
    intent = latest.intent;
    if (!intent) {
      return {
        projectUpdated: false,
        message: `The payment provider has no record of payment ${latest.reference}`,
      };
    }
  }
  if (intent.status !== 'succeeded') {
    return {
      projectUpdated: false,
      message: `Payment ${intent.id} has not succeeded: ${statusText(intent)}`,
    };
  }
  const { outcome } = await handlePaymentEvent(deps, reconciledSuccess(deps.payments.name, intent), {
    actor: { id: options.admin.id, name: options.admin.name },
    reason: options.reason ?? 'Payment synced with the payment provider by an admin',
  });
  switch (outcome) {
    case 'applied':
      return {
        projectUpdated: true,
        message: `Payment ${intent.id} confirmed with the payment provider. The project is now under review.`,
      };
    case 'not_applied':
      return {
        projectUpdated: false,
        message: `Payment ${intent.id} succeeded, but the project was not awaiting payment; it was not changed`,
      };
    case 'duplicate':
    case 'already_applied':
    case 'recorded':
    case 'payment_failed':
      return {
        projectUpdated: false,
        message: `Payment ${intent.id} had already been applied; the project was not changed`,
      };
  }
}
