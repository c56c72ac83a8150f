import { Alert, Checkbox, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  normaliseSignerName,
  signerNameIssue,
  UNDERTAKING_NAME_MAX_LENGTH,
  type UndertakingAcceptanceInput,
  undertakingMessages,
} from '@plinth/domain/undertaking';
import { useId } from 'react';
import { useCurrentUndertaking } from './undertaking-api';

/** What the funder has ticked and typed so far. */
export interface UndertakingDraft {
  accepted: boolean;
  fullName: string;
}
export const emptyUndertakingDraft: UndertakingDraft = { accepted: false, fullName: '' };

export interface UndertakingDraftErrors {
  accepted?: string;
  fullName?: string;
}

/**
 * The signature to send with the version the funder was shown, or the domain's messages for what
 * is wrong ('I accept' unticked; a name with nothing visible, fewer than two letters or too long):
 * the server applies the same rule (signerNameIssue) and says the same.
 */
export function signUndertaking(
  draft: UndertakingDraft,
  version: number | undefined,
): { input: UndertakingAcceptanceInput } | { errors: UndertakingDraftErrors } {
  const fullName = normaliseSignerName(draft.fullName);
  const nameIssue = signerNameIssue(fullName);
  const errors: UndertakingDraftErrors = {
    ...(draft.accepted ? {} : { accepted: undertakingMessages.mustAccept }),
    ...(nameIssue ? { fullName: nameIssue } : {}),
  };
  if (errors.accepted || errors.fullName || version === undefined) return { errors };
  return { input: { accepted: true, full_name: fullName, version } };
}

interface UndertakingFieldsProps {
  draft: UndertakingDraft;
  onChange: (draft: UndertakingDraft) => void;
  errors?: UndertakingDraftErrors;
  disabled?: boolean;
}

/**
 * The confidentiality undertaking as the funder signs it: the current text in a scrollable box
 * (reachable by keyboard), 'I accept', and their full name typed as the signature.
 */
export function UndertakingFields({ draft, onChange, errors = {}, disabled }: UndertakingFieldsProps) {
  const titleId = useId();
  const current = useCurrentUndertaking();

  if (current.isPending) return <Loader size="sm" aria-label="Loading the confidentiality undertaking" />;
  if (current.isError)
    return (
      <Alert color="red" variant="light" c="dark.7" title="Undertaking not loaded">
        The confidentiality undertaking could not be loaded. Close this and try again.
      </Alert>
    );

  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm" id={titleId}>
        Confidentiality undertaking (version {current.data.version})
      </Text>
      {/* The viewport takes the focus, so a keyboard user can scroll the whole text to read it. */}
      <ScrollArea.Autosize
        mah={220}
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': titleId }}
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text fz="xs" c="dark.7" p="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {current.data.text}
        </Text>
      </ScrollArea.Autosize>
      <Checkbox
        label="I accept the confidentiality undertaking"
        checked={draft.accepted}
        onChange={(event) => onChange({ ...draft, accepted: event.currentTarget.checked })}
        error={errors.accepted}
        disabled={disabled}
      />
      <TextInput
        label="Full name"
        description="The name you type is your signature"
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        value={draft.fullName}
        onChange={(event) => onChange({ ...draft, fullName: event.currentTarget.value })}
        maxLength={UNDERTAKING_NAME_MAX_LENGTH}
        autoComplete="name"
        error={errors.fullName}
        disabled={disabled}
        required
      />
    </Stack>
  );
}
