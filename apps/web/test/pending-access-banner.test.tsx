import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { PendingAccessBanner } from '../src/features/access-requests/components/pending-access-banner';

// Issue 37 item 12: a developer is told where they land that funders wait for a decision.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBanner(total: number) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify({ items: [], total }), {
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
          <PendingAccessBanner />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetchMock, view };
}

describe('PendingAccessBanner', () => {
  it('says how many funders wait and links to /access-requests', async () => {
    const { fetchMock } = renderBanner(2);
    expect(
      await screen.findByText(/2 funders are waiting for your decision on their access requests\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review access requests' }).getAttribute('href')).toBe(
      '/access-requests',
    );
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/access-requests?status=pending');
  });

  it('shows nothing when none wait', async () => {
    const { fetchMock } = renderBanner(0);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('pending-access-banner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Review access requests' })).toBeNull();
  });
});
