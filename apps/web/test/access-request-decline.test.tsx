import { MantineProvider } from '@mantine/core';
import type { AccessDecision, AccessRequest } from '@plinth/domain/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { AccessRequestCard } from '../src/features/access-requests/components/access-request-card';

// Issue 37 item 12: Decline on /access-requests is no longer one click; it asks first.

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const request: AccessRequest = {
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
  requested_at: '2026-11-28T20:33:00Z',
  approved_at: null,
  access_until: null,
  revoked_at: null,
  revoke_reason: null,
  last_message: null,
  last_message_time: null,
  unread_count: 0,
  undertaking: null,
};

function show() {
  const decisions: [AccessDecision, string | null][] = [];
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AccessRequestCard
            request={request}
            busyDecision={null}
            isLocked={false}
            onDecide={(decision, until) => decisions.push([decision, until])}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return decisions;
}

describe('declining an access request', () => {
  it('Decline asks first; Cancel sends nothing', async () => {
    const decisions = show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(dialog.textContent).toContain(
      'Fiona Funder will be told their request for Eastwood Rise was declined. They may ask again later.',
    );
    expect(decisions).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decisions).toEqual([]);
  });

  it('Decline request in the dialog sends the decision once', async () => {
    const decisions = show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(decisions).toEqual([['decline', null]]);
  });
});
