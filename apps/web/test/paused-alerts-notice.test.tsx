import { MantineProvider } from '@mantine/core';
import { cleanNotifications, Notifications } from '@mantine/notifications';
import { type FunderCriteriaResponse, funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import type { AlertSettingsResponse } from '@plinth/domain/listing-alerts';
import type { SubscriptionStatus } from '@plinth/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { FunderDashboard } from '../src/features/dashboard/components/funder-dashboard';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// The funder's dashboard says when their listing alerts are paused (issue 22 item 3: criteria not
// confirmed for 30 days), with Confirm and a link to edit the criteria, through the real api-client
// against a real HTTP server that answers by script.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  cleanNotifications();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const running: AlertSettingsResponse = {
  email: 'instant',
  time_zone: 'Australia/Sydney',
  paused: false,
  pauses_at: '2026-12-27T05:00:00.000Z',
};
const paused: AlertSettingsResponse = { ...running, paused: true, pauses_at: '2026-10-27T05:00:00.000Z' };
const confirmed: FunderCriteriaResponse = {
  property_types: ['Residential'],
  states: ['NSW'],
  development_stages: null,
  min_loan: 1_000_000,
  max_loan: 10_000_000,
  max_loan_to_grv: null,
  max_lvr: null,
  min_margin_on_cost: null,
  is_saved: true,
  confirmed_at: '2026-11-27T05:00:00.000Z',
};

function renderDashboard(subscriptionStatus: SubscriptionStatus = 'active') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FunderDashboard
            isApproved
            subscriptionStatus={subscriptionStatus}
            subscriptionPeriodEnd={null}
            subscribeAction={<button type="button">Subscribe</button>}
            subscriptionSummary={<p>Plan summary</p>}
            stats={{ active_deals: 1, in_due_diligence: 0, pending_requests: 2 }}
            activeDeals={<p>Deals</p>}
            recommended={<p>Recommended</p>}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const notice = () => screen.queryByRole('region', { name: 'Your listing alerts are paused' });

describe('FunderDashboard: paused listing alerts', () => {
  it('paused: the notice says why, links to /settings, and Confirm clears it', async () => {
    server.script(
      { status: 200, body: paused },
      { status: 200, body: confirmed },
      { status: 200, body: running },
    );
    renderDashboard();
    const region = await screen.findByRole('region', { name: 'Your listing alerts are paused' });
    expect(within(region).getByText('Your listing alerts are paused')).toBeTruthy();
    expect(region.textContent).toContain('Your lending criteria were last confirmed more than 30 days ago');
    expect(within(region).getByRole('link', { name: 'Edit criteria' }).getAttribute('href')).toBe(
      '/settings',
    );
    // The rest of the dashboard is there beside it.
    expect(screen.getByText('Recommended')).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notice()).toBeNull());
    expect(await screen.findByText('Your listing alerts are on again')).toBeTruthy();
    expect(server.received.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/funder-criteria/alerts'],
      ['POST', '/api/funder-criteria/confirm'],
      // The standing read again: un-paused by the server, not assumed.
      ['GET', '/api/funder-criteria/alerts'],
    ]);
    expect(server.received[1]!.body).toBe('');
  });

  it('Confirm refused: the notice stays, with the server message', async () => {
    server.script(
      { status: 200, body: paused },
      { status: 400, body: { error: funderCriteriaMessages.saveFirst, code: 'BAD_REQUEST' } },
    );
    renderDashboard();
    const region = await screen.findByRole('region', { name: 'Your listing alerts are paused' });
    fireEvent.click(within(region).getByRole('button', { name: 'Confirm' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(funderCriteriaMessages.saveFirst);
    expect(notice()).toBeTruthy();
    expect(server.received.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('not paused: nothing extra is shown', async () => {
    server.script({ status: 200, body: running });
    renderDashboard();
    await waitFor(() => expect(server.received).toHaveLength(1));
    // Give the answer time to render: still no notice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notice()).toBeNull();
    expect(screen.queryByText(/alerts are paused/)).toBeNull();
    expect(screen.getByText('Recommended')).toBeTruthy();
  });

  it('a funder still to subscribe: no alert standing is asked for', async () => {
    server.script({ status: 200, body: paused });
    renderDashboard('none');
    expect(await screen.findByText(/subscribe to open the marketplace/)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received).toEqual([]);
    expect(notice()).toBeNull();
  });
});
