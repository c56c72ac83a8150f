import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list or page still loading: a spinner announced as `label` ('Loading projects'). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** A query that failed: `title` ('Failed to load projects') above the server's message. */
export function LoadFailedAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" c="red.9" title={title} icon={<IconAlertCircle aria-hidden />}>
      {children}
    </Alert>
  );
}
