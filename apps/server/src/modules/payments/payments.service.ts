import { LISTING_FEE_CENTS, SUBSCRIPTION_FEE_CENTS, SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatAudCents, formatDate } from '@plinth/domain/format';
import {
  type CreateProjectPaymentResponse,
  type PaymentConfirmationResponse,
  paymentMessages,
  type sandboxAuthenticateBody,
  sandboxCardOutcome,
  type sandboxConfirmBody,
} from '@plinth/domain/payments';
import type { ProjectResponse } from '@plinth/domain/projects';
import {
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  oneMonthAfter,
  type SubscriptionEvent,
  type sandboxConfirmSubscriptionBody,
  subscriptionMessages,
} from '@plinth/domain/subscriptions';
import type { z } from 'zod';
import {
  type InvoiceInfo,
  type PaymentEvent,
  type PaymentIntentInfo,
  PaymentMethodError,
  type PaymentProvider,
  type SubscriptionInfo,
  WebhookVerificationError,
} from '../../adapters/payments/payment-provider';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../adapters/payments/sandbox-provider';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';
import { AppError, conflict, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { getProject, transitionListing } from '../projects/projects.service';
import {
  findDueRenewals,
  findSubscriber,
  notifySubscriptionChange,
  notifySubscriptionPaid,
  requireCancellable,
  requireSubscribable,
  transitionSubscription,
} from '../subscriptions/subscriptions.service';
import * as repo from './payments.repository';

/**
 * Publishing payments (issue 3 item 5). Whatever the provider, a payment reaches the project through
 * one function, `handlePaymentEvent`: Stripe's webhook, the sandbox's confirmation and an admin's
 * sync all produce a PaymentEvent and hand it over. It records the event id first (a second
 * delivery changes nothing), then, in the same transaction, the payment row, the listing transition
 * with its audit entry, and the developer's notification and e-mail.
 *
 * Funder subscriptions (issue 4 item 1) go through the same handler: invoice.paid,
 * invoice.payment_failed and customer.subscription.updated/deleted move the funder's subscription
 * through the subscriptions module's state machine (see the section at the end of this file).
 */

/** What the payments service needs; AppDeps has both, so routes and the admin module pass theirs. */
export interface PaymentsDeps {
  db: Db;
  payments: PaymentProvider;
}

/** What handling one event did. */
export type PaymentEventOutcome =
  /** This event id was handled before: nothing changed. */
  | 'duplicate'
  /** Stored; nothing to do for this type (requires_action, other providers' events, other subscriptions). */
  | 'recorded'
  /** The attempt is recorded as failed with the provider's message; the project or funder is unchanged. */
  | 'payment_failed'
  /**
   * The payment is completed and its effect made: the project moved unpaid → payment_pending, or
   * the funder's subscription moved on (payment_pending, renewed, cancelled, ended).
   */
  | 'applied'
  /** The payment had been completed before (by another event or a sync): nothing changed. */
  | 'already_applied'
  /** The payment is completed but its project or funder was not awaiting it: recorded and audited, unchanged. */
  | 'not_applied';

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

const providerActor = (provider: PaymentProvider['name']): AuditActor => ({
  id: null,
  name: provider === 'stripe' ? 'Stripe' : 'Sandbox payments',
});

/**
 * The one handler of payment events, from a Stripe webhook or from the sandbox. `actor` names who
 * caused it when that is not the provider itself (an admin's sync).
 */
export async function handlePaymentEvent(
  deps: PaymentsDeps,
  event: PaymentEvent,
  options: { actor?: AuditActor; reason?: string | null } = {},
): Promise<{ outcome: PaymentEventOutcome }> {
  const provider = deps.payments.name;
  const outcome = await deps.db.transaction().execute(async (trx): Promise<PaymentEventOutcome> => {
    const isNew = await repo.recordPaymentEvent(trx, {
      provider,
      eventId: event.id,
      type: event.type,
      payload: event.raw,
    });
    if (!isNew) return 'duplicate';
    if (event.invoice || event.subscription) {
      return applySubscriptionPaymentEvent(trx, provider, event, options.actor ?? providerActor(provider));
    }
    const intent = event.paymentIntent;
    // Only listing fees are paid with bare intents; a subscription's own intents are reported
    // through its invoice events above.
    if (intent?.metadata.type !== 'project_listing') return 'recorded';
    switch (event.type) {
      case 'payment_intent.succeeded':
        return applySucceeded(
          trx,
          provider,
          intent,
          options.actor ?? providerActor(provider),
          options.reason,
        );
      case 'payment_intent.payment_failed':
        return applyFailed(trx, provider, intent);
      default:
        return 'recorded';
    }
  });
  return { outcome };
}

/** The intent's row, locked; made from the event when the event overtook our own record of it. */
async function lockPaymentRow(trx: Db, provider: PaymentProvider['name'], intent: PaymentIntentInfo) {
  await repo.lockIntent(trx, provider, intent.id);
  return (
    (await repo.findPaymentByReference(trx, provider, intent.id)) ??
    repo.insertPaymentForIntent(trx, {
      provider,
      reference: intent.id,
      type: 'project_listing',
      amountCents: intent.amountCents,
      userId: intent.metadata.user_id ?? null,
      projectId: intent.metadata.project_id ?? null,
    })
  );
}

async function applySucceeded(
  trx: Db,
  provider: PaymentProvider['name'],
  intent: PaymentIntentInfo,
  actor: AuditActor,
  reason: string | null | undefined,
): Promise<PaymentEventOutcome> {
  const row = await lockPaymentRow(trx, provider, intent);
  // Effect-level idempotency: a success reported twice under different event ids (the webhook and an
  // admin's sync, say) completes the payment once.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, { status: 'completed', failureMessage: null });

  const notApplied = async (why: string) => {
    // The money is taken but the listing cannot move: keep the payment, and leave the admin a trace.
    await recordAudit(trx, {
      actor,
      action: 'payment.not_applied',
      targetType: 'payment',
      targetId: row.id,
      reason: why,
      after: { payment_intent_id: intent.id, project_id: row.project_id, amount_cents: intent.amountCents },
    });
    return 'not_applied' as const;
  };
  if (!row.project_id) return notApplied('The project of this payment no longer exists');
  if (intent.amountCents < LISTING_FEE_CENTS) {
    return notApplied(`The amount paid (${formatAudCents(intent.amountCents)}) is less than the listing fee`);
  }

  let project: Awaited<ReturnType<typeof transitionListing>>['project'];
  try {
    ({ project } = await transitionListing(trx, {
      projectId: row.project_id,
      event: { type: 'payment_succeeded' },
      actor,
      actorRole: 'system',
      action: 'payment.succeeded',
      reason: reason ?? null,
      extra: { stripe_payment_intent_id: intent.id, payment_date: new Date() },
    }));
  } catch (error) {
    // Refusals only (no SQL failed), so the transaction is still good to record the payment.
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      return notApplied(`${error.message}; the payment was recorded and the project left unchanged`);
    }
    throw error;
  }

  await notify(trx, {
    userId: project.borrower_id,
    type: 'payment_success',
    relatedId: project.id,
    message: `Payment received for "${project.title}". Your project is now under admin review.`,
    email: {
      subject: `Payment received: ${project.title}`,
      text: [
        `We have received your listing fee of ${formatAudCents(intent.amountCents)} for "${project.title}".`,
        '',
        'Your project is now under admin review. We will e-mail you as soon as it is published.',
        '',
        `Payment reference: ${intent.id}`,
      ].join('\n'),
    },
  });
  return 'applied';
}

