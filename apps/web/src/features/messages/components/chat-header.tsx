import { ActionIcon, Anchor, Button, Group, Text, Title } from '@mantine/core';
import type { AccessDecision } from '@plinth/domain/access';
import { hasGrantedAccess } from '@plinth/domain/marketplace';
import type { Role } from '@plinth/domain/roles';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeclineAccessModal } from '../../../components/decline-access-modal';
import { useDecideAccessRequest } from '../api/decide-access-request';
import type { Conversation } from '../api/list-conversations';
import { projectLabel } from '../utils/conversation-summary';
import { AccessStatusBadge } from './access-status-badge';
import { ApproveAccessModal } from './decision-modals';
import classes from './messages.module.css';

interface ChatHeaderProps {
  name: string;
  detail: string | null;
  request?: Conversation;
  viewerRole: Role;
  /** On phones: back to the list. */
  onBack?: () => void;
}

/** Who the conversation is with, what it is about, and the developer's decision on a pending request. */
export function ChatHeader({ name, detail, request, viewerRole, onBack }: ChatHeaderProps) {
  const decide = useDecideAccessRequest();
  const canOpenProject = request && (viewerRole !== 'funder' || hasGrantedAccess(request.status));
  const isDeciding = decide.isPending;
  const [asking, setAsking] = useState<AccessDecision | null>(null);

  return (
    <header className={classes.chatHeader}>
      {onBack && (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label="Back to conversations"
          onClick={onBack}
        >
          <IconArrowLeft size={20} aria-hidden />
        </ActionIcon>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz="md" lh={1.3} lineClamp={1}>
            {name}
          </Title>
          {request && <AccessStatusBadge status={request.status} />}
        </Group>
        {request ? (
          <Text fz="sm" c="gray.7" truncate>
            {canOpenProject ? (
              <Anchor
                component={Link}
                to={`/project/${request.project_id}`}
                fz="sm"
                c="navy.8"
                underline="always"
              >
                {projectLabel(request)}
              </Anchor>
            ) : (
              projectLabel(request)
            )}
            {viewerRole === 'borrower' && request.company_name ? ` · ${request.company_name}` : ''}
          </Text>
        ) : (
          detail && (
            <Text fz="sm" c="gray.7" truncate>
              {detail}
            </Text>
          )
        )}
      </div>
      {request && viewerRole === 'borrower' && request.status === 'pending' && (
        <Group gap="xs" wrap="nowrap" className={classes.decisions}>
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={isDeciding}
            onClick={() => setAsking('approve')}
          >
            Approve
          </Button>
          <Button
            size="xs"
            color="red.9"
            variant="outline"
            leftSection={<IconX size={14} aria-hidden />}
            disabled={isDeciding}
            onClick={() => setAsking('decline')}
          >
            Decline
          </Button>
        </Group>
      )}
      {request && viewerRole === 'borrower' && (
        <>
          <ApproveAccessModal
            request={request}
            opened={asking === 'approve'}
            isPending={isDeciding}
            onClose={() => setAsking(null)}
            onApprove={(accessUntil) =>
              decide.mutate(
                { id: request.id, decision: 'approve', accessUntil },
                { onSuccess: () => setAsking(null) },
              )
            }
          />
          <DeclineAccessModal
            request={request}
            opened={asking === 'decline'}
            onClose={() => setAsking(null)}
            onConfirm={() => decide.mutate({ id: request.id, decision: 'decline' })}
          />
        </>
      )}
    </header>
  );
}
