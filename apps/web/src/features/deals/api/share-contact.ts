import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ShareContactInput {
  /** The caller's own id. */
  user_id: string;
  /** The other party's id. */
  target_user_id: string;
}

export const shareContact = (body: ShareContactInput) =>
  api<unknown>('/users/share-contact', { method: 'POST', body });

/** POST /users/share-contact {user_id, target_user_id}: lets the other party read the caller's contact. */
export const useShareContact = () => useMutation({ mutationFn: shareContact });
