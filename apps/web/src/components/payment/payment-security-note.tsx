import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The note under a card form; `children` adds what happens after payment. */
export function PaymentSecurityNote({ children }: { children?: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconLock aria-hidden size={16} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="xs" c="gray.7">
        Payment is secured by our card payment provider. Plinth never sees or stores your full card details.
        {children && <> {children}</>}
      </Text>
    </Group>
  );
}
