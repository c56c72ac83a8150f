import { type SelfServiceRole, selfServiceRoleSchema } from '@plinth/domain/roles';

/** The role picked before sign-up (/register?role=funder), kept for onboarding step 1 in this tab only. */
const key = 'plinth.intendedRole';

export function rememberIntendedRole(role: string | null) {
  const parsed = selfServiceRoleSchema.safeParse(role);
  try {
    if (parsed.success) sessionStorage.setItem(key, parsed.data);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, quotas): the preselection is only a convenience.
  }
}

export function readIntendedRole(): SelfServiceRole | null {
  try {
    const parsed = selfServiceRoleSchema.safeParse(sessionStorage.getItem(key));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetIntendedRole() {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // see rememberIntendedRole
  }
}
