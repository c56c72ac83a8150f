import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type FunderCriteriaResponse, funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { LendingCriteria } from '../src/features/settings/components/lending-criteria';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Settings' 'Lending criteria' card for funders (issue 22 item 1), through the real api-client
// against a real HTTP server that answers by script.

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
});
afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

/** A funder who never saved criteria: the server's prefill from their onboarding profile. */
const prefill: FunderCriteriaResponse = {
  property_types: ['Residential'],
  states: null,
  development_stages: null,
  min_loan: 1_000_000,
  max_loan: 10_000_000,
  max_loan_to_grv: null,
  max_lvr: null,
  min_margin_on_cost: null,
  is_saved: false,
  confirmed_at: null,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <LendingCriteria />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** The text of the elements an input's aria-describedby names: its description and error. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('LendingCriteria', () => {
  it('never saved: shows the onboarding prefill with a not-yet-saved notice, empty fields say Any', async () => {
    server.script({ status: 200, body: prefill });
    renderCard();
    expect(
      await screen.findByText(/prefilled from your onboarding profile and are not yet saved/),
    ).toBeTruthy();
    expect(server.received.map((r) => [r.method, r.url])).toEqual([['GET', '/api/funder-criteria']]);
    expect(input('Minimum loan').value).toBe('$1,000,000');
    expect(input('Maximum loan').value).toBe('$10,000,000');
    expect(input('Maximum LVR on land').value).toBe('');
    expect(input('Maximum LVR on land').placeholder).toBe('Any');
    expect(screen.getByRole('group', { name: 'Confidential limits (optional)' }).textContent).toContain(
      'never shown to developers',
    );
    expect(screen.queryByText(/Last confirmed/)).toBeNull();
  });

  it('minimum above maximum: the domain message under the minimum, tied to it, and no request sent', async () => {
    server.script({ status: 200, body: prefill });
    renderCard();
    await screen.findByText(/not yet saved/);
    type('Minimum loan', '12000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save criteria' }));
    const min = input('Minimum loan');
    await waitFor(() => expect(min.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(min)).toContain(funderCriteriaMessages.loanRangeOrder);
    expect(input('Maximum loan').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(funderCriteriaMessages.loanRangeOrder)).toHaveLength(1);
    // Only the first load reached the server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received.map((r) => r.method)).toEqual(['GET']);
  });

  it('save: sends exactly the form as the body (empty = null, any), then shows Last confirmed and a notice', async () => {
    const saved: FunderCriteriaResponse = {
      ...prefill,
      states: ['NSW'],
      min_loan: 2_000_000,
      max_lvr: 65,
      is_saved: true,
      confirmed_at: '2026-11-27T05:00:00.000Z',
    };
    server.script({ status: 200, body: prefill }, { status: 200, body: saved });
    renderCard();
    await screen.findByText(/not yet saved/);
    type('Minimum loan', '2000000');
    type('Maximum LVR on land', '65');
    fireEvent.click(input('States'));
    fireEvent.click(await screen.findByRole('option', { name: 'NSW' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save criteria' }));

    expect(await screen.findByText('Last confirmed 27 Nov 2026')).toBeTruthy();
    expect(await screen.findByText('Your lending criteria are saved and confirmed as current')).toBeTruthy();
    expect(screen.queryByText(/not yet saved/)).toBeNull();
    const put = server.received[1]!;
    expect([put.method, put.url]).toEqual(['PUT', '/api/funder-criteria']);
    expect(JSON.parse(put.body)).toEqual({
      property_types: ['Residential'],
      states: ['NSW'],
      development_stages: null,
      min_loan: 2_000_000,
      max_loan: 10_000_000,
      max_loan_to_grv: null,
      max_lvr: 65,
      min_margin_on_cost: null,
    });
    expect(server.received).toHaveLength(2);
  });

  it('each confidential limit says the step it is matched in, and the limit as applied when the step moves it', async () => {
    server.script({ status: 200, body: prefill });
    renderCard();
    await screen.findByText(/not yet saved/);
    const [grv, lvr, margin] = ['Maximum loan / GRV', 'Maximum LVR on land', 'Minimum margin on cost'];
    expect(descriptionOf(input(grv))).toContain('Matched in 5-point steps');
    expect(descriptionOf(input(lvr))).toContain('Matched in 5-point steps');
    expect(descriptionOf(input(margin))).toContain('Matched in 2.5-point steps');
    expect(screen.getByRole('group', { name: 'Confidential limits (optional)' }).textContent).toContain(
      'each is matched in steps, rounded in your favour',
    );

    type(lvr, '62');
    type(grv, '60');
    type(margin, '21');
    await waitFor(() =>
      expect(descriptionOf(input(lvr))).toContain('Matched in 5-point steps: 62% is applied as 65%'),
    );
    // On a step: nothing moves, so only the step is said.
    expect(descriptionOf(input(grv))).toContain('Matched in 5-point steps');
    expect(descriptionOf(input(grv))).not.toContain('applied');
    expect(descriptionOf(input(margin))).toContain('Matched in 2.5-point steps: 21% is applied as 20%');

    type(margin, '17.25');
    await waitFor(() =>
      expect(descriptionOf(input(margin))).toContain('Matched in 2.5-point steps: 17.25% is applied as 15%'),
    );
    // A limit the domain refuses is not said as applied (its message comes on save).
    type(lvr, '600');
    await waitFor(() => expect(descriptionOf(input(lvr))).not.toContain('applied'));
  });

  it("the server's 400: its message shown under the field it names", async () => {
    server.script(
      { status: 200, body: prefill },
      {
        status: 400,
        body: {
          error: funderCriteriaMessages.maxLvr,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'max_lvr', message: funderCriteriaMessages.maxLvr }],
        },
      },
    );
    renderCard();
    await screen.findByText(/not yet saved/);
    type('Maximum LVR on land', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Save criteria' }));
    const lvr = input('Maximum LVR on land');
    await waitFor(() => expect(lvr.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(lvr)).toContain(funderCriteriaMessages.maxLvr);
    expect(within(document.body).queryByText(/Last confirmed/)).toBeNull();
  });
});
