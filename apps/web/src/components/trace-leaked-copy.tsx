import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { DocumentTraceResponse } from '@plinth/domain/watermark';
import { IconFileSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, api } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { idempotentFetch } from '../lib/idempotent-fetch';

/** POST /document-trace with the dropped PDF, PNG or JPEG (multipart), answered like the code look-up. */
async function traceFile(file: File): Promise<DocumentTraceResponse> {
  const form = new FormData();
  form.append('file', file);
  const res = await idempotentFetch('/api/document-trace', {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const text = await res.text();
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {}
    throw new ApiError(res.status, message);
  }
  return JSON.parse(text) as DocumentTraceResponse;
}

/**
 * 'Trace a leaked copy' (decisions 034, 051): a download code, or the leaked PDF or image dropped here, names the
 * reader it was stamped for. For the developer (their projects' documents) and admins (any).
 */
export function TraceLeakedCopy() {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<DocumentTraceResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (lookUp: () => Promise<DocumentTraceResponse>) => {
    setIsBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await lookUp());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The copy could not be traced');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trace-leaked-copy">
      <Stack gap="sm">
        <Title order={3} fz="md" id="trace-leaked-copy">
          Trace a leaked copy
        </Title>
        <Text fz="sm" c="gray.7">
          Every copy a reader downloads carries their name and a download code. Enter the code, or drop the
          leaked PDF or image, to see whose copy it was.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(() =>
              api<DocumentTraceResponse>(`/document-trace?code=${encodeURIComponent(code.trim())}`),
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Download code"
              placeholder="ABCD-2345"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maxLength={20}
            />
            <Button type="submit" loading={isBusy} disabled={code.trim() === ''}>
              Trace
            </Button>
          </Group>
        </form>
        <Dropzone
          onDrop={(files) => files[0] && void run(() => traceFile(files[0]!))}
          // A file of another type is said so, not silently dropped (issue 37 item 14).
          onReject={(rejections) => {
            setResult(null);
            const name = rejections[0]?.file.name;
            setError(
              `${name ? `${name} is not` : 'That is not'} a PDF, PNG or JPEG: only a copy downloaded from Plinth can be traced`,
            );
          }}
          accept={['application/pdf', 'image/png', 'image/jpeg']}
          maxFiles={1}
          multiple={false}
          loading={isBusy}
          aria-label="Drop the leaked PDF or image"
          inputProps={{ 'aria-label': 'The leaked PDF or image' }}
        >
          <Group justify="center" gap="xs" mih={60}>
            <IconFileSearch aria-hidden size={22} />
            <Text fz="sm">Drop the leaked PDF, PNG or JPEG here, or click to choose it</Text>
          </Group>
        </Dropzone>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert color="blue" role="status" title={`Code ${result.code}`}>
            <Text fz="sm">
              {result.document.file_name} ({result.document.project_title}) was{' '}
              {result.kind === 'download' ? 'downloaded' : 'viewed'} by <strong>{result.viewer.name}</strong>
              {result.viewer.company ? `, ${result.viewer.company}` : ''} ({result.viewer.email}) on{' '}
              {formatDateTime(result.viewed_at)}.
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
