import { MantineProvider } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';
import { accessUntilMessages, accessUntilRange } from '@plinth/domain/access-dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { AccessRequestCard } from '../src/features/access-requests/components/access-request-card';

// Issue 29 finding 6: the approve form's 'Access until' uses the server's rule (access-dates.ts):
// the date input's min and max are today (Sydney) and three years on, and a day outside them, or
// one the input cannot read, is named on the field and never sent.

afterEach(cleanup);

const request: AccessRequest = {
  id: 'ar-1',
  status: 'pending',
  project_id: 'p-1',
  project_title: 'Parramatta Terraces',
  suburb: 'Parramatta',
  loan_amount: 4_500_000,
  funder_id: 'f-1',
  funder_name: 'Frankie Funder',
  company_name: 'Harbour Capital',
  company_type: 'Private lender',
  borrower_id: 'd-1',
  borrower_name: 'Dana Developer',
  initial_message: null,
  requested_at: '2026-11-20T01:00:00.000Z',
  approved_at: null,
  access_until: null,
  revoked_at: null,
  revoke_reason: null,
  last_message: null,
  last_message_time: null,
  unread_count: 0,
  undertaking: null,
};

function renderCard() {
  const onDecide = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider theme={theme}>
        <MemoryRouter>
          <AccessRequestCard request={request} busyDecision={null} isLocked={false} onDecide={onDecide} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText('Access until (optional)') as HTMLInputElement;
  const approve = () => fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  return { onDecide, input, approve };
}

const fromToday = (shift: { days?: number; years?: number }) =>
  DateTime.fromISO(accessUntilRange().min, { zone: 'UTC' }).plus(shift).toISODate()!;

describe("AccessRequestCard: 'Access until'", () => {
  it('the date input offers today (Sydney) to three years on', () => {
    const { input } = renderCard();
    expect(input.type).toBe('date');
    expect(input.min).toBe(accessUntilRange().min);
    expect(input.max).toBe(accessUntilRange().max);
    expect(input.max).toBe(fromToday({ years: 3 }));
  });

  it.each([
    ['yesterday', () => fromToday({ days: -1 }), accessUntilMessages.past],
    ['three years and a day ahead', () => fromToday({ years: 3, days: 1 }), accessUntilMessages.tooFar],
  ])('%s: the field says why and Approve sends nothing', (_, day, message) => {
    const { input, approve, onDecide } = renderCard();
    fireEvent.change(input, { target: { value: day() } });
    approve();
    expect(screen.getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('a day the input cannot read is not taken for no end', () => {
    const { input, approve, onDecide } = renderCard();
    // As a browser does when a typed day cannot be read: the value turns '' and badInput is set.
    fireEvent.change(input, { target: { value: fromToday({ days: 5 }) } });
    Object.defineProperty(input, 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.change(input, { target: { value: '' } });
    approve();
    expect(screen.getByText(accessUntilMessages.notADate)).toBeTruthy();
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('today, three years on, or no day: Approve sends it', () => {
    for (const [day, sent] of [
      [fromToday({ days: 0 }), fromToday({ days: 0 })],
      [fromToday({ years: 3 }), fromToday({ years: 3 })],
      ['', null],
    ] as const) {
      const { input, approve, onDecide } = renderCard();
      if (day) fireEvent.change(input, { target: { value: day } });
      approve();
      expect(onDecide).toHaveBeenCalledWith('approve', sent);
      cleanup();
    }
  });
});
