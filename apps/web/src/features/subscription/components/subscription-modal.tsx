import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { sandboxPaymentMethodFor } from '@plinth/domain/payments';
import { subscriptionBenefits, subscriptionMessages } from '@plinth/domain/subscriptions';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { PaymentSecurityNote } from '../../../components/payment/payment-security-note';
import { SandboxAuthentication } from '../../../components/payment/sandbox-authentication';
import { SandboxCardForm } from '../../../components/payment/sandbox-card-form';
import { StripeCardForm } from '../../../components/payment/stripe-card-form';
import { useSubscription } from '../api/get-subscription';
import { type SubscribeNotice, useSubscribe } from '../hooks/use-subscribe';
import { monthlyPrice, startSubscriptionLabel } from '../utils/labels';

interface SubscriptionModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The Funder Subscription modal (spec 001 section 2.4): the plan, its benefits, card entry. */
export function SubscriptionModal({ opened, onClose }: SubscriptionModalProps) {
  const info = useSubscription(opened);
  // The price this funder is asked for (a subscriber's own price; otherwise today's), from the server.
  const price = info.data ? monthlyPrice(info.data.amount_cents / 100) : null;
  const flow = useSubscribe({ onSubscribed: onClose });
  const { phase, isBusy } = flow;

  const close = () => {
    // Never walk away from a payment mid-request: its outcome would land on a closed modal.
    if (isBusy) return;
    flow.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Funder Subscription"
      centered
      size="md"
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
      withCloseButton={!isBusy}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" bg="navy.0">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={3} fz="lg" c="navy.9">
              {SUBSCRIPTION_PLAN_NAME}
            </Title>
            {price && (
              <Text fz="xl" fw={700} c="navy.9">
                {price}
              </Text>
            )}
          </Group>
          <List
            mt="sm"
            spacing={6}
            size="sm"
            center
            icon={
              <ThemeIcon size={20} radius="xl" color="teal.9" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {subscriptionBenefits.map((benefit) => (
              <List.Item key={benefit}>{benefit}</List.Item>
            ))}
          </List>
        </Paper>

        {phase.notice && <Notice notice={phase.notice} />}

        {phase.kind === 'authenticate' ? (
          <SandboxAuthentication amount={price ?? ''} isBusy={isBusy} onAuthenticate={flow.authenticate} />
        ) : info.isLoading ? (
          <Center py="lg">
            <Loader role="status" aria-label="Preparing secure payment" size="sm" />
          </Center>
        ) : info.isError || !info.data ? (
          <Stack gap="sm">
            <Alert color="red" variant="light" c="red.9" icon={<IconAlertCircle aria-hidden />}>
              {info.error?.message || 'The payment form could not be loaded.'}
            </Alert>
            <Button variant="light" onClick={() => info.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : info.data.publishable_key ? (
          <StripeCardForm
            publishableKey={info.data.publishable_key}
            isBusy={isBusy}
            submitLabel={startSubscriptionLabel(info.data.amount_cents / 100)}
            fallbackMessage={subscriptionMessages.activationFallback}
            onSubmit={flow.subscribe}
          />
        ) : (
          // No Stripe.js in the sandbox: a test card number stands for its test PaymentMethod.
          <SandboxCardForm
            isBusy={isBusy}
            submitLabel={startSubscriptionLabel(info.data.amount_cents / 100)}
            onSubmit={({ cardNumber }) =>
              flow.subscribe({ createPaymentMethod: async () => sandboxPaymentMethodFor(cardNumber) })
            }
          />
        )}

        <Text ta="center" fz="sm" fw={600} c="gray.7">
          Cancel anytime
        </Text>
        <Divider />
        <PaymentSecurityNote>
          After payment an admin activates your subscription, usually within 24 hours.
        </PaymentSecurityNote>
      </Stack>
    </Modal>
  );
}

function Notice({ notice }: { notice: SubscribeNotice }) {
  return (
    <Alert
      color="red"
      variant="light"
      c="red.9"
      role="alert"
      title={
        notice.kind === 'unexpected'
          ? subscriptionMessages.unexpectedResponse
          : subscriptionMessages.failedTitle
      }
      icon={<IconAlertCircle aria-hidden />}
    >
      {notice.kind === 'unexpected'
        ? 'Please check your dashboard before trying again: the payment may have gone through.'
        : notice.message}
    </Alert>
  );
}
