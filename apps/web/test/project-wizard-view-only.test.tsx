import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { requiredDocumentsQueryKey } from '../src/features/project-wizard/api/get-required-documents';
import {
  type PendingFile,
  pendingDocuments,
  useUploadDocuments,
} from '../src/features/project-wizard/api/upload-documents';
import { DocumentsStep } from '../src/features/project-wizard/components/documents-step';
import { uploadWithProgress } from '../src/lib/upload-with-progress';

// Issue 19 item 2 (decision 034): the developer marks a PDF 'View only' when uploading it in the
// project wizard; the flag goes with the file as the upload's view_only field.

vi.mock('../src/lib/upload-with-progress', () => ({ uploadWithProgress: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(uploadWithProgress).mockReset();
});

/** The documents step as the wizards use it: chosen files kept, then uploaded after saving. */
function Harness() {
  const [pending, setPending] = useState<Record<string, PendingFile>>({});
  const { uploads, uploadAll } = useUploadDocuments();
  return (
    <>
      <DocumentsStep pending={pending} onPendingChange={setPending} uploads={uploads} disabled={false} />
      <button type="button" onClick={() => uploadAll('p1', pendingDocuments(pending))}>
        Upload
      </button>
    </>
  );
}

function renderStep() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(requiredDocumentsQueryKey, {
    required_documents: ['feasibility_study', 'valuation_report'],
    descriptions: {},
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Harness />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const choose = (input: HTMLInputElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const viewOnlyBox = (label: string) =>
  screen.queryByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^${label}: view only`, 'i') });

/** What each upload request carried: its document type and view_only field. */
function sentForms() {
  return vi.mocked(uploadWithProgress).mock.calls.map(([options]) => ({
    types: JSON.parse(String(options.body.get('document_types'))),
    viewOnly: JSON.parse(String(options.body.get('view_only'))),
    file: (options.body.get('documents') as File).name,
  }));
}

describe("the project wizard's documents step", () => {
  it('offers View only for a chosen PDF and sends it with the file', async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue({ documents: [], uploaded: [], failed: [] });
    renderStep();
    const inputs = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]'));
    expect(inputs).toHaveLength(2);
    // Nothing chosen: nothing to mark.
    expect(viewOnlyBox('Feasibility study')).toBeNull();

    choose(inputs[0]!, pdf('feasibility.pdf'));
    choose(inputs[1]!, pdf('valuation.pdf'));
    const box = await waitFor(() => {
      const found = viewOnlyBox('Feasibility study');
      if (!found) throw new Error('no View only box yet');
      return found;
    });
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(2));
    expect(sentForms()).toEqual(
      expect.arrayContaining([
        { types: ['feasibility_study'], viewOnly: [true], file: 'feasibility.pdf' },
        { types: ['valuation_report'], viewOnly: [false], file: 'valuation.pdf' },
      ]),
    );
  });

  it('offers no View only for another kind of file, and a new choice clears the mark', async () => {
    renderStep();
    const [input] = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]'));
    choose(input!, pdf('feasibility.pdf'));
    const box = await waitFor(() => {
      const found = viewOnlyBox('Feasibility study');
      if (!found) throw new Error('no View only box yet');
      return found;
    });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    choose(input!, new File(['x'], 'feasibility.docx', { type: 'application/msword' }));
    await waitFor(() => expect(viewOnlyBox('Feasibility study')).toBeNull());
    choose(input!, pdf('feasibility-v2.pdf'));
    await waitFor(() => expect(viewOnlyBox('Feasibility study')?.checked).toBe(false));
  });
});
