import { hasGrantedAccess, marketplaceMessages } from '@plinth/domain/marketplace';
import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import type { Viewer } from '../../auth/guards';
import { AppError } from '../../errors';

/** Who may read a project's whole file regardless of access grants: its owner and admins. */
export const canReadWholeProject = (viewer: Viewer, project: { borrower_id: string }) =>
  viewer.role === 'admin' || project.borrower_id === viewer.id;

export const isOwner = (viewer: Viewer, project: { borrower_id: string }) =>
  project.borrower_id === viewer.id;

/** A listing funders can find: paid and published (a rejected or withdrawn one is hidden). */
export const isOnMarketplace = (project: { payment_status: string; visible: boolean }) =>
  project.payment_status === 'paid' && project.visible;

/** What decides whether a funder may use the marketplace. */
export interface FunderStanding {
  role: string | null;
  approved: boolean;
  subscription_status: string;
  subscription_period_end: Date | string | null;
}

/**
 * The marketplace gate (spec 000 sections 2 and 6): a funder must be approved and hold an active
 * subscription (a cancelled one counts until its period ends). Each refusal has its own code, so
 * the web app shows 'Account Pending Approval' or 'Subscription Required'.
 */
export function assertMarketplaceAccess(standing: FunderStanding, now = new Date()): void {
  if (!standing.approved) {
    throw new AppError('ACCOUNT_PENDING_APPROVAL', marketplaceMessages.pendingApprovalTitle);
  }
  if (!hasMarketplaceAccess(standing, now)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', marketplaceMessages.subscriptionRequiredTitle);
  }
}

/**
 * Whether a funder's own access request opens a listing's whole file: the developer granted it and
 * the listing is still on the marketplace.
 */
export const isGrantedFunder = (
  project: { payment_status: string; visible: boolean },
  request: { status: string } | undefined,
) => isOnMarketplace(project) && hasGrantedAccess(request?.status);
