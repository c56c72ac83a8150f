import { MantineProvider } from '@mantine/core';
import { cleanNotifications, Notifications } from '@mantine/notifications';
import { funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import { type AlertSettingsResponse, listingAlertMessages } from '@plinth/domain/listing-alerts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { ListingAlerts } from '../src/features/settings/components/listing-alerts';
import { timeZoneOptions } from '../src/features/settings/utils/alert-settings-form';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Settings' 'Listing alerts' card for funders (issue 22 items 2 and 3): the e-mail mode and time
// zone, saved with PUT /api/funder-criteria/alerts through the real api-client against a real HTTP
// server that answers by script.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
  // jsdom has neither; Mantine's inputs and notifications use them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  cleanup();
  // Mantine keeps its toasts in one store for the whole file: each test starts with none.
  cleanNotifications();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const current: AlertSettingsResponse = {
  email: 'instant',
  time_zone: 'Australia/Sydney',
  paused: false,
  pauses_at: '2026-12-27T05:00:00.000Z',
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <ListingAlerts />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const timeZone = () => screen.getByRole('textbox', { name: 'Time zone' }) as HTMLInputElement;

/** The text of the elements an input's aria-describedby names: its description and error. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Types into the searchable select and picks the option, as a person would. */
async function chooseTimeZone(search: string, option: string) {
  fireEvent.click(timeZone());
  fireEvent.change(timeZone(), { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('timeZoneOptions', () => {
  it('offers the seven Australian zones first, then every other zone once; keeps a saved zone the browser does not list', () => {
    const [australia, others] = timeZoneOptions();
    expect(australia!.items.map((o) => o.value)).toEqual([
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Darwin',
      'Australia/Perth',
      'Australia/Hobart',
    ]);
    const rest = others!.items.map((o) => o.value);
    expect(rest).toContain('Europe/London');
    expect(rest).toContain('Australia/Lord_Howe');
    expect(rest).not.toContain('Australia/Sydney');
    expect(new Set(rest).size).toBe(rest.length);
    expect(others!.items.find((o) => o.value === 'America/New_York')?.label).toBe('America/New York');
    expect(timeZoneOptions('Etc/GMT+10')[1]!.items[0]!.value).toBe('Etc/GMT+10');
  });
});

describe('ListingAlerts', () => {
  it('shows the saved mode and zone, and until when alerts run', async () => {
    server.script({ status: 200, body: current });
    renderCard();
    await waitFor(() => expect(radio('At once').checked).toBe(true));
    expect(server.received.map((r) => [r.method, r.url])).toEqual([['GET', '/api/funder-criteria/alerts']]);
    expect(radio('Daily digest at 8:00').checked).toBe(false);
    expect(radio('Off').checked).toBe(false);
    expect(timeZone().value).toBe('Australia/Sydney');
    expect(screen.getByRole('radiogroup', { name: 'E-mail alerts' })).toBeTruthy();
    // Dates in en-AU: 05:00 UTC on 27 Dec is 16:00 in Sydney, the same day.
    expect(screen.getByTestId('alerts-standing').textContent).toContain('Alerts run until 27 Dec 2026');
    expect(screen.queryByText('Alerts paused')).toBeNull();
  });

  it('paused: says so and why, and how to resume', async () => {
    server.script({ status: 200, body: { ...current, paused: true, pauses_at: '2026-10-01T00:00:00.000Z' } });
    renderCard();
    const standing = await screen.findByTestId('alerts-standing');
    expect(within(standing).getByText('Alerts paused')).toBeTruthy();
    expect(standing.textContent).toContain('last confirmed more than 30 days ago');
    expect(standing.textContent).toContain('Save your criteria above to confirm them');
  });

  it('no criteria saved yet: alerts start once they are', async () => {
    server.script({ status: 200, body: { ...current, pauses_at: null } });
    renderCard();
    expect((await screen.findByTestId('alerts-standing')).textContent).toBe(
      'Alerts start once you save your lending criteria.',
    );
  });

  it('save: sends the chosen mode and zone as the body, then shows the saved values and a notice', async () => {
    const saved: AlertSettingsResponse = { ...current, email: 'daily', time_zone: 'Australia/Perth' };
    server.script({ status: 200, body: current }, { status: 200, body: saved });
    renderCard();
    await waitFor(() => expect(radio('At once').checked).toBe(true));
    fireEvent.click(radio('Daily digest at 8:00'));
    await chooseTimeZone('Perth', 'Australia/Perth');
    expect(timeZone().value).toBe('Australia/Perth');
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));

    expect(await screen.findByText('E-mail alerts: Daily digest at 8:00 (Australia/Perth)')).toBeTruthy();
    const put = server.received[1]!;
    expect([put.method, put.url]).toEqual(['PUT', '/api/funder-criteria/alerts']);
    expect(JSON.parse(put.body)).toEqual({ email: 'daily', time_zone: 'Australia/Perth' });
    expect(server.received).toHaveLength(2);
    expect(radio('Daily digest at 8:00').checked).toBe(true);
    expect(timeZone().value).toBe('Australia/Perth');
  });

  it("the server's 400 on the zone: its message under the time-zone field, tied to it", async () => {
    server.script(
      { status: 200, body: current },
      {
        status: 400,
        body: {
          error: listingAlertMessages.timeZone,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'time_zone', message: listingAlertMessages.timeZone }],
        },
      },
    );
    renderCard();
    await waitFor(() => expect(timeZone().value).toBe('Australia/Sydney'));
    await chooseTimeZone('London', 'Europe/London');
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(timeZone().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(timeZone())).toContain(listingAlertMessages.timeZone);
    expect(JSON.parse(server.received[1]!.body)).toEqual({ email: 'instant', time_zone: 'Europe/London' });
    expect(await screen.findByText('Failed to save alert settings')).toBeTruthy();
    expect(screen.queryByText('Alert Settings Saved')).toBeNull();
  });

  it("the server's 400 naming no field: its message in the card's banner", async () => {
    server.script(
      { status: 200, body: current },
      { status: 400, body: { error: funderCriteriaMessages.saveFirst, code: 'BAD_REQUEST' } },
    );
    renderCard();
    await waitFor(() => expect(radio('At once').checked).toBe(true));
    fireEvent.click(radio('Off'));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    const form = screen.getByRole('form', { name: 'Listing alerts' });
    const banner = await within(form).findByRole('alert');
    expect(banner.textContent).toBe(funderCriteriaMessages.saveFirst);
    expect(JSON.parse(server.received[1]!.body)).toEqual({ email: 'off', time_zone: 'Australia/Sydney' });
  });
});