async function applyFailed(
  trx: Db,
  provider: PaymentProvider['name'],
  intent: PaymentIntentInfo,
): Promise<PaymentEventOutcome> {
  const row = await lockPaymentRow(trx, provider, intent);
  // Providers do not promise order: a late failure of an earlier attempt never undoes a success.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, {
    status: 'failed',
    failureMessage: intent.lastError ?? paymentMessages.genericFailure,
  });
  return 'payment_failed';
}

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

/** A Stripe webhook delivery: verified on its raw bytes, then handled like any other event. */
export async function receivePaymentWebhook(
  deps: PaymentsDeps,
  options: { rawBody: Buffer; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhookEvent(options.rawBody, options.signature);
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  const { outcome } = await handlePaymentEvent(deps, event);
  return { received: true, duplicate: outcome === 'duplicate' };
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
        return latestIntent;
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
    amountCents: LISTING_FEE_CENTS,
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

// --- Funder subscriptions (issue 4 item 1): the provider's side ---
//
// The funder's subscription state lives in the subscriptions module; this part talks to the
// provider and turns what it reports into transitions there. Each provider subscription has
// payment rows of type subscription whose provider_reference is its id: the one made when it was
// started (the first invoice), then one per renewal (keyed by the invoice id).

const subscriptionKey = (userId: string, attempt: number) => `subscription-${userId}-${attempt}`;

/** The invoice paying for a new subscription, as opposed to a renewal or a change. */
const isFirstInvoice = (invoice: InvoiceInfo) =>
  invoice.billingReason === null || invoice.billingReason === 'subscription_create';

/**
 * An invoice or subscription event: the payment row and the funder's transition, in the handler's
 * transaction. Events about a subscription other than the funder's current one only change its rows.
 */
async function applySubscriptionPaymentEvent(
  trx: Db,
  provider: PaymentProvider['name'],
  event: PaymentEvent,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  if (event.invoice) {
    switch (event.type) {
      case 'invoice.paid':
        return applyInvoicePaid(trx, provider, event.invoice, actor);
      case 'invoice.payment_failed':
        return applyInvoiceFailed(trx, provider, event.invoice);
      default:
        return 'recorded';
    }
  }
  if (event.subscription) {
    switch (event.type) {
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applySubscriptionChange(trx, provider, event.type, event.subscription, actor);
      default:
        return 'recorded';
    }
  }
  return 'recorded';
}

/** A subscription payment that reached no funder: kept, with a trace for the admins. */
async function subscriptionNotApplied(
  trx: Db,
  actor: AuditActor,
  payment: { id: string; userId: string | null; reference: string; amountCents: number },
  why: string,
): Promise<PaymentEventOutcome> {
  await recordAudit(trx, {
    actor,
    action: 'payment.not_applied',
    targetType: 'payment',
    targetId: payment.id,
    reason: why,
    after: { subscription_id: payment.reference, user_id: payment.userId, amount_cents: payment.amountCents },
  });
  return 'not_applied';
}

/** Runs a subscription transition; a refusal (wrong state, not a funder, gone) comes back as its message. */
async function trySubscriptionTransition(
  trx: Db,
  options: Parameters<typeof transitionSubscription>[1],
): Promise<Awaited<ReturnType<typeof transitionSubscription>> | { refused: string }> {
  try {
    return await transitionSubscription(trx, options);
  } catch (error) {
    // Refusals only (no SQL failed), so the transaction is still good to record the payment.
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      return { refused: error.message };
    }
    throw error;
  }
}

async function applyInvoicePaid(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  await repo.lockIntent(trx, provider, invoice.subscriptionId);
  if (!isFirstInvoice(invoice)) return applyRenewal(trx, provider, invoice, actor);

  let row = await repo.findFirstSubscriptionPayment(trx, provider, invoice.subscriptionId);
  // Effect-level idempotency: the webhook and the funder's own answer may both report it.
  if (row?.status === 'completed') return 'already_applied';
  if (!row) {
    // A subscription we did not start (another app on the same Stripe account): not ours.
    if (invoice.metadata.type !== 'subscription') return 'recorded';
    row = await repo.insertPaymentForIntent(trx, {
      provider,
      reference: invoice.subscriptionId,
      type: 'subscription',
      amountCents: invoice.amountCents,
      userId: invoice.metadata.user_id ?? null,
      projectId: null,
    });
  }
  await repo.setPaymentStatus(trx, row.id, { status: 'completed', failureMessage: null });
  const payment = {
    id: row.id,
    userId: row.user_id,
    reference: invoice.subscriptionId,
    amountCents: invoice.amountCents,
  };
  if (!row.user_id)
    return subscriptionNotApplied(trx, actor, payment, 'The funder of this payment no longer exists');
  if (invoice.amountCents < SUBSCRIPTION_FEE_CENTS) {
    return subscriptionNotApplied(
      trx,
      actor,
      payment,
      `The amount paid (${formatAudCents(invoice.amountCents)}) is less than the subscription fee`,
    );
  }
  const moved = await trySubscriptionTransition(trx, {
    userId: row.user_id,
    event: { type: 'payment_succeeded' },
    actor,
    actorRole: 'system',
    action: 'subscription.payment_succeeded',
    detail: { subscription_id: invoice.subscriptionId, invoice_id: invoice.id },
  });
  if ('refused' in moved) {
    return subscriptionNotApplied(
      trx,
      actor,
      payment,
      `${moved.refused}; the payment was recorded and the subscription left unchanged`,
    );
  }
  await notifySubscriptionPaid(trx, moved.user, {
    amountCents: invoice.amountCents,
    reference: invoice.subscriptionId,
  });
  return 'applied';
}

/** A renewal payment: a row of its own, and the funder's period runs on (their current subscription only). */
async function applyRenewal(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  const userId =
    (await repo.findSubscriptionOwner(trx, provider, invoice.subscriptionId)) ??
    (invoice.metadata.type === 'subscription' ? (invoice.metadata.user_id ?? null) : null);
  if (!userId) return 'recorded';
  const current = await repo.findPaidSubscriptionReference(trx, userId, provider);
  const isNew = await repo.insertRenewalPayment(trx, {
    provider,
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    amountCents: invoice.amountCents,
    userId,
  });
  if (!isNew) return 'already_applied';
  if (current !== invoice.subscriptionId) return 'recorded';
  const moved = await trySubscriptionTransition(trx, {
    userId,
    event: { type: 'renew', periodEnd: invoice.periodEnd ?? oneMonthAfter(new Date()) },
    actor,
    actorRole: 'system',
    action: 'subscription.renewed',
    detail: { subscription_id: invoice.subscriptionId, invoice_id: invoice.id },
  });
  return 'refused' in moved ? 'not_applied' : 'applied';
}

async function applyInvoiceFailed(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
): Promise<PaymentEventOutcome> {
  // A failed renewal changes nothing yet: the provider retries, and ends the subscription (an
  // event of its own) if it never gets paid.
  if (!isFirstInvoice(invoice)) return 'recorded';
  await repo.lockIntent(trx, provider, invoice.subscriptionId);
  const row = await repo.findFirstSubscriptionPayment(trx, provider, invoice.subscriptionId);
  if (!row) return 'recorded';
  // Providers do not promise order: a late failure of an earlier attempt never undoes a success.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, {
    status: 'failed',
    failureMessage: invoice.lastError ?? paymentMessages.genericFailure,
  });
  return 'payment_failed';
}

