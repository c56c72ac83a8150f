import { useAuthState } from '../../features/auth/hooks/use-auth-state';
import { MessagesPage } from '../../features/messages/components/messages-page';

/** /messages for developers, funders and admins; the shell's guard has already admitted the viewer. */
export default function MessagesRoute() {
  const { me } = useAuthState();
  if (!me?.role) return null;
  return <MessagesPage viewer={{ id: me.id, role: me.role }} />;
}
