import type { Facility } from '@plinth/domain/facilities';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompletionPanel } from '../src/features/facilities/components/completion-panel';
import {
  DefaultCurePanel,
  moveWords,
  restatedWords,
} from '../src/features/facilities/components/default-cure-panel';
import { checkDefaultForm } from '../src/features/facilities/utils/default-form';
import {
  DEAL,
  describedBy,
  FACILITY,
  SCREEN_TIMEOUT_MS,
  scriptedFacilityApi,
  show,
} from './facility-test-harness';

// Decision 072: the funder's Declare a default / Cure behind a dialog that says what it does, and the
// certificate of practical completion picked from the deal's documents; through the real api-client
// against a real HTTP server answering by script.

const api = scriptedFacilityApi();
// The viewer's part in the facility (a prop named role, which the a11y lint would read as ARIA's).
const FUNDER = 'funder';
const DEVELOPER = 'developer';

describe('checkDefaultForm', () => {
  it('checkDefaultForm: a reason of 1 to 1000 characters and a day not after today', () => {
    expect(checkDefaultForm({ reason: '  Missed interest  ', on: '2026-11-29' }, '2026-11-29')).toEqual({
      ok: true,
      reason: 'Missed interest',
      on: '2026-11-29',
    });
    expect(checkDefaultForm({ reason: ' ', on: '2026-11-30' }, '2026-11-29')).toEqual({
      ok: false,
      errors: { reason: 'Give the reason', on: 'The day cannot be in the future' },
    });
    expect(checkDefaultForm({ reason: 'x'.repeat(1001), on: '2026-02-30' }, '2026-11-29')).toEqual({
      ok: false,
      errors: { reason: 'Keep the reason to 1000 characters', on: 'Enter the day' },
    });
  });
});

const facility = (over: Partial<Facility>): Facility =>
  ({
    id: FACILITY,
    deal_id: DEAL,
    status: 'active',
    my_role: 'funder',
    interest_rate_bps: 900,
    default_margin_bps: 400,
    ...over,
  }) as Facility;

