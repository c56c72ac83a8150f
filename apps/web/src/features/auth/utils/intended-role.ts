import { type SelfServiceRole, selfServiceRoleSchema } from '@plinth/domain/roles';

/**
 * The role picked before sign-up (/register?role=funder), kept for onboarding step 1 in this tab
 * only. 'surveyor' comes from a facility's invitation (/sign-up?role=surveyor&email=…): it is not a
 * role anyone may choose (the server gives it only to an invited address, decision 055), so it opens
 * the surveyor's short onboarding instead of the role cards.
 */
export type IntendedRole = SelfServiceRole | 'surveyor';

const key = 'plinth.intendedRole';

function parseIntendedRole(role: string | null): IntendedRole | null {
  if (role === 'surveyor') return 'surveyor';
  const parsed = selfServiceRoleSchema.safeParse(role);
  return parsed.success ? parsed.data : null;
}

export function rememberIntendedRole(role: string | null) {
  const parsed = parseIntendedRole(role);
  try {
    if (parsed) sessionStorage.setItem(key, parsed);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, quotas): the preselection is only a convenience.
  }
}

export function readIntendedRole(): IntendedRole | null {
  try {
    return parseIntendedRole(sessionStorage.getItem(key));
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
