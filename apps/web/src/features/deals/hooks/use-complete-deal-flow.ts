import { notifications } from '@mantine/notifications';
import { dealMessages } from '@plinth/domain/deals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCompleteDeal } from '../api/complete-deal';

/** Spec 000 section 9: the follow-up notification comes 2 s after landing on the dashboard. */
export const COMPLETE_FOLLOW_UP_MS = 2000;

/**
 * Complete Deal (spec 000 sections 2 and 4): the project leaves the market and is funded, so every
 * screen's data is stale; the developer goes to /dashboard, and 2 s later the bell is refreshed and
 * the follow-up notification shown. The timer outlives the room on purpose.
 */
export function useCompleteDealFlow(dealId: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const complete = useCompleteDeal(dealId);

  // mutateAsync, not mutate with callbacks: the room's live refresh may show the deal completed
  // (and unmount the banner that owns this hook) before the answer arrives; the navigation and the
  // follow-up must still happen.
  const run = async () => {
    try {
      await complete.mutateAsync();
    } catch {
      notifications.show({
        color: 'red',
        title: dealMessages.completeFailedTitle,
        message: dealMessages.completeFailed,
      });
      return;
    }
    void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'notifications' });
    navigate('/dashboard');
    setTimeout(() => {
      void client.invalidateQueries({ queryKey: ['notifications'] });
      notifications.show({
        color: 'green',
        title: dealMessages.completedTitle,
        message: dealMessages.completed,
      });
    }, COMPLETE_FOLLOW_UP_MS);
  };

  return { run, isPending: complete.isPending };
}
