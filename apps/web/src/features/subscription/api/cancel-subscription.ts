import type { CancelSubscriptionResponse } from '@plinth/domain/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** Cancels at the end of the paid period: the funder keeps access until subscription_period_end. */
export const cancelSubscription = () =>
  api<CancelSubscriptionResponse>('/payments/cancel-subscription', { method: 'POST' });

/** Invalidates ['me'] (the dashboard reads the status from it) and ['subscription']. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['me'] }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      ]),
  });
}
