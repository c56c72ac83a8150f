import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list: two to a row on a phone, up to four on a desktop. */
export function DetailList({ items, cols = 4 }: { items: readonly DetailItem[]; cols?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={{ minWidth: 0 }}>
          <Text component="dt" fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
