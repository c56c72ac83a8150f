import { notifications } from '@mantine/notifications';
import type { CreateProjectPaymentResponse } from '@plinth/domain/payments';
import { paymentMessages } from '@plinth/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authenticateSandboxPayment } from '../api/authenticate-sandbox-payment';
import { confirmSandboxPayment, type PaymentConfirmation } from '../api/confirm-sandbox-payment';
import { createProjectPayment } from '../api/create-project-payment';

export type StripeOutcome = { ok: true } | { ok: false; message: string };

export type PaymentIntent = Extract<CreateProjectPaymentResponse, { status: 'requires_confirmation' }>;

/**
 * Where the Publish modal is. `card` is the sandbox's card form, `stripe` Stripe Elements (when the
 * server gives a publishable key), `authenticate` the sandbox's extra confirmation step.
 */
export type PublishPhase =
  | { kind: 'closed' }
  | { kind: 'starting' }
  | { kind: 'start-failed'; message: string }
  | { kind: 'card'; intent: PaymentIntent; error: string | null; isStale: boolean }
  | { kind: 'stripe'; intent: PaymentIntent; error: string | null }
  | { kind: 'authenticate'; intent: PaymentIntent; error: string | null };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : paymentMessages.genericFailure;

export const PAYMENT_SUCCESS_MESSAGE = 'Payment received — your project is now under admin review';

/**
 * The publishing payment of one project (spec 000 section 2, Publish modal): create the payment when
 * the modal opens (its answer says sandbox or Stripe), confirm the card, authenticate when asked.
 * Success and "already processed" close the modal with a toast; a failure stays in it, inline.
 */
export function usePublishPayment(projectId: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PublishPhase>({ kind: 'closed' });
  const [isBusy, setIsBusy] = useState(false);

  // The project moved to payment_pending (or was already there): lists, badges and `me` change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects'] }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);

  const finish = (title: string, message: string) => {
    notifications.show({ color: 'green', title, message });
    void refresh();
    setPhase({ kind: 'closed' });
  };

  /** Creates (or, server-side, resumes) the payment; null when it was already processed. */
  async function createIntent(): Promise<PaymentIntent | null> {
    const created = await createProjectPayment(projectId);
    if (created.status === 'payment_pending') {
      finish('Under admin review', created.message || paymentMessages.alreadyProcessed);
      return null;
    }
    return created;
  }

  async function run(work: () => Promise<void>) {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  }

  const open = () =>
    run(async () => {
      setPhase({ kind: 'starting' });
      try {
        const intent = await createIntent();
        if (!intent) return;
        setPhase(
          intent.publishable_key
            ? { kind: 'stripe', intent, error: null }
            : { kind: 'card', intent, error: null, isStale: false },
        );
      } catch (error) {
        setPhase({ kind: 'start-failed', message: messageOf(error) });
      }
    });

  function settle(intent: PaymentIntent, result: PaymentConfirmation) {
    switch (result.status) {
      case 'succeeded':
        finish('Payment Successful', PAYMENT_SUCCESS_MESSAGE);
        return;
      case 'requires_action':
        setPhase({ kind: 'authenticate', intent, error: null });
        return;
      case 'failed':
        // A declined attempt is over: the next Pay starts a fresh one.
        setPhase({
          kind: 'card',
          intent,
          error: result.message || paymentMessages.declined,
          isStale: true,
        });
        return;
      default:
        return result.status satisfies never;
    }
  }

  const payWithCard = (cardNumber: string) =>
    run(async () => {
      if (phase.kind !== 'card') return;
      const current = phase;
      try {
        const intent = current.isStale ? await createIntent() : current.intent;
        if (!intent) return;
        const result = await confirmSandboxPayment({
          payment_intent_id: intent.payment_intent_id,
          client_secret: intent.client_secret,
          card_number: cardNumber,
        });
        settle(intent, result);
      } catch (error) {
        setPhase({ ...current, error: messageOf(error) });
      }
    });

  const authenticate = (approve: boolean) =>
    run(async () => {
      if (phase.kind !== 'authenticate') return;
      const { intent } = phase;
      try {
        const result = await authenticateSandboxPayment({
          payment_intent_id: intent.payment_intent_id,
          client_secret: intent.client_secret,
          approve,
        });
        settle(intent, result);
      } catch (error) {
        setPhase({ kind: 'authenticate', intent, error: messageOf(error) });
      }
    });

  /** Stripe Elements confirms in the browser (`confirm`); this runs it as part of the flow. */
  const payWithStripe = (confirm: () => Promise<StripeOutcome>) =>
    run(async () => {
      if (phase.kind !== 'stripe') return;
      const current = phase;
      let outcome: StripeOutcome;
      try {
        outcome = await confirm();
      } catch (error) {
        outcome = { ok: false, message: messageOf(error) };
      }
      if (outcome.ok) finish('Payment Successful', PAYMENT_SUCCESS_MESSAGE);
      else setPhase({ ...current, error: outcome.message });
    });

  const close = () => {
    // Never walk away from a payment mid-request: its outcome would land on a closed modal.
    if (!isBusy) setPhase({ kind: 'closed' });
  };

  return { phase, isBusy, open, close, payWithCard, authenticate, payWithStripe };
}

export type PublishPayment = ReturnType<typeof usePublishPayment>;
