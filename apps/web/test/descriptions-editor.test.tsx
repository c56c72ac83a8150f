import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { settingMessages } from '@plinth/domain/system-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { DescriptionsEditor } from '../src/features/admin/components/descriptions-editor';

// Admin Settings: required_document_descriptions as a form of rows (issue 23 item 7).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setting = {
  key: 'required_document_descriptions',
  value: '{"qs_report":"Quantity surveyor report"}',
  description: 'What each required document is',
  updated_at: '2026-11-20T01:00:00.000Z',
  updated_by_name: 'Ada Admin',
};

function renderEditor() {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'saved', setting }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <DescriptionsEditor setting={setting} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

describe('DescriptionsEditor', () => {
  it('shows one row per document type, adds one and saves the JSON the server takes', async () => {
    const fetchMock = renderEditor();
    // The document by its name, never its stored key (issue 37 item 5).
    expect((screen.getByLabelText('Document') as HTMLInputElement).value).toBe('Qs Report');
    expect(screen.queryByText(/JSON|qs_report/)).toBeNull();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add a description' }));
    const types = screen.getAllByLabelText('Document');
    const texts = screen.getAllByLabelText('Description');
    fireEvent.change(types[1]!, { target: { value: 'Bank Valuation' } });
    fireEvent.change(texts[1]!, { target: { value: 'Bank valuation on completion' } });
    fireEvent.click(save);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/system-settings/required_document_descriptions');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(JSON.parse(String(init?.body)).value)).toEqual({
      qs_report: 'Quantity surveyor report',
      bank_valuation: 'Bank valuation on completion',
    });
  });

  it('says what is wrong with a row and sends nothing; a row can be removed', async () => {
    const fetchMock = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add a description' }));
    fireEvent.change(screen.getAllByLabelText('Document')[1]!, { target: { value: 'QS report' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(settingMessages.descriptionKeyTwice)).toBeTruthy();
    expect(screen.getByText(settingMessages.descriptionText)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove QS report' }));
    expect(screen.getAllByLabelText('Document')).toHaveLength(1);
  });
});
