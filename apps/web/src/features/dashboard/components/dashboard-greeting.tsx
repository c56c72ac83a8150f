import { Group, Stack, Text, Title } from '@mantine/core';
import { greetingFor, roleTaglines } from '@plinth/domain/greeting';
import type { Role } from '@plinth/domain/roles';
import type { ReactNode } from 'react';
import { getReaderTimeZone } from '../../../lib/reader-time-zone';

interface DashboardGreetingProps {
  name: string;
  role: Role;
  action?: ReactNode;
}

/** The hour (0–23) on the reader's clock, in their profile's zone (decision 074), not the browser's. */
const readerHour = (now = new Date()) =>
  Number(
    new Intl.DateTimeFormat('en-AU', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: getReaderTimeZone(),
    }).format(now),
  );

export function DashboardGreeting({ name, role, action }: DashboardGreetingProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greetingFor(readerHour())}, {name}
        </Title>
        <Text c="gray.7">{roleTaglines[role]}</Text>
      </Stack>
      {action}
    </Group>
  );
}
