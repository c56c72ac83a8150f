import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authClient } from '../../../lib/auth-client';
import { meQueryKey, useMe } from '../../../lib/get-me';

export type SignedOutFirstState = 'checking' | 'signing-out' | 'ready';

/**
 * Sign-up starts from a clean slate: a user already signed in when the page opens is signed out
 * first (spec 000 section 2), so a new account is never mixed up with another's session. The check
 * is made once, on arrival: the session created by the sign-up itself must not be ended.
 */
export function useSignedOutFirst(): SignedOutFirstState {
  const me = useMe();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SignedOutFirstState>('checking');
  const hasDecided = useRef(false);
  const isSignedIn = Boolean(me.data);

  useEffect(() => {
    if (hasDecided.current || me.isPending) return;
    hasDecided.current = true;
    // A failed session check (server down) does not block the form: sign-up reports its own error.
    if (!isSignedIn) {
      setState('ready');
      return;
    }
    setState('signing-out');
    authClient
      .signOut()
      .catch(() => undefined)
      .finally(() => {
        // Nothing of the previous user stays cached; `Me` becomes "signed out".
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
        queryClient.setQueryData(meQueryKey, null);
        setState('ready');
      });
  }, [me.isPending, isSignedIn, queryClient]);

  return state;
}
