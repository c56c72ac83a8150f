import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { undertakingMessages } from '@plinth/domain/undertaking';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAcceptUndertaking, useCurrentUndertaking, useRequestUndertaking } from './undertaking-api';
import {
  emptyUndertakingDraft,
  signUndertaking,
  type UndertakingDraftErrors,
  UndertakingFields,
} from './undertaking-fields';

/**
 * For a funder whose access was granted before undertakings existed: the server refuses their
 * document downloads and deal-room actions until they sign (403 UNDERTAKING_REQUIRED), so the
 * page offers the undertaking at once, in a modal, and keeps a notice with the way back to it.
 * Renders nothing once the request is signed.
 */
export function UndertakingGate({ accessRequestId }: { accessRequestId: string }) {
  const signature = useRequestUndertaking(accessRequestId);
  const isUnsigned = signature.data?.undertaking === null;
  const [isOpen, setIsOpen] = useState(false);
  // Offered once, as soon as the page knows; closing it leaves the notice below.
  useEffect(() => {
    if (isUnsigned) setIsOpen(true);
  }, [isUnsigned]);
  if (!isUnsigned) return null;

  return (
    <>
      <Alert
        color="yellow"
        variant="light"
        c="dark.7"
        icon={<IconShieldLock aria-hidden />}
        title="Confidentiality undertaking required"
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{undertakingMessages.requiredBeforeAccess}.</Text>
          <Button size="xs" onClick={() => setIsOpen(true)}>
            Read and accept
          </Button>
        </Stack>
      </Alert>
      {isOpen && (
        <AcceptUndertakingModal accessRequestId={accessRequestId} onClose={() => setIsOpen(false)} />
      )}
    </>
  );
}

function AcceptUndertakingModal({
  accessRequestId,
  onClose,
}: {
  accessRequestId: string;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(emptyUndertakingDraft);
  const [errors, setErrors] = useState<UndertakingDraftErrors>({});
  const current = useCurrentUndertaking();
  const accept = useAcceptUndertaking(accessRequestId);

  const submit = async () => {
    const signed = signUndertaking(draft, current.data?.version);
    if ('errors' in signed) {
      setErrors(signed.errors);
      return;
    }
    setErrors({});
    try {
      await accept.mutateAsync(signed.input);
      notifications.show({
        color: 'green',
        title: undertakingMessages.acceptedTitle,
        message: 'Thank you. The full file and the deal room are open to you again.',
      });
      onClose();
    } catch (error) {
      // A new version since the text was loaded: show the new one to read.
      void current.refetch();
      notifications.show({
        color: 'red',
        title: undertakingMessages.acceptFailedTitle,
        message: error instanceof Error && error.message ? error.message : 'Failed to accept the undertaking',
      });
    }
  };

  return (
    <Modal opened onClose={onClose} title="Confidentiality undertaking" size="lg" centered>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          Your access was granted before Plinth asked funders to sign this undertaking. Read it and sign it to
          open documents and act in the deal room.
        </Text>
        <UndertakingFields draft={draft} onChange={setDraft} errors={errors} disabled={accept.isPending} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={accept.isPending}>
            Not now
          </Button>
          <Button onClick={submit} loading={accept.isPending}>
            Accept and sign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
