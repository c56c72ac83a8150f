import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SandboxAuthenticationProps {
  /** The payment's amount as shown: '$499', '$299/month'. */
  amount: string;
  isBusy: boolean;
  /** What went wrong last time, between the question and the buttons. */
  error?: ReactNode;
  onAuthenticate: (approve: boolean) => void;
}

/** The sandbox's stand-in for the bank's "3-D Secure" step: the payer picks the outcome. */
export function SandboxAuthentication({ amount, isBusy, error, onAuthenticate }: SandboxAuthenticationProps) {
  return (
    <Stack gap="sm">
      <Alert
        color="navy"
        variant="light"
        c="navy.9"
        role="status"
        title="Authenticate payment"
        icon={<IconShieldCheck aria-hidden />}
      >
        Your card issuer asks you to confirm this payment of {amount}. In the sandbox you choose the outcome.
      </Alert>
      {error}
      <Group grow>
        <Button loading={isBusy} onClick={() => onAuthenticate(true)}>
          Complete authentication
        </Button>
        <Button variant="default" disabled={isBusy} onClick={() => onAuthenticate(false)}>
          Fail authentication
        </Button>
      </Group>
    </Stack>
  );
}
