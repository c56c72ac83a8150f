import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { roleLabels } from '@plinth/domain/roles';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useCreateDrawComment } from '../api/create-draw-comment';
import { useDrawComments } from '../api/get-draw-comments';

const roleName = (role: string | null) =>
  role && role in roleLabels ? roleLabels[role as keyof typeof roleLabels] : (role ?? '');

/** The draw's thread: every party reads every message (nothing is hidden from the counterparty). */
export function DrawThread({ drawId, canWrite }: { drawId: string; canWrite: boolean }) {
  const comments = useDrawComments(drawId);
  const create = useCreateDrawComment(drawId);
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs" component="section" aria-labelledby="thread">
      <Title order={2} fz="lg" id="thread">
        Thread
      </Title>
      <Text fz="xs" c="gray.7">
        The developer, the quantity surveyor and the funder all see this thread.
      </Text>
      {(comments.data?.items ?? []).map((c) => (
        <Paper key={c.id} withBorder p="xs" radius="sm">
          <Text fz="xs" c="gray.7">
            {c.author_name} ({roleName(c.author_role)}) · {formatDateTime(c.created_at)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.body}
          </Text>
        </Paper>
      ))}
      {canWrite && (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            if (!body.trim()) return;
            await create.mutateAsync(body.trim());
            setBody('');
          }}
        >
          <Stack gap={6}>
            <Textarea
              label="Message"
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <div>
              <Button type="submit" variant="default" loading={create.isPending} disabled={!body.trim()}>
                Post
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
