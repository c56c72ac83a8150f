import { Alert, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { LISTING_FEE_AUD } from '@plinth/domain/constants';
import { formatAud } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import { IconAlertCircle, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { PublishPayment } from '../hooks/use-publish-payment';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's code loads only when the server says Stripe is configured (publishable_key non-null).
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface PublishProjectModalProps {
  projectTitle: string;
  payment: PublishPayment;
}

/** Spec 000 section 2 (Borrower project card): fee, card entry, Pay, and the provider's security note. */
export function PublishProjectModal({ projectTitle, payment }: PublishProjectModalProps) {
  const { phase, isBusy } = payment;
  const fee = formatAud(LISTING_FEE_AUD);

  return (
    <Modal
      opened={phase.kind !== 'closed'}
      onClose={payment.close}
      title="Publish Your Project"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
      withCloseButton={!isBusy}
      size="md"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={600}>{projectTitle}</Text>
          <Group justify="space-between" align="baseline">
            <Text c="gray.7">One-off listing fee (AUD)</Text>
            <Text fz="xl" fw={700} c="navy.9">
              {fee}
            </Text>
          </Group>
          <Text fz="sm" c="gray.7">
            Once paid, an admin reviews your project, usually within 24 hours, before funders can see it.
          </Text>
        </Stack>
        <Divider />

        {phase.kind === 'starting' && (
          <Center py="lg">
            <Loader role="status" aria-label="Preparing secure payment" size="sm" />
          </Center>
        )}

        {phase.kind === 'start-failed' && (
          <Stack gap="sm">
            <PaymentError message={phase.message} />
            <Button variant="light" onClick={payment.open}>
              Try again
            </Button>
          </Stack>
        )}

        {phase.kind === 'card' && (
          <>
            {phase.error && <PaymentError message={phase.error} />}
            <SandboxCardForm isBusy={isBusy} onPay={payment.payWithCard} />
          </>
        )}

        {phase.kind === 'stripe' && phase.intent.publishable_key && (
          <>
            {phase.error && <PaymentError message={phase.error} />}
            <Suspense
              fallback={
                <Center py="lg">
                  <Loader role="status" aria-label="Loading card form" size="sm" />
                </Center>
              }
            >
              <StripeCardForm
                publishableKey={phase.intent.publishable_key}
                clientSecret={phase.intent.client_secret}
                isBusy={isBusy}
                onPay={payment.payWithStripe}
              />
            </Suspense>
          </>
        )}

        {phase.kind === 'authenticate' && (
          <Stack gap="sm">
            <Alert
              color="navy"
              variant="light"
              c="navy.9"
              role="status"
              title="Authenticate payment"
              icon={<IconShieldCheck aria-hidden />}
            >
              Your card issuer asks you to confirm this payment of {fee}. In the sandbox you choose the
              outcome.
            </Alert>
            {phase.error && <PaymentError message={phase.error} />}
            <Group grow>
              <Button loading={isBusy} onClick={() => payment.authenticate(true)}>
                Complete authentication
              </Button>
              <Button variant="default" disabled={isBusy} onClick={() => payment.authenticate(false)}>
                Fail authentication
              </Button>
            </Group>
          </Stack>
        )}

        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock aria-hidden size={16} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="xs" c="gray.7">
            Payment is secured by our card payment provider. Plinth never sees or stores your full card
            details.
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}

function PaymentError({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      c="red.9"
      title={paymentMessages.failedTitle}
      icon={<IconAlertCircle aria-hidden />}
    >
      {message || paymentMessages.genericFailure}
    </Alert>
  );
}
