import type { AdminUser } from '@plinth/domain/admin';
import { roleLabels } from '@plinth/domain/roles';

/** 'Developer', 'Funder', 'Admin'; someone still in onboarding has no role yet. */
export const roleLabelOf = (user: Pick<AdminUser, 'role'>) =>
  user.role ? roleLabels[user.role] : 'No role yet';

/** The Subscriptions tab's company column (spec 001 section 2.3). */
export const companyOf = (user: Pick<AdminUser, 'company_name'>) => user.company_name || 'Not specified';