/** The provider changed or ended the funder's current subscription (its dashboard, unpaid renewals). */
async function applySubscriptionChange(
  trx: Db,
  provider: PaymentProvider['name'],
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: SubscriptionInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  await repo.lockIntent(trx, provider, subscription.id);
  const userId = await repo.findSubscriptionOwner(trx, provider, subscription.id);
  if (!userId || (await repo.findPaidSubscriptionReference(trx, userId, provider)) !== subscription.id) {
    return 'recorded';
  }
  const hasEnded =
    type === 'customer.subscription.deleted' ||
    ['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status);
  const user = await findSubscriber(trx, userId);
  let event: SubscriptionEvent;
  if (hasEnded) {
    // A cancelled subscription keeps the period it paid for here; the expiry job ends it then.
    if (user?.subscription_status === 'cancelled') return 'recorded';
    event = { type: 'end' };
  } else if (subscription.cancelAtPeriodEnd) {
    event = { type: 'cancel' };
  } else if (user?.subscription_status === 'cancelled') {
    event = { type: 'resume' };
  } else {
    return 'recorded';
  }
  const moved = await trySubscriptionTransition(trx, {
    userId,
    event,
    actor,
    actorRole: 'system',
    action: `subscription.${event.type === 'end' ? 'ended' : event.type === 'cancel' ? 'cancelled' : 'resumed'}`,
    reason: `Reported by ${actor.name}`,
    detail: { subscription_id: subscription.id },
  });
  if ('refused' in moved) return 'recorded';
  if (event.type === 'end') {
    await notifySubscriptionChange(
      trx,
      moved.user,
      `Your ${SUBSCRIPTION_PLAN_NAME} subscription has ended. Subscribe again from your dashboard to regain access to the marketplace.`,
    );
  }
  return 'applied';
}

/**
 * Subscribes the funder with a card's payment method id (spec 001 sections 2.4, 4.3): success once
 * the first payment is taken (the subscription then awaits an admin: payment_pending),
 * requires_action with the client secret to confirm the card on the client, 400 with the
 * provider's message when the card is refused. 403 until the account is approved; 409 when the
 * funder already has a subscription.
 */
export async function createSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer; paymentMethodId: string },
): Promise<CreateSubscriptionResponse> {
  const { viewer } = options;
  const funder = await requireSubscribable(deps.db, viewer.id);
  const provider = deps.payments;
  // Keys are per funder and attempt: a double click reuses the attempt, a new card after a
  // decline makes a new one.
  const attempt = (await repo.countSubscriptionPayments(deps.db, viewer.id, provider.name)) + 1;
  const idempotencyKey = subscriptionKey(viewer.id, attempt);
  let subscription: SubscriptionInfo;
  try {
    subscription = await provider.createSubscription({
      paymentMethodId: options.paymentMethodId,
      amountCents: SUBSCRIPTION_FEE_CENTS,
      idempotencyKey,
      customer: { email: funder.email, name: funder.name },
      metadata: { user_id: viewer.id, type: 'subscription' },
      description: `Plinth ${SUBSCRIPTION_PLAN_NAME}: ${funder.email}`,
    });
  } catch (error) {
    if (error instanceof PaymentMethodError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  await repo.insertSubscriptionPaymentIfAbsent(deps.db, {
    provider: provider.name,
    reference: subscription.id,
    idempotencyKey,
    amountCents: subscription.amountCents,
    userId: viewer.id,
  });

  // The sandbox charged the test card just now: its invoice event is handled like Stripe's
  // webhook. With Stripe a subscription already paid (a retried request) is applied now rather
  // than waiting for the webhook; otherwise the webhook brings the outcome.
  const event = isSandboxProvider(provider)
    ? provider.subscriptionEvent(subscription)
    : subscription.payment.status === 'succeeded'
      ? reconciledInvoicePaid(provider.name, subscription)
      : null;
  if (event) await handlePaymentEvent(deps, event);
  return subscriptionAnswer(deps, viewer, subscription);
}

async function subscriptionAnswer(
  deps: PaymentsDeps,
  viewer: Viewer,
  subscription: SubscriptionInfo,
): Promise<CreateSubscriptionResponse> {
  switch (subscription.payment.status) {
    case 'succeeded': {
      const user = await findSubscriber(deps.db, viewer.id);
      return {
        status: 'success',
        subscription_status: user?.subscription_status ?? 'payment_pending',
        message: subscriptionMessages.paymentReceived,
      };
    }
    case 'requires_action':
    case 'requires_confirmation':
      if (subscription.payment.clientSecret) {
        return {
          status: 'requires_action',
          client_secret: subscription.payment.clientSecret,
          subscription_id: subscription.id,
        };
      }
      throw new AppError('BAD_REQUEST', paymentMessages.genericFailure);
    case 'processing':
      throw conflict(subscriptionMessages.processing);
    case 'requires_payment_method':
    case 'canceled':
      throw new AppError('BAD_REQUEST', subscription.payment.lastError ?? paymentMessages.genericFailure);
  }
}

/** The first invoice's success, learnt by asking the provider; fixed id per subscription, so applied once. */
function reconciledInvoicePaid(
  provider: PaymentProvider['name'],
  subscription: SubscriptionInfo,
): PaymentEvent {
  const id = `reconciled_${subscription.id}`;
  return {
    id,
    type: 'invoice.paid',
    paymentIntent: null,
    invoice: {
      id: `reconciled_${subscription.id}`,
      subscriptionId: subscription.id,
      amountCents: subscription.amountCents,
      currency: 'AUD',
      billingReason: 'subscription_create',
      periodEnd: subscription.currentPeriodEnd,
      metadata: subscription.metadata,
      lastError: null,
    },
    raw: {
      id,
      object: 'event',
      type: 'invoice.paid',
      source: `retrieved from ${provider}`,
      data: { object: { object: 'subscription', id: subscription.id, status: subscription.status } },
    },
  };
}

/**
 * The sandbox's stand-in for the bank's extra step on a subscription's first payment
 * (pm_card_authenticationRequired): approve pays it, refuse fails it (400 with the message).
 */
export async function confirmSandboxSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer; body: z.output<typeof sandboxConfirmSubscriptionBody> },
): Promise<CreateSubscriptionResponse> {
  const { viewer, body } = options;
  const sandbox = deps.payments;
  // With Stripe configured the card is confirmed by Stripe.js, never here.
  if (!isSandboxProvider(sandbox)) throw notFound(subscriptionMessages.subscriptionNotFound);
  // A wrong secret, or someone else's subscription, reads as unknown: it tells a prober nothing.
  if (!sandbox.isClientSecretValid(body.subscription_id, body.client_secret)) {
    throw notFound(subscriptionMessages.subscriptionNotFound);
  }
  const subscription = await sandbox.retrieveSubscription(body.subscription_id);
  if (!subscription || subscription.metadata.user_id !== viewer.id) {
    throw notFound(subscriptionMessages.subscriptionNotFound);
  }
  if (subscription.payment.status !== 'requires_action') {
    throw conflict(subscriptionMessages.notAwaitingAuthentication);
  }
  await requireSubscribable(deps.db, viewer.id);
  const event = sandbox.authenticateSubscription(subscription, body.approve);
  await handlePaymentEvent(deps, event);
  if (!body.approve) throw new AppError('BAD_REQUEST', paymentMessages.authenticationFailed);
  return subscriptionAnswer(deps, viewer, {
    ...subscription,
    payment: { status: 'succeeded', clientSecret: null, lastError: null },
  });
}

