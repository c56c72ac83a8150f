import { notifications } from '@mantine/notifications';
import { accessMessages } from '@plinth/domain/access';
import type { UndertakingAcceptanceInput } from '@plinth/domain/undertaking';
import { useRequestAccess } from '../api/request-access';

/**
 * Sends an access request for one project and reports it as a toast (spec 000 section 8):
 * 'Access Request Sent', or 'Request Failed' with the server's message. Resolves to whether it
 * was sent, so the caller knows whether to close its introduction box.
 */
export function useSendAccessRequest(projectId: string) {
  const mutation = useRequestAccess();

  const send = async (introduction: string, undertaking: UndertakingAcceptanceInput): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ projectId, introduction, undertaking });
      notifications.show({
        color: 'green',
        title: accessMessages.requestSentTitle,
        message: 'The developer will review your request. You will be notified when they respond.',
      });
      return true;
    } catch (error) {
      notifications.show({
        color: 'red',
        title: accessMessages.requestFailedTitle,
        message: error instanceof Error && error.message ? error.message : accessMessages.requestFailed,
      });
      return false;
    }
  };

  return { send, isSending: mutation.isPending };
}
