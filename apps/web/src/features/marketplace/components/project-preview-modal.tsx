import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { LockedDetails } from './locked-details';
import { PreviewFacts } from './preview-facts';
import { RequestAccessPanel } from './request-access-panel';

interface ProjectPreviewModalProps {
  preview: ProjectPreview;
  opened: boolean;
  onClose: () => void;
}

/** Spec 000 section 2 / spec 001 section 2.5: what a funder sees of a project before access. */
export function ProjectPreviewModal({ preview, opened, onClose }: ProjectPreviewModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Project Preview" size="lg" centered>
      <Stack gap="lg">
        <Group gap="xs">
          <Badge variant="light" color="navy" c="navy.9">
            OPPORTUNITY
          </Badge>
          <Text fz="sm" c="gray.7">
            The developer shares the full file once they approve your request.
          </Text>
        </Group>
        <PreviewFacts preview={preview} />
        <LockedDetails />
        <RequestAccessPanel preview={preview} onSent={onClose} />
      </Stack>
    </Modal>
  );
}