/**
 * Cancels the funder's active subscription at the end of its period: the provider stops renewing
 * it, the funder keeps access until subscription_period_end, and the expiry job ends it then.
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer },
): Promise<CancelSubscriptionResponse> {
  const { viewer } = options;
  await requireCancellable(deps.db, viewer.id);
  // The provider first: if it cannot stop the renewals, nothing changes here and the funder may retry.
  const reference = await repo.findPaidSubscriptionReference(deps.db, viewer.id, deps.payments.name);
  if (reference) await deps.payments.cancelSubscriptionAtPeriodEnd(reference);
  const { after } = await deps.db.transaction().execute(async (trx) => {
    const moved = await transitionSubscription(trx, {
      userId: viewer.id,
      event: { type: 'cancel' },
      actor: { id: viewer.id, name: viewer.name },
      actorRole: 'funder',
      action: 'subscription.cancelled',
      detail: reference ? { subscription_id: reference } : undefined,
    });
    const until = moved.after.subscription_period_end
      ? ` You keep access until ${formatDate(moved.after.subscription_period_end)}.`
      : '';
    await notifySubscriptionChange(
      trx,
      moved.user,
      `Your ${SUBSCRIPTION_PLAN_NAME} subscription has been cancelled.${until}`,
    );
    return moved;
  });
  return {
    subscription_status: after.subscription_status,
    cancel_at_period_end: after.cancel_at_period_end,
    subscription_period_end: after.subscription_period_end?.toISOString() ?? null,
    message: subscriptionMessages.cancelled,
  };
}

/**
 * Stops the provider renewing the funder's paid subscription (an admin denied it or marked it
 * failed): without this Stripe would go on charging a funder who has no access. The month already
 * paid is not refunded here; that is the admin's call in the provider's dashboard.
 */
