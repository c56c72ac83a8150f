import { MantineProvider } from '@mantine/core';
import type { MarketplaceResponse } from '@plinth/domain/marketplace';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { MarketplaceStats } from '../src/features/marketplace/components/marketplace-stats';

// Issue 30 finding 4 (decision 032): the stats header's average return is a fixed cell's, from the
// day's snapshot, and the header says which cell and which day.

afterEach(cleanup);

const stats = (overrides: Partial<MarketplaceResponse['stats']> = {}): MarketplaceResponse['stats'] => ({
  total_capital_seeking: 60_000_000,
  active_opportunities: 11,
  trending_asset_class: 'Residential',
  average_expected_return: 17.5,
  average_return_cell: { property_type: null, state: null },
  average_return_as_of: '2026-12-03',
  ...overrides,
});

const show = (value: MarketplaceResponse['stats'] | undefined) =>
  render(
    <MantineProvider theme={theme}>
      <MarketplaceStats stats={value} />
    </MantineProvider>,
  );

/** The figure and the note under the average's title. */
const averageOf = () => {
  const header = screen.getByLabelText('Marketplace statistics');
  const title = within(header).getByText('Average Expected Return');
  const [figure, note] = [...(title.parentElement?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent);
  return { figure, note };
};

describe('the marketplace stats header', () => {
  it('the whole market: its figure, labelled with the cell and the snapshot\u2019s day', () => {
    show(stats());
    expect(averageOf()).toEqual({ figure: '17.5%', note: 'Whole market, snapshot of 3 Dec 2026' });
    expect(screen.getByText('$60,000,000')).toBeTruthy();
  });

  it('a property type in a state: that cell; withheld shows a dash, the label still says which cell', () => {
    show(stats({ average_return_cell: { property_type: 'Residential', state: 'NSW' } }));
    expect(averageOf()).toEqual({ figure: '17.5%', note: 'Residential · NSW, snapshot of 3 Dec 2026' });
    cleanup();
    show(
      stats({
        average_expected_return: null,
        average_return_cell: { property_type: 'Mixed Use', state: 'QLD' },
        average_return_as_of: '2027-01-01',
      }),
    );
    // Issue 37 item 14: a dash says why.
    expect(averageOf()).toEqual({
      figure: '—',
      note: 'Not shown: fewer than 10 listings state profit and cost in Mixed Use · QLD (snapshot of 1 Jan 2027)',
    });
  });

  it('while loading: placeholders, no note', () => {
    show(undefined);
    const title = screen.getByText('Average Expected Return');
    expect(title.parentElement?.querySelectorAll('dd')).toHaveLength(1);
  });
});
