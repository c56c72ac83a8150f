import { Anchor, Blockquote, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AccessDecision, AccessRequest } from '@plinth/domain/access';
import { accessUntilIssue, accessUntilMessages, accessUntilRange } from '@plinth/domain/access-dates';
import { formatAud, formatDate } from '@plinth/domain/format';
import { IconBuilding, IconCalendar, IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { UndertakingSignatureLine } from '../../../components/undertaking/undertaking-signature';

interface AccessRequestCardProps {
  request: AccessRequest;
  /** The decision being sent for this request, if any. */
  busyDecision: AccessDecision | null;
  /** True while another request's decision is being sent. */
  isLocked: boolean;
  /** The decision, and for an approval the optional 'Access until' day (YYYY-MM-DD). */
  onDecide: (decision: AccessDecision, accessUntil: string | null) => void;
}

/** One funder asking for a project's full file: who, from which company, their introduction, when. */
export function AccessRequestCard({ request, busyDecision, isLocked, onDecide }: AccessRequestCardProps) {
  const headingId = useId();
  const [accessUntil, setAccessUntil] = useState('');
  // A date input reports a day it cannot read (30 February typed by hand) as '' with badInput set:
  // that must not pass for 'no end'.
  const [isUnreadable, setIsUnreadable] = useState(false);
  const [showIssue, setShowIssue] = useState(false);
  // Declining is final for this request: it is confirmed first (issue 37 item 12).
  const [isConfirmingDecline, setIsConfirmingDecline] = useState(false);
  // The server's own rule (access-dates.ts): a real day, today (Sydney) to three years ahead.
  const range = accessUntilRange();
  const issue = isUnreadable
    ? accessUntilMessages.notADate
    : accessUntil
      ? accessUntilIssue(accessUntil, range.min)
      : null;
  const approve = () => {
    setShowIssue(true);
    if (issue) return;
    onDecide('approve', accessUntil || null);
  };
  const company = [request.company_name, request.company_type].filter(Boolean).join(' · ');

  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id={headingId}>
              {request.funder_name}
            </Title>
            <Group gap={6} c="gray.7" wrap="nowrap">
              <IconBuilding aria-hidden size={16} style={{ flexShrink: 0 }} />
              <Text fz="sm">{company || 'Company not provided'}</Text>
            </Group>
          </Stack>
          <Group gap={6} c="gray.7" wrap="nowrap">
            <IconCalendar aria-hidden size={16} />
            <Text fz="sm">
              Requested <time dateTime={request.requested_at}>{formatDate(request.requested_at)}</time>
            </Text>
          </Group>
        </Group>
        <Text fz="sm" c="dark.7">
          Wants full access to{' '}
          <Anchor component={Link} to={`/project/${request.project_id}`} c="navy.8" fw={600}>
            {request.project_title ?? 'your project'}
          </Anchor>{' '}
          ({formatAud(request.loan_amount)}
          {request.suburb ? `, ${request.suburb}` : ''})
        </Text>
        <UndertakingSignatureLine accessRequestId={request.id} signature={request.undertaking} />
        {request.initial_message ? (
          <Blockquote color="navy" p="sm" fz="sm" c="dark.7" style={{ whiteSpace: 'pre-wrap' }}>
            {request.initial_message}
          </Blockquote>
        ) : (
          <Text fz="sm" c="gray.7" fs="italic">
            No introduction was included.
          </Text>
        )}
        <Group justify="flex-end" align="flex-end" gap="xs">
          <TextInput
            type="date"
            label="Access until (optional)"
            description="Access lapses at the end of that day (Sydney time), at most 3 years ahead"
            min={range.min}
            max={range.max}
            value={accessUntil}
            error={showIssue ? issue : null}
            onChange={(event) => {
              setAccessUntil(event.currentTarget.value);
              setIsUnreadable(event.currentTarget.validity.badInput);
            }}
            onBlur={() => setShowIssue(true)}
            size="sm"
            mr="auto"
          />
          <Button
            variant="default"
            leftSection={<IconX aria-hidden size={16} />}
            loading={busyDecision === 'decline'}
            disabled={isLocked || busyDecision === 'approve'}
            onClick={() => setIsConfirmingDecline(true)}
          >
            Decline
          </Button>
          <Button
            leftSection={<IconCheck aria-hidden size={16} />}
            loading={busyDecision === 'approve'}
            disabled={isLocked || busyDecision === 'decline'}
            onClick={approve}
          >
            Approve
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={isConfirmingDecline}
        onClose={() => setIsConfirmingDecline(false)}
        title="Decline this request?"
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {request.funder_name} will be told their request for {request.project_title ?? 'your project'} was
            declined. They may ask again later.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setIsConfirmingDecline(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setIsConfirmingDecline(false);
                onDecide('decline', null);
              }}
            >
              Decline request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
