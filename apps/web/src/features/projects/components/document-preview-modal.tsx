import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  documentMessages,
  documentTypeLabel,
  isPreviewable,
  type ProjectDocument,
} from '@plinth/domain/documents';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

interface DocumentPreviewModalProps {
  document: ProjectDocument | null;
  onClose: () => void;
}

/**
 * Spec 001 section 2.5: a PDF (by mime type) is shown inline from its authorised view URL; any other
 * type says 'Preview not available for this file type' and offers the download.
 */
export function DocumentPreviewModal({ document, onClose }: DocumentPreviewModalProps) {
  // Keep showing the last document while the modal animates closed, so it never goes nameless.
  const [lastDocument, setLastDocument] = useState(document);
  if (document && document !== lastDocument) setLastDocument(document);
  const shown = document ?? lastDocument;

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={shown ? documentTypeLabel(shown.document_type) : 'Document preview'}
      size={shown && isPreviewable(shown.mime_type) ? '90%' : 'md'}
      centered
    >
      {shown && (
        <Stack gap="md">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {shown.file_name}
          </Text>
          {isPreviewable(shown.mime_type) ? (
            <iframe
              title={`Preview of ${shown.file_name}`}
              src={shown.view_url}
              style={{
                width: '100%',
                height: '70vh',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
              }}
            />
          ) : (
            <Text c="gray.7">{documentMessages.previewUnavailable}</Text>
          )}
          <Group justify="flex-end">
            <Button
              component="a"
              href={shown.download_url}
              download={shown.file_name}
              leftSection={<IconDownload aria-hidden size={18} />}
            >
              Download
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
