import { notifications } from '@mantine/notifications';
import { dealMessages, dealRoomPath } from '@plinth/domain/deals';
import { useNavigate } from 'react-router';
import { useCreateDeal } from '../api/create-deal';

/**
 * Engage (spec 000 section 2): opens the deal room for an approved access request and goes into
 * it; a failure is reported as 'Failed to create deal room' / 'Could not create deal room'
 * (spec 000 section 8) and the funder stays where they are.
 */
export function useEngage(projectId: string, accessRequestId: string | null) {
  const mutation = useCreateDeal();
  const navigate = useNavigate();

  const engage = async () => {
    try {
      if (!accessRequestId) throw new Error(dealMessages.createFailed);
      const { deal_id } = await mutation.mutateAsync({ projectId, accessRequestId });
      navigate(dealRoomPath({ id: deal_id, project_id: projectId }));
    } catch {
      notifications.show({
        color: 'red',
        title: dealMessages.createFailedTitle,
        message: dealMessages.createFailed,
      });
    }
  };

  return { engage, isEngaging: mutation.isPending };
}
