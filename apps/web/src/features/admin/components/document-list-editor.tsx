import { ActionIcon, Autocomplete, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { documentTypeLabel } from '@plinth/domain/documents';
import { settingMessages } from '@plinth/domain/system-settings';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { SystemSetting } from '../api/system-settings';
import { useSaveSetting } from '../hooks/use-save-setting';
import { documentTypeKeyOf, type SettingLabel } from '../utils/setting-labels';
import { SettingFooter } from './setting-footer';

export const documentListMessages = {
  nameRequired: 'Enter the name of a document',
} as const;

/** The stored list of document type keys (anything else reads as an empty list). */
export function documentKeysOf(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * `required_documents` as a list (issue 37 item 5): each document by its name with Remove, and a
 * document added by name (suggesting the described ones not yet required). Saved as the list of
 * keys the server stores; checked first with the server's own messages.
 */
export function DocumentListEditor({
  setting,
  label,
  knownTypes,
}: {
  setting: SystemSetting;
  label: SettingLabel;
  knownTypes: string[];
}) {
  const saved = useMemo(() => documentKeysOf(setting.value), [setting.value]);
  const [items, setItems] = useState<string[]>(saved);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const { save, serverError, isPending } = useSaveSetting(setting.key, label.label);
  const titleId = `setting-${setting.key}-title`;
  const suggestions = knownTypes.filter((k) => !items.includes(k)).map(documentTypeLabel);

  const add = () => {
    const key = documentTypeKeyOf(name);
    if (!key) return setAddError(documentListMessages.nameRequired);
    if (items.includes(key)) return setAddError(settingMessages.requiredDocumentsDuplicate);
    setItems((all) => [...all, key]);
    setName('');
    setAddError(null);
    setListError(null);
  };
  const submit = () => {
    if (items.length === 0) return setListError(settingMessages.requiredDocumentsEmpty);
    setListError(null);
    void save(JSON.stringify(items));
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
        {items.length === 0 ? (
          <Text fz="sm" c="gray.7">
            No documents are required.
          </Text>
        ) : (
          <List spacing={4} listStyleType="none" aria-label={label.label}>
            {items.map((key) => (
              <List.Item key={key}>
                <Group gap="xs" wrap="nowrap">
                  <Text fz="sm">{documentTypeLabel(key)}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove ${documentTypeLabel(key)}`}
                    onClick={() => setItems((all) => all.filter((k) => k !== key))}
                  >
                    <IconTrash aria-hidden size={16} />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group align="flex-start" gap="sm">
          <Autocomplete
            label="Add a document"
            placeholder="Title Search"
            data={suggestions}
            value={name}
            onChange={(v) => {
              setName(v);
              setAddError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={addError}
            w={280}
          />
          <Button variant="default" mt={25} leftSection={<IconPlus aria-hidden size={14} />} onClick={add}>
            Add
          </Button>
        </Group>
        {(listError ?? serverError) && (
          <Text fz="sm" c="red.8" role="alert">
            {listError ?? serverError}
          </Text>
        )}
        <SettingFooter
          setting={setting}
          isPending={isPending}
          isDirty={JSON.stringify(items) !== JSON.stringify(saved)}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}
