import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { facilityQueryKeys } from '../api/facility-query-keys';

/**
 * Loan administration without reloads: a 'facility' event (a draw moved, equity came in, interest
 * accrued — on any of the viewer's facilities) or a resync after the stream was down refreshes every
 * facility query on the page; only the ones shown refetch.
 */
export function useLiveFacilities() {
  const client = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'facility' || signal.type === 'resync')
      void client.invalidateQueries({ queryKey: facilityQueryKeys.all });
  });
}
