import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useMarketplaceParams } from '../src/features/marketplace/hooks/use-marketplace-params';

/** The marketplace's address hook at /projects?…, with the address it leads to and a way to navigate elsewhere. */
function renderAt(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/projects${search}`]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ marketplace: useMarketplaceParams(), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

const addressOf = (result: { current: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(result.current.location.search));

describe('the marketplace address', () => {
  it('keeps a filter picked while a search commit was pending (two updates before a render)', () => {
    const { result } = renderAt('');
    const before = result.current.marketplace;
    act(() => {
      before.setFilter('property_type', 'Commercial');
      before.setFilter('q', 'Terraces');
    });
    expect(addressOf(result)).toEqual({ property_type: 'Commercial', q: 'Terraces' });
  });

  it("keeps a rendered pick when a debounced commit runs with an earlier render's setter", () => {
    const { result } = renderAt('?state=VIC');
    // The debounced search commit holds the setter of the render in which it was typed.
    const whenTyped = result.current.marketplace;
    act(() => result.current.marketplace.setFilter('property_type', 'Residential'));
    expect(result.current.marketplace.filters.property_type).toBe('Residential');
    act(() => whenTyped.setFilter('q', 'Parramatta'));
    expect(addressOf(result)).toEqual({ state: 'VIC', property_type: 'Residential', q: 'Parramatta' });
  });

  it('builds on an address reached another way (a link, the back button), and a new filter starts at page 1', () => {
    const { result } = renderAt('?property_type=Commercial');
    act(() => result.current.marketplace.setFilter('q', 'Brunswick'));
    act(() => {
      result.current.navigate('/projects?state=QLD&sort=loan_amount_desc&page=3');
    });
    expect(result.current.marketplace.page).toBe(3);
    act(() => result.current.marketplace.setFilter('development_stage', 'Construction'));
    expect(addressOf(result)).toEqual({
      state: 'QLD',
      development_stage: 'Construction',
      sort: 'loan_amount_desc',
    });
  });

  it('replaces every filter when a saved search is applied, keeping the sort unless it brings one', () => {
    const { result } = renderAt('?state=NSW&q=Eastwood&sort=loan_amount_asc&page=2');
    act(() => result.current.marketplace.applyFilters({ property_type: 'Mixed Use', min_loan: 1_000_000 }));
    expect(addressOf(result)).toEqual({
      property_type: 'Mixed Use',
      min_loan: '1000000',
      sort: 'loan_amount_asc',
    });
    act(() => result.current.marketplace.setPage(2));
    act(() => result.current.marketplace.applyFilters({}, 'newest'));
    expect(addressOf(result)).toEqual({});
  });
});
