import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DealDocument } from '@plinth/domain/deals';
import { IconEye, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { DocumentCopyBadges } from '../../../components/document-copy-badges';
import { DocumentPreviewModal } from '../../../components/document-preview-modal';
import { DocumentViewInsight } from '../../../components/document-view-insight';
import { DownloadFileButton } from '../../../components/download-file-button';
import { formatDate } from '../../../lib/format';
import { dealDocumentUrls, useDealDocuments } from '../api/get-deal-documents';
import { formatFileSize } from '../utils/deal-labels';
import { DealUploadDropzone } from './deal-upload-dropzone';
import { DocumentRequestsPanel } from './document-requests-panel';
import { RoomSection } from './room-section';

interface DealDocumentsTabProps {
  dealId: string;
  viewerId: string;
  /** A party of an open deal: may upload, request and fulfil. */
  canAct: boolean;
}

type ShownDocument = DealDocument & ReturnType<typeof dealDocumentUrls>;

/** Both parties' files (upload, view, download), the document requests, and who has read what. */
export function DealDocumentsTab({ dealId, viewerId, canAct }: DealDocumentsTabProps) {
  const documents = useDealDocuments(dealId);
  const [previewing, setPreviewing] = useState<ShownDocument | null>(null);
  const items = documents.data?.items ?? [];

  return (
    <Stack gap="lg">
      {canAct && (
        <RoomSection title="Upload a Document">
          <DealUploadDropzone dealId={dealId} buttonLabel="Upload Document" />
        </RoomSection>
      )}
      <DocumentRequestsPanel dealId={dealId} viewerId={viewerId} canAct={canAct} />
      <RoomSection title="Documents">
        {documents.isPending ? (
          <Text c="gray.7">Loading documents…</Text>
        ) : documents.isError ? (
          <Text c="red.9">{documents.error.message}</Text>
        ) : items.length === 0 ? (
          <Text c="gray.7" fz="sm">
            No documents have been shared in this deal room yet.
          </Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Deal documents"
          >
            {items.map((doc) => {
              const shown = { ...doc, ...dealDocumentUrls(doc) };
              return (
                <DocumentRow
                  key={doc.id}
                  doc={shown}
                  isOwn={doc.uploader_id === viewerId}
                  onView={() => setPreviewing(shown)}
                />
              );
            })}
          </Stack>
        )}
      </RoomSection>
      <DocumentPreviewModal document={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}

function DocumentRow({ doc, isOwn, onView }: { doc: ShownDocument; isOwn: boolean; onView: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <IconFileText aria-hidden size={24} style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {doc.file_name}
            </Title>
            <Text fz="xs" c="gray.7">
              {isOwn ? 'Uploaded by you' : `Uploaded by ${doc.uploader_name}`} ·{' '}
              {formatFileSize(doc.size_bytes)} · {formatDate(doc.uploaded_at)}
            </Text>
            {doc.document_request_id && (
              <Text fz="xs" c="gray.7">
                Fulfils a document request
              </Text>
            )}
            <DocumentCopyBadges watermark={doc.watermark} />
            {doc.viewed_by && <DocumentViewInsight views={doc.viewed_by} />}
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye aria-hidden size={16} />}
            onClick={onView}
            aria-label={`View ${doc.file_name}`}
          >
            View
          </Button>
          <DownloadFileButton url={doc.download_url} fileName={doc.file_name} />
        </Group>
      </Group>
    </Paper>
  );
}
