import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import type { SavedSearch } from '@plinth/domain/marketplace';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMe } from '../../../lib/get-me';
import { useSavedSearches } from '../hooks/use-saved-searches';

interface SavedSearchesProps {
  /** The filters and sort on screen, saved as they are. */
  current: SavedSearch['filters'];
  onApply: (filters: SavedSearch['filters']) => void;
}

/** Save the current filters under a name, apply one, delete one: all on this device. */
export function SavedSearches({ current, onApply }: SavedSearchesProps) {
  // The marketplace only renders for a signed-in funder, so `me` is loaded by now.
  const { data: me } = useMe();
  const { searches, save, remove } = useSavedSearches(me?.id ?? 'signed-out');
  const [isSaveOpen, setIsSaveOpen] = useState(false);
  const [isListOpen, setIsListOpen] = useState(false);
  const [name, setName] = useState('');

  const submit = () => {
    if (!name.trim()) return;
    save(name, current);
    setName('');
    setIsSaveOpen(false);
  };

  return (
    <Group gap="xs">
      <Popover
        opened={isSaveOpen}
        onChange={setIsSaveOpen}
        position="bottom-end"
        shadow="md"
        trapFocus
        withArrow
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmarkPlus aria-hidden size={18} />}
            onClick={() => setIsSaveOpen((open) => !open)}
          >
            Save Search
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs" w={260}>
              <TextInput
                label="Search name"
                placeholder="e.g. VIC residential under $5m"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={60}
                required
                data-autofocus
              />
              <Text fz="xs" c="gray.7">
                Saved on this device only.
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="xs" onClick={() => setIsSaveOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="xs" disabled={!name.trim()}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>

      <Popover
        opened={isListOpen}
        onChange={setIsListOpen}
        position="bottom-end"
        shadow="md"
        trapFocus
        withArrow
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark aria-hidden size={18} />}
            onClick={() => setIsListOpen((open) => !open)}
          >
            Saved Searches ({searches.length})
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4} w={280}>
            {searches.length === 0 ? (
              <Text fz="sm" c="gray.7">
                No saved searches yet. Set some filters and choose Save Search.
              </Text>
            ) : (
              searches.map((search) => (
                <Group key={search.id} gap={4} wrap="nowrap" justify="space-between">
                  <Button
                    variant="subtle"
                    size="sm"
                    justify="flex-start"
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={`Apply saved search ${search.name}`}
                    onClick={() => {
                      onApply(search.filters);
                      setIsListOpen(false);
                    }}
                  >
                    <Text span truncate fz="sm">
                      {search.name}
                    </Text>
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    c="red.9"
                    aria-label={`Delete saved search ${search.name}`}
                    onClick={() => remove(search.id)}
                  >
                    <IconTrash aria-hidden size={16} />
                  </ActionIcon>
                </Group>
              ))
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
