import { Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DocumentRequest, dealMessages, mayFulfilDocumentRequest } from '@plinth/domain/deals';
import { IconFilePlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useCreateDocumentRequest } from '../api/create-document-request';
import { useDocumentRequests } from '../api/get-document-requests';
import { DealUploadDropzone } from './deal-upload-dropzone';
import { RoomSection } from './room-section';
import { StatusBadge } from './status-badge';

interface DocumentRequestsPanelProps {
  dealId: string;
  viewerId: string;
  /** A party of an open deal: may request and fulfil. */
  canAct: boolean;
}

/**
 * Document requests (spec 000 sections 2-5): either party names a document it needs; only the
 * other party fulfils it, by uploading a file against it (pending → fulfilled).
 */
export function DocumentRequestsPanel({ dealId, viewerId, canAct }: DocumentRequestsPanelProps) {
  const requests = useDocumentRequests(dealId);
  const [fulfilling, setFulfilling] = useState<DocumentRequest | null>(null);
  const items = requests.data?.items ?? [];

  return (
    <RoomSection title="Document Requests">
      {canAct && <RequestDocumentForm dealId={dealId} />}
      {requests.isPending ? (
        <Text c="gray.7">Loading document requests…</Text>
      ) : requests.isError ? (
        <Text c="red.9">{requests.error.message}</Text>
      ) : items.length === 0 ? (
        <Text c="gray.7" fz="sm">
          No documents have been requested yet.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Requested documents"
        >
          {items.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              canFulfil={
                canAct && request.status === 'pending' && mayFulfilDocumentRequest(viewerId, request)
              }
              isOwn={request.requester_id === viewerId}
              onFulfil={() => setFulfilling(request)}
            />
          ))}
        </Stack>
      )}
      <FulfilModal dealId={dealId} request={fulfilling} onClose={() => setFulfilling(null)} />
    </RoomSection>
  );
}

function RequestRow({
  request,
  canFulfil,
  isOwn,
  onFulfil,
}: {
  request: DocumentRequest;
  canFulfil: boolean;
  isOwn: boolean;
  onFulfil: () => void;
}) {
  const isPending = request.status === 'pending';
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`Request: ${request.document_name}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {request.document_name}
            </Text>
            <StatusBadge
              label={isPending ? 'Pending' : 'Fulfilled'}
              tone={isPending ? 'warning' : 'success'}
            />
          </Group>
          {request.description && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.description}
            </Text>
          )}
          <Text fz="xs" c="gray.7">
            Requested by {isOwn ? 'you' : request.requester_name} on {formatDate(request.requested_at)}
            {request.fulfilled_at ? ` · fulfilled ${formatDate(request.fulfilled_at)}` : ''}
          </Text>
        </Stack>
        {canFulfil && (
          <Button size="xs" onClick={onFulfil} aria-label={`Fulfil ${request.document_name}`}>
            Fulfil
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function RequestDocumentForm({ dealId }: { dealId: string }) {
  const create = useCreateDocumentRequest(dealId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const documentName = name.trim();
    if (!documentName) {
      setNameError(dealMessages.documentNameRequired);
      return;
    }
    create.mutate(
      { document_name: documentName, description: description.trim() || null },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          notifications.show({
            color: 'green',
            title: 'Document Requested',
            message: `${documentName} was requested from the other party.`,
          });
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Request Failed', message: error.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request a document">
      <Stack gap="sm">
        <TextInput
          label="Document name"
          required
          maxLength={200}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <Textarea
          label="Description (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconFilePlus aria-hidden size={16} />}
          >
            Request Document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FulfilModal({
  dealId,
  request,
  onClose,
}: {
  dealId: string;
  request: DocumentRequest | null;
  onClose: () => void;
}) {
  // The name stays while the modal animates closed.
  const [last, setLast] = useState(request);
  if (request && request !== last) setLast(request);
  const shown = request ?? last;

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={`Fulfil request: ${shown?.document_name ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {shown && (
        <Stack gap="sm">
          {shown.description && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {shown.description}
            </Text>
          )}
          <DealUploadDropzone
            dealId={dealId}
            requestId={shown.id}
            buttonLabel="Choose File"
            onUploaded={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}
