import { Anchor, Blockquote, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AccessDecision, AccessRequest } from '@plinth/domain/access';
import { IconBuilding, IconCalendar, IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DeclineAccessModal } from '../../../components/decline-access-modal';
import { UndertakingSignatureLine } from '../../../components/undertaking/undertaking-signature';
import { formatAud, formatDate } from '../../../lib/format';
import { useAccessUntil } from './access-until-field';

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
  const until = useAccessUntil();
  // Declining is final for this request: it is confirmed first (issue 37 item 12).
  const [isConfirmingDecline, setIsConfirmingDecline] = useState(false);
  const approve = () => {
    if (until.check()) onDecide('approve', until.value);
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
          <div style={{ marginRight: 'auto' }}>{until.input}</div>
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
      <DeclineAccessModal
        request={request}
        opened={isConfirmingDecline}
        onClose={() => setIsConfirmingDecline(false)}
        onConfirm={() => onDecide('decline', null)}
      />
    </Card>
  );
}
