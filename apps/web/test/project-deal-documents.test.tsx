import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import {
  type ProjectDealDocumentsResponse,
  projectDealDocumentsQueryKey,
} from '../src/features/projects/api/list-project-deal-documents';
import { ProjectDealDocuments } from '../src/features/projects/components/project-deal-documents';

// The developer's Documents tab lists the files of the project's deal rooms through
// GET /projects/{id}/documents/deal (issue 23 item 6: the route is used, not left idle).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const file = {
  id: 'doc-1',
  deal_id: 'deal-1',
  document_request_id: null,
  file_name: 'QS cost report.pdf',
  mime_type: 'application/pdf',
  size_bytes: 1200,
  uploader_id: 'f1',
  uploader_name: 'Frankie Funder',
  uploaded_at: '2026-11-20T01:00:00.000Z',
  watermark: 'original',
  funder_id: 'f1',
  funder_name: 'Frankie Funder',
  funder_company: 'Test Capital',
} as ProjectDealDocumentsResponse['items'][number];

function renderList(items: ProjectDealDocumentsResponse['items']) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ items }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProjectDealDocuments projectId="p1" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetchMock, view, client };
}

describe('ProjectDealDocuments', () => {
  it("lists each deal room's file with its funder, a download and the way into its room", async () => {
    const { fetchMock } = renderList([file]);
    expect(await screen.findByRole('heading', { name: 'Files in deal rooms (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'QS cost report.pdf' })).toBeTruthy();
    expect(screen.getByText(/Test Capital · uploaded by Frankie Funder on 20 Nov 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download QS cost report.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open deal room' }).getAttribute('href')).toBe(
      '/project/p1/deal/deal-1',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/p1/documents/deal', expect.anything());
  });

  it('shows nothing while no deal room holds a file', async () => {
    const { client } = renderList([]);
    await vi.waitFor(() =>
      expect(client.getQueryState(projectDealDocumentsQueryKey('p1'))?.status).toBe('success'),
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/deal room/i)).toBeNull();
  });
});
