import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '@plinth/domain/constants';
import { useState } from 'react';

interface IntroductionBoxProps {
  /** 'Send' on the opportunity card, 'Send Request' in the preview modal (spec 000 section 2). */
  sendLabel: string;
  isSending: boolean;
  /** Resolves to whether the request was sent; the box clears itself when it was. */
  onSend: (introduction: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The optional introduction a funder sends with an access request (trimmed; empty sends none). */
export function IntroductionBox({ sendLabel, isSending, onSend, onCancel }: IntroductionBoxProps) {
  const [introduction, setIntroduction] = useState('');

  return (
    <Stack gap="xs">
      <Textarea
        label="Introduction (optional)"
        description="Tell the developer who you are and why this project interests you."
        placeholder="e.g. We fund mid-rise residential in Victoria and can move quickly on this one."
        value={introduction}
        onChange={(event) => setIntroduction(event.currentTarget.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        autosize
        minRows={3}
        maxRows={8}
        data-autofocus
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="xs" c="gray.7">
          {introduction.length}/{MESSAGE_MAX_LENGTH}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="sm" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button
            size="sm"
            loading={isSending}
            onClick={async () => {
              if (await onSend(introduction)) setIntroduction('');
            }}
          >
            {sendLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
