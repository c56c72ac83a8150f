import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A list or page still loading: a spinner announced as `label` ('Loading projects'); `compact` for a
 * panel inside a page (a smaller spinner with less room around it).
 */
export function LoadingBlock({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <Center py={compact ? 'lg' : 'xl'}>
      <Loader size={compact ? 'sm' : undefined} role="status" aria-label={label} />
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

/** A side panel whose data could not be read: a quiet notice, while the rest of the page works. */
export function UnavailableNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" c="dark.7">
      {children}
    </Alert>
  );
}
