import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailField {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list, two or three to a row. */
export function DetailFields({ fields, cols = 3 }: { fields: readonly DetailField[]; cols?: 2 | 3 }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {fields.map((field) => (
        <Stack key={field.label} gap={2}>
          <Text component="dt" fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {field.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {field.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
