import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import type { VariationRow } from '../src/features/facilities/api/variations-api';
import { PresaleAddForm } from '../src/features/facilities/components/presale-add-form';
import { VariationRowActions } from '../src/features/facilities/components/variation-row-actions';
import { coverPercent, presaleBody } from '../src/features/facilities/utils/presale-form';
import { variationActions, wholeDays } from '../src/features/facilities/utils/variation-actions';
import { SCREEN_TIMEOUT_MS } from './facility-test-harness';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Issue 34, decision 068: the facility after the close. Which moves of a variation each party is
// offered, the presale form's dollars to cents, and two screens through the real api-client against
// a real HTTP server that answers by script (what is sent, and the server's refusal in its words).

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
afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const FACILITY = '00000000-0000-4000-8000-0000000000f1';

function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('variationActions', () => {
  it('follows decision 061: the surveyor assesses a proposal, the developer approves an assessed one and withdraws any open one, the funder consents or rejects one waiting for consent; co-funders and final states get nothing', () => {
    expect(variationActions('surveyor', 'proposed')).toEqual(['assess']);
    expect(variationActions('surveyor', 'assessed')).toEqual([]);
    expect(variationActions('developer', 'proposed')).toEqual(['withdraw']);
    expect(variationActions('developer', 'assessed')).toEqual(['approve', 'withdraw']);
    expect(variationActions('developer', 'developer_approved')).toEqual(['withdraw']);
    expect(variationActions('funder', 'developer_approved')).toEqual(['lender_approve', 'lender_reject']);
    expect(variationActions('funder', 'assessed')).toEqual([]);
    expect(variationActions('co_funder', 'developer_approved')).toEqual([]);
    for (const final of ['incorporated', 'lender_rejected', 'withdrawn'] as const)
      for (const role of ['developer', 'funder', 'surveyor'])
        expect(variationActions(role, final)).toEqual([]);
  });

  it('wholeDays: empty is none, digits are days, anything else is refused', () => {
    expect(wholeDays('')).toBe(0);
    expect(wholeDays(' 14 ')).toBe(14);
    expect(wholeDays('1.5')).toBeNull();
    expect(wholeDays('-3')).toBeNull();
  });
});

describe('presaleBody', () => {
  const values = {
    lot: ' 7 ',
    purchaser_name: 'Ada Buyer',
    price: '$650,000.50',
    deposit: '65,000',
    deposit_form: 'cash' as const,
    bond_expiry: '2027-01-01',
    related_party: false,
    exchanged_on: '2026-11-01',
    sunset_on: '2028-06-30',
  };

  it('sends integer cents parsed from the text, and no bond expiry with a cash deposit', () => {
    expect(presaleBody(values)).toEqual({
      ok: true,
      body: {
        lot: '7',
        purchaser_name: 'Ada Buyer',
        price_ex_gst_cents: 65_000_050,
        deposit_cents: 6_500_000,
        deposit_form: 'cash',
        bond_expiry: null,
        related_party: false,
        exchanged_on: '2026-11-01',
        sunset_on: '2028-06-30',
      },
    });
  });

  it('names each field a person must fix before anything is sent; a bond needs its expiry', () => {
    const result = presaleBody({ ...values, lot: '', price: 'lots', deposit_form: 'bond', bond_expiry: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        lot: 'Enter the lot',
        price: 'Enter the price in dollars, for example 650000',
        bond_expiry: "Enter the bond's expiry",
      },
    });
  });

  it('coverPercent reads basis points as a percentage', () => {
    expect(coverPercent(6500)).toBe('65.0 %');
    expect(coverPercent(12345)).toBe('123.5 %');
  });
});

describe('PresaleAddForm', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('a field error is shown before anything is sent; then the server gets cents and its refusal is shown as said', async () => {
    show(<PresaleAddForm facilityId={FACILITY} />);
    fireEvent.change(screen.getByLabelText('Lot'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Purchaser'), { target: { value: 'Ada Buyer' } });
    fireEvent.change(screen.getByLabelText('Price ex GST (AUD)'), { target: { value: 'a lot' } });
    fireEvent.change(screen.getByLabelText('Deposit (AUD)'), { target: { value: '700,000' } });
    fireEvent.change(screen.getByLabelText('Exchanged on'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Sunset date'), { target: { value: '2028-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the presale' }));
    await screen.findByText('Enter the price in dollars, for example 650000');
    expect(server.received).toEqual([]);

    fireEvent.change(screen.getByLabelText('Price ex GST (AUD)'), { target: { value: '650,000' } });
    server.script({ status: 400, body: { error: 'The deposit cannot be more than the price' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the presale' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The deposit cannot be more than the price'),
    );
    const post = server.received[0]!;
    expect([post.method, post.url]).toEqual(['POST', `/api/facilities/${FACILITY}/presales`]);
    expect(post.key).toBeTruthy();
    expect(JSON.parse(post.body)).toMatchObject({
      lot: '7',
      price_ex_gst_cents: 65_000_000,
      deposit_cents: 70_000_000,
      deposit_form: 'cash',
      bond_expiry: null,
    });
  });
});

describe('VariationRowActions', { timeout: SCREEN_TIMEOUT_MS }, () => {
  const waiting = {
    id: '00000000-0000-4000-8000-0000000000a1',
    number: 3,
    status: 'developer_approved',
  } as VariationRow;

  it("the funder's consent is one POST of lender_approve; a refusal is shown in the server's words", async () => {
    server.received.length = 0;
    show(<VariationRowActions variation={waiting} viewerRole="funder" />);
    expect(screen.queryByRole('button', { name: 'Approve variation 3' })).toBeNull();
    server.script({ status: 409, body: { error: 'A budget draft is waiting for approval' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consent to variation 3' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('A budget draft is waiting for approval'),
    );
    const post = server.received[0]!;
    expect([post.method, post.url]).toEqual(['POST', `/api/variations/${waiting.id}/events`]);
    expect(JSON.parse(post.body)).toEqual({ type: 'lender_approve' });
  });

  it('a rejection asks for the reason and sends it', async () => {
    server.received.length = 0;
    show(<VariationRowActions variation={waiting} viewerRole="funder" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject variation 3' }));
    fireEvent.change(screen.getByLabelText('Reason for rejecting'), { target: { value: 'Too dear' } });
    server.script({ status: 200, body: { ...waiting, status: 'lender_rejected' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject the variation' }));
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(JSON.parse(server.received[0]!.body)).toEqual({ type: 'lender_reject', reason: 'Too dear' });
  });
});
