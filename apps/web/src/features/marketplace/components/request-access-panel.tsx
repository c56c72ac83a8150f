import { Alert, Button, Stack } from '@mantine/core';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { IconInfoCircle, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useSendAccessRequest } from '../hooks/use-send-access-request';
import { IntroductionBox } from './introduction-box';

interface RequestAccessPanelProps {
  preview: Pick<ProjectPreview, 'id' | 'access_status'>;
  /** Called once the request was sent (the preview modal closes). */
  onSent?: () => void;
}

/**
 * 'Request Full Access', which opens the optional introduction with Cancel and Send Request; a
 * disabled 'Request Pending' while a request waits for the developer (spec 000 section 2).
 */
export function RequestAccessPanel({ preview, onSent }: RequestAccessPanelProps) {
  const [isWriting, setIsWriting] = useState(false);
  const { send, isSending } = useSendAccessRequest(preview.id);

  if (preview.access_status === 'pending') {
    return (
      <Stack gap="xs">
        <Alert color="yellow" variant="light" c="dark.7" icon={<IconInfoCircle aria-hidden />}>
          Your request is with the developer. You will be notified when they respond.
        </Alert>
        <Button disabled fullWidth>
          Request Pending
        </Button>
      </Stack>
    );
  }

  if (isWriting) {
    return (
      <IntroductionBox
        sendLabel="Send Request"
        isSending={isSending}
        onCancel={() => setIsWriting(false)}
        onSend={async (introduction, undertaking) => {
          const isSent = await send(introduction, undertaking);
          if (isSent) {
            setIsWriting(false);
            onSent?.();
          }
          return isSent;
        }}
      />
    );
  }

  return (
    <Stack gap="xs">
      {preview.access_status === 'declined' && (
        <Alert color="gray" variant="light" c="dark.7" icon={<IconInfoCircle aria-hidden />}>
          The developer declined your earlier request. You can ask again.
        </Alert>
      )}
      <Button
        fullWidth
        leftSection={<IconLockOpen aria-hidden size={18} />}
        onClick={() => setIsWriting(true)}
      >
        Request Full Access
      </Button>
    </Stack>
  );
}
