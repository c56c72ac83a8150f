import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { documentMessages, isPreviewable } from '@plinth/domain/documents';
import type { DocumentCopy } from '@plinth/domain/watermark';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { downloadStoredFile, previewUrlOf } from '../lib/stored-file';
import { PageImagesViewer } from './page-images-viewer';

/** Read in the app's own viewer, never downloaded: a view-only PDF whose reader gets a stamped copy. */
export const isViewOnlyFor = (document: { view_only?: boolean; watermark?: DocumentCopy }) =>
  document.view_only === true && document.watermark !== 'original';

/** What the preview needs of a document, project or deal: its name, type and authorised URLs. */
export interface PreviewableDocument {
  file_name: string;
  mime_type: string;
  /** Authorised inline URL (the PDF preview). */
  view_url: string;
  /** Authorised download URL (attachment). */
  download_url: string;
  /** A PDF its developer marked view only (project documents). */
  view_only?: boolean;
  /** Where its pages open as images, under /api (project documents; decision 049). */
  pages_path?: string;
  /** Which copy the reader gets (decision 034). */
  watermark?: DocumentCopy;
}

interface DocumentPreviewModalProps<T extends PreviewableDocument> {
  document: T | null;
  /** The modal's title for a document (its type, or 'Document preview'). */
  titleOf?: (document: T) => string;
  onClose: () => void;
}

/**
 * Spec 000 sections 2 and 8: a PDF (by mime type) is shown inline from its authorised view URL; any
 * other type says 'Preview not available for this file type' and offers the download. A file that
 * cannot be read says 'Preview Failed' or 'Download Failed' (spec 001 section 8).
 */
export function DocumentPreviewModal<T extends PreviewableDocument>({
  document,
  titleOf = () => 'Document preview',
  onClose,
}: DocumentPreviewModalProps<T>) {
  // Keep showing the last document while the modal animates closed, so it never goes nameless.
  const [lastDocument, setLastDocument] = useState(document);
  if (document && document !== lastDocument) setLastDocument(document);
  const shown = document ?? lastDocument;
  const viewOnly = shown ? isViewOnlyFor(shown) : false;
  // A view-only document is read as page images made on the server: its file never reaches the browser.
  const preview = useInlinePreview(document && !isViewOnlyFor(document) ? document : null);
  const [isDownloading, setIsDownloading] = useState(false);

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={shown ? titleOf(shown) : 'Document preview'}
      size={shown && isPreviewable(shown.mime_type) ? '90%' : 'md'}
      centered
    >
      {shown && (
        <Stack gap="md">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {shown.file_name}
          </Text>
          {viewOnly ? (
            shown.pages_path ? (
              <PageImagesViewer pagesPath={shown.pages_path} fileName={shown.file_name} />
            ) : (
              <Text c="gray.7">{documentMessages.previewUnavailable}</Text>
            )
          ) : isPreviewable(shown.mime_type) && preview.state === 'failed' ? (
            <Text c="gray.7">{documentMessages.previewFailed}</Text>
          ) : isPreviewable(shown.mime_type) ? (
            <iframe
              title={`Preview of ${shown.file_name}`}
              src={preview.url ?? 'about:blank'}
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
          {viewOnly ? (
            <Text fz="sm" c="gray.7">
              View only: this document is read here, page by page, and cannot be downloaded. Every page
              carries your name.
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button
                leftSection={<IconDownload aria-hidden size={18} />}
                loading={isDownloading}
                onClick={async () => {
                  setIsDownloading(true);
                  await downloadStoredFile(shown.download_url, shown.file_name);
                  setIsDownloading(false);
                }}
              >
                Download
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The open PDF's inline view, read once into an object URL and released when it closes. */
function useInlinePreview(document: PreviewableDocument | null) {
  const [preview, setPreview] = useState<{ url: string | null; state: 'loading' | 'ready' | 'failed' }>({
    url: null,
    state: 'loading',
  });
  const viewUrl = document && isPreviewable(document.mime_type) ? document.view_url : null;
  useEffect(() => {
    if (!viewUrl) return;
    let url: string | null = null;
    let isCurrent = true;
    setPreview({ url: null, state: 'loading' });
    void previewUrlOf(viewUrl).then((made) => {
      url = made;
      if (!isCurrent) {
        if (made) URL.revokeObjectURL(made);
        return;
      }
      setPreview(made ? { url: made, state: 'ready' } : { url: null, state: 'failed' });
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [viewUrl]);
  return preview;
}
