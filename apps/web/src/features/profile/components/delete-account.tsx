import { Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { accountErrorTitles, DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from '@plinth/domain/account';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../api/delete-account';

/** 'Delete account' (spec 000 section 5): only after the person types DELETE. */
export function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const dismiss = () => {
    if (remove.isPending) return;
    setTyped('');
    close();
  };

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      notifications.show({
        color: 'green',
        title: 'Account Deleted',
        message: 'Your account has been deleted',
      });
      navigate('/', { replace: true });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: accountErrorTitles.delete,
        message: error instanceof Error && error.message ? error.message : 'Failed to delete account',
      });
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Group justify="space-between" gap="md">
        <Stack gap={2} maw={520}>
          <Title order={2} fz="lg">
            Delete account
          </Title>
          <Text c="gray.7" fz="sm">
            Your personal details are erased and you are signed out everywhere. This cannot be undone.
          </Text>
        </Stack>
        <Button color="red.9" onClick={open}>
          Delete account
        </Button>
      </Group>
      <Modal opened={opened} onClose={dismiss} title="Delete your account?" centered>
        <Stack gap="md">
          <List size="sm" spacing={4}>
            <List.Item>Your name, e-mail, company details and preferences are erased.</List.Item>
            <List.Item>Your listings leave the market; open conversations are closed with a note.</List.Item>
            <List.Item>Payment and audit records are kept, as the law requires.</List.Item>
          </List>
          <TextInput
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={!isDeleteConfirmed(typed)}
              loading={remove.isPending}
              onClick={confirm}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
