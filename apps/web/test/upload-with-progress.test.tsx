import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-client';
import { uploadWithProgress } from '../src/lib/upload-with-progress';
import { startScriptedApiServer } from './scripted-api-server';

// Issue 20 item 2: a document upload (XMLHttpRequest, for its progress) is one action: every attempt
// sends the same multipart body with the same Idempotency-Key, so a retry never stores the file twice.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
});
afterAll(() => server.close());

const FILE_TEXT = '%PDF-1.4 valuation report';

function upload() {
  const body = new FormData();
  body.append('document_types', JSON.stringify(['valuation_report']));
  body.append('documents', new File([FILE_TEXT], 'valuation.pdf', { type: 'application/pdf' }));
  return uploadWithProgress<{ uploaded: string[] }>({ path: '/projects/p1/documents', body });
}

describe('uploadWithProgress', () => {
  it('connection dropped after the server read the file: the same body sent again with the same key', async () => {
    server.script('drop', { status: 201, body: { uploaded: ['valuation.pdf'] } });
    await expect(upload()).resolves.toEqual({ uploaded: ['valuation.pdf'] });
    expect(server.received).toHaveLength(2);
    const [first, second] = server.received;
    expect(first?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second?.key).toBe(first?.key);
    for (const attempt of server.received) {
      expect(attempt).toMatchObject({ method: 'POST', url: '/api/projects/p1/documents' });
      expect(attempt.body).toContain(FILE_TEXT);
      expect(attempt.body).toContain('["valuation_report"]');
    }
  });

  it('503 then 409 IDEMPOTENCY_KEY_IN_USE then the answer: one key throughout', async () => {
    server.script(
      { status: 503, body: { error: 'Unavailable' } },
      { status: 409, body: { error: 'Still running', code: 'IDEMPOTENCY_KEY_IN_USE' } },
      { status: 200, body: { uploaded: ['valuation.pdf'] } },
    );
    await expect(upload()).resolves.toEqual({ uploaded: ['valuation.pdf'] });
    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((r) => r.key)).size).toBe(1);
    expect(server.received[0]?.key).toBeTruthy();
  });

  it('two uploads of the same file (two user actions) carry two keys', async () => {
    server.script({ status: 200, body: { uploaded: [] } }, { status: 200, body: { uploaded: [] } });
    await upload();
    await upload();
    const [first, second] = server.received.map((r) => r.key);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it('a refusal (413) is sent once and rejects with the server text', async () => {
    server.script({ status: 413, body: { error: 'The file is too large' } });
    const failure = await upload().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, message: 'The file is too large' });
    expect(server.received).toHaveLength(1);
  });
});
