import { z } from 'zod';
import { ABN_INPUT_MAX_LENGTH } from './constants';
import { messages, profileBody } from './onboarding';
import { roleSchema, selfServiceRoleSchema, subscriptionStatusSchema } from './roles';
import { timeZoneSchema } from './time-zone';

/** Request and response schemas of the auth and users endpoints (spec 000 section 7). */

export const meResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: roleSchema.nullable(),
  approved: z.boolean(),
  subscription_status: subscriptionStatusSchema,
  subscription_period_end: z.string().nullable(),
  profile_completed: z.boolean(),
  /** The IANA zone every date this person reads is written in (decision 074). */
  time_zone: z.string(),
  created_at: z.string(),
});
export type Me = z.infer<typeof meResponse>;

export const setRoleBody = z.strictObject({ role: selfServiceRoleSchema });
export type SetRoleBody = z.infer<typeof setRoleBody>;

/**
 * POST /auth/complete-profile. The four fields every developer and funder gives are required keys
 * (the API document lists them as required); a key left out answers 400 with the spec's message.
 * A key may still be null or blank, so that, as before, the rules with the spec's messages
 * (`profileIssues`) report every broken rule at once, in the spec's order. The funder's own fields
 * (investment focus, deal sizes, years) are required by role, which the body does not carry: they
 * stay optional here and `profileIssues` requires them of a funder.
 */
export const completeProfileBody = profileBody.extend({
  company_name: z.string({ error: messages.companyNameRequired }).max(200).nullable(),
  company_type: z.string({ error: messages.companyTypeRequired }).max(100).nullable(),
  phone: z.string({ error: messages.phoneRequired }).max(30).nullable(),
  abn: z.string({ error: messages.abnRequired }).max(ABN_INPUT_MAX_LENGTH, messages.abnInvalid).nullable(),
});

export const profileResponse = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema.nullable(),
  approved: z.boolean(),
  company_name: z.string().nullable(),
  company_type: z.string().nullable(),
  phone: z.string().nullable(),
  abn: z.string().nullable(),
  linkedin: z.string().nullable(),
  bio: z.string().nullable(),
  investment_focus: z.string().nullable(),
  typical_deal_size_min: z.number().nullable(),
  typical_deal_size_max: z.number().nullable(),
  years_experience: z.number().nullable(),
  aum: z.number().nullable(),
  time_zone: z.string(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * PUT /users/{id}/profile: the profile fields, the user's own name (spec: "edit own name") and
 * time zone (decision 074: left out, it stays as it was).
 */
export const updateProfileBody = profileBody.extend({
  name: z.string().trim().min(1, 'Name is required').max(120).optional(),
  time_zone: timeZoneSchema.optional(),
});

export const userIdParams = z.object({ id: z.string().min(1).max(64) });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
});
