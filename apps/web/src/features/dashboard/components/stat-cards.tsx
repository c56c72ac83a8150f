import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface Stat {
  title: string;
  value: string;
}

export function StatCards({ stats }: { stats: readonly Stat[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {stats.map((stat) => (
        <Paper key={stat.title} withBorder radius="md" p="lg">
          <Text fz="xs" fw={700} c="gray.7" style={{ letterSpacing: '0.05em' }}>
            {stat.title}
          </Text>
          <Text fz={28} fw={700} c="navy.9" mt={4}>
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
