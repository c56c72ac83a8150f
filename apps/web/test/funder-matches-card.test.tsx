import { MantineProvider } from '@mantine/core';
import type { FunderMatches } from '@plinth/domain/funder-matches';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { FunderMatchesCard } from '../src/features/projects/components/funder-matches-card';

// The market for a project (issue 22 item 4; decision 041): the count the server answers, 'Fewer
// than 3' under 3, and the top near miss — on the project's overview and in the Publish modal.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetch(answer: FunderMatches | null) {
  const fetchMock = vi.fn(async () =>
    answer
      ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

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

describe('FunderMatchesCard', () => {
  it('shows the count and the near miss that excludes most funders', async () => {
    const fetchMock = stubFetch({
      matching_funders: 12,
      near_misses: [
        {
          criterion: 'loan_range',
          funders: 7,
          text: '7 more lend on Residential in NSW but only for loans smaller than your $4.5m',
        },
        { criterion: 'states', funders: 3, text: '3 more lend on Residential but not in NSW' },
      ],
      after_publication: null,
    });
    renderCard();
    expect(await screen.findByText('12 active funders lend on projects like this')).toBeTruthy();
    expect(
      screen.getByText('7 more lend on Residential in NSW but only for loans smaller than your $4.5m.'),
    ).toBeTruthy();
    expect(screen.queryByText(/not in NSW/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Funders for this project' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/p1/funder-matches', expect.anything());
  });

  it("says 'Fewer than 3' under 3, with no near miss when there is none", async () => {
    stubFetch({ matching_funders: 'fewer than 3', near_misses: [], after_publication: null });
    renderCard(true);
    const region = await screen.findByRole('region', { name: 'Funders who lend on projects like this' });
    expect(await screen.findByText('Fewer than 3 active funders lend on projects like this')).toBeTruthy();
    expect(region.textContent).not.toMatch(/more lend/);
  });

  it('says the count could not be loaded when the server fails', async () => {
    stubFetch(null);
    renderCard();
    expect(
      await screen.findByText(
        'The number of funders who lend on projects like this could not be loaded just now.',
      ),
    ).toBeTruthy();
  });
});
