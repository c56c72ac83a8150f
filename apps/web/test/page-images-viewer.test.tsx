import { MantineProvider } from '@mantine/core';
import type { DocumentPagesResponse } from '@plinth/domain/page-view';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { PageImagesViewer } from '../src/components/page-images-viewer';

// Issue 37 item 14: the view-only viewer has zoom and page controls (it had neither).

beforeAll(() => {
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reading: DocumentPagesResponse = {
  reading: 'r-1',
  code: 'ABCD-2345',
  watermark: {
    kind: 'stamped',
    viewer_name: 'Rhea Reader',
    viewer_email: 'rhea@example.com',
    code: 'ABCD-2345',
  },
  page_count: 3,
  pages: [1, 2, 3].map((number) => ({ number, width: 800, height: 1131, url: `/api/p/${number}.png` })),
} as unknown as DocumentPagesResponse;

function renderViewer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(reading), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  render(
    <MantineProvider theme={theme}>
      <PageImagesViewer pagesPath="/documents/d-1/pages" fileName="feasibility.pdf" />
    </MantineProvider>,
  );
}

const pageBox = (n: number) => document.querySelector<HTMLElement>(`figure[data-page-number="${n}"] > div`)!;

describe('PageImagesViewer controls', () => {
  it('zooms in and out in steps, and Fit width brings it back', async () => {
    renderViewer();
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' });
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('100%');
    expect(pageBox(1).style.width).toBe('100%');
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('150%');
    expect(pageBox(1).style.width).toBe('150%');
    fireEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('100%');
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('50%');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
  });

  it('moves between pages: Next, Previous and a page typed in, held within the document', async () => {
    renderViewer();
    const next = await screen.findByRole('button', { name: 'Next page' });
    const page = screen.getByRole('textbox', { name: 'Page' }) as HTMLInputElement;
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(page.value).toBe('1');
    expect(screen.getByText('of 3')).toBeTruthy();
    fireEvent.click(next);
    expect(page.value).toBe('2');
    fireEvent.click(next);
    expect(page.value).toBe('3');
    expect(next).toHaveProperty('disabled', true);
    fireEvent.change(page, { target: { value: '9' } });
    fireEvent.keyDown(page, { key: 'Enter' });
    expect(page.value).toBe('3');
    fireEvent.change(page, { target: { value: '1' } });
    fireEvent.keyDown(page, { key: 'Enter' });
    expect(page.value).toBe('1');
  });
});