describe('DefaultCurePanel', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('offers the funder of an active facility Declare a default, and nothing to anyone else or a repaid facility', () => {
    show(
      <>
        <DefaultCurePanel facility={facility({ my_role: 'developer' })} />
        <DefaultCurePanel facility={facility({ my_role: 'co_funder' })} />
        <DefaultCurePanel facility={facility({ status: 'repaid' })} />
      </>,
    );
    expect(screen.queryByRole('button', { name: /default/ })).toBeNull();
    cleanup();
    show(<DefaultCurePanel facility={facility({})} />);
    expect(screen.getByRole('button', { name: 'Declare a default' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cure the default' })).toBeNull();
  });

  it('the dialog says the default margin applies from the day chosen; a blank reason and a future day are refused before sending; a 409 is shown in the dialog', async () => {
    show(<DefaultCurePanel facility={facility({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Declare a default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare an event of default?' });
    const on = within(dialog).getByLabelText('In default from');
    fireEvent.change(on, { target: { value: '2026-11-02' } });
    expect(within(dialog).getByTestId('default-consequence').textContent).toBe(
      'The facility goes into default. The default margin of 4 % applies to interest from 2 Nov 2026: 13 % p.a. instead of 9 %, until you cure it. Draws stop moving while it is in default.',
    );
    fireEvent.change(on, { target: { value: '2999-01-01' } });
    api.server.script();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare the default' }));
    await waitFor(() => expect(describedBy(on)).toContain('The day cannot be in the future'));
    expect(describedBy(within(dialog).getByLabelText('Reason'))).toContain('Give the reason');
    expect(api.server.received).toEqual([]);

    fireEvent.change(on, { target: { value: '2026-11-02' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Interest unpaid for 30 days' },
    });
    api.server.script({
      status: 409,
      body: { error: 'Only an active facility can be declared in default; this facility is in default' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare the default' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'Only an active facility can be declared in default; this facility is in default',
      ),
    );
    const post = api.server.received[0]!;
    expect([post.method, post.url]).toEqual(['POST', `/api/facilities/${FACILITY}/default`]);
    expect(post.key).toBeTruthy();
    expect(JSON.parse(post.body)).toEqual({
      reason: 'Interest unpaid for 30 days',
      declared_on: '2026-11-02',
    });
  });

  it("the funder of a facility in default cures it: cured_on is sent, the server's field refusal sits under the day, and a success closes the dialog", async () => {
    show(<DefaultCurePanel facility={facility({ status: 'in_default' })} />);
    expect(screen.queryByRole('button', { name: 'Declare a default' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cure the default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cure the default?' });
    const on = within(dialog).getByLabelText('Cured on');
    fireEvent.change(on, { target: { value: '2026-11-20' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Arrears paid' } });
    api.server.script(
      {
        status: 400,
        body: {
          error: 'cured_on cannot be before the default was declared',
          details: [{ field: 'cured_on', message: 'cured_on cannot be before the default was declared' }],
        },
      },
      {
        status: 200,
        body: { facility: facility({ status: 'active' }), default: {}, interest_adjusted_cents: -12_345 },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cure the default' }));
    await waitFor(() =>
      expect(describedBy(on)).toContain('cured_on cannot be before the default was declared'),
    );
    expect(JSON.parse(api.server.received[0]!.body)).toEqual({
      reason: 'Arrears paid',
      cured_on: '2026-11-20',
    });
    expect(api.server.received[0]!.url).toBe(`/api/facilities/${FACILITY}/cure`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cure the default' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cure the default?' })).toBeNull());
    await screen.findByText(/\$123\.45 of default interest already accrued is given back\.$/);
    expect(api.server.received).toHaveLength(2);
    expect(api.server.received[0]!.key).not.toBe(api.server.received[1]!.key);
  });

  it('restatedWords: interest charged again or given back, in dollars from cents', () => {
    expect(restatedWords(250_001)).toBe(
      ' $2,500.01 of interest already accrued is now charged at the default rate.',
    );
    expect(restatedWords(0)).toBe('');
  });

  it('moveWords: without a default margin the rate stays as it is', () => {
    expect(
      moveWords({ interest_rate_bps: 950, default_margin_bps: 0 }, 'declare_default', '2026-11-02'),
    ).toBe(
      'The facility goes into default from 2 Nov 2026. It has no default margin, so interest stays at 9.5 % p.a. Draws stop moving while it is in default.',
    );
  });
});

describe('CompletionPanel', { timeout: SCREEN_TIMEOUT_MS }, () => {
  const retention = {
    state: 'NSW',
    practical_completion_date: null,
    certificate_document_id: null,
    defects_liability_months: 12,
    defects_liability_ends_on: null,
    retention_held_cents: 400_000,
    releases: [],
  };
  const doc = (id: string, file_name: string, uploaded_at: string) => ({
    id,
    deal_id: DEAL,
    document_request_id: null,
    file_name,
    mime_type: 'application/pdf',
    size_bytes: 1000,
    uploader_id: 'u1',
    uploader_name: 'Dev Builder',
    uploaded_at,
    watermark: 'original',
  });

  it("the funder picks the certificate from the deal's documents (newest first) rather than typing an id, and the server's refusal is shown", async () => {
    api.server.script(
      { status: 200, body: retention },
      {
        status: 200,
        body: {
          items: [
            doc('00000000-0000-4000-8000-0000000000c1', 'claim-1.pdf', '2026-10-01T01:00:00Z'),
            doc('00000000-0000-4000-8000-0000000000c2', 'pc-certificate.pdf', '2026-11-20T01:00:00Z'),
          ],
        },
      },
      { status: 400, body: { error: 'Practical completion cannot be in the future' } },
    );
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={FUNDER} open />);
    const select = await screen.findByRole('textbox', { name: 'Certificate of practical completion' });
    fireEvent.click(screen.getByRole('button', { name: 'Record practical completion' }));
    await waitFor(() =>
      expect(describedBy(select)).toContain('Choose the certificate of practical completion'),
    );
    expect(api.server.received.map((r) => r.url)).toEqual([
      `/api/facilities/${FACILITY}/retention`,
      `/api/deals/${DEAL}/documents`,
    ]);

    await waitFor(() => expect(select.getAttribute('placeholder')).toBe('Choose a document'));
    fireEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'pc-certificate.pdf · Dev Builder, 20 Nov 2026',
      'claim-1.pdf · Dev Builder, 1 Oct 2026',
    ]);
    fireEvent.click(options[0]!);
    fireEvent.change(screen.getByLabelText('Practical completion date'), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record practical completion' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Practical completion cannot be in the future'),
    );
    const post = api.server.received[2]!;
    expect([post.method, post.url]).toEqual(['POST', `/api/facilities/${FACILITY}/practical-completion`]);
    expect(JSON.parse(post.body)).toEqual({
      date: '2026-11-21',
      certificate_document_id: '00000000-0000-4000-8000-0000000000c2',
    });
  });

  it('says where a certificate comes from when the deal has no documents, and asks nothing of other parties', async () => {
    api.server.script({ status: 200, body: retention }, { status: 200, body: { items: [] } });
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={FUNDER} open />);
    await screen.findByTestId('no-certificate');
    cleanup();
    api.server.script({ status: 200, body: retention });
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={DEVELOPER} open />);
    await screen.findByText(/^Practical completion has not been recorded/);
    expect(screen.queryByRole('button', { name: 'Record practical completion' })).toBeNull();
    expect(api.server.received.map((r) => r.url)).toEqual([`/api/facilities/${FACILITY}/retention`]);
  });
});
