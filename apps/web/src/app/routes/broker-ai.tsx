import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthState } from '../../features/auth/hooks/use-auth-state';
import { BrokerAiPage } from '../../features/broker-ai/components/broker-ai-page';

const ANALYSE_QUESTION = 'Analyse this deal';

/** /broker-ai for every signed-in role; ?session= opens a chat, ?project= binds a new one to a project. */
export default function BrokerAiRoute() {
  const { me } = useAuthState();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session');
  const projectId = params.get('project');
  // ?ask=analyse (the project page's 'Analyse with BrokerAI'): the new chat asks for the memo at once.
  const initialQuestion = projectId && params.get('ask') === 'analyse' ? ANALYSE_QUESTION : null;
  const onSessionChange = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('session', id);
          else next.delete('session');
          // A chat already made carries its project or facility; a new chat is a free one.
          next.delete('project');
          next.delete('facility');
          next.delete('ask');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  if (!me?.role) return null;
  return (
    <BrokerAiPage
      role={me.role}
      sessionId={sessionId}
      onSessionChange={onSessionChange}
      projectId={projectId}
      initialQuestion={initialQuestion}
    />
  );
}
