import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataRoomReport } from '@plinth/domain/data-room-report';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { DataRoomReportSection } from '../src/features/projects/components/data-room-report-section';
import { downloadBlob } from '../src/lib/download-file';

// The developer's data-room report panel on the project page (decision 036): what it shows per
// funder, and Export CSV saving the server's file under the server's name.

vi.mock('../src/lib/download-file', () => ({ downloadBlob: vi.fn() }));

beforeAll(() => {
  // jsdom has neither; Mantine's table scroll container observes its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(downloadBlob).mockReset();
});

const report: DataRoomReport = {
  project_id: 'p1',
  project_title: 'Harbour View Terraces',
  generated_at: '2026-11-27T05:00:00.000Z',
  truncated: false,
  funders: [
    {
      funder_id: 'f1',
      funder_name: 'Frankie Funder',
      company_name: 'Test Capital',
      email: 'frankie@example.com',
      access_status: 'due_diligence',
      requested_at: '2026-11-20T01:00:00.000Z',
      undertaking: {
        full_name: 'Frankie Funder',
        account_name: 'Frankie Funder',
        name_differs: false,
        company_name: 'Test Capital Pty Ltd',
        version: 2,
        accepted_at: '2026-11-27T04:05:00.000Z',
      },
      documents: [
        {
          document_id: 'd1',
          source: 'project',
          file_name: 'Valuation.pdf',
          document_type: 'valuation_report',
          view_only: true,
          views: 3,
          downloads: 0,
          last_at: '2026-11-27T04:05:00.000Z',
        },
      ],
      quotes: [
        {
          id: 'q1',
          loan_amount: 2_300_000,
          interest_rate: 9.25,
          loan_term: 18,
          status: 'pending',
          expired: false,
          created_at: '2026-11-27T04:05:00.000Z',
          responded_at: null,
        },
      ],
    },
    {
      funder_id: 'f2',
      funder_name: 'Rory Revoked',
      company_name: null,
      email: null,
      access_status: 'revoked',
      requested_at: '2026-11-21T01:00:00.000Z',
      undertaking: null,
      documents: [],
      quotes: [],
    },
    {
      funder_id: 'f3',
      funder_name: 'Mallory Funder',
      company_name: null,
      email: null,
      access_status: 'pending',
      requested_at: '2026-11-22T01:00:00.000Z',
      // Signed in another person's name: accepted, and shown as such (decision 047).
      undertaking: {
        full_name: 'Dana Developer',
        account_name: 'Mallory Funder',
        name_differs: true,
        company_name: null,
        version: 2,
        accepted_at: '2026-11-22T01:00:00.000Z',
      },
      documents: [],
      quotes: [],
    },
  ],
};

function stubFetch(csv: Response | null = null) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith('/data-room-report.csv') && csv) return csv;
    return new Response(JSON.stringify(report), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <DataRoomReportSection projectId="p1" projectTitle="Harbour View Terraces" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DataRoomReportSection', () => {
  it('shows each funder: status, undertaking, documents with views, downloads, last time and View only, quotes', async () => {
    const fetchMock = stubFetch();
    renderSection();
    const frankie = (await screen.findByRole('heading', { name: 'Frankie Funder (Test Capital)' })).closest(
      'li',
    )!;
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/p1/data-room-report', expect.anything());
    const card = within(frankie as HTMLElement);
    expect(card.getByText('Due Diligence')).toBeTruthy();
    expect(card.getByText('frankie@example.com')).toBeTruthy();
    expect(frankie.textContent).toContain(
      'Undertaking (version 2) signed by Frankie Funder for Test Capital Pty Ltd on 27 Nov 2026, 3:05 pm AEDT',
    );
    const table = card.getByRole('table', { name: 'Documents opened by Frankie Funder' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Project file', '3', '0', '27 Nov 2026, 3:05 pm AEDT']);
    expect(within(row!).getByText('View only')).toBeTruthy();
    expect(within(row!).getByText('Valuation Report')).toBeTruthy();
    expect(card.getByText('$2,300,000 at 9.25% over 18 months')).toBeTruthy();
    expect(card.getByText('Pending')).toBeTruthy();

    const rory = screen.getByRole('heading', { name: 'Rory Revoked' }).closest('li')!;
    expect(within(rory as HTMLElement).getByText('Access revoked')).toBeTruthy();
    expect(rory.textContent).toContain('No confidentiality undertaking on record for this request.');
    expect(rory.textContent).toContain('Has not opened any document.');
    expect(rory.textContent).toContain('No quote yet.');
  });

  it("an undertaking signed in a name that is not the account's says so, beside the account holder's name", async () => {
    stubFetch();
    renderSection();
    const mallory = (await screen.findByRole('heading', { name: 'Mallory Funder' })).closest('li')!;
    expect(mallory.textContent).toContain('signed by Dana Developer');
    expect(mallory.textContent).toContain(
      "Signed as 'Dana Developer' by account holder Mallory Funder (name differs from the account)",
    );
    const frankie = screen.getByRole('heading', { name: 'Frankie Funder (Test Capital)' }).closest('li')!;
    expect(frankie.textContent).not.toContain('name differs');
  });

  it("Export CSV downloads the server's CSV under the name the server gives it", async () => {
    const csv = new Response('\uFEFFFunder\r\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="data-room-report-harbour-view-terraces-2026-11-27.csv"',
      },
    });
    const fetchMock = stubFetch(csv);
    renderSection();
    await screen.findByRole('heading', { name: 'Frankie Funder (Test Capital)' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/p1/data-room-report.csv', {
      credentials: 'same-origin',
    });
    const [blob, fileName] = vi.mocked(downloadBlob).mock.calls[0]!;
    expect(fileName).toBe('data-room-report-harbour-view-terraces-2026-11-27.csv');
    expect(await blob.text()).toContain('Funder');
  });

  it('a refused export downloads nothing and says why', async () => {
    const show = vi.spyOn(notifications, 'show');
    stubFetch(
      new Response(JSON.stringify({ error: 'Project not found', code: 'NOT_FOUND' }), { status: 404 }),
    );
    renderSection();
    await screen.findByRole('heading', { name: 'Frankie Funder (Test Capital)' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'red',
        title: 'Export Failed',
        message: 'Project not found',
      }),
    );
    expect(downloadBlob).not.toHaveBeenCalled();
  });
});
