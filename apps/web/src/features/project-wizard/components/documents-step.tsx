import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROJECT_FILE_MAX_MB } from '@plinth/domain/constants';
import {
  documentAccept,
  documentMessages,
  documentTypeLabel,
  extensionOf,
  isAllowedExtension,
  PROJECT_FILE_MAX_BYTES,
  type ProjectDocument,
} from '@plinth/domain/documents';
import { IconCheck, IconFileUpload } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';
import { useRequiredDocuments } from '../api/get-required-documents';
import type { FileUploadState, PendingFile } from '../api/upload-documents';
import { readableDescription } from './form-fields';

interface DocumentsStepProps {
  /** The file chosen for each document type (and whether it is view only), not yet uploaded. */
  pending: Record<string, PendingFile>;
  onPendingChange: (pending: Record<string, PendingFile>) => void;
  /** Upload progress by document type, once uploading has started. */
  uploads: Record<string, FileUploadState>;
  /** Documents already stored (edit wizard); undefined on create. */
  existing?: ProjectDocument[];
  isExistingLoading?: boolean;
  disabled: boolean;
}

/**
 * Step 4: one file picker per required document, with its description. Files are checked here
 * for size and type (the server checks again, by content too) and sent after the project is saved.
 * A PDF can be marked 'View only' here already (decision 034), or later on the documents tab.
 */
export function DocumentsStep({
  pending,
  onPendingChange,
  uploads,
  existing,
  isExistingLoading,
  disabled,
}: DocumentsStepProps) {
  const required = useRequiredDocuments();

  function choose(documentType: string, file: File | null) {
    const next = { ...pending };
    if (!file) {
      delete next[documentType];
      onPendingChange(next);
      return;
    }
    if (file.size > PROJECT_FILE_MAX_BYTES) {
      notifications.show({
        color: 'red',
        title: documentMessages.tooLargeTitle,
        message: documentMessages.tooLarge(PROJECT_FILE_MAX_MB),
      });
      return;
    }
    if (!isAllowedExtension(file.name)) {
      notifications.show({
        color: 'red',
        title: 'File Not Accepted',
        message: documentMessages.typeNotAllowed,
      });
      return;
    }
    // One pending file per type: a new choice replaces the old one (and its view-only mark).
    next[documentType] = { file, viewOnly: false };
    onPendingChange(next);
  }

  function markViewOnly(documentType: string, viewOnly: boolean) {
    const chosen = pending[documentType];
    if (chosen) onPendingChange({ ...pending, [documentType]: { ...chosen, viewOnly } });
  }

  if (required.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the required documents">
        <Skeleton h={96} />
        <Skeleton h={96} />
        <Skeleton h={96} />
      </Stack>
    );

  if (required.isError)
    return (
      <Alert color="red" variant="light" c="red.9" title="Could not load the required documents" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">
            {required.error.message}. You can still save the project and add documents later.
          </Text>
          <Button size="xs" variant="light" onClick={() => required.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const { required_documents: types, descriptions } = required.data;
  const storedByType = new Map((existing ?? []).map((d) => [d.document_type, d]));
  const others = (existing ?? []).filter((d) => !types.includes(d.document_type));
  const coveredCount = types.filter((t) => pending[t] || storedByType.has(t)).length;

  return (
    <Stack gap="md">
      <Text c="gray.7">
        PDF, Word, Excel or images (JPG, PNG), up to {PROJECT_FILE_MAX_MB}MB each. You can add documents
        later, but every required document must be in before you can publish.
      </Text>
      <Text fw={600} aria-live="polite">
        {coveredCount} of {types.length} required documents {existing ? 'provided or chosen' : 'chosen'}
      </Text>
      {types.map((type) => (
        <DocumentSlot
          key={type}
          type={type}
          description={descriptions[type]}
          chosen={pending[type] ?? null}
          stored={storedByType.get(type)}
          upload={uploads[type]}
          disabled={disabled}
          onChoose={(file) => choose(type, file)}
          onViewOnly={(viewOnly) => markViewOnly(type, viewOnly)}
        />
      ))}
      {isExistingLoading && <Skeleton h={48} />}
      {others.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            Other documents on this project
          </Text>
          <Stack gap={4}>
            {others.map((d) => (
              <Text fz="sm" key={d.id}>
                {documentTypeLabel(d.document_type)}: {d.file_name} ({formatDate(d.uploaded_at)})
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

// A FileInput's placeholder is page text, not an input placeholder, so it must meet text contrast.
const readableFileInput = {
  ...readableDescription,
  placeholder: { color: 'var(--mantine-color-gray-7)' },
};

/** Only a PDF can be view only (the server refuses the mark on any other file). */
const isPdf = (file: File) => file.type === 'application/pdf' || extensionOf(file.name) === 'pdf';

interface DocumentSlotProps {
  type: string;
  description: string | undefined;
  chosen: PendingFile | null;
  stored: ProjectDocument | undefined;
  upload: FileUploadState | undefined;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  onViewOnly: (viewOnly: boolean) => void;
}

function DocumentSlot({
  type,
  description,
  chosen,
  stored,
  upload,
  disabled,
  onChoose,
  onViewOnly,
}: DocumentSlotProps) {
  const label = documentTypeLabel(type);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <FileInput
          label={label}
          description={description}
          styles={readableFileInput}
          placeholder={stored ? 'Choose a file to replace it' : 'Choose a file'}
          accept={documentAccept}
          clearable
          disabled={disabled}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          value={chosen?.file ?? null}
          onChange={onChoose}
        />
        {chosen && isPdf(chosen.file) && (
          <Checkbox
            size="xs"
            label="View only (funders read it in Plinth, no download)"
            aria-label={`${label}: view only (funders read it in Plinth, no download)`}
            checked={chosen.viewOnly}
            disabled={disabled}
            onChange={(event) => onViewOnly(event.currentTarget.checked)}
          />
        )}
        {stored && (
          <Group gap="xs" wrap="nowrap">
            <Badge
              color="green"
              c="green.9"
              variant="light"
              leftSection={<IconCheck size={12} aria-hidden />}
            >
              Uploaded
            </Badge>
            <Text fz="sm" truncate>
              {stored.file_name} ({formatDate(stored.uploaded_at)})
            </Text>
          </Group>
        )}
        {upload && <UploadProgress label={label} upload={upload} />}
      </Stack>
    </Paper>
  );
}

function UploadProgress({ label, upload }: { label: string; upload: FileUploadState }) {
  const color = upload.status === 'failed' ? 'red.8' : upload.status === 'done' ? 'green.8' : 'navy';
  return (
    <Stack gap={4}>
      <Progress
        value={upload.status === 'failed' ? 100 : upload.percent}
        color={color}
        striped={upload.status === 'uploading'}
        animated={upload.status === 'uploading'}
        aria-label={`${label} upload progress`}
        size="md"
      />
      <Text fz="sm" c={upload.status === 'failed' ? 'red.9' : 'gray.7'} aria-live="polite">
        {upload.status === 'uploading' && `Uploading ${upload.fileName}: ${upload.percent}%`}
        {upload.status === 'done' && `Uploaded ${upload.fileName}`}
        {upload.status === 'failed' && `Upload failed: ${upload.error ?? 'unknown error'}`}
      </Text>
    </Stack>
  );
}
