import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { documentTypeLabel } from '@plinth/domain/documents';
import { checkDescriptionRows, descriptionRowsOf } from '@plinth/domain/system-settings';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { SystemSetting } from '../api/system-settings';
import { useSaveSetting } from '../hooks/use-save-setting';
import { documentTypeKeyOf, type SettingLabel, settingLabels } from '../utils/setting-labels';
import { documentListMessages } from './document-list-editor';
import { SettingFooter } from './setting-footer';

/** One description as the form holds it: the document by its name, not its stored key. */
interface Row {
  name: string;
  description: string;
}

const rowsOf = (value: string): Row[] =>
  descriptionRowsOf(value).map((row) => ({
    name: documentTypeLabel(row.type),
    description: row.description,
  }));

/** The rows checked as the server checks them (each named document once, 1 to 500 characters). */
function checkRows(rows: Row[]) {
  const check = checkDescriptionRows(
    rows.map((row) => ({ type: documentTypeKeyOf(row.name), description: row.description })),
  );
  const errors = check.errors.map((e, i) => ({
    ...e,
    type: documentTypeKeyOf(rows[i]?.name ?? '') ? e.type : documentListMessages.nameRequired,
  }));
  return { ...check, errors, isValid: errors.every((e) => e.type === null && e.description === null) };
}

/**
 * `required_document_descriptions` as a form (issue 23 item 7, issue 37 item 5): one form per
 * document, its name and what it is; rows added and removed, each checked as the server checks the
 * whole value, saved as what the server stores.
 */
export function DescriptionsEditor({
  setting,
  label = settingLabels.required_document_descriptions as SettingLabel,
}: {
  setting: SystemSetting;
  label?: SettingLabel;
}) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(setting.value));
  const [isChecked, setIsChecked] = useState(false);
  const { save, serverError, isPending } = useSaveSetting(setting.key, label.label);
  // The stored value as this form writes it, so a different spacing of the stored text is no change.
  const saved = useMemo(() => checkRows(rowsOf(setting.value)).value, [setting.value]);
  const check = checkRows(rows);
  const isDirty = check.value !== saved;
  const titleId = `setting-${setting.key}-title`;

  const change = (i: number, next: Partial<Row>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...next } : row)));

  const submit = () => {
    setIsChecked(true);
    if (check.isValid) void save(check.value);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="sm" id={titleId}>
          {label.label}
        </Title>
        <Text fz="xs" c="gray.7">
          {label.help}
        </Text>
        {rows.map((row, i) => {
          const errors = isChecked ? check.errors[i] : undefined;
          const name = row.name.trim() || `Document ${i + 1}`;
          return (
            // Rows have no id of their own; their place is their identity while the form is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <fieldset key={i} aria-label={name} style={{ border: 0, margin: 0, padding: 0 }}>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  label="Document"
                  placeholder="Title Search"
                  value={row.name}
                  onChange={(e) => change(i, { name: e.currentTarget.value })}
                  error={errors?.type}
                  w={220}
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
                  aria-label={`Remove ${name}`}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash aria-hidden size={18} />
                </ActionIcon>
              </Group>
            </fieldset>
          );
        })}
        {serverError && (
          <Text fz="sm" c="red.8" role="alert">
            {serverError}
          </Text>
        )}
        <SettingFooter setting={setting} isPending={isPending} isDirty={isDirty} onSave={submit}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus aria-hidden size={14} />}
            onClick={() => setRows((all) => [...all, { name: '', description: '' }])}
          >
            Add a description
          </Button>
        </SettingFooter>
      </Stack>
    </Paper>
  );
}
