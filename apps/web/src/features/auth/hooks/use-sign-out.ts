import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../../lib/auth-client';

/** Logout: end the session, drop every cached answer of the signed-in user, go to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authClient.signOut();
    } finally {
      // Even if the call failed, nothing of this user may stay on screen or in the cache.
      navigate('/login', { replace: true });
      queryClient.clear();
    }
  }, [navigate, queryClient]);
}
