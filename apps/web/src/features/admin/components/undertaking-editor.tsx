import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  type AdminUndertakingResponse,
  UNDERTAKING_TEXT_MAX_LENGTH,
  undertakingMessages,
} from '@plinth/domain/undertaking';
import { useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { formatDateTime } from '../../../lib/format';
import { notifyAction } from '../../../lib/notify-action';
import { useAdminUndertaking, useUpdateUndertaking } from '../api/undertaking';

/**
 * The confidentiality undertaking in Settings (docs/decisions/033-undertaking.md): its current text
 * to edit; Save adds a version that funders sign from then on, and signatures already given keep
 * the version they signed.
 */
export function UndertakingEditor() {
  const { data, isLoading, isError } = useAdminUndertaking();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="undertaking-editor-title">
      <Stack gap="xs">
        <Title order={3} fz="md" id="undertaking-editor-title">
          Confidentiality undertaking
        </Title>
        {isLoading ? (
          <LoadingBlock compact label="Loading the undertaking" />
        ) : isError || !data ? (
          <LoadFailedAlert title="Load Failed">Failed to fetch the undertaking</LoadFailedAlert>
        ) : (
          // Keyed by version: after a save the editor starts again from the new text.
          <UndertakingForm key={data.current.version} undertaking={data} />
        )}
      </Stack>
    </Paper>
  );
}

function UndertakingForm({ undertaking }: { undertaking: AdminUndertakingResponse }) {
  const { current, versions } = undertaking;
  const [text, setText] = useState(current.text);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUndertaking();
  const isDirty = text.trim() !== current.text;
  const savedBy = versions.find((v) => v.version === current.version)?.created_by_name;

  const save = async () => {
    setError(null);
    await notifyAction(
      async () => {
        try {
          return await update.mutateAsync(text);
        } catch (e) {
          setError(e instanceof Error ? e.message : 'Failed to save the undertaking');
          throw e;
        }
      },
      { success: undertakingMessages.savedTitle, failure: undertakingMessages.saveFailedTitle },
      (saved) => `Version ${saved.current.version} applies to every request from now on`,
    );
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={`Text (version ${current.version})`}
        description="Funders read and sign this before they ask for a project's full file. Saving makes a new version; requests already signed keep theirs."
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        maxLength={UNDERTAKING_TEXT_MAX_LENGTH}
        autosize
        minRows={8}
        maxRows={24}
      />
      <Group justify="space-between" gap="sm">
        <Text fz="xs" c="gray.7">
          Version {current.version} of {versions.length}, saved {formatDateTime(current.created_at)}
          {savedBy ? ` by ${savedBy}` : ''} · SHA-256 {current.sha256.slice(0, 12)}…
        </Text>
        <Button size="xs" onClick={save} loading={update.isPending} disabled={!isDirty}>
          Save new version
        </Button>
      </Group>
    </Stack>
  );
}
