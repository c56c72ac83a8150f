import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDateTime } from '@plinth/domain/format';
import { useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { notifyAction } from '../../../lib/notify-action';
import { type SystemSetting, useSystemSettings, useUpdateSetting } from '../api/system-settings';
import { DescriptionsEditor } from './descriptions-editor';
import { UndertakingEditor } from './undertaking-editor';

/**
 * The Settings tab (spec 001 section 2.3): every system setting with its own Save — as text, but
 * the required documents' descriptions as a form of rows.
 */
export function SettingsTab() {
  const { data, isLoading, isError } = useSystemSettings();
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Settings
      </Title>
      {isLoading ? (
        <LoadingBlock compact label="Loading settings" />
      ) : isError || !data ? (
        <LoadFailedAlert title="Load Failed">Failed to fetch admin data</LoadFailedAlert>
      ) : (
        data.items.map((setting) =>
          setting.key === 'required_document_descriptions' ? (
            <DescriptionsEditor key={setting.key} setting={setting} />
          ) : (
            <SettingRow key={setting.key} setting={setting} />
          ),
        )
      )}
      <UndertakingEditor />
    </Stack>
  );
}

function SettingRow({ setting }: { setting: SystemSetting }) {
  const [value, setValue] = useState(setting.value);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSetting();
  const isDirty = value !== setting.value;

  const save = async () => {
    setError(null);
    await notifyAction(
      async () => {
        try {
          return await update.mutateAsync({ key: setting.key, value });
        } catch (e) {
          setError(e instanceof Error ? e.message : 'Failed to save the setting');
          throw e;
        }
      },
      { success: 'Setting Updated', failure: 'Update Failed' },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Textarea
          label={setting.key}
          description={setting.description ?? undefined}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          ff="monospace"
        />
        <Group justify="space-between" gap="sm">
          <Text fz="xs" c="gray.7">
            Updated {formatDateTime(setting.updated_at)}
            {setting.updated_by_name ? ` by ${setting.updated_by_name}` : ''}
          </Text>
          <Button size="xs" onClick={save} loading={update.isPending} disabled={!isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
