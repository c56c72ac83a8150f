import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card of the Feasibility tab: a region named by its heading. */
export function FeasibilityCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** A button beside the heading. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {action}
        </Group>
        {description && (
          <Text fz="sm" c="gray.7">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** What a card says when the figures it needs are missing, instead of an empty section. */
export function NeedsFigures({ children }: { children: ReactNode }) {
  return (
    <Text fz="sm" c="gray.8" role="note">
      {children}
    </Text>
  );
}
