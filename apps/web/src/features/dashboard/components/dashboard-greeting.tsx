import { Group, Stack, Text, Title } from '@mantine/core';
import { greetingFor, roleTaglines } from '@plinth/domain/greeting';
import type { Role } from '@plinth/domain/roles';
import type { ReactNode } from 'react';

interface DashboardGreetingProps {
  name: string;
  role: Role;
  action?: ReactNode;
}

export function DashboardGreeting({ name, role, action }: DashboardGreetingProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greetingFor(new Date().getHours())}, {name}
        </Title>
        <Text c="gray.7">{roleTaglines[role]}</Text>
      </Stack>
      {action}
    </Group>
  );
}
