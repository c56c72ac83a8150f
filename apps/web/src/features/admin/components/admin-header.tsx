import { Button, Group, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** The page's heading and the Export All Data button, which arrives in a later issue. */
export function AdminHeader() {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Admin Dashboard
      </Title>
      <Tooltip label="Available soon" events={{ hover: true, focus: true, touch: true }}>
        {/* aria-disabled rather than disabled, so the button still takes focus and shows why. */}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
        >
          Export All Data
        </Button>
      </Tooltip>
    </Group>
  );
}
