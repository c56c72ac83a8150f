import type { AuthState } from '@plinth/domain/routes';
import type { Me } from '@plinth/domain/users';
import { useMe } from '../../../lib/get-me';

/** The session as the domain's route guard reads it (`decideRoute`). */
export function toAuthState(me: Me | null | undefined): AuthState {
  if (me === undefined) return { status: 'loading' };
  if (me === null) return { status: 'signed-out' };
  return { status: 'signed-in', role: me.role, profileCompleted: me.profile_completed };
}

export function useAuthState() {
  const query = useMe();
  return { auth: toAuthState(query.data), me: query.data ?? null, query };
}
