import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { SystemSetting } from '../api/system-settings';

/** Who saved a setting last and when, its Save, and anything the editor adds on the left. */
export function SettingFooter({
  setting,
  isPending,
  isDirty,
  onSave,
  children,
}: {
  setting: SystemSetting;
  isPending: boolean;
  isDirty: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm">
      {children ?? <span />}
      <Group gap="sm">
        <Text fz="xs" c="gray.7">
          Updated {formatDateTime(setting.updated_at)}
          {setting.updated_by_name ? ` by ${setting.updated_by_name}` : ''}
        </Text>
        <Button size="xs" onClick={onSave} loading={isPending} disabled={!isDirty}>
          Save
        </Button>
      </Group>
    </Group>
  );
}
