import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { dealQueryKeys } from '../api/deal-query-keys';

/**
 * The room without reloads: every notification the viewer receives (a document request, a quote,
 * an answer to one) refreshes the room, as does a `deal` event of this room (a comment, the deal's
 * status) and a resync after the stream was down.
 */
export function useLiveDeal(dealId: string) {
  const client = useQueryClient();
  useLiveEvents((signal) => {
    switch (signal.type) {
      case 'notification':
      case 'resync':
        void client.invalidateQueries({ queryKey: dealQueryKeys.deal(dealId) });
        return;
      // A change in this room that notifies no one (a comment, the deal's status).
      case 'deal':
        if (signal.deal_id === dealId)
          void client.invalidateQueries({ queryKey: dealQueryKeys.deal(dealId) });
        return;
      default:
        return;
    }
  });
}
