import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { viewAsUser } from '../src/features/admin/api/god-mode-actions';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Issue 23 item 3 (decision 040): View As User is spec 001's GET with no input; the reason the
// override dialog asked for rides along as the optional `reason` query parameter.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const answer = {
  user: {
    id: 'u 1',
    name: 'Vera Viewed',
    role: 'borrower',
    approved: true,
    subscription_status: 'inactive',
    created_at: '2026-11-20T01:00:00.000Z',
  },
};

describe('viewAsUser()', () => {
  it("sends the dialog's reason as the reason query parameter, trimmed and encoded", async () => {
    server.script({ status: 200, body: answer });
    await expect(viewAsUser({ userId: 'u 1', reason: '  Checked by phone & e-mail ' })).resolves.toEqual(
      answer,
    );
    expect(server.received.map((r) => [r.method, r.url, r.key])).toEqual([
      ['GET', '/api/admin/view-as-user/u%201?reason=Checked+by+phone+%26+e-mail', undefined],
    ]);
  });

  it("without a reason (or a blank one) it is spec 001's call with no input", async () => {
    server.script({ status: 200, body: answer }, { status: 200, body: answer });
    await viewAsUser({ userId: 'u1' });
    await viewAsUser({ userId: 'u1', reason: '   ' });
    expect(server.received.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/admin/view-as-user/u1'],
      ['GET', '/api/admin/view-as-user/u1'],
    ]);
  });
});
