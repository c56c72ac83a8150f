import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatDateTime } from '@plinth/domain/format';
import { checkDescriptionRows, type DescriptionRow, descriptionRowsOf } from '@plinth/domain/system-settings';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifyAction } from '../../../lib/notify-action';
import { type SystemSetting, useUpdateSetting } from '../api/system-settings';

/**
 * `required_document_descriptions` as a form (issue 23 item 7): one row per document type with its
 * description, rows added and removed, each row checked as the server checks the whole value (by
 * key); saved as the JSON the server stores.
 */
export function DescriptionsEditor({ setting }: { setting: SystemSetting }) {
  const [rows, setRows] = useState<DescriptionRow[]>(() => descriptionRowsOf(setting.value));
  const [isChecked, setIsChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateSetting();
  // The stored value as this form writes it, so re-ordered spaces in the JSON are no change.
  const saved = useMemo(() => checkDescriptionRows(descriptionRowsOf(setting.value)).value, [setting.value]);
  const check = checkDescriptionRows(rows);
  const isDirty = check.value !== saved;

  const change = (i: number, next: Partial<DescriptionRow>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...next } : row)));

  const save = async () => {
    setIsChecked(true);
    setServerError(null);
    if (!check.isValid) return;
    await notifyAction(
      async () => {
        try {
          return await update.mutateAsync({ key: setting.key, value: check.value });
        } catch (e) {
          setServerError(e instanceof Error ? e.message : 'Failed to save the setting');
          throw e;
        }
      },
      { success: 'Setting Updated', failure: 'Update Failed' },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="descriptions-title">
      <Stack gap="sm">
        <Title order={3} fz="sm" id="descriptions-title" ff="monospace">
          {setting.key}
        </Title>
        {setting.description && (
          <Text fz="xs" c="gray.7">
            {setting.description}
          </Text>
        )}
        {rows.map((row, i) => {
          const errors = isChecked ? check.errors[i] : undefined;
          return (
            // Rows have no id of their own; their place is their identity while the form is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label="Document type"
                placeholder="qs_report"
                value={row.type}
                onChange={(e) => change(i, { type: e.currentTarget.value })}
                error={errors?.type}
                w={220}
                ff="monospace"
              />
              <Textarea
                label="Description"
                value={row.description}
                onChange={(e) => change(i, { description: e.currentTarget.value })}
                error={errors?.description}
                autosize
                minRows={1}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove ${row.type || 'this row'}`}
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              >
                <IconTrash aria-hidden size={18} />
              </ActionIcon>
            </Group>
          );
        })}
        {serverError && (
          <Text fz="sm" c="red.8" role="alert">
            {serverError}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus aria-hidden size={14} />}
            onClick={() => setRows((all) => [...all, { type: '', description: '' }])}
          >
            Add document type
          </Button>
          <Group gap="sm">
            <Text fz="xs" c="gray.7">
              Updated {formatDateTime(setting.updated_at)}
              {setting.updated_by_name ? ` by ${setting.updated_by_name}` : ''}
            </Text>
            <Button size="xs" onClick={save} loading={update.isPending} disabled={!isDirty}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
