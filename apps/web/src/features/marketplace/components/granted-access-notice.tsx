import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { accessUntilLabel } from '@plinth/domain/access-ended';
import { opportunityStateOf } from '@plinth/domain/deals';
import type { AccessStatus } from '@plinth/domain/marketplace';
import { IconLockOpen } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DealRoomButton, EngageButton } from './deal-actions';

interface GrantedAccessNoticeProps {
  projectId: string;
  accessStatus: AccessStatus | null;
  accessRequestId: string | null;
  /** The funder's deal on the project, when known (GET /portfolio). */
  dealId: string | null;
  /** When access ends (issue 37 item 2), or null for no end. */
  accessUntil?: string | null;
}

/**
 * Above the full project for a funder the developer approved: where the conversation continues,
 * and Engage (no deal yet) or the way into the deal room.
 */
export function GrantedAccessNotice({
  projectId,
  accessStatus,
  accessRequestId,
  dealId,
  accessUntil = null,
}: GrantedAccessNoticeProps) {
  const until = accessUntilLabel(accessUntil);
  const state = opportunityStateOf({ access_status: accessStatus, deal_id: dealId });
  return (
    <Alert
      color="green"
      variant="light"
      c="dark.7"
      title={until ? `Access granted · ${until}` : 'Access granted'}
      icon={<IconLockOpen aria-hidden />}
    >
      <Stack gap="sm">
        <Text fz="sm">
          The developer has shared the full project file with you. Continue the conversation in{' '}
          <Anchor component={Link} to="/messages" c="navy.8" fz="sm">
            Messages
          </Anchor>
          {state === 'engage'
            ? ', or Engage to open a deal room: documents, comments and your indicative quote in one place.'
            : state === 'deal_room'
              ? ', or in your deal room with its documents, comments and your quote.'
              : '.'}
        </Text>
        {(state === 'engage' || state === 'deal_room') && (
          <Group>
            {state === 'engage' ? (
              <EngageButton projectId={projectId} accessRequestId={accessRequestId} />
            ) : (
              <DealRoomButton projectId={projectId} accessRequestId={accessRequestId} dealId={dealId} />
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
