import { z } from 'zod';

/** `surveyor`: the lender's quantity surveyor, invited to a facility (issue 33; decision 055). */
export const roles = ['borrower', 'funder', 'admin', 'surveyor'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The roles a person may choose at onboarding; admins are only ever made by `npm run create-admin`. */
export const selfServiceRoles = ['borrower', 'funder'] as const;
export const selfServiceRoleSchema = z.enum(selfServiceRoles, {
  error: 'Role must be borrower or funder',
});
export type SelfServiceRole = z.infer<typeof selfServiceRoleSchema>;

export const roleLabels: Record<Role, string> = {
  borrower: 'Developer',
  funder: 'Funder',
  admin: 'Admin',
  surveyor: 'Quantity surveyor',
};

/** Spec 001 section 4.3: payment_pending → active (approve) | denied (deny, with a reason) | failed (mark failed). */
export const subscriptionStatuses = [
  'none',
  'payment_pending',
  'active',
  'denied',
  'failed',
  'inactive',
  'cancelled',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
