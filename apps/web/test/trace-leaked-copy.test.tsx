import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { TraceLeakedCopy } from '../src/components/trace-leaked-copy';

// Issue 37 item 14: a file that is not a PDF, PNG or JPEG dropped on 'Trace a leaked copy' is
// answered with a message, not silently ignored.

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

describe('Trace a leaked copy', () => {
  it('a Word file chosen or dropped says it cannot be traced', async () => {
    render(
      <MantineProvider theme={theme}>
        <TraceLeakedCopy />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('The leaked PDF or image') as HTMLInputElement;
    const file = new File(['hello'], 'notes.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(input, { target: { files: [file] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'notes.docx is not a PDF, PNG or JPEG: only a copy downloaded from Plinth can be traced',
    );
  });
});
