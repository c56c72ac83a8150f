import type { adminMessage, adminSendMessageBody } from '@plinth/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AdminSendMessageBody = z.input<typeof adminSendMessageBody>;
export type SentAdminMessage = z.infer<typeof adminMessage>;

/** An admin writes into a user's thread with the admins; the user is notified. */
export const sendAdminMessage = (body: AdminSendMessageBody) =>
  api<SentAdminMessage>('/admin/messages/send', { method: 'POST', body });

/** Invalidates ['messages']: the messages page keeps the admins' threads and each thread there. */
export function useSendAdminMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