export async function stopSubscriptionRenewals(deps: PaymentsDeps, userId: string): Promise<string | null> {
  const reference = await repo.findPaidSubscriptionReference(deps.db, userId, deps.payments.name);
  if (reference) await deps.payments.cancelSubscriptionAtPeriodEnd(reference);
  return reference;
}

const RENEWAL_BATCH = 100;
/** A subscription left unrenewed for longer than this many cycles (a server off for years) ends. */
const MAX_MISSED_CYCLES = 24;

/**
 * The sandbox's renewals, as Stripe Billing would charge them: every active subscription whose
 * period has ended is charged for the next month through its provider's invoice.paid, applied by
 * `handlePaymentEvent` like a Stripe webhook (a payment row per cycle, the period moved on, audited).
 * Cancelled subscriptions are not renewed; they end at their period's end. With Stripe configured
 * this does nothing: Stripe renews and sends the events. Returns how many cycles were charged.
 */
export async function renewSandboxSubscriptions(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const sandbox = deps.payments;
  if (!isSandboxProvider(sandbox)) return 0;
  let renewed = 0;
  // Every due subscription, a page at a time: what is left due after this ends in the expiry step.
  let after: { periodEnd: Date; id: string } | undefined;
  for (;;) {
    const page = await findDueRenewals(deps.db, { now, limit: RENEWAL_BATCH, after });
    for (const due of page) renewed += await renewSandboxSubscription(deps, sandbox, due, now);
    const last = page.at(-1);
    if (page.length < RENEWAL_BATCH || !last?.subscription_period_end) break;
    after = { periodEnd: new Date(last.subscription_period_end), id: last.id };
  }
  return renewed;
}

