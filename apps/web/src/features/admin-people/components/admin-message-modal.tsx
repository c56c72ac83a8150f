import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import { MESSAGE_MAX_LENGTH } from '@plinth/domain/constants';
import { useState } from 'react';
import { notifyAction } from '../../../lib/notify-action';
import { useSendAdminMessage } from '../api/send-admin-message';
import { roleLabelOf } from '../utils/people-labels';

interface AdminMessageModalProps {
  /** Kept while the modal closes, so its text does not vanish mid-animation. */
  recipient: AdminUser | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * The admin message modal (spec 001 section 2.3): the recipient, a 6-row message box, and Send
 * Message, disabled while the message is blank or sending. 'Message Sent' / 'Send Failed'.
 */
export function AdminMessageModal({ recipient, opened, onClose }: AdminMessageModalProps) {
  const send = useSendAdminMessage();
  const [message, setMessage] = useState('');
  const trimmed = message.trim();

  const close = () => {
    if (send.isPending) return;
    setMessage('');
    onClose();
  };

  const submit = async () => {
    if (!recipient || !trimmed || send.isPending) return;
    const isSent = await notifyAction(
      () => send.mutateAsync({ user_id: recipient.id, message: trimmed }),
      { success: 'Message Sent', failure: 'Send Failed' },
      () => `Your message was sent to ${recipient.name}.`,
    );
    if (isSent) {
      setMessage('');
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Send Message" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {recipient && (
            <div>
              <Text fz="sm" c="gray.7">
                To
              </Text>
              <Text fw={600}>{recipient.name}</Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {recipient.email} · {roleLabelOf(recipient)}
              </Text>
            </div>
          )}
          <Textarea
            label="Message"
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            description={`${message.length} / ${MESSAGE_MAX_LENGTH}`}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || send.isPending} loading={send.isPending}>
              Send Message
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
