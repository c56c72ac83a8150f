import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import { ApiError } from '../../../lib/api-client';

/** Why a funder cannot use the marketplace yet (spec 000 section 2, Marketplace), or null. */
export type MarketplaceGate = 'pending-approval' | 'subscription-required';

/** From the signed-in account (GET /auth/me), before asking the server for anything. */
export function gateOfAccount(account: Parameters<typeof hasMarketplaceAccess>[0]): MarketplaceGate | null {
  if (!account.approved) return 'pending-approval';
  return hasMarketplaceAccess(account) ? null : 'subscription-required';
}

/** From the server's refusal (403 with its code): it decides, even when the account read is stale. */
export function gateOfError(error: unknown): MarketplaceGate | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === 'ACCOUNT_PENDING_APPROVAL') return 'pending-approval';
  if (error.code === 'SUBSCRIPTION_REQUIRED') return 'subscription-required';
  return null;
}