/** One funder's missed cycles, each charged through its own invoice.paid; how many were charged. */
async function renewSandboxSubscription(
  deps: PaymentsDeps,
  sandbox: SandboxPaymentProvider,
  due: { id: string; subscription_period_end: Date | string | null },
  now: Date,
): Promise<number> {
  const subscriptionId = await repo.findPaidSubscriptionReference(deps.db, due.id, sandbox.name);
  // An admin's force approval gives a period without a paid subscription: nothing to charge. A
  // subscription cancelled, denied or marked failed is never charged again, as with Stripe.
  const subscription = subscriptionId ? await sandbox.retrieveSubscription(subscriptionId) : null;
  if (!subscription || subscription.cancelAtPeriodEnd || !due.subscription_period_end) return 0;
  let renewed = 0;
  let periodEnd = new Date(due.subscription_period_end);
  for (let cycle = 0; periodEnd <= now && cycle < MAX_MISSED_CYCLES; cycle++) {
    const nextPeriodEnd = oneMonthAfter(periodEnd);
    const { outcome } = await handlePaymentEvent(
      deps,
      sandbox.renewalEvent(subscription, { periodEnd, nextPeriodEnd }),
    );
    if (outcome !== 'applied') break;
    renewed++;
    periodEnd = nextPeriodEnd;
  }
  return renewed;
}
