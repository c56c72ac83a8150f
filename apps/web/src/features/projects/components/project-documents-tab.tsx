import { Alert, Button, Checkbox, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { documentTypeLabel, type ProjectDocument } from '@plinth/domain/documents';
import { IconAlertTriangle, IconEye, IconFileText, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentCopyBadges } from '../../../components/document-copy-badges';
import { isViewOnlyFor } from '../../../components/document-preview-modal';
import { DocumentViewInsight } from '../../../components/document-view-insight';
import { DownloadFileButton } from '../../../components/download-file-button';
import { TraceLeakedCopy } from '../../../components/trace-leaked-copy';
import { formatDate } from '../../../lib/format';
import { useDeleteDocument } from '../api/delete-document';
import type { ProjectDocumentsResponse } from '../api/get-project-documents';
import { useSetViewOnly } from '../api/set-view-only';
import { DocumentPreviewModal } from './document-preview-modal';
import { ProjectDealDocuments } from './project-deal-documents';

interface ProjectDocumentsTabProps {
  projectId: string;
  /** Undefined while loading; a failed fetch reads as an empty list (spec 000 section 8). */
  documents: ProjectDocumentsResponse | undefined;
  isLoading: boolean;
  /** The owner of an editable (draft or rejected) listing may delete and add documents. */
  canManage: boolean;
  /** The developer who owns the project: marks PDFs view only and traces leaked copies at any stage. */
  isOwner?: boolean;
}

export function ProjectDocumentsTab({
  projectId,
  documents,
  isLoading,
  canManage,
  isOwner = false,
}: ProjectDocumentsTabProps) {
  const [previewing, setPreviewing] = useState<ProjectDocument | null>(null);
  const [deleting, setDeleting] = useState<ProjectDocument | null>(null);
  const list = documents?.documents ?? [];
  const missing = documents?.missing_types ?? [];

  return (
    <Stack gap="lg">
      {missing.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          c="dark.7"
          role="status"
          title="Missing required documents"
          icon={<IconAlertTriangle aria-hidden />}
        >
          <Stack gap="xs">
            <List size="sm">
              {missing.map((type) => (
                <List.Item key={type}>{documentTypeLabel(type)}</List.Item>
              ))}
            </List>
            {canManage && (
              <Group>
                <Button
                  component={Link}
                  to={`/project/${projectId}/edit`}
                  size="xs"
                  variant="white"
                  c="navy.9"
                >
                  Upload documents
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}

      {isLoading ? (
        <Text c="gray.7">Loading documents…</Text>
      ) : list.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>No documents uploaded yet</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((doc) => (
            <Paper key={doc.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" align="center" gap="md">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
                  <IconFileText aria-hidden size={24} style={{ flexShrink: 0 }} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={3} fz="sm">
                      {documentTypeLabel(doc.document_type)}
                    </Title>
                    <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                      {doc.file_name}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      Uploaded {formatDate(doc.uploaded_at)}
                      {doc.uploader_name ? ` by ${doc.uploader_name}` : ''}
                    </Text>
                    <DocumentCopyBadges watermark={doc.watermark} viewOnly={doc.view_only} />
                    {isOwner && doc.mime_type === 'application/pdf' && <ViewOnlyToggle document={doc} />}
                    {doc.viewed_by && <DocumentViewInsight views={doc.viewed_by} />}
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconEye aria-hidden size={16} />}
                    onClick={() => setPreviewing(doc)}
                    aria-label={`Preview ${doc.file_name}`}
                  >
                    Preview
                  </Button>
                  {!isViewOnlyFor(doc) && (
                    <DownloadFileButton url={doc.download_url} fileName={doc.file_name} />
                  )}
                  {canManage && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      c="red.9"
                      leftSection={<IconTrash aria-hidden size={16} />}
                      onClick={() => setDeleting(doc)}
                      aria-label={`Delete ${doc.file_name}`}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {isOwner && <ProjectDealDocuments projectId={projectId} />}

      {isOwner && <TraceLeakedCopy />}

      <DocumentPreviewModal document={previewing} onClose={() => setPreviewing(null)} />
      <DeleteDocumentModal document={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** The developer's 'View only' switch for one PDF: funders then read it in the app's viewer only. */
function ViewOnlyToggle({ document }: { document: ProjectDocument }) {
  const setViewOnly = useSetViewOnly();
  return (
    <Checkbox
      size="xs"
      mt={4}
      label="View only (funders read it in Plinth, no download)"
      checked={document.view_only}
      disabled={setViewOnly.isPending}
      onChange={(event) =>
        setViewOnly.mutate(
          { documentId: document.id, viewOnly: event.currentTarget.checked },
          {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Update Failed', message: error.message }),
          },
        )
      }
    />
  );
}

function DeleteDocumentModal({
  document,
  onClose,
}: {
  document: ProjectDocument | null;
  onClose: () => void;
}) {
  const deleteDocument = useDeleteDocument();
  // The file name stays while the modal animates closed.
  const [lastDocument, setLastDocument] = useState(document);
  if (document && document !== lastDocument) setLastDocument(document);

  const confirm = () => {
    if (!document) return;
    deleteDocument.mutate(document.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Document Deleted',
          message: `${document.file_name} was removed.`,
        });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Delete Failed',
          // The spec's text, with the server's reason when it gave one.
          message: error.message
            ? `Failed to delete document. ${error.message}`
            : 'Failed to delete document',
        });
      },
    });
  };

  return (
    <Modal
      opened={document !== null}
      onClose={() => !deleteDocument.isPending && onClose()}
      title="Delete document?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text>
          {(document ?? lastDocument)?.file_name} will be removed from this project. If it is a required
          document, the project cannot be published until you upload a replacement.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleteDocument.isPending}>
            Cancel
          </Button>
          <Button color="red.9" onClick={confirm} loading={deleteDocument.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
