import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';
import { UndertakingSignatureLine } from '../../../components/undertaking/undertaking-signature';
import { useAccessUntil } from './access-until-field';

/**
 * Declining is final for this request, so it is confirmed first (issue 37 item 12), on
 * /access-requests and in Messages alike.
 */
export function DeclineAccessModal({
  request,
  opened,
  onClose,
  onConfirm,
}: {
  request: Pick<AccessRequest, 'funder_name' | 'project_title'>;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Decline this request?" centered>
      <Stack gap="md">
        <Text fz="sm">
          {request.funder_name} will be told their request for {request.project_title ?? 'your project'} was
          declined. They may ask again later.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            Decline request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Approving from Messages (issue 37 item 12) asks what /access-requests asks: the funder's signed
 * undertaking is shown, and 'Access until' may be set, checked by the server's rule.
 */
export function ApproveAccessModal({
  request,
  opened,
  isPending,
  onClose,
  onApprove,
}: {
  request: AccessRequest;
  opened: boolean;
  isPending: boolean;
  onClose: () => void;
  onApprove: (accessUntil: string | null) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Approve access?" centered>
      {/* Mounted only while open, so the day starts blank each time. */}
      {opened && (
        <ApproveForm request={request} isPending={isPending} onClose={onClose} onApprove={onApprove} />
      )}
    </Modal>
  );
}

function ApproveForm({
  request,
  isPending,
  onClose,
  onApprove,
}: {
  request: AccessRequest;
  isPending: boolean;
  onClose: () => void;
  onApprove: (accessUntil: string | null) => void;
}) {
  const until = useAccessUntil();
  return (
    <Stack gap="md">
      <Text fz="sm">
        {request.funder_name} will see the full file of {request.project_title ?? 'your project'}, its
        documents and a deal room.
      </Text>
      <UndertakingSignatureLine accessRequestId={request.id} signature={request.undertaking} />
      {until.input}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={isPending}
          onClick={() => {
            if (until.check()) onApprove(until.value);
          }}
        >
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
