import { Alert, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { PaymentSecurityNote } from '../../../components/payment/payment-security-note';
import { SandboxAuthentication } from '../../../components/payment/sandbox-authentication';
import { SandboxCardForm } from '../../../components/payment/sandbox-card-form';
import { StripeCardForm } from '../../../components/payment/stripe-card-form';
import { usePricing } from '../../../lib/pricing';
import type { PublishPayment } from '../hooks/use-publish-payment';
import { FunderMatchesCard } from './funder-matches-card';

interface PublishProjectModalProps {
  projectTitle: string;
  payment: PublishPayment;
  /** When given, the publish step shows how many active funders lend on projects like this (decision 041). */
  projectId?: string;
}

/** Spec 000 section 2 (Borrower project card): fee, card entry, Pay, and the provider's security note. */
export function PublishProjectModal({ projectTitle, payment, projectId }: PublishProjectModalProps) {
  const { phase, isBusy } = payment;
  const pricing = usePricing();
  // The amount of the intent being paid, once there is one; before that, today's fee (decision 021).
  const intent = 'intent' in phase ? phase.intent : null;
  const feeAud = intent ? intent.amount_cents / 100 : pricing?.listing_fee_aud;
  const fee = feeAud === undefined ? '' : formatAud(feeAud);

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
        {projectId && <FunderMatchesCard projectId={projectId} compact />}
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
            <SandboxCardForm
              isBusy={isBusy}
              submitLabel={`Pay ${fee}`}
              onSubmit={({ cardNumber }) => payment.payWithCard(cardNumber)}
            />
          </>
        )}

        {phase.kind === 'stripe' && phase.intent.publishable_key && (
          <>
            {phase.error && <PaymentError message={phase.error} />}
            <StripeCardForm
              publishableKey={phase.intent.publishable_key}
              isBusy={isBusy}
              submitLabel={`Pay ${fee}`}
              fallbackMessage={paymentMessages.genericFailure}
              onSubmit={(card) =>
                payment.payWithStripe(() => card.confirmWithCard(phase.intent.client_secret))
              }
            />
          </>
        )}

        {phase.kind === 'authenticate' && (
          <SandboxAuthentication
            amount={fee}
            isBusy={isBusy}
            error={phase.error && <PaymentError message={phase.error} />}
            onAuthenticate={payment.authenticate}
          />
        )}

        <PaymentSecurityNote />
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
