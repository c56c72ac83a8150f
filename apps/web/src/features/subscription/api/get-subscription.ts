import type { SubscriptionResponse } from '@plinth/domain/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const subscriptionQueryKey = ['subscription'] as const;

/** The funder's own subscription, and which card form to show (publishable_key: Stripe; null: sandbox). */
export const getSubscription = () => api<SubscriptionResponse>('/payments/subscription');

export const subscriptionQueryOptions = queryOptions({
  queryKey: subscriptionQueryKey,
  queryFn: getSubscription,
});

/** Fetched when the subscription modal opens (`isEnabled`), not with every dashboard. */
export const useSubscription = (isEnabled = true) =>
  useQuery({ ...subscriptionQueryOptions, enabled: isEnabled });
