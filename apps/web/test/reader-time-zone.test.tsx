import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { AccessRequest } from '@plinth/domain/access';
import { formatDate as formatDateIn } from '@plinth/domain/format';
import type { Me, ProfileResponse } from '@plinth/domain/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { AccessRequestCard } from '../src/features/access-requests/components/access-request-card';
import { DashboardGreeting } from '../src/features/dashboard/components/dashboard-greeting';
import { formatDayDivider, formatMessageTime } from '../src/features/messages/utils/chat-time';
import { ProfileForm } from '../src/features/profile/components/profile-form';
import { getMe } from '../src/lib/get-me';
import { getReaderTimeZone, setReaderTimeZone } from '../src/lib/reader-time-zone';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Issue 37 item 13 (decision 074): the web app writes every date in the zone on the person's
// profile (from GET /api/auth/me), never the browser's own, so a card says the same day as the
// texts the server wrote for that person. Through the real api-client against a real HTTP server.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;
beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  setReaderTimeZone(null);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const me = (time_zone: string): Me => ({
  id: 'u1',
  name: 'Dana Developer',
  email: 'dana@example.com',
  email_verified: true,
  role: 'borrower',
  approved: true,
  subscription_status: 'none',
  subscription_period_end: null,
  profile_completed: true,
  time_zone,
  created_at: '2026-01-01T00:00:00Z',
});

const request = (requested_at: string): AccessRequest => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'pending',
  project_id: '00000000-0000-4000-8000-000000000002',
  project_title: 'Eastwood Rise',
  suburb: 'Eastwood',
  loan_amount: 3_800_000,
  funder_id: '00000000-0000-4000-8000-000000000003',
  funder_name: 'Fiona Funder',
  company_name: 'Harbour Capital',
  company_type: 'Private Credit Fund',
  borrower_id: null,
  borrower_name: 'Dana Developer',
  initial_message: null,
  requested_at,
  approved_at: null,
  access_until: null,
  revoked_at: null,
  revoke_reason: null,
  last_message: null,
  last_message_time: null,
  unread_count: 0,
  undertaking: null,
});

function showCard(requestedAt: string) {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AccessRequestCard
            request={request(requestedAt)}
            busyDecision={null}
            isLocked={false}
            onDecide={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByText(/^Requested/).textContent;
}

/** The day the test machine's own zone gives: what the card said before (a UTC browser in CI). */
const browserDay = (at: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(at));

describe('a card in the profile zone', () => {
  it('a Los Angeles profile reads the Los Angeles day, whatever the browser zone, as the server writes it', async () => {
    // 03:00 UTC on 28 Nov: the 28th in UTC and Sydney, 7 pm on the 27th in Los Angeles.
    const at = '2026-11-28T03:00:00Z';
    server.script({ status: 200, body: me('America/Los_Angeles') });
    expect((await getMe())?.time_zone).toBe('America/Los_Angeles');
    expect(server.received.map((r) => r.url)).toEqual(['/api/auth/me']);
    expect(showCard(at)).toBe('Requested 27 Nov 2026');
    // The same formatter and zone the server uses for that person's notifications.
    expect(formatDateIn(at, 'America/Los_Angeles')).toBe('27 Nov 2026');
    expect(browserDay(at)).not.toBe('27 Nov 2026');
    // The chat's times too: 7:00 pm on Friday 27 November.
    expect(formatMessageTime(at)).toBe('7:00 pm');
    expect(formatDayDivider(at, new Date('2026-12-20T00:00:00Z'))).toBe('Friday 27 November 2026');
  });

  it('a Sydney profile (and anyone signed out) reads the Sydney day: the 29th, not the 28th of a UTC browser', async () => {
    const at = '2026-11-28T20:33:00Z';
    server.script({ status: 200, body: me('Australia/Sydney') });
    await getMe();
    expect(showCard(at)).toBe('Requested 29 Nov 2026');
    cleanup();
    server.script({ status: 401, body: { error: 'Unauthorized' } });
    setReaderTimeZone('Europe/London');
    expect(await getMe()).toBeNull();
    expect(getReaderTimeZone()).toBe('Australia/Sydney');
    expect(showCard(at)).toBe('Requested 29 Nov 2026');
  });
});

/** The greeting's `role` is the account's role, not an ARIA role (a variable, so Biome's a11y rule reads it so). */
const developer = 'borrower' as const;

describe('the dashboard greeting', () => {
  it("greets by the hour on the profile's clock: 7:33 am in Sydney is morning, though it is 8:33 pm in UTC", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T20:33:00Z') });
    try {
      const greet = () => {
        render(
          <MantineProvider theme={theme}>
            <DashboardGreeting name="Dana" role={developer} />
          </MantineProvider>,
        );
        const text = screen.getByRole('heading', { level: 1 }).textContent;
        cleanup();
        return text;
      };
      expect(greet()).toBe('Good morning, Dana');
      setReaderTimeZone('Europe/London');
      expect(greet()).toBe('Good evening, Dana');
      setReaderTimeZone('America/Los_Angeles');
      expect(greet()).toBe('Good afternoon, Dana');
    } finally {
      vi.useRealTimers();
    }
  });
});

const profile: ProfileResponse = {
  user_id: 'u1',
  name: 'Alex Admin',
  email: 'alex@example.com',
  role: 'admin',
  approved: true,
  company_name: null,
  company_type: null,
  phone: null,
  abn: null,
  linkedin: null,
  bio: null,
  investment_focus: null,
  typical_deal_size_min: null,
  typical_deal_size_max: null,
  years_experience: null,
  aum: null,
  time_zone: 'Australia/Sydney',
  created_at: null,
  updated_at: null,
};

describe('the time zone on My Profile', () => {
  it('shows the zone, offers the others by name, and saving one writes every date in it', async () => {
    render(
      <MantineProvider theme={theme}>
        <Notifications />
        <QueryClientProvider client={new QueryClient()}>
          <ProfileForm profile={profile} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const select = screen.getByRole('textbox', { name: 'Time zone' }) as HTMLInputElement;
    expect(select.value).toBe('Australia/Sydney');
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Los_Angeles' } });
    fireEvent.click(await screen.findByRole('option', { name: 'America/Los_Angeles' }));
    expect(select.value).toBe('America/Los_Angeles');

    server.script(
      { status: 200, body: { ...profile, time_zone: 'America/Los_Angeles' } },
      { status: 200, body: me('America/Los_Angeles') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(getReaderTimeZone()).toBe('America/Los_Angeles'));
    const put = server.received.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/users/u1/profile');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ name: 'Alex Admin', time_zone: 'America/Los_Angeles' });
    // jsdom lays out Mantine's form and the zone list slowly (2 s alone, 6 s on a busy machine).
  }, 20_000);
});
