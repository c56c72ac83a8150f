import { DELETE_CONFIRMATION_WORD } from '@plinth/domain/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteAccount = () =>
  api<{ message: string }>('/users/me', { method: 'DELETE', body: { confirm: DELETE_CONFIRMATION_WORD } });

/** After deletion the session is gone: every cached answer belonged to the person, so all are dropped. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => queryClient.clear() });
}
