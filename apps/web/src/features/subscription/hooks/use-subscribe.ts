import { notifications } from '@mantine/notifications';
import type { PaymentMethodResult } from '@plinth/domain/payments';
import { createSubscriptionResponse, subscriptionMessages } from '@plinth/domain/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmSandboxSubscription } from '../api/confirm-sandbox-subscription';
import { createSubscription } from '../api/create-subscription';
import { subscriptionQueryKey } from '../api/get-subscription';

/**
 * The server keeps a paid subscription in payment_pending until an admin approves it (DESIGN.md
 * section 5), so a successful payment is announced as received, not as an active subscription.
 */
export const PAYMENT_RECEIVED_MESSAGE = 'Payment received — an admin will activate your subscription shortly';

export type ClientOutcome = { ok: true } | { ok: false; message: string };

/** How a card form pays: it makes the PaymentMethod, and (Stripe only) runs the bank's extra step itself. */
export interface CardPayment {
  createPaymentMethod: () => Promise<PaymentMethodResult>;
  /** Stripe.js's confirmCardPayment; absent in the sandbox, whose extra step is a screen of the modal. */
  confirmAction?: (clientSecret: string) => Promise<ClientOutcome>;
}

/** What the modal shows inline: a failure (also a 'Subscription Failed' toast) or an answer it cannot read. */
export type SubscribeNotice = { kind: 'failed'; message: string } | { kind: 'unexpected' };

export type SubscribePhase =
  | { kind: 'card'; notice: SubscribeNotice | null }
  | { kind: 'authenticate'; subscriptionId: string; clientSecret: string; notice: SubscribeNotice | null };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : subscriptionMessages.activationFallback;

/**
 * The subscription payment of spec 001 section 4.3: a PaymentMethod from the card form, then the
 * server's answer: success, or requires_action (confirmed on the client, then success); anything
 * else is 'Unexpected response from server'. `onSubscribed` runs once the payment went through.
 */
export function useSubscribe({ onSubscribed }: { onSubscribed: () => void }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SubscribePhase>({ kind: 'card', notice: null });
  const [isBusy, setIsBusy] = useState(false);

  // The funder's status moved (or may have): the dashboard reads it from `me`.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['me'] }),
      queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
    ]);

  const succeed = (subscriptionStatus: string) => {
    const isActive = subscriptionStatus === 'active';
    notifications.show({
      color: 'green',
      title: isActive ? subscriptionMessages.activeTitle : 'Payment Received',
      message: isActive ? 'Your subscription is active.' : PAYMENT_RECEIVED_MESSAGE,
    });
    void refresh();
    setPhase({ kind: 'card', notice: null });
    onSubscribed();
  };

  /** Spec 001 section 8: 'Subscription Failed' with the server's message, or the fallback. */
  const fail = (message: string) => {
    const text = message || subscriptionMessages.activationFallback;
    notifications.show({ color: 'red', title: subscriptionMessages.failedTitle, message: text });
    setPhase({ kind: 'card', notice: { kind: 'failed', message: text } });
  };

  /** Reads the answer of create-subscription or of the sandbox's confirmation. */
  async function settle(answer: unknown, confirmAction?: CardPayment['confirmAction']) {
    const parsed = createSubscriptionResponse.safeParse(answer);
    if (!parsed.success) {
      // Whether the card was charged is unknown: show what the server now says about the account.
      void refresh();
      setPhase({ kind: 'card', notice: { kind: 'unexpected' } });
      return;
    }
    const result = parsed.data;
    switch (result.status) {
      case 'success':
        succeed(result.subscription_status);
        return;
      case 'requires_action': {
        if (!confirmAction) {
          setPhase({
            kind: 'authenticate',
            subscriptionId: result.subscription_id,
            clientSecret: result.client_secret,
            notice: null,
          });
          return;
        }
        const outcome = await confirmAction(result.client_secret);
        // With Stripe the invoice's webhook moves the account on; until then it shows as processing.
        if (outcome.ok) succeed('payment_pending');
        else fail(outcome.message);
        return;
      }
      default:
        return result satisfies never;
    }
  }

  async function run(work: () => Promise<void>) {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  }

  const subscribe = (card: CardPayment) =>
    run(async () => {
      try {
        const method = await card.createPaymentMethod();
        if (!method.ok) return fail(method.message);
        await settle(await createSubscription(method.paymentMethodId), card.confirmAction);
      } catch (error) {
        fail(messageOf(error));
      }
    });

  /** The sandbox's extra step: complete it (the payment goes through) or fail it (declined). */
  const authenticate = (approve: boolean) =>
    run(async () => {
      if (phase.kind !== 'authenticate') return;
      const current = phase;
      try {
        await settle(
          await confirmSandboxSubscription({
            subscription_id: current.subscriptionId,
            client_secret: current.clientSecret,
            approve,
          }),
        );
      } catch (error) {
        // A failed extra step ends this attempt: the next card starts a new subscription.
        fail(messageOf(error));
      }
    });

  const reset = () => setPhase({ kind: 'card', notice: null });

  return { phase, isBusy, subscribe, authenticate, reset };
}

export type Subscribe = ReturnType<typeof useSubscribe>;
