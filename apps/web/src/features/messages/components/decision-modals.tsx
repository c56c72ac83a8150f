import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';
import { accessUntilIssue, accessUntilMessages, accessUntilRange } from '@plinth/domain/access-dates';
import { useState } from 'react';
import { UndertakingSignatureLine } from '../../../components/undertaking/undertaking-signature';

// The developer's decision from Messages (issue 37 item 12), asking what /access-requests asks (a
// feature does not import another's components, so this is the Messages copy of that form).
/**
 * 'Access until (optional)' as the server takes it (access-dates.ts): a real day, today (Sydney) to
 * three years ahead. `check()` shows the issue and says whether the day may be sent.
 */
function useAccessUntil() {
  const [value, setValue] = useState('');
  // A date input reports a day it cannot read (30 February typed by hand) as '' with badInput set:
  // that must not pass for 'no end'.
  const [isUnreadable, setIsUnreadable] = useState(false);
  const [showIssue, setShowIssue] = useState(false);
  const range = accessUntilRange();
  const issue = isUnreadable
    ? accessUntilMessages.notADate
    : value
      ? accessUntilIssue(value, range.min)
      : null;
  return {
    value: value || null,
    check: () => {
      setShowIssue(true);
      return issue === null;
    },
    input: (
      <TextInput
        type="date"
        label="Access until (optional)"
        description="Access lapses at the end of that day (Sydney time), at most 3 years ahead"
        min={range.min}
        max={range.max}
        value={value}
        error={showIssue ? issue : null}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setIsUnreadable(event.currentTarget.validity.badInput);
        }}
        onBlur={() => setShowIssue(true)}
        size="sm"
      />
    ),
  };
}

/**
 * Approving from Messages (issue 37 item 12) asks what /access-requests asks: the funder's signed
 * undertaking is shown, and 'Access until' may be set, checked by the server's rule.
 */
export function ApproveAccessModal({
  request,
  opened,
  isPending,
  onClose,
  onApprove,
}: {
  request: AccessRequest;
  opened: boolean;
  isPending: boolean;
  onClose: () => void;
  onApprove: (accessUntil: string | null) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Approve access?" centered>
      {/* Mounted only while open, so the day starts blank each time. */}
      {opened && (
        <ApproveForm request={request} isPending={isPending} onClose={onClose} onApprove={onApprove} />
      )}
    </Modal>
  );
}

function ApproveForm({
  request,
  isPending,
  onClose,
  onApprove,
}: {
  request: AccessRequest;
  isPending: boolean;
  onClose: () => void;
  onApprove: (accessUntil: string | null) => void;
}) {
  const until = useAccessUntil();
  return (
    <Stack gap="md">
      <Text fz="sm">
        {request.funder_name} will see the full file of {request.project_title ?? 'your project'}, its
        documents and a deal room.
      </Text>
      <UndertakingSignatureLine accessRequestId={request.id} signature={request.undertaking} />
      {until.input}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={isPending}
          onClick={() => {
            if (until.check()) onApprove(until.value);
          }}
        >
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
