import '@mantine/dropzone/styles.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { DEAL_FILE_MAX_MB } from '@plinth/domain/constants';
import {
  allowedDocumentExtensions,
  DEAL_FILE_MAX_BYTES,
  documentAccept,
  documentMessages,
  documentMimeTypes,
} from '@plinth/domain/documents';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { type DealUploadProgress, useUploadDealDocument } from '../api/upload-deal-document';

// The dropzone's accept map (mime type → extensions), from the one list of accepted types.
const acceptMap: Record<string, string[]> = {};
for (const ext of allowedDocumentExtensions) {
  const mime = documentMimeTypes[ext];
  acceptMap[mime] = [...(acceptMap[mime] ?? []), `.${ext}`];
}

interface DealUploadDropzoneProps {
  dealId: string;
  /** The pending document request the file fulfils. */
  requestId?: string;
  /** The visible name of the choose button ('Upload Document'). */
  buttonLabel: string;
  onUploaded?: () => void;
}

/**
 * Drag a file in or choose one: checked here for the deal limit (10 MB, spec 000 section 5) and the
 * accepted types (the server checks again, by content too), then sent with a progress bar.
 */
export function DealUploadDropzone({ dealId, requestId, buttonLabel, onUploaded }: DealUploadDropzoneProps) {
  const upload = useUploadDealDocument(dealId);
  const openRef = useRef<() => void>(null);

  // mutateAsync: the feedback must not depend on this dropzone outliving the room's live refresh.
  const send = async (file: File) => {
    try {
      await upload.mutateAsync({ file, requestId });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Upload Failed', message: (error as Error).message });
      return;
    }
    notifications.show({
      color: 'green',
      title: requestId ? 'Request Fulfilled' : 'Document Uploaded',
      message: `${file.name} was added to the deal room.`,
    });
    onUploaded?.();
  };

  const onReject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    if (codes.includes('file-too-large'))
      notifications.show({
        color: 'red',
        title: documentMessages.tooLargeTitle,
        message: documentMessages.tooLarge(DEAL_FILE_MAX_MB),
      });
    else if (codes.includes('file-invalid-type'))
      notifications.show({
        color: 'red',
        title: 'File Not Accepted',
        message: documentMessages.typeNotAllowed,
      });
    else
      notifications.show({ color: 'red', title: 'File Not Accepted', message: 'Choose one file at a time' });
  };

  const isUploading = upload.isPending;
  return (
    <Stack gap="xs">
      <Dropzone
        openRef={openRef}
        onDrop={(files) => files[0] && send(files[0])}
        onReject={onReject}
        maxSize={DEAL_FILE_MAX_BYTES}
        accept={acceptMap}
        multiple={false}
        disabled={isUploading}
        // The plain file input: the picker opens the same way in every browser (and in tests).
        useFsAccessApi={false}
        inputProps={{ accept: documentAccept, 'aria-label': 'Choose a file to upload' }}
        radius="md"
        p="md"
      >
        <Group justify="center" gap="md" mih={72} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={32} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={32} aria-hidden />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Drag a file here or choose one
            </Text>
            <Text fz="xs" c="gray.7">
              PDF, Word, Excel or images (JPG, PNG), up to {DEAL_FILE_MAX_MB}MB
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group>
        <Button
          size="sm"
          variant="light"
          c="navy.9"
          leftSection={<IconUpload aria-hidden size={16} />}
          onClick={() => openRef.current?.()}
          loading={isUploading}
        >
          {buttonLabel}
        </Button>
      </Group>
      {upload.progress && <UploadProgress progress={upload.progress} />}
    </Stack>
  );
}

function UploadProgress({ progress }: { progress: DealUploadProgress }) {
  const { status, fileName, percent } = progress;
  return (
    <Stack gap={4}>
      <Progress
        value={status === 'failed' ? 100 : percent}
        color={status === 'failed' ? 'red.8' : status === 'done' ? 'green.8' : 'navy'}
        striped={status === 'uploading'}
        animated={status === 'uploading'}
        size="md"
        aria-label={`${fileName} upload progress`}
      />
      <Text fz="sm" c={status === 'failed' ? 'red.9' : 'gray.7'} aria-live="polite">
        {status === 'uploading' && `Uploading ${fileName}: ${percent}%`}
        {status === 'done' && `Uploaded ${fileName}`}
        {status === 'failed' && `Upload failed: ${progress.error ?? 'unknown error'}`}
      </Text>
    </Stack>
  );
}
