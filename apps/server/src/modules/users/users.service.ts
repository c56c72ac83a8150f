import { checkProfile, type profileBody } from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';
import type { Me, ProfileResponse, updateProfileBody } from '@plinth/domain/users';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import * as repo from './users.repository';

type ProfileInput = z.output<typeof profileBody>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toMe(row: repo.UserWithProfile): Me {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified,
    role: row.role,
    approved: row.approved,
    subscription_status: row.subscription_status,
    subscription_period_end: iso(row.subscription_period_end),
    profile_completed: row.profile_user_id !== null,
    time_zone: row.time_zone,
    created_at: iso(row.created_at)!,
  };
}

function toProfileResponse(row: repo.UserWithProfile): ProfileResponse {
  return {
    user_id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    approved: row.approved,
    company_name: row.company_name,
    company_type: row.company_type,
    phone: row.phone,
    abn: row.abn,
    linkedin: row.linkedin,
    bio: row.bio,
    investment_focus: row.investment_focus,
    typical_deal_size_min: row.typical_deal_size_min,
    typical_deal_size_max: row.typical_deal_size_max,
    years_experience: row.years_experience,
    aum: row.aum,
    time_zone: row.time_zone,
    created_at: iso(row.profile_created_at),
    updated_at: iso(row.profile_updated_at),
  };
}

async function loadUser(db: Db, userId: string) {
  const row = await repo.findUserWithProfile(db, userId);
  if (!row) throw notFound('User not found');
  return row;
}

export async function getMe(db: Db, viewer: Viewer): Promise<Me> {
  return toMe(await loadUser(db, viewer.id));
}

/** The role is chosen once, as borrower or funder; admins are made only by the CLI. */
export async function chooseRole(db: Db, options: { viewer: Viewer; role: SelfServiceRole }): Promise<Me> {
  const changed = await repo.setRoleIfUnset(db, options.viewer.id, options.role);
  if (!changed) throw conflict('Your role has already been chosen');
  return getMe(db, options.viewer);
}

function validProfileFor(role: SelfServiceRole, body: ProfileInput) {
  const result = checkProfile(role, body);
  if (!result.ok) throw validationFailed(result.issues);
  return result.profile;
}

function selfServiceRoleOf(row: repo.UserWithProfile): SelfServiceRole {
  if (row.role === null) throw conflict('Choose a role before completing your profile');
  if (row.role === 'admin') throw forbidden('Admins do not have an onboarding profile');
  // A quantity surveyor's short profile is kept by POST /api/surveyor/onboarding (decision 055).
  if (row.role === 'surveyor')
    throw forbidden('A quantity surveyor completes the surveyor onboarding instead');
  return row.role;
}

export async function completeProfile(
  db: Db,
  options: { viewer: Viewer; body: ProfileInput },
): Promise<ProfileResponse> {
  const user = await loadUser(db, options.viewer.id);
  const profile = validProfileFor(selfServiceRoleOf(user), options.body);
  await repo.upsertProfile(db, user.id, profile);
  return toProfileResponse(await loadUser(db, user.id));
}

/** Anyone reads their own profile; admins read any; nobody else reads anyone's. */
export async function getProfile(
  db: Db,
  options: { viewer: Viewer; userId: string },
): Promise<ProfileResponse> {
  const { viewer, userId } = options;
  if (viewer.id !== userId && viewer.role !== 'admin') throw forbidden('You can only read your own profile');
  return toProfileResponse(await loadUser(db, userId));
}

export async function updateProfile(
  db: Db,
  options: { viewer: Viewer; userId: string; body: z.output<typeof updateProfileBody> },
): Promise<ProfileResponse> {
  const { viewer, userId, body } = options;
  if (viewer.id !== userId) throw forbidden('You can only edit your own profile');
  const user = await loadUser(db, userId);
  const { name, time_zone: timeZone, ...fields } = body;
  // Admins and quantity surveyors have no company profile here (a surveyor's is kept by their own
  // onboarding): their page edits the name and the time zone only.
  const profile =
    user.role === 'admin' || user.role === 'surveyor'
      ? null
      : validProfileFor(selfServiceRoleOf(user), fields);
  await db.transaction().execute(async (trx) => {
    if (name !== undefined) await repo.updateUserName(trx, userId, name);
    if (timeZone !== undefined) await repo.updateUserTimeZone(trx, userId, timeZone);
    if (profile) await repo.upsertProfile(trx, userId, profile);
  });
  return toProfileResponse(await loadUser(db, userId));
}
