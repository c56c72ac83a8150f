import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DealComment, dealMessages } from '@plinth/domain/deals';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useCreateDealComment } from '../api/create-deal-comment';
import { useDealComments } from '../api/get-deal-comments';

interface DealCommentsTabProps {
  dealId: string;
  viewerId: string;
  /** A party of an open deal may post. */
  canAct: boolean;
}

const COMMENT_MAX_LENGTH = 10_000;

/** The deal's thread, oldest first and newest last; the other party's comments arrive live. */
export function DealCommentsTab({ dealId, viewerId, canAct }: DealCommentsTabProps) {
  const comments = useDealComments(dealId);
  const items = comments.data?.items ?? [];
  // Mantine types a Stack's ref as a div whatever element it renders (here the ol).
  const listRef = useRef<HTMLDivElement>(null);

  // Keep the newest comment in sight as the thread grows.
  const count = items.length;
  useEffect(() => {
    const list = listRef.current;
    if (count > 0 && list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <Stack gap="lg">
      {comments.isPending ? (
        <Text c="gray.7">Loading comments…</Text>
      ) : comments.isError ? (
        <Text c="red.9">{comments.error.message}</Text>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>No comments yet</Text>
          <Text fz="sm" c="gray.7">
            Questions and answers about the deal go here, for both parties to see.
          </Text>
        </Paper>
      ) : (
        <Stack
          ref={listRef}
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none', maxHeight: '60vh', overflowY: 'auto' }}
          aria-label="Comments"
          tabIndex={0}
        >
          {items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} isOwn={comment.user_id === viewerId} />
          ))}
        </Stack>
      )}
      {canAct && <CommentComposer dealId={dealId} />}
    </Stack>
  );
}

function CommentItem({ comment, isOwn }: { comment: DealComment; isOwn: boolean }) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={isOwn ? 'navy.0' : undefined}
      style={{
        marginLeft: isOwn ? 'auto' : 0,
        maxWidth: 'min(100%, 42rem)',
        width: 'fit-content',
        minWidth: '40%',
      }}
    >
      <Group justify="space-between" gap="sm" mb={4}>
        <Text fz="sm" fw={700}>
          {isOwn ? 'You' : comment.user_name}
        </Text>
        <Text fz="xs" c="gray.7">
          {formatDateTime(comment.created_at)}
        </Text>
      </Group>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
    </Paper>
  );
}

function CommentComposer({ dealId }: { dealId: string }) {
  const create = useCreateDealComment(dealId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) {
      setError(dealMessages.commentRequired);
      return;
    }
    create.mutate(comment, {
      onSuccess: () => setText(''),
      onError: (failure) =>
        notifications.show({ color: 'red', title: dealMessages.sendFailedTitle, message: failure.message }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Post a comment">
      <Stack gap="xs">
        <Textarea
          label="Comment"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconSend aria-hidden size={16} />}>
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
