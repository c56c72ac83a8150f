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
import { subscriptionBenefits, subscriptionMessages } from '@plinth/domain/subscriptions';
import { IconAlertCircle, IconCheck, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSubscription } from '../api/get-subscription';
import { type SubscribeNotice, useSubscribe } from '../hooks/use-subscribe';
import { monthlyPrice } from '../utils/labels';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's code loads only when the server says Stripe is configured (publishable_key non-null).
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface SubscriptionModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The Funder Subscription modal (spec 001 section 2.4): the plan, its benefits, card entry. */
export function SubscriptionModal({ opened, onClose }: SubscriptionModalProps) {
  const info = useSubscription(opened);
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
            <Text fz="xl" fw={700} c="navy.9">
              {monthlyPrice}
            </Text>
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
          <Stack gap="sm">
            <Alert
              color="navy"
              variant="light"
              c="navy.9"
              role="status"
              title="Authenticate payment"
              icon={<IconShieldCheck aria-hidden />}
            >
              Your card issuer asks you to confirm this payment of {monthlyPrice}. In the sandbox you choose
              the outcome.
            </Alert>
            <Group grow>
              <Button loading={isBusy} onClick={() => flow.authenticate(true)}>
                Complete authentication
              </Button>
              <Button variant="default" disabled={isBusy} onClick={() => flow.authenticate(false)}>
                Fail authentication
              </Button>
            </Group>
          </Stack>
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
          <Suspense
            fallback={
              <Center py="lg">
                <Loader role="status" aria-label="Loading card form" size="sm" />
              </Center>
            }
          >
            <StripeCardForm
              publishableKey={info.data.publishable_key}
              isBusy={isBusy}
              onSubscribe={flow.subscribe}
            />
          </Suspense>
        ) : (
          <SandboxCardForm isBusy={isBusy} onSubscribe={flow.subscribe} />
        )}

        <Text ta="center" fz="sm" fw={600} c="gray.7">
          Cancel anytime
        </Text>
        <Divider />
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock aria-hidden size={16} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="xs" c="gray.7">
            Payment is secured by our card payment provider. Plinth never sees or stores your full card
            details. After payment an admin activates your subscription, usually within 24 hours.
          </Text>
        </Group>
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
