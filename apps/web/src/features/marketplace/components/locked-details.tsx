import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { unlockedAfterApproval } from '../utils/preview-labels';

// Stand-ins for the confidential rows: shapes only, blurred and hidden from assistive technology.
const placeholderRows = [
  { label: 'Total project cost', width: '40%' },
  { label: 'Expected GDC', width: '55%' },
  { label: 'Land value', width: '35%' },
  { label: 'Developer', width: '60%' },
];

/** The locked part of a preview: what approval unlocks, over blurred placeholder rows. */
export function LockedDetails() {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="navy" radius="xl" size="md">
            <IconLock aria-hidden size={16} />
          </ThemeIcon>
          <Title order={3} fz="md">
            Unlocks after the developer approves your request
          </Title>
        </Group>
        <List
          spacing={4}
          fz="sm"
          c="dark.7"
          icon={<IconCheck aria-hidden size={14} color="var(--mantine-color-green-8)" />}
        >
          {unlockedAfterApproval.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Box aria-hidden style={{ filter: 'blur(4px)', userSelect: 'none', pointerEvents: 'none' }}>
          <Stack gap={8}>
            {placeholderRows.map((row) => (
              <Group key={row.label} justify="space-between" wrap="nowrap">
                <Text fz="sm" c="gray.7">
                  {row.label}
                </Text>
                <Box h={12} w={row.width} bg="gray.4" style={{ borderRadius: 4 }} />
              </Group>
            ))}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
