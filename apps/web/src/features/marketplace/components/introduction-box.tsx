import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '@plinth/domain/constants';
import type { UndertakingAcceptanceInput } from '@plinth/domain/undertaking';
import { useState } from 'react';
import { useCurrentUndertaking } from '../../../components/undertaking/undertaking-api';
import {
  emptyUndertakingDraft,
  signUndertaking,
  type UndertakingDraftErrors,
  UndertakingFields,
} from '../../../components/undertaking/undertaking-fields';

interface IntroductionBoxProps {
  /** 'Send' on the opportunity card, 'Send Request' in the preview modal (spec 000 section 2). */
  sendLabel: string;
  isSending: boolean;
  /** Resolves to whether the request was sent; the box clears itself when it was. */
  onSend: (introduction: string, undertaking: UndertakingAcceptanceInput) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The optional introduction a funder sends with an access request (trimmed; empty sends none), and
 * the confidentiality undertaking they sign with it (docs/decisions/033-undertaking.md): Send asks
 * for 'I accept' and their full name first.
 */
export function IntroductionBox({ sendLabel, isSending, onSend, onCancel }: IntroductionBoxProps) {
  const [introduction, setIntroduction] = useState('');
  const [draft, setDraft] = useState(emptyUndertakingDraft);
  const [errors, setErrors] = useState<UndertakingDraftErrors>({});
  const undertaking = useCurrentUndertaking();

  const send = async () => {
    const signed = signUndertaking(draft, undertaking.data?.version);
    if ('errors' in signed) {
      setErrors(signed.errors);
      return;
    }
    setErrors({});
    if (await onSend(introduction, signed.input)) {
      setIntroduction('');
      setDraft(emptyUndertakingDraft);
    } else {
      // Refused, perhaps because the text changed since it was loaded: show the current one.
      void undertaking.refetch();
    }
  };

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
      <Text fz="xs" c="gray.7" ta="right" mt={-6}>
        {introduction.length}/{MESSAGE_MAX_LENGTH}
      </Text>
      <UndertakingFields draft={draft} onChange={setDraft} errors={errors} disabled={isSending} />
      <Group justify="flex-end" gap="xs" wrap="nowrap">
        <Button variant="default" size="sm" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button size="sm" loading={isSending} onClick={send}>
          {sendLabel}
        </Button>
      </Group>
    </Stack>
  );
}
