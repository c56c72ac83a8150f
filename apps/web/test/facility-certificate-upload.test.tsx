import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { lifeQueryKeys } from '../src/features/facilities/api/life-query-keys';
import { CompletionPanel } from '../src/features/facilities/components/completion-panel';
import { FacilitySettingsPanel } from '../src/features/facilities/components/facility-settings-panel';
import {
  DEAL,
  describedBy,
  FACILITY,
  SCREEN_TIMEOUT_MS,
  scriptedFacilityApi,
  show,
} from './facility-test-harness';

// Decision 072's server gap closed: the funder uploads the certificate of practical completion
// beside the picker (POST /facilities/{id}/documents/upload) and it is chosen; and the panel says
// the rest of the retention is released on schedule (decision 071), the button only sooner. The
// Settings tab reads GET /facilities/{id}/variation-settings instead of assuming $100,000. Through
// the real api-client and its XMLHttpRequest upload against a real HTTP server answering by script.

const api = scriptedFacilityApi();
// The viewer's part in the facility (a prop named role, which the a11y lint would read as ARIA's).
const FUNDER = 'funder';
const DEVELOPER = 'developer';
const UPLOADED = '00000000-0000-4000-8000-0000000000c9';

const retention = {
  state: 'NSW',
  practical_completion_date: null,
  certificate_document_id: null,
  defects_liability_months: 12,
  defects_liability_ends_on: null,
  retention_held_cents: 400_000,
  releases: [],
};
const completed = {
  ...retention,
  practical_completion_date: '2026-11-20',
  certificate_document_id: UPLOADED,
  defects_liability_ends_on: '2027-11-20',
  retention_held_cents: 200_000,
  releases: [
    {
      stage: 'practical_completion',
      released_on: '2026-11-20',
      amount_cents: 200_000,
      journal_id: 'j1',
      lines: [],
    },
  ],
};
const doc = (id: string, file_name: string, uploaded_at: string, uploader_name = 'Dev Builder') => ({
  id,
  deal_id: DEAL,
  document_request_id: null,
  file_name,
  mime_type: 'application/pdf',
  size_bytes: 1000,
  uploader_id: 'u1',
  uploader_name,
  uploaded_at,
  watermark: 'original',
});

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('the certificate uploaded from the completion panel', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('uploads the file (one Idempotency-Key), selects it in the picker, and practical completion is sent with it', async () => {
    api.server.script(
      { status: 200, body: retention },
      {
        status: 200,
        body: { items: [doc('00000000-0000-4000-8000-0000000000c1', 'claim-1.pdf', '2026-10-01T01:00:00Z')] },
      },
      { status: 201, body: doc(UPLOADED, 'pc-certificate.pdf', '2026-11-20T01:00:00Z', 'Fran Funder') },
      // Refused, so the screen keeps the form and nothing is read again (the panel's refetch is not this test's).
      { status: 409, body: { error: 'Practical completion was already recorded on 19 Nov 2026' } },
    );
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={FUNDER} open />);
    const select = await screen.findByRole('textbox', { name: 'Certificate of practical completion' });
    await waitFor(() => expect(select.getAttribute('placeholder')).toBe('Choose a document'));
    expect(screen.getByRole('button', { name: 'Upload a certificate' })).toBeTruthy();
    expect(fileInput().accept).toBe('.pdf,.png,.jpg,.jpeg');

    choose(new File(['%PDF-1.7 certificate'], 'pc-certificate.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect((select as HTMLInputElement).value).toBe('pc-certificate.pdf · Fran Funder, 20 Nov 2026'),
    );
    const post = api.server.received[2]!;
    expect([post.method, post.url]).toEqual(['POST', `/api/facilities/${FACILITY}/documents/upload`]);
    expect(post.key).toBeTruthy();
    expect(post.body).toContain('name="documents"; filename="pc-certificate.pdf"');
    expect(post.body).toContain('%PDF-1.7 certificate');

    fireEvent.change(screen.getByLabelText('Practical completion date'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record practical completion' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Practical completion was already recorded'),
    );
    const record = api.server.received[3]!;
    expect([record.method, record.url]).toEqual(['POST', `/api/facilities/${FACILITY}/practical-completion`]);
    expect(JSON.parse(record.body)).toEqual({ date: '2026-11-20', certificate_document_id: UPLOADED });
  });

  it("shows the server's refusal under the picker; a file over 10 MB is refused before it is sent", async () => {
    api.server.script(
      { status: 200, body: retention },
      { status: 200, body: { items: [] } },
      { status: 400, body: { error: 'File content does not match its type' } },
    );
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={FUNDER} open />);
    const select = await screen.findByRole('textbox', { name: 'Certificate of practical completion' });
    await screen.findByTestId('no-certificate');
    choose(new File(['MZ not a pdf'], 'fake.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(describedBy(select)).toContain('File content does not match its type'));
    expect((select as HTMLInputElement).value).toBe('');
    expect(api.server.received).toHaveLength(3);

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    choose(big);
    await waitFor(() => expect(describedBy(select)).toContain('Maximum file size is 10MB'));
    expect(api.server.received).toHaveLength(3);
  });

  it("says the rest of the retention is released on schedule; the button, the funder's alone, only sooner", async () => {
    api.server.script({ status: 200, body: completed });
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={FUNDER} open />);
    const said = await screen.findByTestId('retention-schedule');
    expect(said.textContent).toContain(
      'The rest of the retention is released automatically on 20 Nov 2027, the day the defects liability period ends',
    );
    expect(said.textContent).toContain('The button below only releases it sooner than that run');
    expect(screen.getByRole('button', { name: 'Release the rest of the retention' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a certificate' })).toBeNull();

    cleanup();
    api.server.script({ status: 200, body: completed });
    show(<CompletionPanel facilityId={FACILITY} dealId={DEAL} role={DEVELOPER} open />);
    const developerSees = await screen.findByTestId('retention-schedule');
    expect(developerSees.textContent).toContain('released automatically on 20 Nov 2027');
    expect(developerSees.textContent).not.toContain('button');
  });
});

describe('the Settings tab reads the variation settings in force', { timeout: SCREEN_TIMEOUT_MS }, () => {
  /**
   * The panel with its other reads already answered (covenants, presale thresholds, retention), so the
   * one request it makes is the variation settings' and the script's order cannot race.
   */
  function showSettings(viewer: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(lifeQueryKeys.covenants(FACILITY), { covenants: [] });
    client.setQueryData(lifeQueryKeys.presaleSettings(FACILITY), {
      min_deposit_bps: 1000,
      max_bond_share_bps: 3500,
      bond_months_after_sunset: 1,
      sunset_months_after_completion: 6,
    });
    client.setQueryData(lifeQueryKeys.retention(FACILITY), { ...retention, defects_liability_months: 9 });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <FacilitySettingsPanel facilityId={FACILITY} role={viewer} open />
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it('shows the threshold the server answers (not the $100,000 default) to the funder and to the developer', async () => {
    api.server.script({
      status: 200,
      body: { variation_consent_threshold_cents: 5_000_000, defects_liability_months: 9 },
    });
    showSettings(FUNDER);
    await waitFor(() =>
      expect(screen.getByTestId('consent-threshold').textContent).toBe(
        'Lender consent is needed for a variation above $50,000.',
      ),
    );
    expect((screen.getByLabelText('Defects liability period (months)') as HTMLInputElement).value).toBe('9');
    expect(api.server.received.map((r) => [r.method, r.url])).toEqual([
      ['GET', `/api/facilities/${FACILITY}/variation-settings`],
    ]);
    cleanup();

    api.server.script({
      status: 200,
      body: { variation_consent_threshold_cents: 7_500_050, defects_liability_months: 9 },
    });
    showSettings(DEVELOPER);
    const list = await screen.findByRole('list', { name: 'Variation settings in force' });
    expect(list.textContent).toContain('Lender consent is needed for a variation above $75,000.50');
    expect(list.textContent).toContain('Defects liability period: 9 months');
  });

  it("says the server's refusal when the settings cannot be read, and offers no form on a guess", async () => {
    api.server.script({ status: 404, body: { error: 'Facility not found' } });
    showSettings(FUNDER);
    await screen.findByText('Facility not found');
    expect(screen.queryByRole('form', { name: 'Variation settings' })).toBeNull();
  });
});
