import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';

/**
 * Declining is final for this request, so it is confirmed first (issue 37 item 12): one dialog for
 * /access-requests and Messages alike.
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
