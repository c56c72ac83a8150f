import { MantineProvider } from '@mantine/core';
import type { FunderMatches } from '@plinth/domain/funder-matches';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { FunderMatchesCard } from '../src/features/projects/components/funder-matches-card';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// After publication (issue 22 items 2 and 4): the developer's funder-matches card says how many
// funders were alerted and how many of them opened the preview, through the real api-client against
// a real HTTP server that answers by script.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
});
afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const before: FunderMatches = { matching_funders: 12, near_misses: [], after_publication: null };

function renderCard(compact = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <FunderMatchesCard projectId="p1" compact={compact} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const afterLine = () => screen.queryByTestId('funder-matches-after-publication');

describe('FunderMatchesCard after publication', () => {
  it('never published: no alerted line', async () => {
    server.script({ status: 200, body: before });
    renderCard();
    await screen.findByText('12 active funders lend on projects like this');
    expect(server.received.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/projects/p1/funder-matches'],
    ]);
    expect(afterLine()).toBeNull();
    expect(screen.queryByText(/Alerted/)).toBeNull();
  });

  it('published: the funders alerted and those who opened the preview, as counted', async () => {
    server.script({ status: 200, body: { ...before, after_publication: { alerted: 12, opened: 4 } } });
    renderCard();
    expect((await screen.findByTestId('funder-matches-after-publication')).textContent).toBe(
      'Alerted: 12 funders · Opened the preview: 4',
    );
  });

  it("counts under 3 read 'fewer than 3' as the server says, and 0 is 0", async () => {
    server.script({
      status: 200,
      body: { ...before, after_publication: { alerted: 'fewer than 3', opened: 0 } },
    });
    renderCard(true);
    expect((await screen.findByTestId('funder-matches-after-publication')).textContent).toBe(
      'Alerted: fewer than 3 funders · Opened the preview: 0',
    );
    cleanup();
    server.script({
      status: 200,
      body: { ...before, after_publication: { alerted: 0, opened: 'fewer than 3' } },
    });
    renderCard();
    expect((await screen.findByTestId('funder-matches-after-publication')).textContent).toBe(
      'Alerted: 0 funders · Opened the preview: fewer than 3',
    );
  });
});
