import { Alert, Button, Center, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import {
  CONVERSATION_PARAM,
  conversationParam,
  parseConversationParam,
} from '@plinth/domain/conversation-ref';
import { IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUnreadCounts } from '../api/get-unread-counts';
import { useAdminConversations } from '../api/list-admin-conversations';
import { useConversations } from '../api/list-conversations';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLiveMessages } from '../hooks/use-live-messages';
import {
  adminThreadSummary,
  byRecentActivity,
  type ConversationSummary,
  requestSummary,
  supportSummary,
} from '../utils/conversation-summary';
import { ChatPanel, type Viewer } from './chat-panel';
import { ConversationList } from './conversation-list';
import classes from './messages.module.css';

const emptyListText = {
  funder: 'Request access to a project in the marketplace to start a conversation with its developer.',
  borrower:
    'When a funder requests access to one of your projects, your conversation with them appears here.',
  admin: 'When a user writes to the Plinth team, their conversation appears here.',
  surveyor: 'When you write to the Plinth team, your conversation appears here.',
} as const;

/**
 * /messages (spec 000 section 2): the conversation list beside the open chat; at 768 px and below,
 * the list or the chat with a back button. Funders and developers see their access-request
 * conversations and Plinth Support (their thread with the admins); admins see users' threads.
 */
export function MessagesPage({ viewer }: { viewer: Viewer }) {
  const isAdmin = viewer.role === 'admin';
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const selectedKey = params.get(CONVERSATION_PARAM);
  const selected = useMemo(() => parseConversationParam(selectedKey), [selectedKey]);

  const conversations = useConversations(!isAdmin);
  const unread = useUnreadCounts(!isAdmin);
  const adminThreads = useAdminConversations(isAdmin);
  useLiveMessages(isAdmin);

  const list = isAdmin ? adminThreads : conversations;
  const summaries = useMemo<ConversationSummary[]>(() => {
    if (isAdmin) return (adminThreads.data?.items ?? []).map(adminThreadSummary).sort(byRecentActivity);
    const requests = (conversations.data?.items ?? [])
      .map((r) => requestSummary(r, viewer.role))
      .sort(byRecentActivity);
    return [supportSummary(unread.data?.admin_thread ?? 0), ...requests];
  }, [isAdmin, adminThreads.data, conversations.data, unread.data, viewer.role]);
  const hasOwnConversations = summaries.some((s) => s.ref.kind !== 'support');

  const select = (summary: ConversationSummary) => {
    const next = new URLSearchParams(params);
    next.set(CONVERSATION_PARAM, conversationParam(summary.ref));
    // On a phone each chat is a step the back button returns from; on a desktop it is a selection.
    setParams(next, { replace: !isMobile && selected !== null, state: { fromList: true } });
  };
  const backToList = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(CONVERSATION_PARAM);
    setParams(next, { replace: true });
  };

  let sidebar: ReactNode;
  if (list.isPending) {
    // Plinth Support needs no loading: it is there while the access requests load.
    sidebar = (
      <>
        {!isAdmin && (
          <ConversationList conversations={summaries} selectedKey={selectedKey} onSelect={select} />
        )}
        <Center py="xl">
          <Loader size="sm" role="status" aria-label="Loading conversations" />
        </Center>
      </>
    );
  } else {
    sidebar = (
      <>
        <ConversationList conversations={summaries} selectedKey={selectedKey} onSelect={select} />
        {list.isError && (
          <Alert color="red" variant="light" c="red.9" m="sm" title="Failed to load conversations">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{list.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {!list.isError && !hasOwnConversations && (
          <Stack gap="xs" align="center" ta="center" p="lg">
            <Text fw={600}>{isAdmin ? 'No messages yet' : 'No conversations yet'}</Text>
            <Text fz="sm" c="gray.7">
              {emptyListText[viewer.role]}
            </Text>
            {viewer.role === 'funder' && (
              <Button component={Link} to="/projects" variant="light" size="xs">
                Browse projects
              </Button>
            )}
          </Stack>
        )}
      </>
    );
  }

  const showList = !isMobile || selected === null;
  const showChat = !isMobile || selected !== null;

  return (
    <Stack gap="md">
      <title>Messages | Plinth</title>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Messages
      </Title>
      <Paper withBorder radius="md" className={classes.frame}>
        {showList && (
          <nav className={classes.sidebar} aria-label="Conversations">
            <ScrollArea type="auto" style={{ flex: 1 }}>
              {sidebar}
            </ScrollArea>
          </nav>
        )}
        {showChat && (
          <section className={classes.chat} aria-label="Chat">
            {selected ? (
              <ChatPanel
                key={selectedKey}
                conversation={selected}
                summary={summaries.find((s) => s.key === selectedKey)}
                viewer={viewer}
                onBack={isMobile ? backToList : undefined}
              />
            ) : (
              <Center h="100%" p="xl">
                <Stack gap="xs" align="center" ta="center">
                  <IconMessages size={40} color="var(--mantine-color-gray-6)" aria-hidden />
                  <Text fw={600}>Select a conversation</Text>
                  <Text fz="sm" c="gray.7">
                    Choose a conversation from the list to read and reply.
                  </Text>
                </Stack>
              </Center>
            )}
          </section>
        )}
      </Paper>
    </Stack>
  );
}
